import { type ClickModelFit, type ClickModelKind, fitPages } from '../../../shared/click-models';
import type { TrafficFilter } from '../../../shared/traffic';
import type { StoreQueries } from '../traffic';

/**
 * A click model fitted on the store's traffic: the store counts and numbers the page patterns (first pages grouped by
 * query, first ten items and the ranks clicked), the shared core fits the model on them. Returns the fit and how long
 * each part took.
 */
export async function fitOnStore(
  store: StoreQueries,
  model: ClickModelKind,
  filter: TrafficFilter = {},
): Promise<{ fit: ClickModelFit; ms: { count: number; fit: number } }> {
  const t0 = performance.now();
  const pages = await store.firstPages(filter);
  const t1 = performance.now();
  const fit = fitPages(model, pages);
  return { fit, ms: { count: Math.round(t1 - t0), fit: Math.round(performance.now() - t1) } };
}

import { type ClickModelChoice, type ClickModelFit, fitPages, type ModelSelection, selectModel } from '../../../shared/click-models';
import type { TrafficFilter } from '../../../shared/traffic';
import type { StoreQueries } from '../traffic';

/**
 * A click model fitted on the store's traffic: the store counts and numbers the page patterns (first pages grouped by
 * query, first ten items and the ranks clicked), the shared core fits the model on them. With `auto`, PBM and DBN are
 * first fitted on most searches and scored on the rest, and the one that predicts the held-out clicks better is fitted
 * on all of them. Returns the fit, the selection (with `auto`) and how long each part took.
 */
export async function fitOnStore(
  store: StoreQueries,
  model: ClickModelChoice,
  filter: TrafficFilter = {},
): Promise<{ fit: ClickModelFit; selection?: ModelSelection; ms: { count: number; fit: number } }> {
  const t0 = performance.now();
  const pages = await store.firstPages(filter);
  const t1 = performance.now();
  const selection = model === 'auto' && pages.searches > 0 ? selectModel(pages, fitPages) : undefined;
  const fit = fitPages(model === 'auto' ? (selection?.chosen ?? 'pbm') : model, pages);
  return { fit, ...(selection ? { selection } : {}), ms: { count: Math.round(t1 - t0), fit: Math.round(performance.now() - t1) } };
}

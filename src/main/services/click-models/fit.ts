import { type ClickModelFit, type ClickModelKind, fitClickModel, pagePatternsSql, patternOf } from '../../../shared/click-models';
import type { TrafficFilter } from '../../../shared/traffic';
import type { TrafficStore } from '../traffic';

/**
 * A click model fitted on the store's traffic: DuckDB counts the page patterns (first pages grouped by query, first
 * ten items and the ranks clicked), the shared core fits the model on them. Returns the fit and how long each part took.
 */
export async function fitOnStore(
  store: TrafficStore,
  model: ClickModelKind,
  filter: TrafficFilter = {},
): Promise<{ fit: ClickModelFit; ms: { count: number; fit: number } }> {
  const t0 = performance.now();
  const sql = pagePatternsSql(filter);
  const rows = await store.duck.all(sql.text, sql.params);
  const t1 = performance.now();
  const fit = fitClickModel(model, rows.map(patternOf));
  return { fit, ms: { count: Math.round(t1 - t0), fit: Math.round(performance.now() - t1) } };
}

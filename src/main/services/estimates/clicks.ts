import { type ClicksOf, clicksScorer, type ReplayModel } from '../../../shared/estimates';
import { failure } from '../../../shared/errors';
import { fitOnStore } from '../click-models';
import type { StoreQueries } from '../traffic';

/**
 * Expected clicks@k on any ranking of a query, by the click model fitted on the store's first pages: the measure
 * Explain uses for clicks on traffic. An empty store is refused with what to do.
 */
export async function clicksOnStore(store: StoreQueries, model: ReplayModel = 'pbm', k = 10): Promise<ClicksOf> {
  const { fit } = await fitOnStore(store, model);
  if (!fit.searches)
    throw failure('validation', 'The traffic store has no first page with results: import traffic to measure clicks on it.', {
      field: 'traffic',
    });
  return clicksScorer(fit, k);
}

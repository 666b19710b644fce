import { failure } from '../../../shared/errors';
import { expectedClicks, type TrafficTruth } from '../../../shared/traffic';
import type { SearchClient } from '../search';
import { trueGrade } from '../traffic';
import type { ReplayContext } from './log';

/** A configuration's true values per search on the replayed searches: clicks@k, click-through, add-to-carts, purchases. */
export interface TrueOutcomes {
  clicks: number;
  ctr: number;
  carts: number;
  purchases: number;
}

/**
 * The truth an estimate is checked against, for simulated traffic only (tests and the bench): a configuration's exact
 * expected clicks in the first k per search of the replayed searches (and its click-through, add-to-carts and
 * purchases) — its page for each (query, context) asked of
 * the emulator, each item graded by the simulator's hidden relevance for the intent the query was typed for, and
 * the simulator's own click model's expectation on those grades. It is what the same shoppers would have clicked had
 * they been served that configuration, in expectation.
 */
export async function trueClicksAtK(
  search: SearchClient,
  input: { baseUrl: string; token: string; configurationId: string; truth: TrafficTruth; contexts: readonly ReplayContext[]; k: number },
): Promise<TrueOutcomes> {
  const intents = input.truth.intents;
  if (!intents) throw failure('validation', 'This truth file has no intents (made before they were recorded): simulate the traffic again.');
  const sum: TrueOutcomes = { clicks: 0, ctr: 0, carts: 0, purchases: 0 };
  let searches = 0;
  for (const c of input.contexts) {
    const intent = intents[c.query];
    if (intent === undefined)
      throw failure('validation', `The truth has no intent for ${JSON.stringify(c.query)}: not this traffic's truth.`);
    const variables = c.variables ? (JSON.parse(c.variables) as Record<string, string>) : undefined;
    const outcome = await search.run(input.baseUrl.replace(/\/+$/, ''), 'search', {
      token: input.token,
      query: c.query,
      configurationId: input.configurationId,
      ...(variables ? { context: { variables } } : {}),
      options: { limit: input.k },
    });
    const grades = (outcome.response.items ?? []).map((item) => trueGrade(intent, item));
    const expected = expectedClicks(input.truth.clickModel, grades, input.k);
    for (const key of Object.keys(sum) as (keyof TrueOutcomes)[]) sum[key] += c.searches * expected[key];
    searches += c.searches;
  }
  const per = (x: number) => (searches ? x / searches : 0);
  return { clicks: per(sum.clicks), ctr: per(sum.ctr), carts: per(sum.carts), purchases: per(sum.purchases) };
}

import { setMaxListeners } from 'node:events';
import { proposeIntent, type FacetValues, type Rating, suggestRating, type CompiledRule, type Intent } from '../../../shared/judgments';
import type { SearchClient } from '../search';
import { facetValues, mergeFacets, pacedSearch } from './intents';

/**
 * Suggested ratings for a query set: each query sent to each configuration,
 * the top k pooled (each item once per query, as the first answer gave it),
 * and every pooled item rated by the rules for the query's intent — its own,
 * or one proposed from its text and the catalog's facet values. What no rule
 * covers stays unrated: that is the human work left.
 */

export interface SuggestRun {
  client: SearchClient;
  baseUrl: string;
  token: string;
  entries: readonly { query: string; intent?: Intent }[];
  /** Configurations to pool from; undefined is the tenant default. */
  configurations: readonly (string | undefined)[];
  k: number;
  rules: readonly CompiledRule[];
  concurrency: number;
  deadlineMs?: number;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

export interface SuggestOutcome {
  /** One per pooled item a rule rated, with the rule's name. */
  ratings: Rating[];
  /** Items pooled over all queries (each query's items counted once). */
  pooled: number;
  /** Queries whose intent was proposed (they had none). */
  proposed: { query: string; intent: Intent }[];
  failed: { query: string; configurationId: string | null; message: string }[];
  /** Requests answered, of all sent. */
  answered: number;
  requests: number;
}

export async function suggestJudgments(run: SuggestRun): Promise<SuggestOutcome> {
  const abort = new AbortController();
  setMaxListeners(0, abort.signal);
  run.signal?.addEventListener('abort', () => abort.abort(), { once: true });
  const search = pacedSearch({
    client: run.client,
    baseUrl: run.baseUrl,
    token: run.token,
    signal: abort.signal,
    ...(run.deadlineMs ? { deadlineMs: run.deadlineMs } : {}),
  });

  // The catalog's facet values, from a browse of it: what intents are proposed from.
  const browse = await search('', undefined, 0);
  const catalogFacets = browse.ok ? facetValues(browse.response.metadata?.facets) : [];

  const jobs = run.entries.flatMap((entry, index) => run.configurations.map((configurationId) => ({ index, entry, configurationId })));
  const pools = run.entries.map(() => new Map<string, Record<string, unknown>>());
  const ownFacets = run.entries.map((): FacetValues[] => []);
  const failed: SuggestOutcome['failed'] = [];
  let next = 0;
  let done = 0;
  let answered = 0;
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(run.concurrency, jobs.length)) }, async () => {
      while (next < jobs.length && !abort.signal.aborted) {
        const job = jobs[next++]!;
        const outcome = await search(job.entry.query, job.configurationId, run.k);
        if (outcome.ok) {
          answered++;
          const response = outcome.response;
          const pool = pools[job.index]!;
          for (const item of (response.items ?? []).slice(0, run.k))
            if (typeof item.id === 'string' && !pool.has(item.id)) pool.set(item.id, item.product ?? {});
          ownFacets[job.index] = mergeFacets(ownFacets[job.index]!, facetValues(response.metadata?.facets));
        } else failed.push({ query: job.entry.query, configurationId: job.configurationId ?? null, message: outcome.error.message });
        run.onProgress?.(++done, jobs.length);
      }
    }),
  );

  const at = new Date().toISOString();
  const ratings: Rating[] = [];
  const proposed: SuggestOutcome['proposed'] = [];
  let pooled = 0;
  run.entries.forEach((entry, i) => {
    let intent = entry.intent;
    if (!intent) {
      intent = proposeIntent(entry.query, mergeFacets(catalogFacets, ownFacets[i]!));
      proposed.push({ query: entry.query, intent });
    }
    for (const [itemId, product] of pools[i]!) {
      pooled++;
      const s = suggestRating(run.rules, intent, product);
      if (s) ratings.push({ query: entry.query, itemId, rating: s.rating, by: 'rules', at, rule: s.rule });
    }
  });
  return { ratings, pooled, proposed, failed, answered, requests: jobs.length + 1 };
}

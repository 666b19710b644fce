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

/** What pooling asks: each entry's query sent to each configuration, the top k kept. */
export interface PoolRun {
  client: SearchClient;
  baseUrl: string;
  token: string;
  entries: readonly { query: string }[];
  configurations: readonly (string | undefined)[];
  k: number;
  concurrency: number;
  /** The response mask sent with each search (`options.customResponseMask`): the fields each pooled item keeps. */
  mask?: string;
  deadlineMs?: number;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

export interface Pooled {
  /** Per entry, its pooled items in the order first answered: id → the item's product fields. */
  pools: Map<string, Record<string, unknown>>[];
  /** Per entry, the facet values its answers carried. */
  facets: FacetValues[][];
  failed: SuggestOutcome['failed'];
  answered: number;
  /** Searches sent (one per entry and configuration). */
  requests: number;
}

/** The top k of each query on each configuration, pooled: each item once per query, as the first answer gave it. */
export async function poolTopK(run: PoolRun, search: { search: ReturnType<typeof pacedSearch> } = pacedPool(run)): Promise<Pooled> {
  const jobs = run.entries.flatMap((entry, index) => run.configurations.map((configurationId) => ({ index, entry, configurationId })));
  const pools = run.entries.map(() => new Map<string, Record<string, unknown>>());
  const facets = run.entries.map((): FacetValues[] => []);
  const failed: SuggestOutcome['failed'] = [];
  let next = 0;
  let done = 0;
  let answered = 0;
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(run.concurrency, jobs.length)) }, async () => {
      while (next < jobs.length && !run.signal?.aborted) {
        const job = jobs[next++]!;
        const outcome = await search.search(job.entry.query, job.configurationId, run.k);
        if (outcome.ok) {
          answered++;
          const response = outcome.response;
          const pool = pools[job.index]!;
          for (const item of (response.items ?? []).slice(0, run.k))
            if (typeof item.id === 'string' && !pool.has(item.id)) pool.set(item.id, item.product ?? {});
          facets[job.index] = mergeFacets(facets[job.index]!, facetValues(response.metadata?.facets));
        } else failed.push({ query: job.entry.query, configurationId: job.configurationId ?? null, message: outcome.error.message });
        run.onProgress?.(++done, jobs.length);
      }
    }),
  );
  return { pools, facets, failed, answered, requests: jobs.length };
}

/** A run's paced search, stopped by the run's signal. */
function pacedPool(run: PoolRun): { search: ReturnType<typeof pacedSearch>; abort: AbortController } {
  const abort = new AbortController();
  setMaxListeners(0, abort.signal);
  run.signal?.addEventListener('abort', () => abort.abort(), { once: true });
  const search = pacedSearch({
    client: run.client,
    baseUrl: run.baseUrl,
    token: run.token,
    signal: abort.signal,
    ...(run.deadlineMs ? { deadlineMs: run.deadlineMs } : {}),
    ...(run.mask ? { mask: run.mask } : {}),
  });
  return { search, abort };
}

export async function suggestJudgments(run: SuggestRun): Promise<SuggestOutcome> {
  const paced = pacedPool(run);
  // The catalog's facet values, from a browse of it: what intents are proposed from.
  const browse = await paced.search('', undefined, 0);
  const catalogFacets = browse.ok ? facetValues(browse.response.metadata?.facets) : [];
  const { pools, facets, failed, answered, requests } = await poolTopK(run, paced);

  const at = new Date().toISOString();
  const ratings: Rating[] = [];
  const proposed: SuggestOutcome['proposed'] = [];
  let pooled = 0;
  run.entries.forEach((entry, i) => {
    let intent = entry.intent;
    if (!intent) {
      intent = proposeIntent(entry.query, mergeFacets(catalogFacets, facets[i]!));
      proposed.push({ query: entry.query, intent });
    }
    for (const [itemId, product] of pools[i]!) {
      pooled++;
      const s = suggestRating(run.rules, intent, product);
      if (s) ratings.push({ query: entry.query, itemId, rating: s.rating, by: 'rules', at, rule: s.rule });
    }
  });
  return { ratings, pooled, proposed, failed, answered, requests: requests + 1 };
}

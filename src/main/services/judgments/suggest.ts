import { setMaxListeners } from 'node:events';
import { proposeIntent, type FacetValues } from '../../../shared/judgments/intent';
import type { Rating } from '../../../shared/judgments/model';
import { suggestRating, type CompiledRule, type Intent } from '../../../shared/judgments/rules';
import type { Facet, SearchResponse } from '../../../shared/request/types';
import { PacedRetry, sendFailure } from '../compare/paced-retry';
import type { SearchClient } from '../search-client';

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

const facetValues = (facets: readonly Facet[] | undefined): FacetValues[] =>
  (facets ?? []).map((f) => ({ attribute: f.attribute ?? f.id, values: (f.values ?? []).map((v) => String(v.value)) }));

/** Facet values of two answers, attribute by attribute, each value once. */
function mergeFacets(a: FacetValues[], b: FacetValues[]): FacetValues[] {
  const out = new Map<string, Set<string>>();
  for (const f of [...a, ...b]) {
    const set = out.get(f.attribute) ?? new Set<string>();
    f.values.forEach((v) => set.add(v));
    out.set(f.attribute, set);
  }
  return [...out].map(([attribute, values]) => ({ attribute, values: [...values] }));
}

export async function suggestJudgments(run: SuggestRun): Promise<SuggestOutcome> {
  const abort = new AbortController();
  setMaxListeners(0, abort.signal);
  run.signal?.addEventListener('abort', () => abort.abort(), { once: true });
  const retry = new PacedRetry(run.deadlineMs ? { deadlineMs: run.deadlineMs } : {});
  const search = async (query: string, configurationId: string | undefined, limit: number) => {
    const { value } = await retry.send(async () => {
      try {
        const outcome = await run.client.run(
          run.baseUrl,
          'search',
          { token: run.token, query, ...(configurationId ? { configurationId } : {}), options: { offset: 0, limit } },
          { signal: abort.signal, lean: true, ...(run.deadlineMs ? { deadlineMs: run.deadlineMs } : {}) },
        );
        return { ok: true as const, response: outcome.response };
      } catch (err) {
        return sendFailure(err);
      }
    }, abort.signal);
    return value;
  };

  // The catalog's facet values, from a browse of it: what intents are proposed from.
  const browse = await search('', undefined, 0);
  const catalogFacets = browse.ok ? facetValues((browse.response as SearchResponse).metadata?.facets) : [];

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
          const response = outcome.response as SearchResponse;
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

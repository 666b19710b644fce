import { type IntentProposals } from '../../../shared/workspace';
import { failure } from '../../../shared/errors';
import { proposeIntent, type FacetValues } from '../../../shared/judgments';
import type { Facet, SearchResponse } from '../../../shared/request';
import { PacedRetry, sendFailure, type SendFailure } from '../pacing';
import { type LocalDemo, readyProfile, type ProfileService } from '../profiles';
import type { SearchClient } from '../search';

/**
 * Intents proposed from the catalog's own spellings: the facet values of a
 * browse of the catalog (every value the service shows for an empty query)
 * merged with those of each query's own answer (values the browse cut at its
 * facet size), read by `proposeIntent`.
 */

export const facetValues = (facets: readonly Facet[] | undefined): FacetValues[] =>
  (facets ?? []).map((f) => ({ attribute: f.attribute ?? f.id, values: (f.values ?? []).map((v) => String(v.value)) }));

/** Facet values of two answers, attribute by attribute, each value once. */
export function mergeFacets(a: readonly FacetValues[], b: readonly FacetValues[]): FacetValues[] {
  const out = new Map<string, Set<string>>();
  for (const f of [...a, ...b]) {
    const set = out.get(f.attribute) ?? new Set<string>();
    f.values.forEach((v) => set.add(v));
    out.set(f.attribute, set);
  }
  return [...out].map(([attribute, values]) => ({ attribute, values: [...values] }));
}

export type SearchAnswer = { ok: true; response: SearchResponse } | SendFailure;

/** One search sent as every run of many sends it: retried within bounds when worth it, stopped by the signal. */
export function pacedSearch(options: {
  client: SearchClient;
  baseUrl: string;
  token: string;
  signal: AbortSignal;
  deadlineMs?: number;
  /** The response mask each search sends (`options.customResponseMask`). */
  mask?: string;
}): (query: string, configurationId: string | undefined, limit: number) => Promise<SearchAnswer> {
  const retry = new PacedRetry(options.deadlineMs ? { deadlineMs: options.deadlineMs } : {});
  return async (query, configurationId, limit) => {
    const { value } = await retry.send(async (): Promise<SearchAnswer> => {
      try {
        const outcome = await options.client.run(
          options.baseUrl,
          'search',
          {
            token: options.token,
            query,
            ...(configurationId ? { configurationId } : {}),
            options: { offset: 0, limit, ...(options.mask ? { customResponseMask: options.mask } : {}) },
          },
          { signal: options.signal, lean: true, ...(options.deadlineMs ? { deadlineMs: options.deadlineMs } : {}) },
        );
        return { ok: true, response: outcome.response };
      } catch (err) {
        return sendFailure(err);
      }
    }, options.signal);
    return value;
  };
}

/** Queries in flight while proposing: a page of 200 queries is a few hundred milliseconds on Local demo. */
const IN_FLIGHT = 4;

/** Proposes intents for queries of a query set on a profile's service; nothing is written. */
export class IntentProposer {
  constructor(
    private readonly deps: {
      profiles: ProfileService;
      localDemo: LocalDemo | undefined;
      search: SearchClient;
      deadlineMs: () => number;
    },
  ) {}

  async propose(input: { queries: readonly string[]; profileId?: string; configurationId?: string }): Promise<IntentProposals> {
    const profile = await readyProfile(this.deps.profiles, this.deps.localDemo, input.profileId);
    const token = profile.searchTokens[0]?.token;
    if (!token)
      throw failure('validation', `${profile.name} has no search token: add one to the profile (Profiles → Edit) to propose intents.`, {
        field: 'profileId',
      });
    const deadline = this.deps.deadlineMs();
    const search = pacedSearch({
      client: this.deps.search,
      baseUrl: profile.searchUrl,
      token,
      signal: new AbortController().signal,
      ...(deadline > 0 ? { deadlineMs: deadline } : {}),
    });
    const browse = await search('', input.configurationId, 0);
    if (!browse.ok) throw failure('network', `The catalog's facet values could not be read: ${browse.error.message}`);
    const catalog = facetValues(browse.response.metadata?.facets);
    const queries = [...new Set(input.queries)];
    const own = new Map<string, FacetValues[]>();
    const failed: IntentProposals['failed'] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(IN_FLIGHT, queries.length) }, async () => {
        while (next < queries.length) {
          const query = queries[next++]!;
          const answer = await search(query, input.configurationId, 0);
          if (answer.ok) own.set(query, facetValues(answer.response.metadata?.facets));
          else failed.push({ query, message: answer.error.message });
        }
      }),
    );
    return {
      proposals: queries.map((query) => ({ query, intent: proposeIntent(query, mergeFacets(catalog, own.get(query) ?? [])) })),
      failed,
      attributes: catalog.map((f) => f.attribute),
    };
  }
}

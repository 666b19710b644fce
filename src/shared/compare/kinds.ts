import { listMetrics } from '../diff/metrics';
import { diffSuggest, groupCap, suggestRanking } from '../diff/responses';
import type {
  AnyRequest,
  AutocompleteRequest,
  AutocompleteResponse,
  GroupBy,
  SearchRequest,
  SearchResponse,
  SuggestRequest,
  SuggestResponse,
} from '../request/types';
import { compact, rankingOf, redirectOf, searchMeasures, topItems } from './sides';
import type { CompactMetrics, SideResult, TopItem } from './types';

/**
 * What Compare compares: search answers, product suggest answers (groups of
 * items) or autocomplete answers (suggested queries). A batch of suggest or
 * autocomplete runs, measures, triages and reports the same way a search
 * batch does; this module is where the three differ.
 */
export const COMPARE_KINDS = ['search', 'suggest', 'autocomplete'] as const;
export type CompareKind = (typeof COMPARE_KINDS)[number];

export type KindResponse = SearchResponse | SuggestResponse | AutocompleteResponse;

/** Words a summary, a table and a report use for each kind. */
export const KIND_WORDS: Record<
  CompareKind,
  { title: string; row: string; rows: string; count: string; zero: string; zeroOneSide: string; facets: string | null }
> = {
  search: {
    title: 'Search',
    row: 'query',
    rows: 'queries',
    count: 'results',
    zero: 'Zero results',
    zeroOneSide: 'Zero results on one side',
    facets: 'facets changed',
  },
  suggest: {
    title: 'Product suggest',
    row: 'query',
    rows: 'queries',
    count: 'items in the groups',
    zero: 'Nothing in any group',
    zeroOneSide: 'Nothing suggested on one side',
    facets: 'groups changed',
  },
  autocomplete: {
    title: 'Autocomplete',
    row: 'prefix',
    rows: 'prefixes',
    count: 'suggestions',
    zero: 'No suggestion',
    zeroOneSide: 'One side suggests nothing',
    facets: null,
  },
};

const groupByOf = (r: SearchRequest): GroupBy | undefined => (r.options as { groupBy?: GroupBy } | undefined)?.groupBy;

/**
 * A side's request for one row as the endpoint of `kind` takes it: from the
 * merged search-shaped request (side overrides, the row's query), only the
 * fields that endpoint has — suggest keeps sort, filter, mask and groupBy;
 * autocomplete keeps numberOfSuggestions and filter; both keep the
 * configuration and the context.
 */
export function kindRequest(kind: CompareKind, r: SearchRequest): AnyRequest {
  if (kind === 'search') return r;
  const o = (r.options ?? {}) as Record<string, unknown>;
  const common = {
    token: r.token,
    query: r.query ?? '',
    ...(r.configurationId ? { configurationId: r.configurationId } : {}),
    ...(r.context ? { context: r.context } : {}),
  };
  const pick = (...keys: string[]) => Object.fromEntries(keys.filter((k) => o[k] !== undefined && o[k] !== '').map((k) => [k, o[k]]));
  if (kind === 'suggest') {
    const options = { ...pick('sortBy', 'filter', 'customResponseMask'), groupBy: groupByOf(r) as GroupBy };
    return { ...common, options } as SuggestRequest;
  }
  const options = pick('numberOfSuggestions', 'filter');
  return { ...common, ...(Object.keys(options).length ? { options } : {}) } as AutocompleteRequest;
}

/** What is kept of one answer: its ranking (ids, or suggestion texts), the first ten, and how many there are. */
export function answerSummary(
  kind: CompareKind,
  response: KindResponse | undefined,
): Pick<SideResult, 'count' | 'top' | 'ranking' | 'redirect'> {
  if (kind === 'suggest') {
    const r = response as SuggestResponse | undefined;
    const items = (r?.groups ?? []).flatMap((g) => g.items ?? []);
    return {
      count: (r?.groups ?? []).reduce((n, g) => n + (typeof g.count === 'number' ? g.count : 0), 0),
      top: topItems({ items } as SearchResponse),
      ranking: suggestRanking(r),
    };
  }
  if (kind === 'autocomplete') {
    const list = (response as AutocompleteResponse | undefined)?.suggestions ?? [];
    return {
      count: list.length,
      top: list.slice(0, 10).map((s): TopItem => ({ id: s.suggestion, ...(typeof s.count === 'number' ? { score: s.count } : {}) })),
      ranking: list.map((s) => s.suggestion),
    };
  }
  const r = response as SearchResponse | undefined;
  const redirect = redirectOf(r);
  return {
    count: typeof r?.metadata?.count === 'number' ? r.metadata.count : (r?.items?.length ?? null),
    top: topItems(r),
    ranking: rankingOf(r),
    ...(redirect ? { redirect } : {}),
  };
}

/**
 * One row's measures for a batch: for suggest, the items group after group
 * as one list, the groups that changed in the facets' place; for
 * autocomplete, the suggestions by their text.
 */
export function kindMeasures(
  kind: CompareKind,
  a: KindResponse,
  b: KindResponse,
  requests?: { a: AnyRequest; b: AnyRequest },
): CompactMetrics {
  if (kind === 'search') return searchMeasures(a as SearchResponse, b as SearchResponse);
  const sa = answerSummary(kind, a);
  const sb = answerSummary(kind, b);
  const counts = (countA: number, countB: number, facetsChanged: number) => ({
    countA,
    countB,
    countDelta: countB - countA,
    zeroA: countA === 0,
    zeroB: countB === 0,
    facetsChanged,
  });
  if (kind === 'suggest') {
    const capOf = (r: AnyRequest | undefined) => groupCap((r as SuggestRequest | undefined)?.options?.groupBy);
    const d = diffSuggest(a as SuggestResponse, b as SuggestResponse, { a: capOf(requests?.a), b: capOf(requests?.b) });
    return compact(d.overall, counts(sa.count ?? 0, sb.count ?? 0, d.groupsChanged));
  }
  return compact(listMetrics(sa.ranking ?? [], sb.ranking ?? []), counts(sa.count ?? 0, sb.count ?? 0, 0));
}

/** The longest prefix generated from a query set, and the default (what a shopper types before suggestions settle). */
export const MAX_PREFIX = { default: 4, max: 20 } as const;

/**
 * The prefixes a shopper types on the way to each query: every prefix of
 * length 1 to `max` (in characters, after trimming, collapsing spaces and
 * lower-casing), without the ones ending in a space (the service trims it,
 * so they repeat a shorter one), each once, in the order first met.
 */
export function prefixesOf(queries: Iterable<string>, max: number = MAX_PREFIX.default): string[] {
  const seen = new Set<string>();
  for (const query of queries) {
    const chars = Array.from(query.trim().replace(/\s+/g, ' ').toLocaleLowerCase());
    for (let n = 1; n <= Math.min(max, chars.length); n++) {
      if (chars[n - 1] === ' ') continue;
      seen.add(chars.slice(0, n).join(''));
    }
  }
  return [...seen];
}

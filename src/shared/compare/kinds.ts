import { listMetrics, diffSuggest, groupCap, suggestRanking } from '../diff';
import type {
  AutocompleteResponse,
  GroupBy,
  KindedRequest,
  KindedResponse,
  SearchRequest,
  SearchResponse,
  SuggestResponse,
} from '../request';
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

/** The options among `keys` that are set (not undefined, not empty text). */
function present<T extends object, K extends keyof T>(options: T, ...keys: K[]): Partial<Pick<T, K>> {
  return Object.fromEntries(keys.filter((k) => options[k] !== undefined && options[k] !== '').map((k) => [k, options[k]])) as Partial<
    Pick<T, K>
  >;
}

/**
 * A side's request for one row as the endpoint of `kind` takes it: from the
 * merged search-shaped request (side overrides, the row's query), only the
 * fields that endpoint has — suggest keeps sort, filter, mask and groupBy;
 * autocomplete keeps numberOfSuggestions and filter; both keep the
 * configuration and the context.
 */
export function kindRequest(kind: CompareKind, r: SearchRequest): KindedRequest {
  if (kind === 'search') return { kind, request: r };
  const o = r.options ?? {};
  const common = {
    token: r.token,
    query: r.query ?? '',
    ...(r.configurationId ? { configurationId: r.configurationId } : {}),
    ...(r.context ? { context: r.context } : {}),
  };
  if (kind === 'suggest')
    return {
      kind,
      request: { ...common, options: { ...present(o, 'sortBy', 'filter', 'customResponseMask'), groupBy: groupByOf(r) as GroupBy } },
    };
  // numberOfSuggestions is not a search option: a side's template carries it as one more field.
  const options = { ...present(o as { numberOfSuggestions?: number }, 'numberOfSuggestions'), ...present(o, 'filter') };
  return { kind, request: { ...common, ...(Object.keys(options).length ? { options } : {}) } };
}

/**
 * A batch's answer typed by the batch's kind. Batch runs keep answers as they came, without the shape check
 * (see checkResponse), so this is the one place a stored answer is taken as its kind's response; readers
 * guard optional reads.
 */
export function kindedAnswer(kind: CompareKind, response: KindResponse): KindedResponse {
  return { kind, response } as KindedResponse;
}

/** What is kept of one answer: its ranking (ids, or suggestion texts), the first ten, and how many there are. */
export function answerSummary(answer: KindedResponse): Pick<SideResult, 'count' | 'top' | 'ranking' | 'redirect'> {
  if (answer.kind === 'suggest') {
    const groups = answer.response?.groups ?? [];
    return {
      count: groups.reduce((n, g) => n + (typeof g.count === 'number' ? g.count : 0), 0),
      top: topItems({ items: groups.flatMap((g) => g.items ?? []) }),
      ranking: suggestRanking(answer.response),
    };
  }
  if (answer.kind === 'autocomplete') {
    const list = answer.response?.suggestions ?? [];
    return {
      count: list.length,
      top: list.slice(0, 10).map((s): TopItem => ({ id: s.suggestion, ...(typeof s.count === 'number' ? { score: s.count } : {}) })),
      ranking: list.map((s) => s.suggestion),
    };
  }
  const r = answer.response;
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
export function kindMeasures(a: KindedResponse, b: KindedResponse, requests?: { a: KindedRequest; b: KindedRequest }): CompactMetrics {
  if (a.kind === 'search' && b.kind === 'search') return searchMeasures(a.response, b.response);
  const sa = answerSummary(a);
  const sb = answerSummary(b);
  const counts = (countA: number, countB: number, facetsChanged: number) => ({
    countA,
    countB,
    countDelta: countB - countA,
    zeroA: countA === 0,
    zeroB: countB === 0,
    facetsChanged,
  });
  if (a.kind === 'suggest' && b.kind === 'suggest') {
    const capOf = (r: KindedRequest | undefined) => groupCap(r?.kind === 'suggest' ? r.request.options?.groupBy : undefined);
    const d = diffSuggest(a.response, b.response, { a: capOf(requests?.a), b: capOf(requests?.b) });
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

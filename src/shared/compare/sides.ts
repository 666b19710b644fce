import { listMetrics, type SearchDiff } from '../diff';
import type { Facet, ContextValue, SearchRequest, SearchResponse, SearchTemplate } from '../request';
import type { CompactMetrics, QueryRow, SideResult, SideSpec, TopItem } from './types';
import { isJsonObject } from '../json-value';

/** Deep merge for request templates: objects merge key by key, anything else (arrays included) is replaced. */
export function mergeRequest<T extends Record<string, unknown>>(base: T, overrides: Record<string, unknown>): T {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) continue;
    out[key] = isJsonObject(value) && isJsonObject(out[key]) ? mergeRequest(out[key] as Record<string, unknown>, value) : value;
  }
  return out as T;
}

/** What a side is made of, as the user (or the command line) gives it. Empty strings count as not given. */
export interface SideFields {
  label: string;
  profileId?: string | null;
  baseUrl?: string;
  token?: string;
  configurationId?: string;
  filter?: string;
  variables?: Record<string, ContextValue>;
}

/**
 * A side from its fields: the one place a side's request overrides are
 * built, for the app's Compare screen and the command line alike.
 */
export function buildSide(fields: SideFields): SideSpec {
  const token = fields.token?.trim();
  const configurationId = fields.configurationId?.trim();
  const filter = fields.filter?.trim() ? fields.filter : undefined;
  const overrides: SearchTemplate = {
    ...(token ? { token } : {}),
    ...(configurationId ? { configurationId } : {}),
    ...(filter ? { options: { filter } } : {}),
    ...(fields.variables && Object.keys(fields.variables).length ? { context: { variables: fields.variables } } : {}),
  };
  return {
    label: fields.label.trim() || 'side',
    ...(fields.profileId ? { profileId: fields.profileId } : {}),
    ...(fields.baseUrl ? { baseUrl: fields.baseUrl } : {}),
    overrides,
  };
}

/** Labels that say nothing of the side: "A", "B", "side", the command line's "A: default". */
const GENERIC_LABEL = /^(side|[AB])(:.*)?$/i;

const hostOf = (url: string | undefined) => {
  try {
    return url ? new URL(url).host : 'the active profile';
  } catch {
    return url ?? 'the active profile';
  }
};

/**
 * A batch's name when the user gives none: the sides' own labels when they
 * are telling, otherwise what differs between them — "default vs
 * bestsellers", "price < 50 vs no filter", "eu.search.example.com vs
 * staging.example.com" — never a bare "A vs B".
 */
export function defaultBatchName(sides: { a: SideSpec; b: SideSpec }): string {
  const { a, b } = sides;
  if (!GENERIC_LABEL.test(a.label.trim()) && !GENERIC_LABEL.test(b.label.trim()) && a.label !== b.label) return `${a.label} vs ${b.label}`;
  const differences: [string, string][] = [
    [a.overrides.configurationId || 'default', b.overrides.configurationId || 'default'],
    [a.overrides.options?.filter?.trim() || 'no filter', b.overrides.options?.filter?.trim() || 'no filter'],
    [hostOf(a.baseUrl), hostOf(b.baseUrl)],
    [JSON.stringify(a.overrides.context?.variables ?? {}), JSON.stringify(b.overrides.context?.variables ?? {})],
  ];
  const parts = differences.filter(([x, y]) => x !== y).map(([x, y]) => `${x} vs ${y}`);
  if (a.profileId !== b.profileId && parts.length === 0) parts.push('two profiles');
  if (a.overrides.token !== b.overrides.token && parts.length === 0) parts.push('two search tokens');
  return parts.length ? parts.join(', ') : `${a.label} vs ${b.label}`;
}

/**
 * The request one side sends for one row: the shared request, the side's
 * overrides, then the row's own query and overrides. A row filter joins the
 * side's with AND; row facets add to the side's; row variables win.
 */
export function requestFor(base: SearchTemplate, side: SideSpec, row: QueryRow): SearchRequest {
  const merged = mergeRequest(base, side.overrides);
  const options = { ...(merged.options ?? {}) };
  if (row.filter) options.filter = options.filter?.trim() ? `(${options.filter}) AND (${row.filter})` : row.filter;
  if (row.facets?.length) options.facets = [...(options.facets ?? []), ...row.facets];
  const request: SearchRequest = { ...merged, token: merged.token ?? '', query: row.query, options };
  if (row.variables && Object.keys(row.variables).length) {
    request.context = { ...(request.context ?? {}), variables: { ...(request.context?.variables ?? {}), ...row.variables } };
  }
  return request;
}

/** Every item id of an answer, in order (an item without an id keeps its place as `#rank`). */
export function rankingOf(response: SearchResponse | undefined): string[] {
  return (Array.isArray(response?.items) ? response.items : []).map((item, i) => (typeof item.id === 'string' ? item.id : `#${i + 1}`));
}

/** The first ten items of an answer as id, title and score. */
export function topItems(response: Pick<SearchResponse, 'items'> | undefined, n = 10): TopItem[] {
  return (response?.items ?? []).slice(0, n).map((item) => {
    const title = item.product?.title ?? item.redirect?.name;
    return {
      id: String(item.id),
      ...(title !== undefined ? { title: String(title) } : {}),
      ...(typeof item.score === 'number' ? { score: item.score } : {}),
    };
  });
}

/** The redirect an answer triggered: its first redirect item's URL (null when the service gave none) and name. */
export function redirectOf(response: SearchResponse | undefined): SideResult['redirect'] | undefined {
  const item = (Array.isArray(response?.items) ? response.items : []).find((i) => i.redirect);
  if (!item?.redirect) return undefined;
  const { url, name } = item.redirect;
  return { url: typeof url === 'string' ? url : null, ...(typeof name === 'string' ? { name } : {}) };
}

type ListMeasures = ReturnType<typeof listMetrics>;
type ResponseMeasures = Pick<CompactMetrics, 'countA' | 'countB' | 'countDelta' | 'zeroA' | 'zeroB' | 'facetsChanged'>;

/** One query's record: the list measures flattened, then the response-level ones. */
export function compact(m: ListMeasures, rest: ResponseMeasures): CompactMetrics {
  return {
    rbo: m.rbo,
    change: 1 - m.rbo,
    overlap1: m.overlap[1],
    overlap3: m.overlap[3],
    overlap10: m.overlap[10],
    overlapAll: m.overlap.all,
    jaccard1: m.jaccard[1],
    jaccard3: m.jaccard[3],
    jaccard10: m.jaccard[10],
    jaccardAll: m.jaccard.all,
    kendallTau: m.kendallTau,
    top1Changed: m.top1Changed,
    ...rest,
    shared: m.shared,
  };
}

export function compactMetrics(d: SearchDiff): CompactMetrics {
  return compact(d.metrics, {
    countA: d.count.a,
    countB: d.count.b,
    countDelta: d.count.delta,
    zeroA: d.zeroA,
    zeroB: d.zeroB,
    facetsChanged: d.facetsChanged,
  });
}

/** Whether a facet differs in any way diffFacet reports: presence, values, counts, selection or order. */
function facetChanged(a: Facet, b: Facet): boolean {
  const va = a.values ?? [];
  const vb = b.values ?? [];
  if (va.length !== vb.length) return true;
  for (let i = 0; i < va.length; i++) {
    const x = va[i]!;
    const y = vb[i]!;
    if (x.value !== y.value || x.count !== y.count || !!x.selected !== !!y.selected) return true;
  }
  return false;
}

/**
 * The batch's measures of one query, straight from the two answers: the
 * same numbers as compactMetrics(diffSearch(a, b)) without building the
 * item-by-item and value-by-value diff that only the side-by-side view shows.
 */
export function searchMeasures(a: SearchResponse, b: SearchResponse): CompactMetrics {
  const ia = Array.isArray(a?.items) ? a.items : [];
  const ib = Array.isArray(b?.items) ? b.items : [];
  const m = listMetrics(rankingOf(a), rankingOf(b));
  const countA = typeof a?.metadata?.count === 'number' ? a.metadata.count : null;
  const countB = typeof b?.metadata?.count === 'number' ? b.metadata.count : null;
  const facetsA = a?.metadata?.facets ?? [];
  const facetsB = new Map((b?.metadata?.facets ?? []).map((f) => [f.id, f]));
  let facetsChanged = 0;
  for (const f of facetsA) {
    const other = facetsB.get(f.id);
    if (!other || facetChanged(f, other)) facetsChanged++;
    facetsB.delete(f.id);
  }
  facetsChanged += facetsB.size;
  return compact(m, {
    countA,
    countB,
    countDelta: countA !== null && countB !== null ? countB - countA : null,
    zeroA: (countA ?? ia.length) === 0,
    zeroB: (countB ?? ib.length) === 0,
    facetsChanged,
  });
}

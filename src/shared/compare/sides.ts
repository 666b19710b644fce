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

/** One way two sides differ: what (in the user's words), and how each side has it. */
export interface SideDifference {
  what: string;
  a: string;
  b: string;
}

/** Every leaf of a side's overrides by its path (`options.filter`, `context.variables.segment`); arrays are one leaf. */
function leaves(value: unknown, path: string, out: Map<string, unknown>): Map<string, unknown> {
  if (isJsonObject(value)) for (const [key, inner] of Object.entries(value)) leaves(inner, path ? `${path}.${key}` : key, out);
  else if (value !== undefined) out.set(path, value);
  return out;
}

const VARIABLE = 'context.variables.';
/** How a field is named and how its absence reads: the request's own fields in the user's words, the rest by path. */
function fieldWords(path: string): { what: string; none: string } {
  if (path === 'configurationId') return { what: 'configuration', none: 'default' };
  if (path === 'options.filter') return { what: 'filter', none: 'no filter' };
  if (path === 'token') return { what: 'search token', none: 'the profile’s' };
  if (path.startsWith(VARIABLE)) return { what: `variable ${path.slice(VARIABLE.length)}`, none: 'unset' };
  return { what: path, none: 'unset' };
}

const shown = (value: unknown) => (typeof value === 'string' ? value.trim() : JSON.stringify(value));

/**
 * Every difference between two sides — the profile or address, and each override, variables one by one — so a list or
 * a header can name all of them, not only the configuration. Tokens are said as "set", never shown.
 */
export function sideDifferences(a: SideSpec, b: SideSpec): SideDifference[] {
  const out: SideDifference[] = [];
  if ((a.baseUrl || b.baseUrl) && hostOf(a.baseUrl) !== hostOf(b.baseUrl))
    out.push({ what: 'service', a: hostOf(a.baseUrl), b: hostOf(b.baseUrl) });
  if ((a.profileId ?? '') !== (b.profileId ?? ''))
    out.push({ what: 'profile', a: a.profileId ?? 'the active one', b: b.profileId ?? 'the active one' });
  const left = leaves(a.overrides, '', new Map());
  const right = leaves(b.overrides, '', new Map());
  for (const path of new Set([...left.keys(), ...right.keys()])) {
    const [x, y] = [left.get(path), right.get(path)];
    const { what, none } = fieldWords(path);
    const [sx, sy] = [x === undefined || shown(x) === '' ? none : shown(x), y === undefined || shown(y) === '' ? none : shown(y)];
    if (sx === sy) continue;
    if (path === 'token')
      out.push({ what, a: x === undefined ? none : 'set', b: y === undefined ? none : x === undefined ? 'set' : 'another' });
    else out.push({ what, a: sx, b: sy });
  }
  return out;
}

/** The differences in one line: "configuration default → new-arrivals; variable segment unset → premium"; "no difference" when none. */
export function differencesLine(differences: readonly SideDifference[]): string {
  return differences.length ? differences.map((d) => `${d.what} ${d.a} → ${d.b}`).join('; ') : 'no difference';
}

/**
 * Two sides as a list or a header names them: their labels, then every difference the labels do not already say —
 * "default vs new-arrivals (and variable segment unset → premium)"; "(no difference)" for two identical sides.
 */
export function sidesSummary(a: SideSpec, b: SideSpec): string {
  const differences = sideDifferences(a, b);
  const unsaid = differences.filter((d) => !(d.a === a.label.trim() && d.b === b.label.trim()));
  const labels = `${a.label} vs ${b.label}`;
  if (differences.length === 0) return `${labels} (no difference)`;
  return unsaid.length ? `${labels} (${unsaid.length < differences.length ? 'and ' : ''}${differencesLine(unsaid)})` : labels;
}

/**
 * A batch's name when the user gives none: the sides' own labels when they
 * are telling, otherwise what differs between them — "default vs
 * bestsellers", "price < 50 vs no filter", "eu.search.example.com vs
 * staging.example.com", "segment unset vs premium" — never a bare "A vs B".
 */
export function defaultBatchName(sides: { a: SideSpec; b: SideSpec }): string {
  const { a, b } = sides;
  if (!GENERIC_LABEL.test(a.label.trim()) && !GENERIC_LABEL.test(b.label.trim()) && a.label !== b.label) return `${a.label} vs ${b.label}`;
  const differences = sideDifferences(a, b);
  const parts = differences
    .filter((d) => d.what !== 'search token' && d.what !== 'profile')
    .map((d) => (d.what.startsWith('variable ') ? `${d.what.slice('variable '.length)} ${d.a} vs ${d.b}` : `${d.a} vs ${d.b}`));
  if (parts.length === 0 && differences.some((d) => d.what === 'profile')) parts.push('two profiles');
  if (parts.length === 0 && differences.some((d) => d.what === 'search token')) parts.push('two search tokens');
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

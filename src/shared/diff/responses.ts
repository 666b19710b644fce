import {
  type AutocompleteResponse,
  type Facet,
  type Group,
  type Item,
  type SearchResponse,
  type SuggestResponse,
  effectiveGroupSize,
} from '../request';
import { jsonDiff, type JsonChange } from './json-diff';
import { listMetrics, type ListMetrics } from './metrics';
import { alignRankings, type Alignment } from './ranking';

export interface FacetValueDiff {
  value: string;
  countA: number | null;
  countB: number | null;
  /** 1-based position in the facet's list on each side. */
  positionA: number | null;
  positionB: number | null;
  selectedA: boolean | null;
  selectedB: boolean | null;
  change: 'added' | 'removed' | 'count' | 'selected' | 'moved' | 'same';
}

export interface FacetDiff {
  id: string;
  title: string;
  presence: 'both' | 'only-a' | 'only-b';
  values: FacetValueDiff[];
  added: number;
  removed: number;
  countChanges: number;
  selectedChanges: number;
  /** The shared values are listed in a different order. */
  orderChanged: boolean;
}

export interface CountDiff {
  a: number | null;
  b: number | null;
  delta: number | null;
  exactA: boolean | null;
  exactB: boolean | null;
}

export interface SearchDiff {
  kind: 'search';
  ranking: Alignment;
  metrics: ListMetrics;
  count: CountDiff;
  zeroA: boolean;
  zeroB: boolean;
  facets: FacetDiff[];
  /** Facets with any change, for summaries. */
  facetsChanged: number;
  redirects: { a: string[]; b: string[]; added: string[]; removed: string[] };
  configuration: {
    a: { configurationId: string | null; defaultConfigurationId: string | null };
    b: { configurationId: string | null; defaultConfigurationId: string | null };
    changed: boolean;
  };
  /** Items on both sides whose product objects differ. */
  products: { id: string; changes: JsonChange[] }[];
}

const itemsOf = (r: SearchResponse | undefined): Item[] => (Array.isArray(r?.items) ? r.items : []);
const idOf = (item: Item, i: number): string => (typeof item.id === 'string' ? item.id : `#${i + 1}`);

function redirectKey(item: Item): string | null {
  const r = item.redirect;
  if (!r || typeof r !== 'object') return null;
  return String(r.id ?? r.url ?? r.name ?? item.id);
}

/** Value by value: what appeared, disappeared, changed count, selection or place. */
export function diffFacet(a: Facet | undefined, b: Facet | undefined): FacetDiff {
  const valuesA = a?.values ?? [];
  const valuesB = b?.values ?? [];
  const posA = new Map(valuesA.map((v, i) => [v.value, { v, i: i + 1 }]));
  const posB = new Map(valuesB.map((v, i) => [v.value, { v, i: i + 1 }]));
  const values: FacetValueDiff[] = [];
  const sharedOrderA = valuesA.filter((v) => posB.has(v.value)).map((v) => v.value);
  const sharedOrderB = valuesB.filter((v) => posA.has(v.value)).map((v) => v.value);
  const orderChanged = sharedOrderA.some((v, i) => sharedOrderB[i] !== v);
  const describe = (
    x: { v: { value: string; count: number; selected: boolean }; i: number } | undefined,
    y: typeof x,
    value: string,
  ): FacetValueDiff => {
    const change: FacetValueDiff['change'] = !x
      ? 'added'
      : !y
        ? 'removed'
        : x.v.count !== y.v.count
          ? 'count'
          : !!x.v.selected !== !!y.v.selected
            ? 'selected'
            : x.i !== y.i
              ? 'moved'
              : 'same';
    return {
      value,
      countA: x?.v.count ?? null,
      countB: y?.v.count ?? null,
      positionA: x?.i ?? null,
      positionB: y?.i ?? null,
      selectedA: x ? !!x.v.selected : null,
      selectedB: y ? !!y.v.selected : null,
      change,
    };
  };
  for (const [value, x] of posA) values.push(describe(x, posB.get(value), value));
  for (const [value, y] of posB) if (!posA.has(value)) values.push(describe(undefined, y, value));
  return {
    id: a?.id ?? b?.id ?? '',
    title: a?.title ?? b?.title ?? a?.id ?? b?.id ?? '',
    presence: a && b ? 'both' : a ? 'only-a' : 'only-b',
    values,
    added: values.filter((v) => v.change === 'added').length,
    removed: values.filter((v) => v.change === 'removed').length,
    countChanges: values.filter((v) => v.countA !== null && v.countB !== null && v.countA !== v.countB).length,
    selectedChanges: values.filter((v) => v.selectedA !== null && v.selectedB !== null && v.selectedA !== v.selectedB).length,
    orderChanged,
  };
}

/**
 * Everything that differs between two search answers: ranking, metrics,
 * count, facets, redirects, configuration, products. Batch runs, which keep
 * only the measures, leave out the product attribute diff.
 */
export function diffSearch(a: SearchResponse | undefined, b: SearchResponse | undefined, options: { products?: boolean } = {}): SearchDiff {
  const ia = itemsOf(a);
  const ib = itemsOf(b);
  const entriesA = ia.map((item, i) => ({ id: idOf(item, i), score: item.score }));
  const entriesB = ib.map((item, i) => ({ id: idOf(item, i), score: item.score }));
  const ranking = alignRankings(entriesA, entriesB);
  const metrics = listMetrics(
    entriesA.map((e) => e.id),
    entriesB.map((e) => e.id),
  );
  const ma = a?.metadata;
  const mb = b?.metadata;
  const countA = typeof ma?.count === 'number' ? ma.count : null;
  const countB = typeof mb?.count === 'number' ? mb.count : null;

  const facetsA = new Map((ma?.facets ?? []).map((f) => [f.id, f]));
  const facetsB = new Map((mb?.facets ?? []).map((f) => [f.id, f]));
  const facets: FacetDiff[] = [];
  for (const [id, f] of facetsA) facets.push(diffFacet(f, facetsB.get(id)));
  for (const [id, f] of facetsB) if (!facetsA.has(id)) facets.push(diffFacet(undefined, f));
  const facetsChanged = facets.filter(
    (f) => f.presence !== 'both' || f.added || f.removed || f.countChanges || f.selectedChanges || f.orderChanged,
  ).length;

  const redirectsA = ia.map(redirectKey).filter((k): k is string => k !== null);
  const redirectsB = ib.map(redirectKey).filter((k): k is string => k !== null);

  const products: SearchDiff['products'] = [];
  const productsB = options.products === false ? new Map<string, unknown>() : new Map(ib.map((item, i) => [idOf(item, i), item.product]));
  const seen = new Set<string>();
  ia.forEach((item, i) => {
    const id = idOf(item, i);
    if (seen.has(id) || !productsB.has(id)) return;
    seen.add(id);
    const changes = jsonDiff(item.product ?? null, productsB.get(id) ?? null);
    if (changes.length) products.push({ id, changes });
  });

  const conf = (m: typeof ma) => ({
    configurationId: typeof m?.configurationId === 'string' ? m.configurationId : null,
    defaultConfigurationId: typeof m?.defaultConfigurationId === 'string' ? m.defaultConfigurationId : null,
  });
  const ca = conf(ma);
  const cb = conf(mb);
  return {
    kind: 'search',
    ranking,
    metrics,
    count: {
      a: countA,
      b: countB,
      delta: countA !== null && countB !== null ? countB - countA : null,
      exactA: typeof ma?.exactCount === 'boolean' ? ma.exactCount : null,
      exactB: typeof mb?.exactCount === 'boolean' ? mb.exactCount : null,
    },
    zeroA: (countA ?? ia.length) === 0,
    zeroB: (countB ?? ib.length) === 0,
    facets,
    facetsChanged,
    redirects: {
      a: redirectsA,
      b: redirectsB,
      added: redirectsB.filter((r) => !redirectsA.includes(r)),
      removed: redirectsA.filter((r) => !redirectsB.includes(r)),
    },
    configuration: {
      a: ca,
      b: cb,
      changed: ca.configurationId !== cb.configurationId || ca.defaultConfigurationId !== cb.defaultConfigurationId,
    },
    products,
  };
}

export interface GroupSide {
  /** Items in the group on this side (the service returns at most the group's cap of them). */
  count: number;
  returned: number;
  /** The most items this side's request lets a group return: its size under the 100-item total (§8); null when unknown. */
  cap: number | null;
  /** More items match than came back: the group is cut at its cap. */
  capped: boolean;
}

export interface GroupDiff {
  value: string;
  presence: 'both' | 'only-a' | 'only-b';
  countA: number | null;
  countB: number | null;
  a: GroupSide | null;
  b: GroupSide | null;
  /** Returned no item on one side and some on the other (or is missing on one side). */
  emptyOnOneSide: boolean;
  /** Cut at its cap on one side only. */
  cappedOnOneSide: boolean;
  ranking: Alignment;
  metrics: ListMetrics;
}

export interface SuggestDiff {
  kind: 'suggest';
  groups: GroupDiff[];
  /** Mean RBO over the groups both sides returned; null when none. */
  meanRbo: number | null;
  groupsChanged: number;
  /** Every group's items in order, group after group, compared as one list (what a shopper's eye runs down). */
  overall: ListMetrics;
  itemsA: number;
  itemsB: number;
}

/** The per-group cap a suggest request sets: its size, reduced so all groups together stay within 100 items. */
export function groupCap(groupBy: { size?: unknown; values?: unknown } | undefined): number | null {
  if (!groupBy || typeof groupBy.size !== 'number' || !Array.isArray(groupBy.values)) return null;
  return effectiveGroupSize(groupBy.size, groupBy.values.length);
}

const groupSide = (g: Group | undefined, cap: number | null): GroupSide | null =>
  g ? { count: g.count, returned: g.items.length, cap, capped: g.count > g.items.length } : null;

/** The ids of a suggest answer, group after group. */
export function suggestRanking(r: SuggestResponse | undefined): string[] {
  return (r?.groups ?? []).flatMap((g) => (g.items ?? []).map((item, i) => idOf(item, i)));
}

/**
 * Product suggest: group by group (matched by value), the same ranking
 * measures, each group's count, cap and whether it is cut or empty on one
 * side only; `caps` are each side's per-group cap (see groupCap).
 */
export function diffSuggest(
  a: SuggestResponse | undefined,
  b: SuggestResponse | undefined,
  caps: { a?: number | null; b?: number | null } = {},
): SuggestDiff {
  const ga = new Map((a?.groups ?? []).map((g) => [g.value, g]));
  const gb = new Map((b?.groups ?? []).map((g) => [g.value, g]));
  const values = [...ga.keys(), ...[...gb.keys()].filter((v) => !ga.has(v))];
  const groups = values.map((value): GroupDiff => {
    const x = ga.get(value);
    const y = gb.get(value);
    const ea = (x?.items ?? []).map((item, i) => ({ id: idOf(item, i), score: item.score }));
    const eb = (y?.items ?? []).map((item, i) => ({ id: idOf(item, i), score: item.score }));
    const sa = groupSide(x, caps.a ?? null);
    const sb = groupSide(y, caps.b ?? null);
    return {
      value,
      presence: x && y ? 'both' : x ? 'only-a' : 'only-b',
      countA: x ? x.count : null,
      countB: y ? y.count : null,
      a: sa,
      b: sb,
      emptyOnOneSide: ((sa?.returned ?? 0) === 0) !== ((sb?.returned ?? 0) === 0),
      cappedOnOneSide: !!sa?.capped !== !!sb?.capped,
      ranking: alignRankings(ea, eb),
      metrics: listMetrics(
        ea.map((e) => e.id),
        eb.map((e) => e.id),
      ),
    };
  });
  const both = groups.filter((g) => g.presence === 'both');
  const flatA = suggestRanking(a);
  const flatB = suggestRanking(b);
  return {
    kind: 'suggest',
    groups,
    meanRbo: both.length ? both.reduce((s, g) => s + g.metrics.rbo, 0) / both.length : null,
    groupsChanged: groups.filter((g) => g.presence !== 'both' || g.metrics.rbo < 1 || g.countA !== g.countB).length,
    overall: listMetrics(flatA, flatB),
    itemsA: flatA.length,
    itemsB: flatB.length,
  };
}

export interface AutocompleteDiff {
  kind: 'autocomplete';
  ranking: Alignment;
  metrics: ListMetrics;
}

/** Autocomplete: the suggestion lists, ranked by their text; counts ride along as scores. */
export function diffAutocomplete(a: AutocompleteResponse | undefined, b: AutocompleteResponse | undefined): AutocompleteDiff {
  const ea = (a?.suggestions ?? []).map((s) => ({ id: s.suggestion, score: s.count }));
  const eb = (b?.suggestions ?? []).map((s) => ({ id: s.suggestion, score: s.count }));
  return {
    kind: 'autocomplete',
    ranking: alignRankings(ea, eb),
    metrics: listMetrics(
      ea.map((e) => e.id),
      eb.map((e) => e.id),
    ),
  };
}

import { randomUUID } from 'node:crypto';
import {
  systemVariables,
  normalize,
  isRequest,
  requestProblems,
  type RequestKind,
  type RequestOf,
  LIMITS,
  type Facet,
  type FacetSelection,
  type Item,
  type SearchRequest,
  type SearchResponse,
  type SortValue,
  encodeSearchUrl,
} from '../../../shared/request';
import { compileFilterWith, parseFilter } from '../../../shared/filter';
import { compileMask } from '../../../shared/mask';
import { describePosition } from '../../../shared/diagnostics';
import { badRequest, EmulatorError } from '../errors';
import type { CatalogItem } from '../catalog/generate';
import type { FacetConfig } from '../config';
import type { FacetColumn } from './columns';
import type { Configuration, Tenant } from './tenant';
import { topK } from './top-k';
import { normalizeQuery } from './usage-log';

export interface ServeContext {
  /** The emulator's own base URL, for metadata.url and image URLs. */
  baseUrl: string;
  now: Date;
}

type RowPredicate = (row: number) => boolean;
const maskCache = new Map<string, ((item: unknown) => unknown) | null>();

function cached<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let value = cache.get(key);
  if (value === undefined && !cache.has(key)) {
    value = make();
    if (cache.size > 500) cache.clear();
    cache.set(key, value);
  }
  return value as T;
}

/** Rejects what the service rejects, using the shared request model; warnings (like limit clamping) pass. */
export function validate<K extends RequestKind>(kind: K, body: unknown): RequestOf<K> {
  const { diagnostics } = normalize(kind, body);
  const error = diagnostics.find((d) => d.severity === 'error');
  if (error) {
    const code = error.code.startsWith('filter/')
      ? 'invalid-filter'
      : error.code.startsWith('mask/')
        ? 'invalid-response-mask'
        : error.code;
    // One position, as an editor shows it: the message's own, or the line and column of the range in the field.
    const field = error.path
      ? error.path.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], body)
      : undefined;
    const where =
      error.range && !/\bline \d+, column \d+/.test(error.message) && typeof field === 'string'
        ? ` (at ${describePosition(field, error.range.start)})`
        : '';
    throw badRequest(code, `${error.path ? `${error.path}: ` : ''}${error.message}${where}`, error.path || undefined);
  }
  // Structural problems are errors of normalize, so this only fails if the two ever disagree.
  if (!isRequest(kind, body)) throw badRequest('invalid-request', requestProblems(kind, body));
  return body;
}

/** A filter compiled against the tenant's columnar reader, by row number; cached per filter text. */
export function filterPredicate(tenant: Tenant, filter: string | undefined): RowPredicate {
  if (!filter || filter.trim() === '') return () => true;
  return cached(tenant.filterCache, filter, () => compileFilterWith(parseFilter(filter).ast, tenant.index.reader));
}

export function maskFunction(mask: string | undefined): ((item: unknown) => unknown) | null {
  if (!mask || mask.trim() === '') return null;
  return cached(maskCache, mask, () => compileMask(mask));
}

export function configurationOf(tenant: Tenant, configurationId: unknown): Configuration {
  const id = typeof configurationId === 'string' && configurationId !== '' ? configurationId : tenant.config.defaultConfigurationId;
  const configuration = tenant.configurations.get(id);
  if (!configuration) {
    throw badRequest(
      'unknown-configuration',
      `There is no search configuration "${id}" for this tenant; known: ${[...tenant.configurations.keys()].join(', ')}.`,
      'configurationId',
    );
  }
  return configuration;
}

/**
 * Matching items and their text scores (BM25 per field with the
 * configuration's boosts, see TextIndex): every item for an empty query.
 * Every term must match; when nothing does, typos in longer terms are
 * forgiven (fuzzy).
 * Results are cached per configuration and query, as search services cache
 * hot queries.
 */
export function textMatches(
  tenant: Tenant,
  configuration: Configuration,
  query: string | undefined,
): { ids: Int32Array; scores: Float64Array } {
  const index = tenant.index;
  const q = (query ?? '').trim();
  if (q === '') return index.everything;
  const key = `${configuration.config.id}\u0000${q.toLowerCase()}`;
  const textCache = tenant.textCache;
  const hit = textCache.get(key);
  if (hit) return hit;
  const { ids, scores } = index.text.search(q, { fields: configuration.fields, boosts: configuration.config.fieldBoosts });
  const value = { ids, scores };
  if (textCache.size >= 256) textCache.delete(textCache.keys().next().value as string);
  textCache.set(key, value);
  return value;
}

/** score × (1 + Σ weight × signal) for the configuration's ranking signals: one array per configuration, computed once. */
export function signalMultiplier(tenant: Tenant, configuration: Configuration): (i: number) => number {
  const values = tenant.multipliers(configuration.config.id, () => {
    const s = tenant.index.signals;
    const w = configuration.config.signals;
    const out = new Float64Array(tenant.index.items.length);
    for (let i = 0; i < out.length; i++)
      out[i] =
        1 +
        w.recency * (s.recency[i] as number) +
        w.rating * (s.rating[i] as number) +
        w.reviews * (s.reviews[i] as number) +
        w.inStock * (s.inStock[i] as number) +
        w.discount * (s.discount[i] as number) +
        w.recommended * (s.recommended[i] as number);
    return out;
  });
  return (i) => values[i] as number;
}

/** Triggers whose condition holds for this request's variables (custom and system). */
export function activeTriggers(configuration: Configuration, variables: Record<string, unknown>) {
  return configuration.triggers.filter((t) => t.when(variables));
}

export function sortComparator(
  tenant: Tenant,
  sortBy: SortValue[] | undefined,
  score: Float64Array,
  fieldPrefix = 'options.sortBy',
): (a: number, b: number) => number {
  const keys = (sortBy ?? []).map((s, i) => {
    if (!tenant.sortable.has(s.attribute)) {
      throw new EmulatorError(
        400,
        'not-sortable',
        `${s.attribute} is not registered as a sortable attribute; sortable: ${[...tenant.sortable].join(', ')}.`,
        `${fieldPrefix}[${i}].attribute`,
      );
    }
    return { key: tenant.index.sortKey(s.attribute), desc: s.order === 'desc' };
  });
  return (a, b) => {
    for (const { key, desc } of keys) {
      const x = key[a] as number | string;
      const y = key[b] as number | string;
      if (typeof x === 'number' && typeof y === 'number') {
        const xn = Number.isNaN(x);
        const yn = Number.isNaN(y);
        if (xn || yn) {
          if (xn && yn) continue;
          return xn ? 1 : -1; // missing values last, whatever the order
        }
      }
      if (x < y) return desc ? 1 : -1;
      if (x > y) return desc ? -1 : 1;
    }
    const d = (score[b] as number) - (score[a] as number);
    return d !== 0 ? d : a - b;
  };
}

export function imageUrl(baseUrl: string, id: string): string {
  return `${baseUrl}/__emulator/images/${encodeURIComponent(id)}.png`;
}

export function productOf(item: CatalogItem, baseUrl: string): Record<string, unknown> {
  // A plain copy loop: rest destructuring (`{ id, ...rest }`) took a quarter of a 1,000-item search.
  const product: Record<string, unknown> = {};
  for (const key in item) if (key !== 'id') product[key] = item[key];
  product.imageUrl = imageUrl(baseUrl, item.id);
  product.url = `https://shop.example.com/p/${item.id.toLowerCase()}`;
  return product;
}

interface Selection {
  facetId: string;
  column: FacetColumn;
  selected: Uint8Array;
}

/** Facet selections as value masks. Unknown values select nothing, so the result is empty — not an error. */
function selections(tenant: Tenant, facets: FacetSelection[] | undefined): Selection[] {
  const list: Selection[] = [];
  (facets ?? []).forEach((f, i) => {
    const facetId = f.id ?? f.attribute ?? '';
    const facet = tenant.facets.get(facetId);
    if (!facet)
      throw badRequest(
        'unknown-facet',
        `There is no facet "${facetId}"; facets: ${[...tenant.facets.keys()].join(', ')}.`,
        `options.facets[${i}].id`,
      );
    const column = tenant.index.column(facet);
    const selected = new Uint8Array(column.values.length);
    for (const v of f.values) {
      const id = column.lookup(String(v));
      if (id !== undefined) selected[id] = 1;
    }
    list.push({ facetId, column, selected });
  });
  return list;
}

function facetOutput(facet: FacetConfig, column: FacetColumn, sets: Int32Array[], selected: Uint8Array | undefined): Facet {
  const counts = new Int32Array(column.values.length);
  let withValue = 0;
  for (const set of sets) withValue += column.countAll(set, counts);
  const order = column.values.map((_, id) => id);
  if (!facet.ranges)
    order.sort(
      (a, b) => (counts[b] as number) - (counts[a] as number) || ((column.values[a] as string) < (column.values[b] as string) ? -1 : 1),
    );
  const shown = order.filter((id) => (counts[id] as number) > 0).slice(0, facet.maxValues);
  if (selected) for (let id = 0; id < selected.length; id++) if (selected[id] === 1 && !shown.includes(id)) shown.push(id);
  return {
    id: facet.id,
    title: facet.title,
    attribute: facet.attribute,
    count: withValue,
    values: shown.map((id) => ({ value: column.values[id] as string, count: counts[id] as number, selected: selected?.[id] === 1 })),
  };
}

/** POST /search and GET /search/:token. */
export function runSearch(tenant: Tenant, raw: unknown, ctx: ServeContext): SearchResponse {
  const started = performance.now();
  const body = validate('search', raw);
  const configuration = configurationOf(tenant, body.configurationId);
  const options = body.options ?? {};
  const limit =
    options.limit === undefined
      ? LIMITS.limit.default
      : options.limit < LIMITS.limit.min || options.limit > LIMITS.limit.max
        ? LIMITS.limit.max
        : options.limit;
  const offset = options.offset ?? LIMITS.offset.default;
  const { ids, scores: textScores } = textMatches(tenant, configuration, body.query);
  const predicate = filterPredicate(tenant, options.filter);
  const sel = selections(tenant, options.facets);
  const items = tenant.index.items;

  // Scratch space reused across requests: runSearch never yields, so no two requests share it at once.
  const { score, matched: matchedBuffer } = tenant.scratch();
  let m = 0;
  const others: number[][] = sel.map(() => []);
  {
    const multiplier = signalMultiplier(tenant, configuration);
    for (let k = 0; k < ids.length; k++) {
      const i = ids[k] as number;
      if (!predicate(i)) continue;
      let fails = 0;
      let failed = -1;
      for (let s = 0; s < sel.length; s++) {
        const { column, selected } = sel[s] as Selection;
        if (!column.matches(i, selected)) {
          fails++;
          failed = s;
          if (fails > 1) break;
        }
      }
      if (fails > 1) continue;
      score[i] = (textScores[k] as number) * multiplier(i);
      if (fails === 0) matchedBuffer[m++] = i;
      else (others[failed] as number[]).push(i);
    }
  }

  const matched = matchedBuffer.subarray(0, m);
  const variables = { ...(body.context?.variables ?? {}), ...systemVariables(body, ctx.now) };
  for (const trigger of activeTriggers(configuration, variables)) {
    for (let k = 0; k < m; k++) {
      const i = matched[k] as number;
      if (trigger.boost(i)) score[i] = (score[i] as number) * trigger.factor;
    }
  }

  const better = sortComparator(tenant, options.sortBy, score);
  const page = topK(matched, offset + limit, better).slice(offset, offset + limit);
  const mask = maskFunction(options.customResponseMask);
  const out: Item[] = page.map((i) => {
    const item = items[i] as CatalogItem;
    const full: Item = { id: item.id, score: Math.round((score[i] as number) * 10_000) / 10_000, product: productOf(item, ctx.baseUrl) };
    return (mask ? mask(full) : full) as Item;
  });
  const redirect = body.query ? tenant.redirects.get(normalizeQuery(body.query)) : undefined;
  if (redirect) out.unshift({ id: redirect.id, score: 1, redirect: { ...redirect } });

  const facetsDisabled = (options.disable ?? []).some((d) => d.name === 'facet');
  const matchedSet = matched;
  const facets = facetsDisabled
    ? []
    : configuration.facets.map((facet) => {
        const column = tenant.index.column(facet);
        const s = sel.findIndex((x) => x.facetId === facet.id);
        const sets = s >= 0 ? [matchedSet, Int32Array.from(others[s] as number[])] : [matchedSet];
        return facetOutput(facet, column, sets, s >= 0 ? (sel[s] as Selection).selected : undefined);
      });

  const count = m;
  if (body.query) tenant.usage.record(body.query, count, ctx.now.getTime());
  const request: SearchRequest = { ...body };
  return {
    items: out,
    metadata: {
      count: Math.min(count, LIMITS.exactCountThreshold),
      exactCount: count <= LIMITS.exactCountThreshold,
      time: Math.round((performance.now() - started) * 100) / 100,
      token: body.token,
      url: encodeSearchUrl(ctx.baseUrl, request),
      offset,
      limit,
      facets,
      id: randomUUID(),
      configurationId: configuration.config.id,
      defaultConfigurationId: tenant.config.defaultConfigurationId,
    },
  };
}

import { randomUUID } from 'node:crypto';
import {
  systemVariables,
  effectiveGroupSize,
  LIMITS,
  type AutocompleteResponse,
  type Item,
  type SuggestResponse,
} from '../../../shared/request';
import type { CatalogItem } from '../catalog/generate';
import { badRequest, EmulatorError } from '../errors';
import {
  activeTriggers,
  configurationOf,
  filterPredicate,
  maskFunction,
  productOf,
  signalMultiplier,
  sortComparator,
  textMatches,
  validate,
  type ServeContext,
} from './search';
import type { Tenant } from './tenant';
import { topK } from './top-k';

/** POST /search/suggest: items for a query, one group per value of a single-valued attribute. */
export function runSuggest(tenant: Tenant, raw: unknown, ctx: ServeContext): SuggestResponse {
  const started = performance.now();
  const body = validate('suggest', raw);
  const configuration = configurationOf(tenant, body.configurationId);
  const { groupBy } = body.options;
  const groupable = tenant.groupableAttributes();
  if (!groupable.includes(groupBy.attribute)) {
    throw badRequest(
      'invalid-group-attribute',
      `${groupBy.attribute} cannot be used for grouping: it must be a single-valued facetable attribute (${groupable.join(', ')}).`,
      'options.groupBy.attribute',
    );
  }
  if (groupBy.values.length > LIMITS.suggestTotal) {
    throw badRequest(
      'too-many-groups',
      `At most ${LIMITS.suggestTotal} group values fit the ${LIMITS.suggestTotal}-item total; got ${groupBy.values.length}.`,
      'options.groupBy.values',
    );
  }
  const perGroup = effectiveGroupSize(groupBy.size, groupBy.values.length);
  const items = tenant.index.items;
  const { ids, scores: textScores } = textMatches(tenant, configuration, body.query);
  const predicate = filterPredicate(tenant, body.options.filter);
  const multiplier = signalMultiplier(tenant, configuration);
  const score = new Float64Array(items.length);
  const byValue = new Map<string, number[]>(groupBy.values.map((v) => [v, []]));
  const variables = { ...(body.context?.variables ?? {}), ...systemVariables({ query: body.query }, ctx.now) };
  const triggers = activeTriggers(configuration, variables);
  for (let k = 0; k < ids.length; k++) {
    const i = ids[k] as number;
    const item = items[i] as CatalogItem;
    const bucket = byValue.get(String(item[groupBy.attribute]));
    if (!bucket || !predicate(i)) continue;
    let s = (textScores[k] as number) * multiplier(i);
    for (const t of triggers) if (t.boost(i)) s *= t.factor;
    score[i] = s;
    bucket.push(i);
  }
  const better = sortComparator(tenant, body.options.sortBy, score);
  const mask = maskFunction(body.options.customResponseMask);
  const groups = groupBy.values.map((value) => {
    const members = byValue.get(value) ?? [];
    const top = topK(members, perGroup, better).map((i) => {
      const item = items[i] as CatalogItem;
      const full: Item = {
        id: item.id,
        score: Math.round((score[i] as number) * 10_000) / 10_000,
        kind: item.kind,
        context: `${groupBy.attribute}:${value}`,
        product: productOf(item, ctx.baseUrl),
      };
      return (mask ? mask(full) : full) as Item;
    });
    return { value, count: members.length, items: top };
  });
  return {
    groups,
    metadata: {
      time: Math.round((performance.now() - started) * 100) / 100,
      token: body.token,
      url: `${ctx.baseUrl}/search/suggest`,
      id: randomUUID(),
      configurationId: configuration.config.id,
      defaultConfigurationId: tenant.config.defaultConfigurationId,
    },
  };
}

export const AUTOCOMPLETE_PREREQUISITES =
  'Autocomplete is a beta feature and is not activated for this tenant. It needs a working search implementation, usage tracking enabled and implemented, and activation by the operator of the service.';

/** Candidates an autocomplete request counts the matches of, at most (each is a search). */
export const MAX_COUNTED_PER_REQUEST = 200;

/** POST /search/autocomplete: earlier queries that returned results, extending the input, by views. */
export function runAutocomplete(tenant: Tenant, raw: unknown, ctx: ServeContext, windowDays = 7): AutocompleteResponse {
  const started = performance.now();
  if (!tenant.config.autocompleteActivated) throw new EmulatorError(403, 'autocomplete-not-activated', AUTOCOMPLETE_PREREQUISITES);
  const body = validate('autocomplete', raw);
  const configuration = configurationOf(tenant, body.configurationId);
  const n = body.options?.numberOfSuggestions ?? LIMITS.numberOfSuggestions.default;
  const predicate = filterPredicate(tenant, body.options?.filter);
  const since = ctx.now.getTime() - windowDays * 86_400_000;
  const candidates = tenant.usage.suggestions(body.query, since);
  const { order, minResults } = configuration.config.autocomplete ?? { order: 'views', minResults: 1 };
  // Ordered by results, a configuration looks further down the views order, then puts the broadest first.
  const wanted = order === 'results' ? Math.max(3 * n, 30) : n;
  let suggestions: { suggestion: string; count: number }[] = [];
  // Queries never counted (tracked, or seeded) are counted as a search would, at most this many per request: a flood
  // of tracked queries that match nothing costs one autocomplete no more than that.
  let counted = 0;
  for (const c of candidates) {
    if (suggestions.length >= wanted) break;
    let count = c.lastCount;
    if (count === undefined || body.options?.filter) {
      if (++counted > MAX_COUNTED_PER_REQUEST) break;
      // Seeded queries were never run: count their matches once, as a search would.
      const { ids } = textMatches(tenant, configuration, c.query);
      count = 0;
      for (let k = 0; k < ids.length; k++) if (predicate(ids[k] as number)) count++;
      if (!body.options?.filter) tenant.usage.setCount(c.query, count);
    }
    if (count >= minResults) suggestions.push({ suggestion: c.query, count });
  }
  if (order === 'results') suggestions = suggestions.sort((x, y) => y.count - x.count).slice(0, n);
  return {
    suggestions,
    metadata: {
      time: Math.round((performance.now() - started) * 100) / 100,
      token: body.token,
      id: randomUUID(),
      configurationId: configuration.config.id,
      count: candidates.length,
    },
  };
}

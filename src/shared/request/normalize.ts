import { z } from 'zod';
import { validateVariables } from './variables';
import type { JsonPath, RequestDiagnostic } from '../diagnostics';
import { parseFilter } from '../filter';
import { describeValue, isJsonObject } from '../json-value';
import { parseMask } from '../mask';
import { checkUnknown, Collector, typed, type Obj } from './checks';
import { applyFixes } from './fixes';
import { planGroups } from './group-plan';
import {
  disableFeatureSchema,
  facetSelectionSchema,
  groupBySchema,
  requestSchemas,
  sortValueSchema,
  type FacetSelection,
  type SortValue,
} from './schema';
import { structuralDiagnostics } from './structure';
import { DISABLEABLE_FEATURES, LIMITS, type RequestKind } from './types';

export interface NormalizeContext {
  /** Attributes the profile knows to be sortable; unknown ones get a warning. */
  sortableAttributes?: readonly string[];
}

export interface NormalizeResult<T = Record<string, unknown>> {
  /** The request with defaults filled in; the user's own values are kept as written unless fixes were applied. */
  request: T;
  diagnostics: RequestDiagnostic[];
}

const KNOWN_TOP = ['token', 'query', 'options', 'context', 'configurationId'];
const KNOWN_OPTIONS: Record<RequestKind, string[]> = {
  search: ['offset', 'limit', 'sortBy', 'facets', 'filter', 'customResponseMask', 'disable'],
  suggest: ['sortBy', 'filter', 'customResponseMask', 'groupBy'],
  autocomplete: ['numberOfSuggestions', 'filter'],
};
const SEARCH_ONLY = new Set(['facets', 'offset', 'limit', 'disable']);

const text = z.string();
const whole = z.int();

/** A whole number outside [min, max]: an error with a fix that clamps it. */
function checkRange(c: Collector, value: number | undefined, path: JsonPath, name: string, code: string, min: number, max: number) {
  if (value === undefined || (value >= min && value <= max)) return;
  const clamped = Math.max(min, Math.min(max, value));
  c.add(path, 'error', code, `${name} ${value} is outside ${min}–${max}.`, {
    fix: { title: `Use ${clamped}`, edits: [{ op: 'set', path, value: clamped }] },
  });
}

function checkLanguageFields(c: Collector, options: Obj): void {
  const filter = typed(text, options.filter);
  if (filter !== undefined)
    for (const d of parseFilter(filter).diagnostics)
      c.add(['options', 'filter'], d.severity, `filter/${d.code}`, d.message, { range: { start: d.start, end: d.end } });
  const mask = typed(text, options.customResponseMask);
  if (mask !== undefined)
    for (const d of parseMask(mask).diagnostics)
      c.add(['options', 'customResponseMask'], d.severity, `mask/${d.code}`, d.message, { range: { start: d.start, end: d.end } });
}

function checkSort(c: Collector, sortBy: unknown, ctx: NormalizeContext): void {
  if (!Array.isArray(sortBy)) return;
  const seen = new Set<string>();
  sortBy.forEach((raw: unknown, i) => {
    const path = ['options', 'sortBy', i];
    if (!isJsonObject(raw)) return;
    checkUnknown(c, raw, ['attribute', 'order'], path, 'A sort value');
    const entry: SortValue | undefined = typed(sortValueSchema, raw);
    const attribute = typeof raw.attribute === 'string' ? raw.attribute : undefined;
    if (attribute === undefined) return;
    if (attribute.trim() === '') return c.add([...path, 'attribute'], 'error', 'required', 'Each sort needs the attribute to sort by.');
    if (seen.has(attribute))
      c.add(
        [...path, 'attribute'],
        'warning',
        'duplicate-sort',
        `${attribute} is already sorted on above; the first sort takes precedence, so this one has no effect.`,
      );
    seen.add(attribute);
    if (entry && ctx.sortableAttributes && !ctx.sortableAttributes.includes(attribute)) {
      c.add(
        [...path, 'attribute'],
        'warning',
        'not-sortable',
        `${attribute} is not among the sortable attributes known for this profile (${ctx.sortableAttributes.join(', ') || 'none'}); the service returns an error for attributes not registered as sortable.`,
      );
    }
  });
}

function checkFacet(c: Collector, raw: Obj, path: JsonPath, ids: Set<string>): void {
  checkUnknown(c, raw, ['id', 'attribute', 'values'], path, 'A facet selection');
  const facet: Partial<FacetSelection> = typed(facetSelectionSchema, raw) ?? {
    ...(typeof raw.id === 'string' ? { id: raw.id } : {}),
    ...(typeof raw.attribute === 'string' ? { attribute: raw.attribute } : {}),
  };
  if (facet.id === undefined && facet.attribute !== undefined) {
    c.add(
      [...path, 'attribute'],
      'warning',
      'deprecated-facet-attribute',
      `Selecting a facet by "attribute" is deprecated and will stop working; use "id".`,
      {
        fix: {
          title: 'Rename "attribute" to "id"',
          edits: [
            { op: 'set', path: [...path, 'id'], value: facet.attribute },
            { op: 'remove', path: [...path, 'attribute'] },
          ],
        },
      },
    );
  } else if (facet.id !== undefined && facet.attribute !== undefined) {
    c.add(
      [...path, 'attribute'],
      'warning',
      'deprecated-facet-attribute',
      `"attribute" is deprecated and redundant next to "id"; remove it.`,
      {
        fix: { title: 'Remove "attribute"', edits: [{ op: 'remove', path: [...path, 'attribute'] }] },
      },
    );
  }
  const id = facet.id ?? facet.attribute;
  if (id === undefined ? raw.id === undefined && raw.attribute === undefined : id.trim() === '')
    c.add([...path, 'id'], 'error', 'required', 'Each facet selection needs the facet id.');
  else if (id !== undefined) {
    if (ids.has(id))
      c.add(
        [...path, 'id'],
        'warning',
        'duplicate-facet',
        `Facet ${id} is selected twice; the two selections combine with AND, so an item must match both.`,
      );
    ids.add(id);
  }
  if (!Array.isArray(raw.values)) return;
  if (raw.values.length === 0)
    c.add([...path, 'values'], 'warning', 'empty-facet', 'This facet selection has no values, so it filters nothing.');
  raw.values.forEach((v: unknown, j) => {
    if (typeof v === 'number' || typeof v === 'boolean')
      c.add([...path, 'values', j], 'warning', 'facet-value-type', `Facet values are text; ${describeValue(v)} may not match.`, {
        fix: { title: `Use "${String(v)}"`, edits: [{ op: 'set', path: [...path, 'values', j], value: String(v) }] },
      });
  });
}

function checkFacets(c: Collector, facets: unknown): void {
  if (!Array.isArray(facets)) return;
  const ids = new Set<string>();
  facets.forEach((facet: unknown, i) => isJsonObject(facet) && checkFacet(c, facet, ['options', 'facets', i], ids));
}

function checkDisable(c: Collector, disable: unknown): void {
  if (!Array.isArray(disable)) return;
  disable.forEach((raw: unknown, i) => {
    const entry = typed(disableFeatureSchema, raw);
    if (!entry) return;
    checkUnknown(c, entry, ['name'], ['options', 'disable', i], 'A disabled feature');
    if (!(DISABLEABLE_FEATURES as readonly string[]).includes(entry.name))
      c.add(
        ['options', 'disable', i],
        'warning',
        'unknown-feature',
        `Only "facet" can be disabled; ${describeValue(entry.name)} is ignored by the service.`,
        {
          fix: { title: 'Remove it', edits: [{ op: 'remove', path: ['options', 'disable', i] }] },
        },
      );
  });
}

function checkContext(c: Collector, context: unknown): void {
  if (!isJsonObject(context)) return;
  checkUnknown(c, context, ['variables', 'session'], ['context'], 'context');
  c.list.push(...validateVariables(context.variables));
}

function checkPaging(c: Collector, options: Obj): void {
  let limit: number = LIMITS.limit.default;
  const givenLimit = typed(whole, options.limit);
  if (givenLimit !== undefined) {
    limit = givenLimit;
    if (limit < LIMITS.limit.min || limit > LIMITS.limit.max) {
      c.add(
        ['options', 'limit'],
        'warning',
        'limit-range',
        `limit ${limit} is outside ${LIMITS.limit.min}–${LIMITS.limit.max}: the service will use ${LIMITS.limit.max}.`,
        { fix: { title: `Use ${LIMITS.limit.max}`, edits: [{ op: 'set', path: ['options', 'limit'], value: LIMITS.limit.max }] } },
      );
      limit = LIMITS.limit.max;
    }
  }
  const offset = typed(whole, options.offset);
  if (offset === undefined) return;
  if (offset < LIMITS.offset.min || offset > LIMITS.offset.max)
    return checkRange(c, offset, ['options', 'offset'], 'offset', 'offset-range', LIMITS.offset.min, LIMITS.offset.max);
  if (limit > 0 && offset % limit !== 0) {
    const down = offset - (offset % limit);
    c.add(
      ['options', 'offset'],
      'warning',
      'offset-multiple',
      `offset ${offset} is not a multiple of limit ${limit}, so pages overlap or skip items; use ${down} or ${down + limit}.`,
      { fix: { title: `Use ${down}`, edits: [{ op: 'set', path: ['options', 'offset'], value: down }] } },
    );
  }
}

function checkGroupBy(c: Collector, raw: unknown): void {
  const path = ['options', 'groupBy'];
  if (!isJsonObject(raw)) return;
  checkUnknown(c, raw, ['attribute', 'values', 'size'], path, 'groupBy');
  if (typeof raw.attribute === 'string' && raw.attribute.trim() === '')
    c.add([...path, 'attribute'], 'error', 'required', 'groupBy needs the attribute to group on (a single-valued facetable attribute).');
  const values = Array.isArray(raw.values) ? raw.values : undefined;
  if (values?.length === 0) c.add([...path, 'values'], 'error', 'required', 'groupBy.values is empty, so there would be no groups.');
  const size = typed(groupBySchema.shape.size, raw.size);
  if (size === undefined) return;
  const { min, max } = LIMITS.groupSize;
  if (size < min || size > max) return checkRange(c, size, [...path, 'size'], 'size', 'group-size-range', min, max);
  const plan = planGroups(size, values?.length ?? 0);
  if (plan.capped) {
    if (plan.perGroup === 0) c.add([...path, 'values'], 'error', 'too-many-groups', plan.explanation);
    else c.add([...path, 'size'], 'info', 'group-size-capped', plan.explanation);
  }
}

/** The semantic rules of one kind, over what parses; structure is the schema's. */
function checkKind(c: Collector, kind: RequestKind, input: Obj, ctx: NormalizeContext): void {
  if (typeof input.token === 'string' && input.token.trim() === '')
    c.add(['token'], 'error', 'required', 'token is required: the search token from the management console.');
  checkContext(c, input.context);
  if (!isJsonObject(input.options)) return;
  const options = input.options;
  checkUnknown(c, options, KNOWN_OPTIONS[kind], ['options'], `The options object of a ${kind} request`, {
    note: (key) => (kind !== 'search' && SEARCH_ONLY.has(key) ? `${key} applies to search only.` : undefined),
  });
  checkLanguageFields(c, options);
  if (kind === 'search') {
    checkPaging(c, options);
    checkSort(c, options.sortBy, ctx);
    checkFacets(c, options.facets);
    checkDisable(c, options.disable);
  } else if (kind === 'suggest') {
    checkSort(c, options.sortBy, ctx);
    checkGroupBy(c, options.groupBy);
  } else {
    const { min, max } = LIMITS.numberOfSuggestions;
    checkRange(
      c,
      typed(whole, options.numberOfSuggestions),
      ['options', 'numberOfSuggestions'],
      'numberOfSuggestions',
      'suggestions-range',
      min,
      max,
    );
  }
}

/** The request as sent, with the service's defaults filled in where the user left them out. */
function withDefaults(kind: RequestKind, input: Obj): Obj {
  const request: Obj = structuredClone(input);
  if (kind === 'suggest') return request;
  const options: Obj = isJsonObject(request.options) ? request.options : {};
  request.options = options;
  if (kind === 'search') {
    options.offset ??= LIMITS.offset.default;
    options.limit ??= LIMITS.limit.default;
  } else options.numberOfSuggestions ??= LIMITS.numberOfSuggestions.default;
  return request;
}

/**
 * Checks a request as the service will read it and fills in defaults: the
 * structure from the kind's schema (./schema), then the semantic rules —
 * ranges, the filter and mask languages, deprecated and duplicate fields,
 * the grouping cap, unknown fields. The user's values are left as written
 * (out-of-range ones are reported) unless `applyFixes` is set, in which case
 * every diagnostic's fix is applied.
 */
export function normalize(
  kind: RequestKind,
  input: unknown,
  ctx: NormalizeContext = {},
  mode: { applyFixes?: boolean } = {},
): NormalizeResult {
  const c = new Collector();
  const parsed = requestSchemas[kind].safeParse(input);
  if (!parsed.success) structuralDiagnostics(c, parsed.error, input);
  if (!isJsonObject(input)) return { request: {}, diagnostics: c.list };
  checkUnknown(c, input, KNOWN_TOP, [], `A ${kind} request`, { elsewhere: { known: KNOWN_OPTIONS[kind], path: ['options'] } });
  checkKind(c, kind, input, ctx);
  const request = withDefaults(kind, input);
  if (!mode.applyFixes) return { request, diagnostics: c.list };
  const fixes = c.list.flatMap((d) => (d.fix ? [d.fix] : []));
  return normalize(kind, applyFixes(request, fixes), ctx);
}

/** Which endpoint a free-form request body is for, from its shape. */
export function guessKind(input: unknown): RequestKind {
  const options = isJsonObject(input) && isJsonObject(input.options) ? input.options : {};
  if ('groupBy' in options) return 'suggest';
  if ('numberOfSuggestions' in options) return 'autocomplete';
  return 'search';
}

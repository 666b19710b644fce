import { validateVariables } from '../context/variables';
import type { RequestDiagnostic } from '../diagnostics';
import { parseFilter } from '../filter/parser';
import { describeValue, isJsonObject } from '../json-value';
import { parseMask } from '../mask/parser';
import { checkInteger, checkString, checkUnknown, Collector, type Obj } from './checks';
import { applyFixes } from './fixes';
import { planGroups } from './group-plan';
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

const KNOWN_TOP: Record<RequestKind, string[]> = {
  search: ['token', 'query', 'options', 'context', 'configurationId'],
  suggest: ['token', 'query', 'options', 'context', 'configurationId'],
  autocomplete: ['token', 'query', 'options', 'context', 'configurationId'],
};
const KNOWN_OPTIONS: Record<RequestKind, string[]> = {
  search: ['offset', 'limit', 'sortBy', 'facets', 'filter', 'customResponseMask', 'disable'],
  suggest: ['sortBy', 'filter', 'customResponseMask', 'groupBy'],
  autocomplete: ['numberOfSuggestions', 'filter'],
};

function checkLanguageFields(c: Collector, options: Obj): void {
  if (options.filter !== undefined) {
    if (typeof options.filter !== 'string')
      c.add(['options', 'filter'], 'error', 'type', `filter must be text, not ${describeValue(options.filter)}.`);
    else
      for (const d of parseFilter(options.filter).diagnostics) {
        c.add(['options', 'filter'], d.severity, `filter/${d.code}`, d.message, { range: { start: d.start, end: d.end } });
      }
  }
  if ('customResponseMask' in options && options.customResponseMask !== undefined) {
    if (typeof options.customResponseMask !== 'string') {
      c.add(
        ['options', 'customResponseMask'],
        'error',
        'type',
        `customResponseMask must be text, not ${describeValue(options.customResponseMask)}.`,
      );
    } else {
      for (const d of parseMask(options.customResponseMask).diagnostics) {
        c.add(['options', 'customResponseMask'], d.severity, `mask/${d.code}`, d.message, { range: { start: d.start, end: d.end } });
      }
    }
  }
}

function checkSort(c: Collector, sortBy: unknown, ctx: NormalizeContext): void {
  if (sortBy === undefined) return;
  if (!Array.isArray(sortBy))
    return c.add(['options', 'sortBy'], 'error', 'type', `sortBy must be a list of { attribute, order }, not ${describeValue(sortBy)}.`);
  const seen = new Set<string>();
  sortBy.forEach((entry, i) => {
    const path = ['options', 'sortBy', i];
    if (!isJsonObject(entry))
      return c.add(path, 'error', 'type', `Each sort must be { "attribute": …, "order": "asc" | "desc" }, not ${describeValue(entry)}.`);
    checkUnknown(c, entry, ['attribute', 'order'], path, 'A sort value');
    if (typeof entry.attribute !== 'string' || entry.attribute.trim() === '') {
      c.add([...path, 'attribute'], 'error', 'required', 'Each sort needs the attribute to sort by.');
    } else {
      if (seen.has(entry.attribute))
        c.add(
          [...path, 'attribute'],
          'warning',
          'duplicate-sort',
          `${entry.attribute} is already sorted on above; the first sort takes precedence, so this one has no effect.`,
        );
      seen.add(entry.attribute);
      if (ctx.sortableAttributes && !ctx.sortableAttributes.includes(entry.attribute)) {
        c.add(
          [...path, 'attribute'],
          'warning',
          'not-sortable',
          `${entry.attribute} is not among the sortable attributes known for this profile (${ctx.sortableAttributes.join(', ') || 'none'}); the service returns an error for attributes not registered as sortable.`,
        );
      }
    }
    if (entry.order !== undefined && entry.order !== 'asc' && entry.order !== 'desc') {
      const lower = typeof entry.order === 'string' ? entry.order.trim().toLowerCase() : '';
      const fixed = lower === 'asc' || lower === 'ascending' ? 'asc' : lower === 'desc' || lower === 'descending' ? 'desc' : undefined;
      c.add(
        [...path, 'order'],
        'error',
        'sort-order',
        `order must be "asc" or "desc", not ${describeValue(entry.order)}.`,
        fixed ? { fix: { title: `Use "${fixed}"`, edits: [{ op: 'set', path: [...path, 'order'], value: fixed }] } } : {},
      );
    }
  });
}

function checkFacets(c: Collector, facets: unknown): void {
  if (facets === undefined) return;
  if (!Array.isArray(facets))
    return c.add(['options', 'facets'], 'error', 'type', `facets must be a list of { id, values }, not ${describeValue(facets)}.`);
  const ids = new Set<string>();
  facets.forEach((facet, i) => {
    const path = ['options', 'facets', i];
    if (!isJsonObject(facet))
      return c.add(path, 'error', 'type', `Each facet selection must be { "id": …, "values": [...] }, not ${describeValue(facet)}.`);
    checkUnknown(c, facet, ['id', 'attribute', 'values'], path, 'A facet selection');
    const id = facet.id ?? facet.attribute;
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
    if (typeof id !== 'string' || id.trim() === '') c.add([...path, 'id'], 'error', 'required', 'Each facet selection needs the facet id.');
    else {
      if (ids.has(id))
        c.add(
          [...path, 'id'],
          'warning',
          'duplicate-facet',
          `Facet ${id} is selected twice; the two selections combine with AND, so an item must match both.`,
        );
      ids.add(id);
    }
    if (!Array.isArray(facet.values))
      return c.add([...path, 'values'], 'error', 'type', `values must be a list of facet values, not ${describeValue(facet.values)}.`);
    if (facet.values.length === 0)
      c.add([...path, 'values'], 'warning', 'empty-facet', 'This facet selection has no values, so it filters nothing.');
    facet.values.forEach((v, j) => {
      if (typeof v !== 'string') {
        c.add(
          [...path, 'values', j],
          typeof v === 'number' || typeof v === 'boolean' ? 'warning' : 'error',
          'facet-value-type',
          `Facet values are text; ${describeValue(v)} may not match.`,
          typeof v === 'number' || typeof v === 'boolean'
            ? { fix: { title: `Use "${String(v)}"`, edits: [{ op: 'set', path: [...path, 'values', j], value: String(v) }] } }
            : {},
        );
      }
    });
  });
}

function checkDisable(c: Collector, disable: unknown): void {
  if (disable === undefined) return;
  if (!Array.isArray(disable))
    return c.add(
      ['options', 'disable'],
      'error',
      'type',
      `disable must be a list like [{ "name": "facet" }], not ${describeValue(disable)}.`,
    );
  disable.forEach((entry, i) => {
    const name = isJsonObject(entry) ? entry.name : undefined;
    if (!(DISABLEABLE_FEATURES as readonly unknown[]).includes(name)) {
      c.add(
        ['options', 'disable', i],
        'warning',
        'unknown-feature',
        `Only "facet" can be disabled; ${describeValue(isJsonObject(entry) ? name : entry)} is ignored by the service.`,
        {
          fix: { title: 'Remove it', edits: [{ op: 'remove', path: ['options', 'disable', i] }] },
        },
      );
    }
  });
}

function checkContext(c: Collector, context: unknown): void {
  if (context === undefined) return;
  if (!isJsonObject(context))
    return c.add(
      ['context'],
      'error',
      'type',
      `context must be an object with "variables" (and optionally "session"), not ${describeValue(context)}.`,
    );
  checkUnknown(c, context, ['variables', 'session'], ['context'], 'context');
  c.list.push(...validateVariables(context.variables));
  if (context.session !== undefined && !isJsonObject(context.session))
    c.add(
      ['context', 'session'],
      'error',
      'type',
      `context.session must be an object of key/value pairs, not ${describeValue(context.session)}.`,
    );
}

function checkPaging(c: Collector, options: Obj): void {
  let limit: number = LIMITS.limit.default;
  if (options.limit !== undefined && checkInteger(c, options.limit, ['options', 'limit'], 'limit')) {
    limit = options.limit as number;
    if (limit < LIMITS.limit.min || limit > LIMITS.limit.max) {
      c.add(
        ['options', 'limit'],
        'warning',
        'limit-range',
        `limit ${limit} is outside ${LIMITS.limit.min}–${LIMITS.limit.max}: the service will use ${LIMITS.limit.max}.`,
        {
          fix: { title: `Use ${LIMITS.limit.max}`, edits: [{ op: 'set', path: ['options', 'limit'], value: LIMITS.limit.max }] },
        },
      );
      limit = LIMITS.limit.max;
    }
  }
  if (options.offset !== undefined && checkInteger(c, options.offset, ['options', 'offset'], 'offset')) {
    const offset = options.offset as number;
    if (offset < LIMITS.offset.min || offset > LIMITS.offset.max) {
      const clamped = Math.max(LIMITS.offset.min, Math.min(LIMITS.offset.max, offset));
      c.add(['options', 'offset'], 'error', 'offset-range', `offset ${offset} is outside ${LIMITS.offset.min}–${LIMITS.offset.max}.`, {
        fix: { title: `Use ${clamped}`, edits: [{ op: 'set', path: ['options', 'offset'], value: clamped }] },
      });
    } else if (limit > 0 && offset % limit !== 0) {
      const down = offset - (offset % limit);
      c.add(
        ['options', 'offset'],
        'warning',
        'offset-multiple',
        `offset ${offset} is not a multiple of limit ${limit}, so pages overlap or skip items; use ${down} or ${down + limit}.`,
        {
          fix: { title: `Use ${down}`, edits: [{ op: 'set', path: ['options', 'offset'], value: down }] },
        },
      );
    }
  }
}

function checkGroupBy(c: Collector, groupBy: unknown): void {
  const path = ['options', 'groupBy'];
  if (groupBy === undefined) return c.add(path, 'error', 'required', 'Suggest needs options.groupBy: { attribute, values, size }.');
  if (!isJsonObject(groupBy))
    return c.add(path, 'error', 'type', `groupBy must be { attribute, values, size }, not ${describeValue(groupBy)}.`);
  checkUnknown(c, groupBy, ['attribute', 'values', 'size'], path, 'groupBy');
  if (typeof groupBy.attribute !== 'string' || groupBy.attribute.trim() === '')
    c.add([...path, 'attribute'], 'error', 'required', 'groupBy needs the attribute to group on (a single-valued facetable attribute).');
  let count = 0;
  if (!Array.isArray(groupBy.values))
    c.add([...path, 'values'], 'error', 'required', 'groupBy needs the list of values to make groups for.');
  else {
    count = groupBy.values.length;
    if (count === 0) c.add([...path, 'values'], 'error', 'required', 'groupBy.values is empty, so there would be no groups.');
    groupBy.values.forEach((v, i) => {
      if (typeof v !== 'string') c.add([...path, 'values', i], 'error', 'type', `Group values are text, not ${describeValue(v)}.`);
    });
  }
  if (groupBy.size === undefined)
    return c.add(
      [...path, 'size'],
      'error',
      'required',
      `groupBy needs size: items per group, ${LIMITS.groupSize.min} to ${LIMITS.groupSize.max}.`,
    );
  if (!checkInteger(c, groupBy.size, [...path, 'size'], 'size')) return;
  const size = groupBy.size as number;
  if (size < LIMITS.groupSize.min || size > LIMITS.groupSize.max) {
    const clamped = Math.max(LIMITS.groupSize.min, Math.min(LIMITS.groupSize.max, size));
    return c.add(
      [...path, 'size'],
      'error',
      'group-size-range',
      `size ${size} is outside ${LIMITS.groupSize.min}–${LIMITS.groupSize.max}.`,
      {
        fix: { title: `Use ${clamped}`, edits: [{ op: 'set', path: [...path, 'size'], value: clamped }] },
      },
    );
  }
  const plan = planGroups(size, count);
  if (plan.capped) {
    if (plan.perGroup === 0) c.add([...path, 'values'], 'error', 'too-many-groups', plan.explanation);
    else c.add([...path, 'size'], 'info', 'group-size-capped', plan.explanation);
  }
}

/**
 * Checks a request as the service will read it and fills in defaults. The
 * user's values are left as written (out-of-range ones are reported) unless
 * `applyFixes` is set, in which case every diagnostic's fix is applied.
 */
export function normalize(
  kind: RequestKind,
  input: unknown,
  ctx: NormalizeContext = {},
  mode: { applyFixes?: boolean } = {},
): NormalizeResult {
  const c = new Collector();
  if (!isJsonObject(input)) {
    c.add([], 'error', 'type', `A ${kind} request is a JSON object, not ${describeValue(input)}.`);
    return { request: {}, diagnostics: c.list };
  }
  checkUnknown(c, input, KNOWN_TOP[kind], [], `A ${kind} request`);
  checkString(c, input, 'token', [], 'token is required: the search token from the management console.');
  checkString(c, input, 'query', [], kind === 'search' ? undefined : `query is required for ${kind}.`);
  checkString(c, input, 'configurationId', [], undefined);
  checkContext(c, input.context);

  const options = input.options;
  if (options !== undefined && !isJsonObject(options))
    c.add(['options'], 'error', 'type', `options must be an object, not ${describeValue(options)}.`);
  const opts: Obj = isJsonObject(options) ? options : {};
  if (isJsonObject(options)) {
    for (const key of Object.keys(opts)) {
      if (KNOWN_OPTIONS[kind].includes(key)) continue;
      const note =
        kind !== 'search' && (key === 'facets' || key === 'offset' || key === 'limit' || key === 'disable')
          ? ` ${key} applies to search only.`
          : '';
      c.add(['options', key], 'warning', 'unknown-field', `${kind} options have no '${key}'; the service will ignore it.${note}`, {
        fix: { title: `Remove '${key}'`, edits: [{ op: 'remove', path: ['options', key] }] },
      });
    }
  }
  checkLanguageFields(c, opts);

  const request: Obj = structuredClone(input);
  if (kind === 'search') {
    checkPaging(c, opts);
    checkSort(c, opts.sortBy, ctx);
    checkFacets(c, opts.facets);
    checkDisable(c, opts.disable);
    const o = (request.options = isJsonObject(request.options) ? request.options : {}) as Obj;
    o.offset ??= LIMITS.offset.default;
    o.limit ??= LIMITS.limit.default;
  } else if (kind === 'suggest') {
    if (!isJsonObject(options)) c.add(['options'], 'error', 'required', 'Suggest needs options with groupBy.');
    checkSort(c, opts.sortBy, ctx);
    if (isJsonObject(options)) checkGroupBy(c, opts.groupBy);
  } else {
    const n = opts.numberOfSuggestions;
    if (n !== undefined && checkInteger(c, n, ['options', 'numberOfSuggestions'], 'numberOfSuggestions')) {
      const { min, max } = LIMITS.numberOfSuggestions;
      if ((n as number) < min || (n as number) > max) {
        const clamped = Math.max(min, Math.min(max, n as number));
        c.add(['options', 'numberOfSuggestions'], 'error', 'suggestions-range', `numberOfSuggestions ${n} is outside ${min}–${max}.`, {
          fix: { title: `Use ${clamped}`, edits: [{ op: 'set', path: ['options', 'numberOfSuggestions'], value: clamped }] },
        });
      }
    }
    const o = (request.options = isJsonObject(request.options) ? request.options : {}) as Obj;
    o.numberOfSuggestions ??= LIMITS.numberOfSuggestions.default;
  }

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

import type { RequestDiagnostic } from '../diagnostics';
import { isValidDate } from '../filter';
import { isJsonObject } from '../json-value';
import { contextValueSchema, contextVariablesSchema } from './schema';
import type { ContextValue, FacetSelection } from './types';

/**
 * Context variables (§2.5): custom key/value pairs for triggers, and the
 * system variables the service sets itself.
 */

export const SYSTEM_VARIABLES = [
  { name: '$SEARCH_QUERY', type: 'string', meaning: 'Query used for the search' },
  { name: '$SEARCH_FACET_*', type: 'array', meaning: 'Facets used for the search' },
  { name: '$SEARCH_TAGS_FACET_*', type: 'array', meaning: 'Tag facets used for the search' },
  { name: '$SEARCH_DATE_TIME', type: 'date', meaning: 'Date and time of the search' },
  { name: '$SEARCH_HOUR', type: 'long', meaning: 'Hour of the search in server time, 0-23' },
] as const;

const RESERVED = /^\$SEARCH_(?:QUERY|DATE_TIME|HOUR|FACET_.*|TAGS_FACET_.*)$/;

export function isReservedVariable(name: string): boolean {
  return RESERVED.test(name);
}

export type VariableType = 'string' | 'long' | 'double' | 'date' | 'boolean' | 'array';

/** The type the service will see for a value, or undefined for a value it does not accept. */
export function variableType(value: unknown): VariableType | undefined {
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return Number.isFinite(value) ? (Number.isInteger(value) ? 'long' : 'double') : undefined;
  if (typeof value === 'string') return isValidDate(value) && /T.*(Z|[+-]\d{2}:?\d{2})$/.test(value) ? 'date' : 'string';
  if (Array.isArray(value)) return value.every((v) => typeof v === 'string') ? 'array' : undefined;
  return undefined;
}

/**
 * Checks `context.variables`: the shape from the request schema (an object of
 * supported values), then what the schema cannot say — reserved names, empty
 * names, integers JSON cannot carry exactly, dates without an offset.
 */
export function validateVariables(variables: unknown, basePath = 'context.variables'): RequestDiagnostic[] {
  const out: RequestDiagnostic[] = [];
  if (variables === undefined) return out;
  const shape = contextVariablesSchema.safeParse(variables);
  if (!isJsonObject(variables)) {
    const message = shape.success ? '' : (shape.error.issues[0]?.message ?? '');
    return [{ path: basePath, severity: 'error', code: 'variables-not-object', message }];
  }
  for (const [name, raw] of Object.entries(variables)) {
    const path = `${basePath}.${name}`;
    if (isReservedVariable(name)) {
      out.push({
        path,
        severity: 'error',
        code: 'reserved-variable',
        message: `${name} is a system variable: the service sets it and it cannot be used as a custom key. Choose another name.`,
        fix: { title: `Remove ${name}`, edits: [{ op: 'remove', path: ['context', 'variables', name] }] },
      });
      continue;
    }
    if (name.trim() === '') out.push({ path, severity: 'error', code: 'empty-variable-name', message: 'A context variable needs a name.' });
    const value = contextValueSchema.safeParse(raw);
    if (!value.success) {
      out.push({ path, severity: 'error', code: 'unsupported-variable-type', message: `${name} ${value.error.issues[0]?.message ?? ''}` });
      continue;
    }
    const type = variableType(value.data);
    if (type === 'long' && !Number.isSafeInteger(value.data)) {
      out.push({
        path,
        severity: 'warning',
        code: 'unsafe-integer',
        message: `${name} is larger than JSON numbers carry exactly (±2^53); it may arrive rounded. Send it as text if it is an identifier.`,
      });
    }
    if (type === 'string' && typeof value.data === 'string' && /^\d{4}-\d{2}-\d{2}(T[\d:.]+)?$/.test(value.data)) {
      const fixed = value.data.length === 10 ? `${value.data}T00:00:00Z` : `${value.data}Z`;
      out.push({
        path,
        severity: 'warning',
        code: 'date-without-offset',
        message: `${name} looks like a date but has no offset, so it is sent as text. Dates need an offset, like ${fixed}.`,
        fix: { title: 'Add a UTC offset', edits: [{ op: 'set', path: ['context', 'variables', name], value: fixed }] },
      });
    }
  }
  return out;
}

/** JSON Schema for the context-variables editor (Monaco's JSON language). */
export const variablesJsonSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'Context variables',
  description: 'Custom variables made available to triggers. System variables ($SEARCH_…) are set by the service.',
  type: 'object',
  propertyNames: {
    not: { pattern: '^\\$SEARCH_(QUERY|DATE_TIME|HOUR|FACET_.*|TAGS_FACET_.*)$' },
    errorMessage: 'System variables are set by the service and cannot be used as custom keys.',
  },
  additionalProperties: {
    anyOf: [
      { type: 'string', description: 'Text, or a date in ISO 8601 with offset (2024-05-01T10:00:00+02:00)' },
      { type: 'integer', description: 'long (int64)' },
      { type: 'number', description: 'double (float64)' },
      { type: 'boolean' },
      { type: 'array', items: { type: 'string' }, description: 'array of text' },
    ],
  },
} as const;

export interface SystemVariableOptions {
  /** Server time zone as minutes east of UTC; the service's own is unknown, so UTC by default. */
  offsetMinutes?: number;
  /** Facet id → attribute, to tell tag facets apart. */
  facetAttributes?: Record<string, string | undefined>;
}

function isoWithOffset(date: Date, offsetMinutes: number): string {
  const shifted = new Date(date.getTime() + offsetMinutes * 60_000);
  const base = shifted.toISOString().slice(0, 19);
  if (offsetMinutes === 0) return `${base}Z`;
  const sign = offsetMinutes > 0 ? '+' : '-';
  const abs = Math.abs(offsetMinutes);
  return `${base}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

export function facetVariableName(facetId: string, tags: boolean): string {
  return `$SEARCH_${tags ? 'TAGS_' : ''}FACET_${facetId.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`;
}

/** The variables the service would set for this request at this moment. */
export function systemVariables(
  request: { query?: string; options?: { facets?: FacetSelection[] } },
  now: Date,
  options: SystemVariableOptions = {},
): Record<string, ContextValue> {
  const offset = options.offsetMinutes ?? 0;
  const vars: Record<string, ContextValue> = { $SEARCH_QUERY: request.query ?? '' };
  for (const facet of request.options?.facets ?? []) {
    const id = facet.id ?? facet.attribute;
    if (!id || !Array.isArray(facet.values)) continue;
    const tags = options.facetAttributes?.[id] === 'tags' || /tags?$/i.test(id);
    vars[facetVariableName(id, tags)] = facet.values.map(String);
  }
  vars.$SEARCH_DATE_TIME = isoWithOffset(now, offset);
  vars.$SEARCH_HOUR = new Date(now.getTime() + offset * 60_000).getUTCHours();
  return vars;
}

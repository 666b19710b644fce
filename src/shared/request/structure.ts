import type { z } from 'zod';
import type { JsonPath } from '../diagnostics';
import { isJsonObject } from '../json-value';
import type { Collector } from './checks';

function valueAt(root: unknown, path: JsonPath): unknown {
  let here: unknown = root;
  for (const key of path) {
    if (Array.isArray(here) && typeof key === 'number') here = here[key];
    else if (isJsonObject(here) && typeof key === 'string') here = here[key];
    else return undefined;
  }
  return here;
}

const isSortOrder = (path: JsonPath) => path.length === 4 && path[1] === 'sortBy' && path[3] === 'order';
const isFacetValue = (path: JsonPath) => path.length === 5 && path[1] === 'facets' && path[3] === 'values';

/** A sort order the service would not take, when it plainly means one it would: "DESC", "ascending". */
function orderFix(value: unknown): 'asc' | 'desc' | undefined {
  const lower = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (lower === 'asc' || lower === 'ascending') return 'asc';
  if (lower === 'desc' || lower === 'descending') return 'desc';
  return undefined;
}

/**
 * A request's structural problems, from its kind's schema: one error per
 * field that does not have the interface's type, at that field's path, with
 * the schema's own message (it names the field and what it wants). Context
 * variables are left to `validateVariables`, which reads them with the same
 * schema and says more (reserved names, dates without an offset).
 */
export function structuralDiagnostics(c: Collector, error: z.ZodError, input: unknown): void {
  const seen = new Set<string>();
  for (const issue of error.issues) {
    const path = issue.path.filter((k): k is string | number => typeof k !== 'symbol');
    if (path[0] === 'context' && path[1] === 'variables') continue;
    const key = path.join('\u0000');
    if (seen.has(key)) continue; // one message per field: a union reports each of its alternatives
    seen.add(key);
    const value = valueAt(input, path);
    if (isSortOrder(path)) {
      const fixed = orderFix(value);
      c.add(
        path,
        'error',
        'sort-order',
        issue.message,
        fixed ? { fix: { title: `Use "${fixed}"`, edits: [{ op: 'set', path, value: fixed }] } } : {},
      );
    } else if (isFacetValue(path)) {
      c.add(path, 'error', 'facet-value-type', issue.message);
    } else {
      c.add(path, 'error', value === undefined ? 'required' : 'type', issue.message);
    }
  }
}

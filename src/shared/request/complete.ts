import { isJsonObject } from '../json-value';
import type { Obj } from './checks';
import type { RequestKind } from './types';

/**
 * A pasted or imported request with the fields the interface requires but
 * the text left out filled in empty (`query: ""`, an empty groupBy), so the
 * editor can hold it and show what is still missing. Fields of the wrong type
 * are left as they are: those are for the user to fix, not to guess.
 */
export function completeRequest(kind: RequestKind, body: Obj): { request: Obj; filled: string[] } {
  const request: Obj = structuredClone(body);
  const filled: string[] = [];
  const fill = (target: Obj, key: string, value: unknown, name: string) => {
    if (target[key] !== undefined) return;
    target[key] = value;
    filled.push(name);
  };
  fill(request, 'token', '', 'token');
  if (kind === 'search') return { request, filled };
  fill(request, 'query', '', 'query');
  if (kind === 'autocomplete') return { request, filled };
  fill(request, 'options', {}, 'options');
  if (!isJsonObject(request.options)) return { request, filled };
  fill(request.options, 'groupBy', {}, 'options.groupBy');
  const groupBy = request.options.groupBy;
  if (!isJsonObject(groupBy) || filled.includes('options.groupBy')) {
    if (isJsonObject(groupBy)) Object.assign(groupBy, { attribute: '', values: [], size: 5 });
    return { request, filled };
  }
  fill(groupBy, 'attribute', '', 'options.groupBy.attribute');
  fill(groupBy, 'values', [], 'options.groupBy.values');
  fill(groupBy, 'size', 5, 'options.groupBy.size');
  return { request, filled };
}

import type { Fix, JsonEdit, JsonPath } from '../diagnostics';

type Container = Record<string | number, unknown>;

function applyEdit(root: unknown, edit: JsonEdit): unknown {
  if (edit.path.length === 0) return edit.op === 'set' ? structuredClone(edit.value) : undefined;
  const copy = structuredClone(root) as Container;
  let parent: Container = copy;
  const path: JsonPath = edit.path;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i] as string | number;
    let next = parent[key];
    if (next === null || typeof next !== 'object') {
      if (edit.op === 'remove') return copy;
      next = typeof path[i + 1] === 'number' ? [] : {};
      parent[key] = next;
    }
    parent = next as Container;
  }
  const last = path[path.length - 1] as string | number;
  if (edit.op === 'set') parent[last] = structuredClone(edit.value);
  else if (Array.isArray(parent) && typeof last === 'number') parent.splice(last, 1);
  else delete parent[last];
  return copy;
}

function comparePathsDescending(a: JsonPath, b: JsonPath): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i] as string | number;
    const y = b[i] as string | number;
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return y - x;
    return String(y).localeCompare(String(x));
  }
  return b.length - a.length;
}

/**
 * Applies quick fixes to a request, returning a new request. Every `set`
 * lands first; removals follow from the highest array index down, so fixes
 * computed against the same request never disturb each other's paths.
 */
export function applyFixes<T>(request: T, fixes: readonly Fix[]): T {
  const edits = fixes.flatMap((f) => f.edits);
  const sets = edits.filter((e) => e.op === 'set');
  const removes = edits.filter((e) => e.op === 'remove').sort((a, b) => comparePathsDescending(a.path, b.path));
  let out: unknown = request;
  for (const edit of [...sets, ...removes]) out = applyEdit(out, edit);
  return out as T;
}

export function applyFix<T>(request: T, fix: Fix): T {
  return applyFixes(request, [fix]);
}

import { isJsonObject } from '../json-value';

export interface JsonChange {
  /** Dotted path with [i] for array positions: `sizes[2]`, `price`. */
  path: string;
  kind: 'added' | 'removed' | 'changed';
  a?: unknown;
  b?: unknown;
}

function join(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return path ? `${path}.${key}` : key;
}

/** What differs between two JSON values, leaf by leaf; [] when they are equal. */
export function jsonDiff(a: unknown, b: unknown, path = '', out: JsonChange[] = []): JsonChange[] {
  if (Object.is(a, b)) return out;
  if (isJsonObject(a) && isJsonObject(b)) {
    for (const key of Object.keys(a)) {
      if (!(key in b)) out.push({ path: join(path, key), kind: 'removed', a: a[key] });
      else jsonDiff(a[key], b[key], join(path, key), out);
    }
    for (const key of Object.keys(b)) if (!(key in a)) out.push({ path: join(path, key), kind: 'added', b: b[key] });
    return out;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    const n = Math.max(a.length, b.length);
    for (let i = 0; i < n; i++) {
      if (i >= a.length) out.push({ path: join(path, i), kind: 'added', b: b[i] });
      else if (i >= b.length) out.push({ path: join(path, i), kind: 'removed', a: a[i] });
      else jsonDiff(a[i], b[i], join(path, i), out);
    }
    return out;
  }
  out.push({ path, kind: 'changed', a, b });
  return out;
}

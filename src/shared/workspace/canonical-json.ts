import { isJsonObject } from '../json-value';

const LEAD = ['format', 'version', 'name'];

/** How two keys of one object are ordered: at the top, `format`, `version` and `name` first; then by code unit. */
function compareKeys(a: string, b: string, top: boolean): number {
  const la = top ? LEAD.indexOf(a) : -1;
  const lb = top ? LEAD.indexOf(b) : -1;
  if (la >= 0 || lb >= 0) return (la < 0 ? LEAD.length : la) - (lb < 0 ? LEAD.length : lb);
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The value as it is written, keys in order. What is in order already — a list's thousands of ratings as the app
 * wrote them — is the same object, not a copy; only an object (or an array holding one) out of order is copied.
 * No prototype on a copy: a key named `__proto__` is an own key like any other.
 */
function order(value: unknown, top: boolean): unknown {
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const v = order(value[i], false);
      if (v !== value[i]) (copy ??= value.slice())[i] = v;
    }
    return copy ?? value;
  }
  if (!isJsonObject(value)) return value;
  const keys = Object.keys(value);
  let same = true;
  for (let i = 1; i < keys.length && same; i++) same = compareKeys(keys[i - 1]!, keys[i]!, top) < 0;
  const values = keys.map((key) => {
    const v = value[key];
    const o = order(v, false);
    if (o !== v || v === undefined) same = false;
    return o;
  });
  if (same) return value;
  const out = Object.create(null) as Record<string, unknown>;
  const at = keys.map((_, i) => i).sort((a, b) => compareKeys(keys[a]!, keys[b]!, top));
  for (const i of at) if (values[i] !== undefined) out[keys[i]!] = values[i];
  return out;
}

/**
 * A workspace file's text: pretty-printed, with `format`, `version` and
 * `name` first and every other key in a stable (sorted) order, and a final
 * newline — the same content always gives the same bytes, so `git diff`
 * shows only what changed.
 */
export function canonicalJson(value: unknown): string {
  const text = JSON.stringify(order(value, true), null, 2);
  return `${text}\n`;
}

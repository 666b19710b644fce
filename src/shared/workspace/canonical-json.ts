import { isJsonObject } from '../json-value';

const LEAD = ['format', 'version', 'name'];

function order(value: unknown, top: boolean): unknown {
  if (Array.isArray(value)) return value.map((v) => order(v, false));
  if (!isJsonObject(value)) return value;
  const keys = Object.keys(value).sort((a, b) => {
    const la = top ? LEAD.indexOf(a) : -1;
    const lb = top ? LEAD.indexOf(b) : -1;
    if (la >= 0 || lb >= 0) return (la < 0 ? LEAD.length : la) - (lb < 0 ? LEAD.length : lb);
    return a < b ? -1 : a > b ? 1 : 0;
  });
  const out: Record<string, unknown> = {};
  for (const key of keys)
    if (value[key] !== undefined)
      Object.defineProperty(out, key, { value: order(value[key], false), enumerable: true, writable: true, configurable: true });
  return out;
}

/**
 * A workspace file's text: pretty-printed, with `format`, `version` and
 * `name` first and every other key in a stable (sorted) order, and a final
 * newline — the same content always gives the same bytes, so `git diff`
 * shows only what changed.
 */
export function canonicalJson(value: unknown): string {
  return `${JSON.stringify(order(value, true), null, 2)}\n`;
}

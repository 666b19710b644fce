import { FIELD_NAME_CHAR } from './parser';

export interface MaskCompletionContext {
  /** The field path the cursor is inside, e.g. ['product'] in `id, product(ti|`. */
  parentPath: string[];
  prefix: string;
  range: { start: number; end: number };
  /** Field names found at that path in the sample items. */
  candidates: string[];
}

const NAME = FIELD_NAME_CHAR;

/** Keys present at a path across sample values; arrays are looked through, `*` spans every key. */
export function keysAt(samples: readonly unknown[], path: readonly string[]): string[] {
  let level: unknown[] = [...samples];
  for (const part of path) {
    const next: unknown[] = [];
    const visit = (v: unknown) => {
      if (Array.isArray(v)) v.forEach(visit);
      else if (v && typeof v === 'object') {
        const obj = v as Record<string, unknown>;
        if (part === '*') next.push(...Object.values(obj));
        else if (Object.prototype.hasOwnProperty.call(obj, part)) next.push(obj[part]);
      }
    };
    level.forEach(visit);
    level = next;
  }
  const keys = new Set<string>();
  const collect = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(collect);
    else if (v && typeof v === 'object') for (const k of Object.keys(v)) keys.add(k);
  };
  level.forEach(collect);
  return [...keys].sort();
}

/** Every field path in a sample (`product.title`, `product.sizes`…), for completion lists and previews. */
export function fieldPaths(sample: unknown, prefix = '', depth = 4, out = new Set<string>()): string[] {
  if (depth < 0) return [...out];
  const visit = (v: unknown, base: string) => {
    if (Array.isArray(v)) return v.slice(0, 20).forEach((el) => visit(el, base));
    if (!v || typeof v !== 'object') return;
    for (const [k, child] of Object.entries(v)) {
      const path = base ? `${base}.${k}` : k;
      out.add(path);
      if (depth > 0) fieldPaths(child, path, depth - 1, out);
    }
  };
  visit(sample, prefix);
  return [...out].sort();
}

/** Where in the mask the cursor is and which fields could go there, from sample items. */
export function completeMask(text: string, offset: number, samples: readonly unknown[]): MaskCompletionContext {
  const cursor = Math.max(0, Math.min(offset, text.length));
  const stack: string[][] = [[]];
  let current: string[] = [];
  let i = 0;
  let partialStart = cursor;
  while (i < cursor) {
    const ch = text[i] as string;
    if (NAME.test(ch) || ch === '*') {
      const start = i;
      if (ch === '*') i++;
      else while (i < text.length && NAME.test(text[i] as string)) i++;
      if (i >= cursor && ch !== '*') {
        partialStart = start;
        break;
      }
      current.push(text.slice(start, i));
      continue;
    }
    if (ch === ',') current = [];
    else if (ch === '(') {
      stack.push([...(stack[stack.length - 1] as string[]), ...current]);
      current = [];
    } else if (ch === ')') {
      if (stack.length > 1) stack.pop();
      current = [];
    }
    // '.' and spaces extend or separate the current path implicitly.
    i++;
  }
  let end = cursor;
  while (end < text.length && NAME.test(text[end] as string)) end++;
  const parentPath = [...(stack[stack.length - 1] as string[]), ...current];
  return {
    parentPath,
    prefix: text.slice(partialStart, cursor),
    range: { start: partialStart, end },
    candidates: keysAt(samples, parentPath),
  };
}

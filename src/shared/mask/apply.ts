import type { MaskSelection } from './parser';
import { parseMask } from './parser';

/** What a mask keeps, as a tree: a node either keeps its whole value or only some fields. */
export interface MaskTree {
  keepAll: boolean;
  fields: Map<string, MaskTree>;
}

const node = (): MaskTree => ({ keepAll: false, fields: new Map() });

function add(tree: MaskTree, selection: MaskSelection): void {
  let current = tree;
  for (const segment of selection.path) {
    let next = current.fields.get(segment.name);
    if (!next) current.fields.set(segment.name, (next = node()));
    current = next;
  }
  if (selection.children) for (const child of selection.children) add(current, child);
  else current.keepAll = true;
}

export function buildMaskTree(selections: MaskSelection[]): MaskTree {
  const tree = node();
  for (const s of selections) add(tree, s);
  return tree;
}

function union(a: MaskTree | undefined, b: MaskTree | undefined): MaskTree | undefined {
  if (!a) return b;
  if (!b) return a;
  const out = node();
  out.keepAll = a.keepAll || b.keepAll;
  for (const [k, v] of a.fields) out.fields.set(k, v);
  for (const [k, v] of b.fields) out.fields.set(k, union(out.fields.get(k), v) as MaskTree);
  return out;
}

/** The tree each element of a list gets: the fields named through the list, and what `*` selects (every element). */
function elementTree(tree: MaskTree): MaskTree {
  const wildcard = tree.fields.get('*');
  if (!wildcard) return tree;
  const rest = node();
  rest.keepAll = tree.keepAll;
  for (const [k, v] of tree.fields) if (k !== '*') rest.fields.set(k, v);
  return union(rest, wildcard) as MaskTree;
}

/**
 * Keeps exactly the selected fields of a value. Arrays are looked through
 * (a mask applies to each element); `*` stands for every key of an object
 * and for every element of a list (`variants.*.sku` keeps the sku of each
 * variant). Returns undefined when nothing selected exists in the value.
 */
export function applyMaskTree(value: unknown, tree: MaskTree): unknown {
  if (tree.keepAll) return value;
  if (Array.isArray(value)) {
    const each = elementTree(tree);
    return value.map((el) => applyMaskTree(el, each)).filter((el) => el !== undefined);
  }
  if (value === null || typeof value !== 'object') return undefined;
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const wildcard = tree.fields.get('*');
  const keys = wildcard ? Object.keys(source) : [...tree.fields.keys()];
  for (const key of keys) {
    if (!Object.prototype.hasOwnProperty.call(source, key)) continue;
    const sub = union(key === '*' ? undefined : tree.fields.get(key), wildcard);
    if (!sub) continue;
    const kept = applyMaskTree(source[key], sub);
    if (kept !== undefined) out[key] = kept;
  }
  return out;
}

export class MaskError extends Error {}

/**
 * Applies a mask to one response item (`{ id, score, product, … }`), as the
 * service does: `id, product(title, price)` keeps the id and two product
 * fields. The empty mask keeps everything. Throws MaskError for a mask that
 * does not parse (callers show its diagnostics instead).
 */
export function applyMask(mask: string, item: unknown): unknown {
  const parsed = parseMask(mask);
  if (parsed.selections === null) throw new MaskError(parsed.diagnostics[0]?.message ?? 'Invalid mask');
  if (parsed.selections.length === 0) return item;
  return applyMaskTree(item, buildMaskTree(parsed.selections)) ?? {};
}

/** Compiles a mask once for many items; null for the empty mask (keep everything). */
export function compileMask(mask: string): ((item: unknown) => unknown) | null {
  const parsed = parseMask(mask);
  if (parsed.selections === null) throw new MaskError(parsed.diagnostics[0]?.message ?? 'Invalid mask');
  if (parsed.selections.length === 0) return null;
  const tree = buildMaskTree(parsed.selections);
  return (item) => applyMaskTree(item, tree) ?? {};
}

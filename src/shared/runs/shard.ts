import { queryKey } from '../judgments';

/** `--shard i/n`: this machine runs shard i (1-based) of n, as Playwright's `--shard`. */
export interface Shard {
  index: number;
  count: number;
}

/** At most this many shards: more machines than this is a matrix no CI runs. */
export const MAX_SHARDS = 1000;

/** `3/8` → { index: 3, count: 8 }, or an error naming the form. */
export function parseShard(text: string): Shard | { error: string } {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!m || count < 1 || count > MAX_SHARDS || index < 1 || index > count)
    return { error: `--shard is i/n with 1 ≤ i ≤ n ≤ ${MAX_SHARDS} (e.g. --shard 2/8), got ${JSON.stringify(text)}` };
  return { index, count };
}

/**
 * FNV-1a (32-bit) over the UTF-16 code units of a text: a stable hash, the same on every machine and Node
 * version, spread well enough to split query lists evenly.
 */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/**
 * The shard (1-based) a query belongs to among `count`: by the hash of its normalised text alone, so adding or
 * removing other queries never moves it, and "Red  Dress" and "red dress" land together.
 */
export function shardOf(query: string, count: number): number {
  return (fnv1a(queryKey(query)) % count) + 1;
}

/** The items of one shard, in their order. */
export function inShard<T>(items: readonly T[], shard: Shard, query: (item: T) => string): T[] {
  return items.filter((item) => shardOf(query(item), shard.count) === shard.index);
}

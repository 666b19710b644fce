import { mulberry32 } from '../random';
import type { Item } from '../request';
import type { FacetValues } from './intent';
import type { RatingIndex, Scale } from './model';
import type { Intent } from './rules';
import { queryKey } from './query-key';

/**
 * The pooled judging queue of an experiment, as TREC pools runs: for each
 * query, the union of every side's top k, each item once, less what is rated
 * already. Within a query the items are shown in an order that says nothing
 * of which side ranked them or where (a shuffle seeded by the query), so the
 * rater cannot favour a side; items the rater skipped come after the rest.
 */

export interface PoolQuery {
  /** Position in the query set. */
  index: number;
  query: string;
  /** The information need, from the query set's note. */
  note?: string;
  /** Each side's ranking (item ids in answer order), when the side answered. */
  rankings: { a: readonly string[] | null; b: readonly string[] | null };
}

export interface PooledItem {
  id: string;
  /** Rated already by someone else: this rating is a second opinion beside theirs (their rating is not shown). */
  second?: boolean;
  /** In a queue of disagreements with shoppers: how far the people's and the clicks' ratings are apart. */
  apart?: number;
  /** 1-based rank on each side within the top k; absent when the side did not rank it there. Shown only after rating. */
  ranks: { a?: number; b?: number };
  skipped: boolean;
}

export interface PooledQuery {
  index: number;
  query: string;
  note?: string;
  /** Pooled items of this query (rated or not). */
  pooled: number;
  /** Of those, rated already. */
  rated: number;
  /** The items left to rate, in the blind order, skipped ones last. */
  items: PooledItem[];
}

export interface JudgingPool {
  k: number;
  /** Pooled items over all queries, and how many of them are rated. */
  total: number;
  rated: number;
  /** Queries with something left to rate, in query set order. */
  queries: PooledQuery[];
}

/** FNV-1a over a string: a seed that depends only on the query. */
function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A deterministic shuffle (Fisher–Yates over mulberry32) seeded by the query. */
function blindOrder<T>(items: T[], seed: number): T[] {
  const next = mulberry32(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * Whose queue it is, when more than one person rates the list: `othersRated(queryKey, itemId)` says whether
 * someone else rated an item and this rater has not. A second opinion queues exactly those; calibration (a
 * share, 0.1 for 10%) puts a seeded sample of them into the ordinary queue, so raters overlap on purpose.
 */
export interface PoolOpinions {
  secondOpinion?: boolean;
  /**
   * The items where shoppers and raters disagree most, first: those both rated (people and a click model) whose
   * ratings differ, farthest apart first — `apartOf(queryKey, itemId)` says how far. Each is a second look: the
   * rating joins beside the others' (replacing only this rater's own).
   */
  shoppersDisagree?: boolean;
  apartOf?: (queryKey: string, itemId: string) => number | undefined;
  calibration?: number;
  othersRated?: (queryKey: string, itemId: string) => boolean;
}

/** A number in [0, 1) from a text, the same every time: which rated items a calibration sample takes. */
function unitShare(text: string): number {
  return seedOf(text) / 2 ** 32;
}

/** The key of a skipped item: the query's key and the item id. */
export const skipKey = (query: string, itemId: string): string => `${queryKey(query)}\u0000${itemId}`;

export function poolQueue(
  queries: readonly PoolQuery[],
  judgments: RatingIndex,
  k: number,
  skipped: ReadonlySet<string> = new Set(),
  opinions: PoolOpinions = {},
): JudgingPool {
  let total = 0;
  let rated = 0;
  const out: PooledQuery[] = [];
  // The same query twice in a set is judged once: the ratings are keyed by the query.
  const seen = new Set<string>();
  for (const q of queries) {
    const key = queryKey(q.query);
    if (seen.has(key)) continue;
    seen.add(key);
    const ranks = new Map<string, PooledItem['ranks']>();
    for (const side of ['a', 'b'] as const) {
      const ranking = q.rankings[side] ?? [];
      const top = new Set<string>();
      for (const id of ranking) {
        if (top.size >= k) break;
        if (top.has(id)) continue; // an id twice in one answer counts at its first place, as the metrics do
        top.add(id);
        const entry = ranks.get(id) ?? {};
        entry[side] = top.size;
        ranks.set(id, entry);
      }
    }
    const ratings = judgments.get(key)?.ratings;
    const { secondOpinion = false, calibration = 0, othersRated, shoppersDisagree = false, apartOf } = opinions;
    // Unrated items; in a second opinion, those only others rated; with calibration, a seeded share of those too.
    const unrated = [...ranks.entries()]
      .map(([id, r]): [string, PooledItem['ranks'], boolean] | null => {
        if (shoppersDisagree) return (apartOf?.(key, id) ?? 0) > 0 ? [id, r, true] : null;
        const others = othersRated?.(key, id) ?? false;
        if (secondOpinion) return others ? [id, r, true] : null;
        if (!ratings?.has(id)) return [id, r, false];
        return others && calibration > 0 && unitShare(`${key}\u0000${id}`) < calibration ? [id, r, true] : null;
      })
      .filter((x): x is [string, PooledItem['ranks'], boolean] => x !== null);
    const pooled = ranks.size;
    total += pooled;
    rated += pooled - unrated.length;
    if (unrated.length === 0) continue;
    const shuffled = blindOrder(
      unrated.map(([id, r, second]) => {
        const apart = shoppersDisagree ? apartOf?.(key, id) : undefined;
        return { id, ranks: r, ...(second ? { second } : {}), ...(apart ? { apart } : {}), skipped: skipped.has(skipKey(q.query, id)) };
      }),
      seedOf(key),
    );
    // Disagreements farthest apart first (the shuffle still hides the sides' order among items equally apart).
    const items = shoppersDisagree ? shuffled.sort((a, b) => (b.apart ?? 0) - (a.apart ?? 0)) : shuffled;
    out.push({
      index: q.index,
      query: q.query,
      ...(q.note ? { note: q.note } : {}),
      pooled,
      rated: pooled - unrated.length,
      items: [...items.filter((i) => !i.skipped), ...items.filter((i) => i.skipped)],
    });
  }
  // Disagreements with shoppers: the queries with the farthest apart first (a stable sort: query set order between ties).
  const farthest = (q: PooledQuery) => Math.max(0, ...q.items.filter((i) => !i.skipped).map((i) => i.apart ?? 0));
  if (opinions.shoppersDisagree) out.sort((a, b) => farthest(b) - farthest(a));
  // Queries whose every remaining item was skipped come after the others.
  const fresh = out.filter((q) => q.items.some((i) => !i.skipped));
  const onlySkipped = out.filter((q) => q.items.every((i) => i.skipped));
  return { k, total, rated, queries: [...fresh, ...onlySkipped] };
}

/** The queue as the judging screen gets it: the pool, each item with what the stored answer said of it. */
export interface JudgingQueue extends Omit<JudgingPool, 'queries'> {
  experiment: {
    file: string;
    name: string;
    querySet: string;
    judgments: { file: string; name: string };
    sides: { a: string; b: string };
    /** The run whose answers were pooled. */
    batchId: string;
    /** Queries of that run with an answer stored, of all its queries. */
    answered: number;
    queries: number;
  };
  scale: Scale;
  /** Who rates in this queue, as the list records it. */
  rater: string;
  /** The other raters of the list, for a second opinion on one of them. */
  raters: string[];
  /** The queue holds the items only others rated: each rating is a second opinion. */
  secondOpinion?: boolean;
  /** The queue holds the items people and shoppers rated differently, farthest apart first: each rating a second look. */
  shoppersDisagree?: boolean;
  /** The same, for the items people and a language model judge rated differently. */
  judgeDisagrees?: boolean;
  /** Whose items, when the second opinion is on one rater's. */
  secondOf?: string;
  /** The share of items others rated that joins the ordinary queue (calibration). */
  calibration?: number;
  /** The rating rules attached to the list, when it has some: how many. */
  rules?: number;
  queries: (Omit<PooledQuery, 'items'> & {
    /** What the query means as the rules read it: the query set's, or proposed from the text (`intentProposed`). */
    intent?: Intent;
    intentProposed?: boolean;
    items: (PooledItem & { item: Item | null; suggestion?: QueueSuggestion })[];
  })[];
}

/** What the list's rules suggest for an item: a rating and the rule that gave it, never a rating until confirmed. */
export interface QueueSuggestion {
  rating: number;
  rule: string;
}

/** The text-valued attributes of the queue's items, as facet values an intent is proposed from. */
export function itemFacets(items: readonly (Item | null)[]): FacetValues[] {
  const skip = new Set(['title', 'description', 'url', 'imageUrl', 'name']);
  const values = new Map<string, Set<string>>();
  for (const item of items)
    for (const [attribute, value] of Object.entries(item?.product ?? {})) {
      if (skip.has(attribute)) continue;
      for (const v of Array.isArray(value) ? value : [value])
        if (typeof v === 'string' && v.length <= 40) {
          const set = values.get(attribute) ?? new Set<string>();
          set.add(v);
          values.set(attribute, set);
        }
    }
  return [...values].map(([attribute, set]) => ({ attribute, values: [...set] }));
}

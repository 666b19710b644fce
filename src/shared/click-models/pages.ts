/**
 * What the click models are fitted on: first pages, grouped. Searches with the same query, the same items in the
 * first `MODEL_DEPTH` ranks and the same ranks clicked are one pattern with a count — a week of a shop's traffic is
 * millions of searches but far fewer patterns, so every model's iterations run over the patterns, not the searches.
 */

/** The ranks the models look at: the first ten of a first page (clicks further down are not counted). */
export const MODEL_DEPTH = 10;

export interface PagePattern {
  query: string;
  /** The items shown at ranks 1, 2, … (at most MODEL_DEPTH). */
  ranking: readonly string[];
  /** The ranks clicked, a bit each: rank r is bit r − 1. */
  clicked: number;
  /** How many searches showed this page and got these clicks. */
  count: number;
}

/** A (query, item) pair's identity in a fit. */
export interface PairKey {
  query: string;
  itemId: string;
}

/** Patterns with every (query, item) numbered once: what the fitting loops read. */
export interface PreparedPages {
  pairs: PairKey[];
  /** Per pattern: the pair index at each rank. */
  items: Int32Array[];
  clicked: Int32Array;
  count: Float64Array;
  /** Searches in all. */
  searches: number;
}

export function preparePages(patterns: readonly PagePattern[]): PreparedPages {
  // By query, then item: no composite key made for each of the millions of (pattern, rank) cells.
  const index = new Map<string, Map<string, number>>();
  const pairs: PairKey[] = [];
  const items: Int32Array[] = [];
  const clicked = new Int32Array(patterns.length);
  const count = new Float64Array(patterns.length);
  let searches = 0;
  patterns.forEach((p, n) => {
    const depth = Math.min(p.ranking.length, MODEL_DEPTH);
    const row = new Int32Array(depth);
    let ids = index.get(p.query);
    if (!ids) index.set(p.query, (ids = new Map()));
    for (let r = 0; r < depth; r++) {
      const itemId = p.ranking[r]!;
      let i = ids.get(itemId);
      if (i === undefined) {
        ids.set(itemId, (i = pairs.length));
        pairs.push({ query: p.query, itemId });
      }
      row[r] = i;
    }
    items.push(row);
    // Clicks below the depth, or past the end of a short page, are not the model's to explain.
    clicked[n] = p.clicked & ((1 << depth) - 1);
    count[n] = p.count;
    searches += p.count;
  });
  return { pairs, items, clicked, count, searches };
}

/** Impressions and clicks per pair, and per rank. */
export interface Evidence {
  impressions: Float64Array;
  clicks: Float64Array;
  rankImpressions: Float64Array;
  rankClicks: Float64Array;
}

export function evidenceOf(pages: PreparedPages): Evidence {
  const impressions = new Float64Array(pages.pairs.length);
  const clicks = new Float64Array(pages.pairs.length);
  const rankImpressions = new Float64Array(MODEL_DEPTH);
  const rankClicks = new Float64Array(MODEL_DEPTH);
  pages.items.forEach((row, n) => {
    const w = pages.count[n]!;
    const mask = pages.clicked[n]!;
    for (let r = 0; r < row.length; r++) {
      const u = row[r]!;
      impressions[u]! += w;
      rankImpressions[r]! += w;
      if (mask & (1 << r)) {
        clicks[u]! += w;
        rankClicks[r]! += w;
      }
    }
  });
  return { impressions, clicks, rankImpressions, rankClicks };
}

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

/**
 * Patterns with every (query, item) numbered once, laid out flat for the fitting loops: pattern p's pairs, rank by
 * rank, are `flat[start[p]]` … `flat[start[p + 1] − 1]` — no array per pattern, which at a million patterns is a
 * million small objects to make and to chase.
 */
export interface PreparedPages {
  pairs: PairKey[];
  flat: Int32Array;
  /** Where each pattern's pairs begin in `flat`; one more entry than patterns (the end). */
  start: Int32Array;
  clicked: Int32Array;
  count: Float64Array;
  /** Searches in all. */
  searches: number;
}

/** Patterns in a prepared set. */
export const patternCount = (pages: PreparedPages): number => pages.start.length - 1;

export function preparePages(patterns: readonly PagePattern[]): PreparedPages {
  // By query, then item: no composite key made for each of the millions of (pattern, rank) cells.
  const index = new Map<string, Map<string, number>>();
  const pairs: PairKey[] = [];
  const start = new Int32Array(patterns.length + 1);
  patterns.forEach((p, n) => (start[n + 1] = start[n]! + Math.min(p.ranking.length, MODEL_DEPTH)));
  const flat = new Int32Array(start[patterns.length]!);
  const clicked = new Int32Array(patterns.length);
  const count = new Float64Array(patterns.length);
  let searches = 0;
  patterns.forEach((p, n) => {
    const depth = start[n + 1]! - start[n]!;
    let ids = index.get(p.query);
    if (!ids) index.set(p.query, (ids = new Map()));
    for (let r = 0; r < depth; r++) {
      const itemId = p.ranking[r]!;
      let i = ids.get(itemId);
      if (i === undefined) {
        ids.set(itemId, (i = pairs.length));
        pairs.push({ query: p.query, itemId });
      }
      flat[start[n]! + r] = i;
    }
    // Clicks below the depth, or past the end of a short page, are not the model's to explain.
    clicked[n] = p.clicked & ((1 << depth) - 1);
    count[n] = p.count;
    searches += p.count;
  });
  return { pairs, flat, start, clicked, count, searches };
}

/**
 * Prepared pages from columns, as the traffic store gives them with the rankings and pairs already numbered (by
 * DuckDB): per ranking its depth; per (ranking, rank) cell, in any order, the pair shown there; per pattern its
 * ranking, clicks and count.
 */
export function pagesFromColumns(input: {
  pairs: PairKey[];
  rankingDepth: Int32Array;
  cellRanking: Int32Array;
  cellRank: Int32Array;
  cellPair: Int32Array;
  patternRanking: Int32Array;
  clicked: Int32Array;
  count: Float64Array;
}): PreparedPages {
  const rankings = input.rankingDepth.length;
  const rankingStart = new Int32Array(rankings + 1);
  for (let k = 0; k < rankings; k++) rankingStart[k + 1] = rankingStart[k]! + Math.min(input.rankingDepth[k]!, MODEL_DEPTH);
  const shown = new Int32Array(rankingStart[rankings]!);
  for (let i = 0; i < input.cellRanking.length; i++) {
    const k = input.cellRanking[i]!;
    const r = input.cellRank[i]!;
    if (r < rankingStart[k + 1]! - rankingStart[k]!) shown[rankingStart[k]! + r] = input.cellPair[i]!;
  }
  const patterns = input.patternRanking.length;
  const start = new Int32Array(patterns + 1);
  const clicked = new Int32Array(patterns);
  let searches = 0;
  for (let n = 0; n < patterns; n++) {
    const k = input.patternRanking[n]!;
    const depth = rankingStart[k + 1]! - rankingStart[k]!;
    start[n + 1] = start[n]! + depth;
    clicked[n] = input.clicked[n]! & ((1 << depth) - 1);
    searches += input.count[n]!;
  }
  const flat = new Int32Array(start[patterns]!);
  for (let n = 0; n < patterns; n++) {
    const k = input.patternRanking[n]!;
    flat.set(shown.subarray(rankingStart[k]!, rankingStart[k + 1]!), start[n]!);
  }
  return { pairs: input.pairs, flat, start, clicked, count: input.count, searches };
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
  for (let n = 0; n < pages.count.length; n++) {
    const w = pages.count[n]!;
    const mask = pages.clicked[n]!;
    const from = pages.start[n]!;
    const depth = pages.start[n + 1]! - from;
    for (let r = 0; r < depth; r++) {
      const u = pages.flat[from + r]!;
      impressions[u]! += w;
      rankImpressions[r]! += w;
      if (mask & (1 << r)) {
        clicks[u]! += w;
        rankClicks[r]! += w;
      }
    }
  }
  return { impressions, clicks, rankImpressions, rankClicks };
}

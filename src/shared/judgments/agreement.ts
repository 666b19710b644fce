import { readCsv } from '../csv';
import { readRating } from './formats';
import { mulberry32 } from '../random';
import { queryKey } from './query-key';

/**
 * How much raters agree on a judgment list, before a metric built on their
 * ratings is trusted: Krippendorff's alpha (ordinal) over all raters, with a
 * bootstrap interval, and per pair of raters the items both rated, exact and
 * within-one agreement, Cohen's kappa (unweighted and quadratic-weighted)
 * and the confusion matrix. Ratings are integers 0…max.
 */

/** One rater's rating of one item for one query. */
export interface RaterRating {
  query: string;
  itemId: string;
  rating: number;
  rater: string;
}

/** Below this many items rated by both, no figure is given: it would say more about chance than about the raters. */
export const MIN_SHARED = 30;

/**
 * The most raters one agreement takes: each pair of raters gets its figures and its confusion table, so the
 * work and the report grow with the square of the raters (200 raters: 19,900 pairs). A file naming more is
 * refused, saying so, rather than met with minutes and gigabytes.
 */
export const MAX_RATERS = 200;

/** More raters than MAX_RATERS: said with the count and the limit. */
export class TooManyRatersError extends Error {
  constructor(readonly raters: number) {
    super(
      `${raters.toLocaleString('en-US')} raters: agreement takes at most ${MAX_RATERS} (each pair of raters is compared, so the work grows with their square). Split the file by rater group.`,
    );
  }
}

export interface PairTable {
  /** Items both rated. */
  items: number;
  /** confusion[i][j]: items the first rater rated i and the second j. */
  confusion: number[][];
}

export interface PairFigures {
  items: number;
  /** Share rated the same. */
  agreement: number;
  /** Share rated at most one apart. */
  withinOne: number;
  /** Cohen's kappa; null when chance agreement is 1 (both raters used one and the same category: 0 / 0). */
  kappa: number | null;
  /** Cohen's kappa with quadratic weights (i − j)² / max²; null when the expected disagreement is 0. */
  weightedKappa: number | null;
}

/** Exact and within-one agreement and both kappas of a confusion table over categories 0…max. */
export function pairFigures(table: PairTable, max: number): PairFigures {
  const m = table.confusion;
  const n = table.items;
  const k = max + 1;
  const rows = m.map((r) => r.reduce((s, x) => s + x, 0));
  const cols = Array.from({ length: k }, (_, j) => m.reduce((s, r) => s + (r[j] ?? 0), 0));
  let same = 0;
  let near = 0;
  let expectedSame = 0;
  let observedW = 0;
  let expectedW = 0;
  for (let i = 0; i < k; i++)
    for (let j = 0; j < k; j++) {
      const o = m[i]?.[j] ?? 0;
      const w = (i - j) ** 2 / max ** 2;
      const e = n ? ((rows[i] ?? 0) * (cols[j] ?? 0)) / n : 0;
      if (i === j) {
        same += o;
        expectedSame += e;
      }
      if (Math.abs(i - j) <= 1) near += o;
      observedW += w * o;
      expectedW += w * e;
    }
  const po = n ? same / n : 0;
  const pe = n ? expectedSame / n : 0;
  return {
    items: n,
    agreement: po,
    withinOne: n ? near / n : 0,
    kappa: n === 0 || pe >= 1 - 1e-12 ? null : (po - pe) / (1 - pe),
    weightedKappa: n === 0 || expectedW <= 1e-12 ? null : 1 - observedW / expectedW,
  };
}

/** Each item (query key and id) with each rater's rating of it: the last one a rater gave counts. */
export function unitsOf(ratings: readonly RaterRating[]): Map<string, Map<string, number>> {
  const units = new Map<string, Map<string, number>>();
  const keys = new Map<string, string>();
  for (const r of ratings) {
    let key = keys.get(r.query);
    if (key === undefined) keys.set(r.query, (key = queryKey(r.query)));
    const unit = `${key}\u0000${r.itemId}`;
    let byRater = units.get(unit);
    if (!byRater) units.set(unit, (byRater = new Map()));
    byRater.set(r.rater, r.rating);
  }
  return units;
}

const emptyTable = (max: number): number[][] => Array.from({ length: max + 1 }, () => new Array<number>(max + 1).fill(0));

/**
 * Krippendorff's alpha with the ordinal metric over units rated by any
 * number of raters (missing ratings allowed; a unit with fewer than two is
 * not pairable and left out): 1 − D_o / D_e from the coincidence matrix,
 * with δ²(c, k) = (Σ_{g=c..k} n_g − (n_c + n_k) / 2)². Null when there is
 * no disagreement to expect (every pairable value the same) or no pairable unit.
 */
export function krippendorffOrdinal(units: Iterable<readonly number[]>, max: number): number | null {
  return alphaOfCoincidences(coincidencesOf(units, max), max);
}

/** One unit's share of the coincidence matrix: its non-zero cells (c, d, weight), from the counts of each value. */
type Coincidence = readonly (readonly [number, number, number])[];

/** Each pairable unit's cells: O(values + categories²) a unit, however many raters rated it (not the square of them). */
function coincidencesOf(units: Iterable<readonly number[]>, max: number): Coincidence[] {
  const out: Coincidence[] = [];
  const counts = new Array<number>(max + 1);
  for (const values of units) {
    const m = values.length;
    if (m < 2) continue;
    counts.fill(0);
    for (const v of values) counts[v]!++;
    const cells: [number, number, number][] = [];
    for (let c = 0; c <= max; c++) {
      const nc = counts[c]!;
      if (nc === 0) continue;
      for (let d = 0; d <= max; d++) {
        const nd = counts[d]!;
        const pairs = c === d ? nc * (nc - 1) : nc * nd;
        if (pairs > 0) cells.push([c, d, pairs / (m - 1)]);
      }
    }
    out.push(cells);
  }
  return out;
}

/** Alpha (ordinal) from units' coincidence cells; a bootstrap sample is a list of them, drawn with replacement. */
function alphaOfCoincidences(units: readonly Coincidence[], max: number): number | null {
  const k = max + 1;
  const o = emptyTable(max);
  for (const cells of units) for (const [c, d, w] of cells) o[c]![d]! += w;
  const nc = o.map((row) => row.reduce((s, x) => s + x, 0));
  const n = nc.reduce((s, x) => s + x, 0);
  if (n === 0) return null;
  // Cumulative marginals, so each δ² is O(1).
  const cum = [0];
  for (let g = 0; g < k; g++) cum.push(cum[g]! + nc[g]!);
  const delta2 = (c: number, d: number) => {
    const [lo, hi] = c <= d ? [c, d] : [d, c];
    return (cum[hi + 1]! - cum[lo]! - (nc[lo]! + nc[hi]!) / 2) ** 2;
  };
  let observed = 0;
  let expected = 0;
  for (let c = 0; c < k; c++)
    for (let d = 0; d < k; d++) {
      if (c === d) continue;
      const w = delta2(c, d);
      observed += o[c]![d]! * w;
      expected += nc[c]! * nc[d]! * w;
    }
  if (expected <= 1e-12) return null;
  return 1 - ((n - 1) * observed) / expected;
}

export interface AgreementReport {
  raters: string[];
  max: number;
  /** Krippendorff's alpha (ordinal) over all raters, and its 95% bootstrap interval (units resampled, seeded). */
  alpha: number | null;
  alphaCi95: [number, number] | null;
  /** Items rated by at least two raters. */
  pairable: number;
  pairs: (PairFigures & { raters: [string, string]; confusion: number[][]; needed: number })[];
  /** Every pair of raters pooled: each two ratings of one item, one observation (with two raters, the one pair). */
  overall: PairFigures & { confusion: number[][]; needed: number };
}

/**
 * Agreement over a judgment list's ratings with their raters: alpha over
 * all, and each pair's figures — computed at any size; a view shows them
 * from MIN_SHARED items on (`needed` says how many more a pair needs).
 */
export function agreement(
  ratings: readonly RaterRating[],
  max: number,
  options: { resamples?: number; seed?: number } = {},
): AgreementReport {
  const raters = [...new Set(ratings.map((r) => r.rater))].sort();
  if (raters.length > MAX_RATERS) throw new TooManyRatersError(raters.length);
  const units = unitsOf(ratings);
  // Every pair's table in one pass over the items (each item adds to the pairs of the raters who rated it).
  const place = new Map(raters.map((r, i) => [r, i]));
  const tables = new Map<number, PairTable>();
  for (const byRater of units.values()) {
    if (byRater.size < 2) continue;
    const rated = [...byRater].map(([rater, value]) => [place.get(rater)!, value] as const).sort((x, y) => x[0] - y[0]);
    for (let i = 0; i < rated.length; i++)
      for (let j = i + 1; j < rated.length; j++) {
        const key = rated[i]![0] * raters.length + rated[j]![0];
        let table = tables.get(key);
        if (!table) tables.set(key, (table = { items: 0, confusion: emptyTable(max) }));
        table.confusion[rated[i]![1]]![rated[j]![1]]!++;
        table.items++;
      }
  }
  const pairs: AgreementReport['pairs'] = [];
  const pooled = emptyTable(max);
  let pooledItems = 0;
  for (let i = 0; i < raters.length; i++)
    for (let j = i + 1; j < raters.length; j++) {
      const table = tables.get(i * raters.length + j) ?? { items: 0, confusion: emptyTable(max) };
      pairs.push({
        raters: [raters[i]!, raters[j]!],
        ...pairFigures(table, max),
        confusion: table.confusion,
        needed: Math.max(0, MIN_SHARED - table.items),
      });
      table.confusion.forEach((row, x) => row.forEach((c, y) => (pooled[x]![y]! += c)));
      pooledItems += table.items;
    }
  const values = [...units.values()].map((byRater) => [...byRater.values()]).filter((v) => v.length >= 2);
  const cells = coincidencesOf(values, max);
  const alpha = alphaOfCoincidences(cells, max);
  const resamples = options.resamples ?? 1000;
  let alphaCi95: [number, number] | null = null;
  if (alpha !== null && cells.length >= 2 && resamples > 0) {
    const random = mulberry32(options.seed ?? 1);
    const draws: number[] = [];
    for (let r = 0; r < resamples; r++) {
      const sample = Array.from({ length: cells.length }, () => cells[Math.floor(random() * cells.length)]!);
      const x = alphaOfCoincidences(sample, max);
      if (x !== null) draws.push(x);
    }
    draws.sort((x, y) => x - y);
    if (draws.length) alphaCi95 = [draws[Math.floor(0.025 * (draws.length - 1))]!, draws[Math.ceil(0.975 * (draws.length - 1))]!];
  }
  const overallTable = { items: pooledItems, confusion: pooled };
  return {
    raters,
    max,
    alpha,
    alphaCi95,
    pairable: values.length,
    pairs,
    overall: { ...pairFigures(overallTable, max), confusion: pooled, needed: Math.max(0, MIN_SHARED - values.length) },
  };
}

/**
 * Ratings with a rater from CSV `query,docid,rating,rater` (Quepid's three
 * columns and the rater; a header row is required, columns in any order),
 * each problem with its line; a rating must be a whole number 0…max.
 */
export function parseRaterCsv(
  text: string,
  max: number,
): { ok: true; ratings: RaterRating[] } | { ok: false; line: number; message: string } {
  const { records: rows, unclosedQuote } = readCsv(text.replace(/^\uFEFF/, ''));
  if (unclosedQuote !== undefined) return { ok: false, line: unclosedQuote, message: 'a quote opened here is never closed.' };
  const header = (rows[0]?.fields ?? []).map((h) => h.trim().toLowerCase());
  const col = (name: string) => header.indexOf(name);
  const [q, d, r, w] = [col('query'), col('docid'), col('rating'), col('rater')];
  if (q < 0 || d < 0 || r < 0 || w < 0)
    return {
      ok: false,
      line: 1,
      message: 'the header must name the columns query, docid, rating and rater (Quepid’s three and who rated).',
    };
  const ratings: RaterRating[] = [];
  for (const { fields: cells, line } of rows.slice(1)) {
    if (cells.every((c) => c.trim() === '')) continue;
    const rating = readRating(cells[r] ?? '', max);
    if (typeof rating === 'string') return { ok: false, line, message: `${rating}: ratings are whole numbers from 0 to ${max} (--max).` };
    const query = cells[q]?.trim() ?? '';
    const itemId = cells[d]?.trim() ?? '';
    const rater = cells[w]?.trim() ?? '';
    if (!query || !itemId || !rater) return { ok: false, line, message: 'each row needs a query, a docid and a rater.' };
    ratings.push({ query, itemId, rating, rater });
  }
  return { ok: true, ratings };
}

export interface Disagreement {
  query: string;
  itemId: string;
  /** Each rater's rating of the item. */
  ratings: { rater: string; rating: number }[];
  /** The deciding rating, when someone adjudicated. */
  adjudicated?: number;
}

export interface ListAgreement extends AgreementReport {
  /** Per query: the items two or more raters rated, and the pooled figures over them (shown from MIN_SHARED). */
  perQuery: (PairFigures & { query: string; needed: number })[];
  /** Items the raters rated differently, adjudicated or not, the undecided first. */
  disagreements: Disagreement[];
  /** How many of those are decided. */
  adjudicated: number;
}

/**
 * A judgment list's agreement from its own ratings: each person's (`by`) is a
 * rater's; rules' suggestions and adjudicated ratings are not opinions of
 * raters (an adjudicated one decides a disagreement).
 */
export function listAgreement(
  ratings: readonly { query: string; itemId: string; rating: number; by?: string; rule?: string; adjudicated?: true }[],
  max: number,
  options: { resamples?: number; seed?: number } = {},
): ListAgreement {
  const opinions: RaterRating[] = [];
  const decided = new Map<string, number>();
  for (const r of ratings) {
    if (r.rule !== undefined) continue;
    if (r.adjudicated) decided.set(`${queryKey(r.query)}\u0000${r.itemId}`, r.rating);
    else opinions.push({ query: r.query, itemId: r.itemId, rating: r.rating, rater: r.by ?? 'unknown' });
  }
  const report = agreement(opinions, max, options);
  // Per query, and the disagreements, from the units (query key, item) two or more raters rated.
  const byQuery = new Map<string, { query: string; confusion: number[][]; items: number }>();
  const texts = new Map(opinions.map((o) => [`${queryKey(o.query)}\u0000${o.itemId}`, o.query]));
  const disagreements: Disagreement[] = [];
  for (const [unit, byRater] of unitsOf(opinions)) {
    if (byRater.size < 2) continue;
    const [key] = unit.split('\u0000');
    const query = texts.get(unit) ?? key!;
    const q = byQuery.get(key!) ?? { query, confusion: emptyTable(max), items: 0 };
    const raters = [...byRater.keys()].sort();
    for (let i = 0; i < raters.length; i++)
      for (let j = i + 1; j < raters.length; j++) {
        q.confusion[byRater.get(raters[i]!)!]![byRater.get(raters[j]!)!]!++;
        q.items++;
      }
    byQuery.set(key!, q);
    const values = new Set(byRater.values());
    if (values.size > 1) {
      const itemId = unit.slice(key!.length + 1);
      const d = decided.get(unit);
      disagreements.push({
        query,
        itemId,
        ratings: raters.map((rater) => ({ rater, rating: byRater.get(rater)! })),
        ...(d !== undefined ? { adjudicated: d } : {}),
      });
    }
  }
  disagreements.sort((a, b) => Number(a.adjudicated !== undefined) - Number(b.adjudicated !== undefined) || a.query.localeCompare(b.query));
  return {
    ...report,
    perQuery: [...byQuery.values()].map((q) => ({
      query: q.query,
      ...pairFigures({ items: q.items, confusion: q.confusion }, max),
      needed: Math.max(0, MIN_SHARED - q.items),
    })),
    disagreements,
    adjudicated: disagreements.filter((d) => d.adjudicated !== undefined).length,
  };
}

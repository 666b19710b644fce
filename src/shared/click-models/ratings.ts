import type { ItemEstimate } from './fit';

/**
 * From a model's estimates to a judgment list's ratings 0…max: thresholds t_1 < … < t_max on the estimate, an item
 * rated the number of thresholds it reaches. By default chosen so that the ratings fall as people's ratings in the
 * same list do (the estimates' quantiles at people's cumulative shares), else in equal shares; always shown, and
 * editable. An item is rated only when its evidence pins its estimate down: its 95% interval no wider than a stated
 * width. Wider, it needs traffic — and it is said how many more examinations would narrow it enough.
 */

/** The widest 95% interval an item's estimate may have and still be rated (estimates are probabilities, 0 to 1). */
export const MAX_WIDTH = 0.3;

export interface Thresholds {
  values: number[];
  /** How they were chosen. */
  from: 'people' | 'quantiles' | 'given';
}

/** Six decimals, rounded up: a threshold written shorter never drops below the estimate it was taken at. */
const roundUp = (x: number) => Math.ceil(x * 1e6 - 1e-9) / 1e6;

/**
 * The default thresholds for `max` ratings above 0: the cuts in the sorted estimates that leave people's cumulative
 * shares below each rating (`people`: counts per rating 0…max), else k/(max+1). A cut only falls between two different
 * estimates — a run of equal estimates is rated alike, so a cut inside it moves to whichever edge lies nearer its
 * share — and each cut lies above the one before, so the thresholds strictly increase and every rating people use is
 * given where the estimates allow it. A cut with no room left (fewer distinct estimates than ratings) lies above every
 * estimate: that rating and those above it are not given.
 */
export function defaultThresholds(estimates: readonly number[], max: number, people?: readonly number[]): Thresholds {
  const sorted = [...estimates].sort((a, b) => a - b);
  const n = sorted.length;
  const total = people?.reduce((s, x) => s + x, 0) ?? 0;
  // The places a cut may go: k items below it, where the k-th and (k+1)-th estimates differ (k = 0 … n).
  const cuts: number[] = [];
  for (let k = 1; k < n; k++) if (sorted[k]! > sorted[k - 1]!) cuts.push(k);
  const values: number[] = [];
  let below = 0;
  let last = 0;
  for (let r = 1; r <= max; r++) {
    below += total > 0 ? (people![r - 1] ?? 0) : 0;
    const target = (total > 0 ? below / total : r / (max + 1)) * n;
    let best: number | undefined;
    for (const k of cuts) if (k > last && (best === undefined || Math.abs(k - target) < Math.abs(best - target))) best = k;
    const previous = values.at(-1) ?? 0;
    if (best === undefined) {
      // No cut left: above every estimate, each a millionth above the one before.
      values.push(roundUp(Math.max((sorted.at(-1) ?? 0) + 1e-6, previous + 1e-6)));
      continue;
    }
    last = best;
    values.push(Math.max(roundUp(sorted[best]!), roundUp(previous + 1e-6)));
  }
  return { values, from: total > 0 ? 'people' : 'quantiles' };
}

/**
 * What is wrong with thresholds for ratings 1…max, or null: `max` of them, each a number above 0, each above the one
 * before. One rule, said in one message, for the command line's --thresholds and the app's fields.
 */
export function checkThresholds(values: readonly number[], max: number): string | null {
  if (values.length !== max || values.some((v) => !Number.isFinite(v)))
    return `give ${max} numbers (one per rating above 0), e.g. ${[0.05, 0.12, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8].slice(0, max).join(', ')}`;
  if (values.some((v) => v <= 0)) return 'each threshold is above 0';
  const at = values.findIndex((v, i) => i > 0 && v <= values[i - 1]!);
  if (at > 0) return `the thresholds go up: rating ${at + 1}'s (${values[at]}) is not above rating ${at}'s (${values[at - 1]})`;
  return null;
}

/** Thresholds as written (`0.05,0.12,0.2`), checked by checkThresholds. */
export function parseThresholds(text: string, max: number): { ok: true; values: number[] } | { ok: false; message: string } {
  const parts = text.split(',').map((s) => s.trim());
  const values = parts.map((p) => (p === '' ? Number.NaN : Number(p)));
  const message = checkThresholds(values, max);
  return message === null ? { ok: true, values } : { ok: false, message };
}

/** The rating an estimate earns: how many thresholds it reaches. */
export function ratingFor(estimate: number, thresholds: readonly number[]): number {
  let r = 0;
  for (const t of thresholds) if (estimate >= t) r++;
  return r;
}

/** Whether an item's interval is narrow enough to rate it. */
export const narrowEnough = (item: Pick<ItemEstimate, 'ci95'>, maxWidth: number): boolean => item.ci95[1] - item.ci95[0] <= maxWidth;

/**
 * The examinations an item lacks before its interval narrows to `maxWidth`: an interval narrows as one over the root
 * of the evidence, so it needs (width / maxWidth)² times what it has. 0 when it is narrow enough.
 */
export function examinationsLacking(item: Pick<ItemEstimate, 'ci95' | 'examinations'>, maxWidth: number): number {
  const width = item.ci95[1] - item.ci95[0];
  if (width <= maxWidth) return 0;
  // With next to no evidence the interval is as wide as it gets: a handful of examinations is the least it needs.
  const has = Math.max(item.examinations, 1);
  return Math.ceil(has * ((width / maxWidth) ** 2 - 1));
}

/** Each estimate with its rating, or null (and what it lacks) where its interval is wider than `maxWidth`. */
export function rateEstimates(
  items: readonly ItemEstimate[],
  thresholds: readonly number[],
  maxWidth: number,
): (ItemEstimate & { rating: number | null; lacks: number })[] {
  return items.map((item) =>
    narrowEnough(item, maxWidth)
      ? { ...item, rating: ratingFor(item.estimate, thresholds), lacks: 0 }
      : { ...item, rating: null, lacks: examinationsLacking(item, maxWidth) },
  );
}

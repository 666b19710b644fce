import type { ItemEstimate } from './fit';

/**
 * From a model's estimates to a judgment list's ratings 0…max: thresholds t_1 ≤ … ≤ t_max on the estimate, an item
 * rated the number of thresholds it reaches. By default chosen so that the ratings fall as people's ratings in the
 * same list do (the estimates' quantiles at people's cumulative shares), else in equal shares; always shown, and
 * editable. Items with fewer impressions than the evidence bar get no rating: they need traffic.
 */

/** The default evidence bar: impressions a (query, item) needs before its clicks rate it. */
export const MIN_IMPRESSIONS = 20;

/** The q-quantile of sorted values (linear between neighbours). */
function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const at = Math.min(Math.max(q, 0), 1) * (sorted.length - 1);
  const lo = Math.floor(at);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}

export interface Thresholds {
  values: number[];
  /** How they were chosen. */
  from: 'people' | 'quantiles' | 'given';
}

/**
 * The default thresholds for `max` ratings above 0: at people's cumulative shares when `people` (counts per rating
 * 0…max) holds any rating, else at k/(max+1).
 */
export function defaultThresholds(estimates: readonly number[], max: number, people?: readonly number[]): Thresholds {
  const sorted = [...estimates].sort((a, b) => a - b);
  const total = people?.reduce((s, n) => s + n, 0) ?? 0;
  const shares: number[] = [];
  let below = 0;
  for (let r = 1; r <= max; r++) {
    below += total > 0 ? (people![r - 1] ?? 0) : 0;
    shares.push(total > 0 ? below / total : r / (max + 1));
  }
  // An item never clicked has an estimate of 0 and rates 0: a threshold at 0 (when more than a share of items were
  // never clicked) moves up to the smallest estimate above it.
  // (EM leaves an unclicked item a little above 0: below a millionth counts as 0.)
  const lowest = sorted.find((x) => x >= 1e-6) ?? 1;
  return { values: shares.map((q) => roundUp(Math.max(quantile(sorted, q), lowest))), from: total > 0 ? 'people' : 'quantiles' };
}

/** Six decimals, rounded up: a threshold written shorter never drops below the estimate it was taken at. */
const roundUp = (x: number) => Math.ceil(x * 1e6 - 1e-9) / 1e6;

/** Thresholds as written (`0.05,0.12,0.2`): ascending numbers, one per rating above 0, or a message saying what is wrong. */
export function parseThresholds(text: string, max: number): { ok: true; values: number[] } | { ok: false; message: string } {
  const parts = text.split(',').map((s) => s.trim());
  const values = parts.map(Number);
  if (parts.length !== max || parts.some((p) => p === '') || values.some((v) => !Number.isFinite(v)))
    return {
      ok: false,
      message: `give ${max} numbers, comma-separated (one per rating above 0), e.g. ${[0.05, 0.12, 0.2].slice(0, max).join(',')}`,
    };
  if (values.some((v) => v <= 0)) return { ok: false, message: 'each threshold is above 0 (an item never clicked rates 0)' };
  if (values.some((v, i) => i > 0 && v < values[i - 1]!))
    return { ok: false, message: 'the thresholds go up: each at least the one before it' };
  return { ok: true, values };
}

/** The rating an estimate earns: how many thresholds it reaches. */
export function ratingFor(estimate: number, thresholds: readonly number[]): number {
  let r = 0;
  for (const t of thresholds) if (estimate >= t) r++;
  return r;
}

/** Each estimate with its rating, or null where the evidence is below the bar. */
export function rateEstimates(
  items: readonly ItemEstimate[],
  thresholds: readonly number[],
  minImpressions: number,
): (ItemEstimate & { rating: number | null })[] {
  return items.map((item) => ({ ...item, rating: item.impressions >= minImpressions ? ratingFor(item.estimate, thresholds) : null }));
}

import { SIGNIFICANCE } from '../metrics';
import { mulberry32Bits } from '../random';

/**
 * Shapley values over the differences between two sides. A subset S of the n differences is a bit mask (bit i:
 * difference i taken from side B); v(S) is the measure of request(S) against request(∅), so v(∅) = 0.
 *
 *   φᵢ = Σ over S ⊆ D∖{i} of |S|!(n−|S|−1)!/n! · (v(S∪{i}) − v(S))
 *
 * Exact when every subset fits in the request budget (2ⁿ requests: by default n ≤ 5); otherwise estimated from
 * permutations drawn with the significance code's seeded generator, each φᵢ the mean of its marginal
 * contributions with its standard error. Either way the φᵢ add up exactly to v(D).
 */

/** Subsets the default budget covers exactly: 2⁵ requests, n ≤ 5. */
export const EXACT_UP_TO = 5;
export const DEFAULT_BUDGET = 2 ** EXACT_UP_TO;
/** The most differences an explanation takes: 2³⁰ subsets are beyond any budget; a bit mask must stay exact. */
export const MAX_DIFFERENCES = 30;
/** Permutations drawn at most, whatever the budget (enough for a standard error well under 1% of the spread). */
const MAX_PERMUTATIONS = 10_000;

export interface ShapleyPlan {
  n: number;
  exact: boolean;
  /** Every subset whose answer is needed, ∅ and D first: one request each. */
  masks: number[];
  /** Sampled: the permutations (orders of the differences) the estimate walks. */
  permutations: number[][];
}

/** The least budget that can explain n differences: one permutation's n + 1 subsets. */
export const minimumBudget = (n: number): number => n + 1;

/** The subsets to ask for: all of them when the budget allows, otherwise seeded permutations' prefixes within it. */
export function shapleyPlan(n: number, options: { budget?: number; seed?: number } = {}): ShapleyPlan {
  if (!Number.isInteger(n) || n < 0 || n > MAX_DIFFERENCES) throw new RangeError(`n must be 0 to ${MAX_DIFFERENCES}`);
  const full = 2 ** n - 1;
  const budget = options.budget ?? DEFAULT_BUDGET;
  if (n === 0) return { n, exact: true, masks: [0], permutations: [] };
  if (2 ** n <= budget) return { n, exact: true, masks: [0, full, ...range(1, full)], permutations: [] };
  if (budget < minimumBudget(n))
    throw new RangeError(`a budget of ${budget} requests cannot explain ${n} differences: give at least ${n + 1}`);
  const bits = mulberry32Bits(options.seed ?? SIGNIFICANCE.seed);
  const seen = new Set<number>([0, full]);
  const masks = [0, full];
  const permutations: number[][] = [];
  while (permutations.length < MAX_PERMUTATIONS) {
    const order = shuffle(n, bits);
    const fresh: number[] = [];
    let mask = 0;
    for (const i of order.slice(0, -1)) {
      mask |= 1 << i;
      if (!seen.has(mask) && !fresh.includes(mask)) fresh.push(mask);
    }
    if (masks.length + fresh.length > budget) break;
    for (const m of fresh) {
      seen.add(m);
      masks.push(m);
    }
    permutations.push(order);
  }
  return { n, exact: false, masks, permutations };
}

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);

/** A uniform permutation of 0…n−1 (Fisher–Yates on the seeded 32-bit draws). */
function shuffle(n: number, bits: () => number): number[] {
  const order = range(0, n);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor((bits() * (i + 1)) / 4294967296);
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  return order;
}

export interface ShapleyValues {
  phi: number[];
  /** Sampled only: each φᵢ's standard error (null from a single permutation). */
  stderr?: (number | null)[];
  /** v(D): the whole change the φᵢ add up to. */
  total: number;
}

const factorials = (n: number) => {
  const f = [1];
  for (let i = 1; i <= n; i++) f.push((f[i - 1] as number) * i);
  return f;
};

/** The Shapley values from the plan's subsets' measures (`value(mask)`, 0 for ∅). */
export function shapleyValues(plan: ShapleyPlan, value: (mask: number) => number): ShapleyValues {
  const { n } = plan;
  const full = 2 ** n - 1;
  const total = n === 0 ? 0 : value(full) - value(0);
  const v = (mask: number) => value(mask) - value(0);
  if (plan.exact) {
    const f = factorials(n);
    const phi = new Array<number>(n).fill(0);
    for (let mask = 0; mask <= full; mask++) {
      const size = popcount(mask);
      if (size === n) continue;
      const weight = ((f[size] as number) * (f[n - size - 1] as number)) / (f[n] as number);
      const here = v(mask);
      for (let i = 0; i < n; i++) if (!(mask & (1 << i))) phi[i]! += weight * (v(mask | (1 << i)) - here);
    }
    return { phi: fixSum(phi, total), total };
  }
  const marginals = Array.from({ length: n }, () => [] as number[]);
  for (const order of plan.permutations) {
    let mask = 0;
    let before = 0;
    for (const i of order) {
      mask |= 1 << i;
      const after = v(mask);
      marginals[i]!.push(after - before);
      before = after;
    }
  }
  const k = plan.permutations.length;
  const phi = marginals.map((xs) => xs.reduce((s, x) => s + x, 0) / k);
  // Two passes (mean, then squared deviations): equal marginals give a standard error of 0, not rounding noise.
  const stderr = marginals.map((xs, i) => (k < 2 ? null : Math.sqrt(xs.reduce((s, x) => s + (x - phi[i]!) ** 2, 0) / (k - 1) / k)));
  return { phi: fixSum(phi, total), stderr, total };
}

/** Rounding aside the φᵢ add up to v(D); the last bit of drift goes to the largest, so the sum is exact as shown. */
function fixSum(phi: number[], total: number): number[] {
  const drift = total - phi.reduce((s, x) => s + x, 0);
  if (drift === 0 || phi.length === 0) return phi;
  let at = 0;
  phi.forEach((x, i) => {
    if (Math.abs(x) > Math.abs(phi[at] as number)) at = i;
  });
  phi[at]! += drift;
  return phi;
}

function popcount(x: number): number {
  let c = 0;
  for (let m = x; m; m &= m - 1) c++;
  return c;
}

/** Each φᵢ's share of the whole change; null when nothing changed (shares may be negative: pulling the other way). */
export function shares(phi: readonly number[], total: number): (number | null)[] {
  return phi.map((x) => (total === 0 ? null : x / total + 0)); // + 0: no −0 share
}

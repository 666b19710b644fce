import { describe, expect, it } from 'vitest';
import { type FixedPointStep, squarem } from '../../../../src/shared/click-models/squarem';

/**
 * A mixture weight π of two known Bernoulli-like sources, by EM: each observation's responsibility is its chance under
 * the first source, π the mean of them. When the sources overlap EM crawls — the textbook case for acceleration.
 */
function mixture(observations: readonly [number, number][]): { step: FixedPointStep; likelihood: (pi: number) => number } {
  const likelihood = (pi: number) => observations.reduce((sum, [f1, f2]) => sum + Math.log(pi * f1 + (1 - pi) * f2), 0);
  return {
    likelihood,
    step: (from, to, withLikelihood) => {
      const pi = from[0]!;
      let r = 0;
      for (const [f1, f2] of observations) r += (pi * f1) / (pi * f1 + (1 - pi) * f2);
      to[0] = r / observations.length;
      return withLikelihood ? likelihood(pi) : Number.NaN;
    },
  };
}

/** Overlapping sources (0.55 against 0.45 per observation, 0.6 of them favouring the first): the MLE is inside (0, 1). */
const observations: [number, number][] = Array.from({ length: 200 }, (_, i) => (i % 5 < 3 ? [0.55, 0.45] : [0.45, 0.55]));

/** The MLE by bisection on the likelihood's slope, to compare with. */
function maximum(): number {
  const slope = (pi: number) => observations.reduce((s, [f1, f2]) => s + (f1 - f2) / (pi * f1 + (1 - pi) * f2), 0);
  let [lo, hi] = [1e-9, 1 - 1e-9];
  for (let i = 0; i < 100; i++) [lo, hi] = slope((lo + hi) / 2) > 0 ? [(lo + hi) / 2, hi] : [lo, (lo + hi) / 2];
  return (lo + hi) / 2;
}

function plainSteps(step: FixedPointStep, start: number, tolerance: number): { value: number; steps: number } {
  let from = Float64Array.of(start);
  const to = new Float64Array(1);
  for (let steps = 1; ; steps++) {
    step(from, to, false);
    if (Math.abs(to[0]! - from[0]!) < tolerance || steps >= 100_000) return { value: to[0]!, steps };
    from = Float64Array.from(to);
  }
}

describe('SQUAREM', () => {
  it('reaches the maximum plain EM crawls to, in a small share of its steps', () => {
    const { step } = mixture(observations);
    const plain = plainSteps(step, 0.1, 1e-10);
    const fast = squarem(step, Float64Array.of(0.1), { tolerance: 1e-10, maxSteps: 1000, lower: 0, upper: 1 });
    expect(fast.converged).toBe(true);
    expect(fast.params[0]).toBeCloseTo(maximum(), 6);
    expect(plain.value).toBeCloseTo(maximum(), 6);
    expect(fast.steps * 10).toBeLessThan(plain.steps);
  });

  it('never lets the likelihood fall: a jump worse than the first plain step is not kept', () => {
    // Two parameters settling at very different speeds (halving the distance, and taking 1% of it), the fast one
    // weighing a thousand times more (an item read a million times beside one read a thousand): a jump long enough for
    // the slow one flings the fast one far from its mark — worse than the plain step before it.
    const likelihood = (x: ArrayLike<number>) => -1000 * (x[0]! - 0.5) ** 2 - (x[1]! - 0.5) ** 2;
    const starts: number[] = [];
    const step: FixedPointStep = (from, to, withLikelihood) => {
      if (!withLikelihood) starts.push(likelihood(from));
      to[0] = 0.5 + 0.5 * (from[0]! - 0.5);
      to[1] = 0.5 + 0.99 * (from[1]! - 0.5);
      return withLikelihood ? likelihood(from) : Number.NaN;
    };
    const fit = squarem(step, Float64Array.of(0.6, 0.9), { tolerance: 1e-12, maxSteps: 300, lower: 0, upper: 1 });
    expect(starts.length).toBeGreaterThan(2);
    for (let i = 1; i < starts.length; i++) expect(starts[i]!).toBeGreaterThanOrEqual(starts[i - 1]!);
    expect(fit.params[1]).toBeCloseTo(0.5, 4);
  });

  it('keeps every parameter inside its bounds when the maximum is on the edge', () => {
    // Every observation favours the first source: the MLE is π = 1, which EM approaches ever more slowly.
    const { step } = mixture(Array.from({ length: 50 }, () => [0.6, 0.4] as [number, number]));
    const seen: number[] = [];
    const watched: FixedPointStep = (from, to, withLikelihood) => {
      seen.push(from[0]!);
      return step(from, to, withLikelihood);
    };
    const fit = squarem(watched, Float64Array.of(0.5), { tolerance: 1e-6, maxSteps: 500, lower: 0, upper: 1 });
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...seen)).toBeLessThanOrEqual(1);
    expect(fit.params[0]).toBeGreaterThan(0.999);
  });

  it('stops at the cap and says so', () => {
    const { step } = mixture(observations);
    const fit = squarem(step, Float64Array.of(0.1), { tolerance: 1e-300, maxSteps: 7, lower: 0, upper: 1 });
    expect(fit.converged).toBe(false);
    expect(fit.steps).toBe(7);
  });
});

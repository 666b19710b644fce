import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bootstrapInterval,
  comparePaired,
  intervalCaveat,
  normalUpperTail,
  randomizationTest,
} from '../../../../src/shared/metrics/significance';
import { mulberry32 } from '../../../../src/shared/random';

/** The exact two-sided p by brute force: every sign pattern, written the plain way. */
function bruteForceP(deltas: number[]): number {
  const n = deltas.length;
  const t = Math.abs(deltas.reduce((s, d) => s + d, 0) / n);
  let extreme = 0;
  for (let mask = 0; mask < 2 ** n; mask++) {
    const flipped = deltas.map((d, i) => ((mask >> i) & 1 ? -d : d));
    if (Math.abs(flipped.reduce((s, d) => s + d, 0) / n) >= t - 1e-12) extreme++;
  }
  return extreme / 2 ** n;
}

describe('the paired randomization test', () => {
  it('is exact up to 16 pairs: hand-computed cases', () => {
    expect(randomizationTest([1])).toBe(1); // both signs are as extreme
    expect(randomizationTest([1, 1])).toBe(0.5); // ++ and -- of 4 patterns
    expect(randomizationTest([1, 1, 1, 1, 1])).toBeCloseTo(2 / 32, 15);
    expect(randomizationTest([0, 0, 0])).toBe(1);
    expect(randomizationTest([])).toBe(1);
  });

  it('agrees with brute-force enumeration on small random cases', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 1, maxLength: 10 }), (deltas) => {
        expect(randomizationTest(deltas)).toBeCloseTo(bruteForceP(deltas), 12);
      }),
      { numRuns: 60 },
    );
  });

  it('above 16 pairs samples 10,000 sign flips from mulberry32(1): the same p every time, and close to the exact one', () => {
    const deltas = Array.from({ length: 17 }, (_, i) => (i % 3 === 0 ? -0.05 : 0.08) * ((i % 5) + 1));
    const p = randomizationTest(deltas);
    expect(randomizationTest(deltas)).toBe(p);
    expect(p).toBeCloseTo(bruteForceP(deltas), 1);
    expect(Number.isInteger(p * 10_001)).toBe(true); // (1 + count) / (1 + N)
    expect(randomizationTest(Array.from({ length: 40 }, () => 0.1))).toBeCloseTo(1 / 10_001, 12);
  });

  it('mulberry32 is a fixed sequence for a seed', () => {
    const a = mulberry32(1);
    const b = mulberry32(1);
    const first = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(first);
    expect(first.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(mulberry32(2)()).not.toBe(first[0]);
  });
});

describe('the bootstrap interval', () => {
  it('is zero-width at the value when every delta is the same', () => {
    expect(bootstrapInterval([0.25, 0.25, 0.25, 0.25])).toEqual([0.25, 0.25]);
    expect(bootstrapInterval(Array.from({ length: 200 }, () => -0.1))).toEqual([-0.1, -0.1]);
  });

  it('holds the mean delta, is reproducible, and is null without deltas', () => {
    const deltas = Array.from({ length: 60 }, (_, i) => Math.sin(i) / 10 + 0.02);
    const [lo, hi] = bootstrapInterval(deltas)!;
    const mean = deltas.reduce((s, d) => s + d, 0) / deltas.length;
    expect(lo).toBeLessThan(mean);
    expect(hi).toBeGreaterThan(mean);
    expect(bootstrapInterval(deltas)).toEqual([lo, hi]);
    expect(bootstrapInterval([])).toBeNull();
  });
});

describe('a paired comparison', () => {
  it('tallies wins, losses and ties (beyond ±1e-9), means, delta and significance', () => {
    const c = comparePaired([0.5, 0.5, 0.2, 0.1], [0.6, 0.5 + 1e-12, 0.1, 0.4]);
    expect(c).toMatchObject({ n: 4, wins: 2, losses: 1, ties: 1 });
    expect(c.a).toBeCloseTo(0.325, 12);
    expect(c.b).toBeCloseTo(0.4, 12);
    expect(c.delta).toBeCloseTo(0.075, 12);
    expect(c.significant).toBe(false);
    const strong = comparePaired(
      Array.from({ length: 30 }, () => 0.2),
      Array.from({ length: 30 }, (_, i) => 0.5 + (i % 3) / 100),
    );
    expect(strong.significant).toBe(true);
    expect(strong.p).toBeLessThan(0.001);
    expect(comparePaired([], [])).toMatchObject({ n: 0, p: 1, ci95: null, significant: false });
  });
});

describe('a paired comparison weighted by how often queries were searched', () => {
  it('weighs the means and the delta; a weight of 2 is the query counted twice in the means and the interval', () => {
    const a = [0.2, 0.5, 0.4];
    const b = [0.6, 0.4, 0.4];
    const w = [3, 1, 1];
    const c = comparePaired(a, b, w);
    expect(c.a).toBeCloseTo((0.2 * 3 + 0.5 + 0.4) / 5, 12);
    expect(c.b).toBeCloseTo((0.6 * 3 + 0.4 + 0.4) / 5, 12);
    expect(c.delta).toBeCloseTo((0.4 * 3 - 0.1) / 5, 12);
    // Wins, losses and ties still count queries.
    expect(c).toMatchObject({ n: 3, wins: 1, losses: 1, ties: 1 });
    // Unweighted, the same pairs say otherwise.
    expect(comparePaired(a, b).delta).toBeCloseTo(0.1, 12);
    // Whole-number weights in the means are copies of the query.
    const copies = comparePaired([0.2, 0.2, 0.2, 0.5, 0.4], [0.6, 0.6, 0.6, 0.4, 0.4]);
    expect(c.delta).toBeCloseTo(copies.delta, 12);
    // All weights equal: the unweighted figures, interval and test alike.
    const plain = comparePaired(a, b);
    const even = comparePaired(a, b, [7, 7, 7]);
    expect(even.delta).toBeCloseTo(plain.delta, 12);
    expect(even.p).toBeCloseTo(plain.p, 12);
  });

  it('its interval comes from weighted resamples, and above 10,000 pairs from the weighted standard error', () => {
    const n = 200;
    const deltas = Array.from({ length: n }, (_, i) => (i % 2 ? 0.1 : -0.05));
    // The positive half weighs 4 times as much: the weighted mean is (0.4 − 0.05) / 5 = 0.07.
    const weights = deltas.map((d) => (d > 0 ? 4 : 1));
    const ci = bootstrapInterval(deltas, { weights })!;
    expect(ci[0]).toBeLessThan(0.07);
    expect(ci[1]).toBeGreaterThan(0.07);
    expect(ci[0]).toBeGreaterThan(0.05);
    const big = Array.from({ length: 20_000 }, (_, i) => deltas[i % n]!);
    const bigW = Array.from({ length: 20_000 }, (_, i) => weights[i % n]!);
    const limit = bootstrapInterval(big, { weights: bigW })!;
    expect((limit[0] + limit[1]) / 2).toBeCloseTo(0.07, 9);
    // Resampled at this size too (resampledUpTo raised), the two ways agree to within 5% of the width.
    const resampled = bootstrapInterval(big, { weights: bigW, resampledUpTo: 30_000, resamples: 2000 })!;
    expect(Math.abs(resampled[0] - limit[0])).toBeLessThan(0.05 * (limit[1] - limit[0]) + 1e-4);
    expect(Math.abs(resampled[1] - limit[1])).toBeLessThan(0.05 * (limit[1] - limit[0]) + 1e-4);
  });
});

describe('above 10,000 pairs: the large-sample limits', () => {
  it('the normal upper tail matches tabulated values', () => {
    expect(normalUpperTail(0)).toBe(0.5);
    expect(normalUpperTail(1.959963984540054)).toBeCloseTo(0.025, 12);
    expect(normalUpperTail(3)).toBeCloseTo(0.0013498980316301, 13);
    expect(normalUpperTail(5) / 2.866515718791939e-7).toBeCloseTo(1, 9);
    expect(normalUpperTail(-1)).toBeCloseTo(0.8413447460685429, 12);
  });

  // Deltas as a metric's are: many ties, some wins and losses of uneven size, skewed.
  const metricLike = (n: number, seed: number, shift: number) => {
    const r = mulberry32(seed);
    return Array.from({ length: n }, () => {
      const u = r();
      return u < 0.5 ? 0 : (r() - 0.5 + shift) * (u < 0.9 ? 0.3 : 1);
    });
  };

  it('at 10,000 pairs the resampled and the limiting figures agree: p within the error of 10,000 sampled flips, interval ends within 2% of its width', () => {
    for (const [seed, shift] of [
      [3, 0],
      [4, 0.02],
      [5, 0.05],
      [6, 0.01],
      [9, 0.005],
    ] as const) {
      const d = metricLike(10_000, seed, shift);
      const resampled = { p: randomizationTest(d), ci: bootstrapInterval(d)! };
      const limit = { p: randomizationTest(d, { resampledUpTo: 0 }), ci: bootstrapInterval(d, { resampledUpTo: 0 })! };
      // Three standard errors of a p estimated from 10,000 random sign patterns.
      const error = 3 * Math.sqrt((limit.p * (1 - limit.p)) / 10_000) + 1e-3;
      expect(Math.abs(resampled.p - limit.p)).toBeLessThan(error);
      const width = resampled.ci[1] - resampled.ci[0];
      expect(Math.abs(resampled.ci[0] - limit.ci[0])).toBeLessThan(0.02 * width);
      expect(Math.abs(resampled.ci[1] - limit.ci[1])).toBeLessThan(0.02 * width);
    }
  });

  it('is what comparePaired uses above 10,000 pairs: a shift of 0.01 over 100,000 queries is significant, none is not', () => {
    const a = metricLike(100_000, 7, 0).map((x) => 0.5 + x / 4);
    const noise = metricLike(100_000, 8, 0).map((x) => x / 10);
    const noShift = comparePaired(
      a,
      a.map((x, i) => x + noise[i]!),
    );
    expect(noShift.p).toBeCloseTo(randomizationTest(noise, { resampledUpTo: 0 }), 6);
    expect(noShift.significant).toBe(false);
    expect(noShift.ci95![0]).toBeLessThan(0);
    expect(noShift.ci95![1]).toBeGreaterThan(0);
    const shifted = comparePaired(
      a,
      a.map((x) => x + 0.01),
    );
    expect(shifted.significant).toBe(true);
    expect(shifted.ci95![0]).toBeCloseTo(0.01, 9);
    expect(shifted.ci95![1]).toBeCloseTo(0.01, 9);
  });
});

describe('the interval on few queries', () => {
  it('is said to run narrow below 100 paired queries (the calibration bench measured 90.5 in 100 at 40), and not from 100 on', () => {
    expect(intervalCaveat(40)).toMatch(/^from 40 queries the 95% interval runs narrow/);
    expect(intervalCaveat(99)).not.toBeNull();
    expect(intervalCaveat(100)).toBeNull();
    expect(intervalCaveat(1)).toBeNull();
  });
});

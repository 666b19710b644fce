import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  comparePaired,
  meanInterval,
  normalUpperTail,
  randomizationTest,
  studentQuantile,
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

describe("the interval of a mean delta (Student's t)", () => {
  it('is zero-width at the value when every delta is the same', () => {
    expect(meanInterval([0.25, 0.25, 0.25, 0.25])).toEqual([0.25, 0.25]);
    expect(meanInterval(Array.from({ length: 200 }, () => -0.1))).toEqual([-0.1, -0.1]);
  });

  it('is the mean ± t·s/√n: centred on the mean, the same every time, null without deltas', () => {
    const deltas = Array.from({ length: 60 }, (_, i) => Math.sin(i) / 10 + 0.02);
    const [lo, hi] = meanInterval(deltas)!;
    const mean = deltas.reduce((s, d) => s + d, 0) / deltas.length;
    const sd = Math.sqrt(deltas.reduce((s, d) => s + (d - mean) ** 2, 0) / 59);
    expect((lo + hi) / 2).toBeCloseTo(mean, 12);
    // t at 59 degrees of freedom, 0.975: 2.000995 (tables).
    expect((hi - lo) / 2).toBeCloseTo((2.000995 * sd) / Math.sqrt(60), 5);
    expect(meanInterval(deltas)).toEqual([lo, hi]);
    expect(meanInterval([])).toBeNull();
  });

  it("Student's quantiles as tabulated (df 1, 2, 3, 5, 9, 39, 99, ∞), to 0.1% at df 3 and 10⁻⁵ from 10", () => {
    const table: [number, number, number][] = [
      [1, 12.7062, 1e-4],
      [2, 4.30265, 1e-5],
      [3, 3.18245, 4e-3],
      [5, 2.57058, 6e-4],
      [9, 2.26216, 1e-4],
      [39, 2.02269, 1e-5],
      [99, 1.98422, 1e-5],
      [Infinity, 1.959964, 1e-6],
    ];
    for (const [df, t, tolerance] of table) expect(Math.abs(studentQuantile(0.975, df) - t)).toBeLessThan(tolerance);
    expect(studentQuantile(0.025, 9)).toBeCloseTo(-studentQuantile(0.975, 9), 12);
  });

  it('holds the true mean delta at its stated rate on 40 queries where a few carry the change (the percentile bootstrap held it 87 times in 100)', () => {
    // 70% of queries unmoved, 25% up ~N(0.08, 0.1), 5% broken ~N(−0.3, 0.1): true mean 0.005.
    let held = 0;
    const sets = 1000;
    for (let rep = 0; rep < sets; rep++) {
      const random = mulberry32(90_000 + rep);
      const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
      const deltas = Array.from({ length: 40 }, () => {
        const u = random();
        return u < 0.7 ? 0 : u < 0.95 ? 0.08 + 0.1 * normal() : -0.3 + 0.1 * normal();
      });
      const [lo, hi] = meanInterval(deltas)!;
      if (lo <= 0.005 && 0.005 <= hi) held++;
    }
    // 95% of 1,000 with three binomial standard errors (±2.1%) either side.
    expect(held / sets).toBeGreaterThan(0.929);
    expect(held / sets).toBeLessThan(0.971);
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

  it('its interval is weighted: a weight of 2 counts a query twice, t taken at the effective number of queries', () => {
    const n = 200;
    const deltas = Array.from({ length: n }, (_, i) => (i % 2 ? 0.1 : -0.05));
    // The positive half weighs 4 times as much: the weighted mean is (0.4 − 0.05) / 5 = 0.07.
    const weights = deltas.map((d) => (d > 0 ? 4 : 1));
    const ci = meanInterval(deltas, { weights })!;
    expect((ci[0] + ci[1]) / 2).toBeCloseTo(0.07, 12);
    expect(ci[0]).toBeGreaterThan(0.05);
    // Equal weights: exactly the unweighted interval.
    const plain = meanInterval(deltas)!;
    const even = meanInterval(deltas, { weights: deltas.map(() => 7) })!;
    expect(even[0]).toBeCloseTo(plain[0], 12);
    expect(even[1]).toBeCloseTo(plain[1], 12);
    // All the weight on one query leaves nothing to measure the spread by: no interval.
    expect(meanInterval([0.1, 0.3], { weights: [1, 0] })).toBeNull();
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

  it('at 10,000 pairs the sampled and the limiting p agree within the error of 10,000 sampled flips', () => {
    for (const [seed, shift] of [
      [3, 0],
      [4, 0.02],
      [5, 0.05],
      [6, 0.01],
      [9, 0.005],
    ] as const) {
      const d = metricLike(10_000, seed, shift);
      const sampled = randomizationTest(d);
      const limit = randomizationTest(d, { resampledUpTo: 0 });
      // Three standard errors of a p estimated from 10,000 random sign patterns.
      const error = 3 * Math.sqrt((limit * (1 - limit)) / 10_000) + 1e-3;
      expect(Math.abs(sampled - limit)).toBeLessThan(error);
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

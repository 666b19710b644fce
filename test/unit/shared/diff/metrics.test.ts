import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jaccardAt, kendallTau, listMetrics, overlapAt, rbo, uniqueRanking } from '../../../../src/shared/diff/metrics';

/**
 * RBO_ext written straight from the paper's definition (Webber, Moffat &
 * Zobel 2010, eq. 32), with every X_d counted afresh: slow and obvious, the
 * reference for the incremental implementation.
 */
function rboReference(a: string[], b: string[], p: number): number {
  const [S, L] = a.length <= b.length ? [a, b] : [b, a];
  const s = S.length;
  const l = L.length;
  if (l === 0) return 1;
  if (s === 0) return 0;
  const X = (d: number) => {
    const top = new Set(S.slice(0, Math.min(d, s)));
    return L.slice(0, d).filter((x) => top.has(x)).length;
  };
  let first = 0;
  for (let d = 1; d <= l; d++) first += (X(d) / d) * p ** d;
  let second = 0;
  for (let d = s + 1; d <= l; d++) second += ((X(s) * (d - s)) / (s * d)) * p ** d;
  return ((1 - p) / p) * (first + second) + ((X(l) - X(s)) / l + X(s) / s) * p ** l;
}

describe('rank-biased overlap (p = 0.9, extrapolated)', () => {
  it('matches values worked out by hand', () => {
    // Even lists, k = 2: X1 = 1, X2 = 1 → 0.5·0.81 + (0.1/0.9)(0.9 + 0.405) = 0.405 + 0.145.
    expect(rbo(['a', 'b'], ['a', 'c'])).toBeCloseTo(0.55, 12);
    // Swapped pair, k = 2: X1 = 0, X2 = 2 → 1·0.81 + (0.1/0.9)(0 + 0.81) = 0.81 + 0.09.
    expect(rbo(['a', 'b'], ['b', 'a'])).toBeCloseTo(0.9, 12);
    // Uneven: S = [b], L = [a, b]: X1 = 0, X2 = 1, Xs = 0 → (0.1/0.9)(0.405) + (1/2)·0.81.
    expect(rbo(['b'], ['a', 'b'])).toBeCloseTo(0.45, 12);
    // A prefix of the longer list extrapolates to full agreement.
    expect(rbo(['a'], ['a', 'b'])).toBeCloseTo(1, 12);
  });

  it('is 1 for identical lists and 0 for disjoint ones, whatever their length', () => {
    expect(rbo(['a', 'b', 'c', 'd'], ['a', 'b', 'c', 'd'])).toBe(1);
    expect(rbo(['a', 'b', 'c'], ['x', 'y', 'z', 'w'])).toBe(0);
  });

  it('empty lists: two empty agree, one empty against a non-empty shares nothing', () => {
    expect(rbo([], [])).toBe(1);
    expect(rbo([], ['a'])).toBe(0);
    expect(rbo(['a'], [])).toBe(0);
  });

  it('equals the definition computed naively, stays in [0, 1], and is symmetric', () => {
    const ids = fc.uniqueArray(fc.constantFrom(...'abcdefghijklmnop'.split('')), { maxLength: 14 });
    fc.assert(
      fc.property(ids, ids, fc.double({ min: 0.5, max: 0.98, noNaN: true }), (a, b, p) => {
        const value = rbo(a, b, p);
        expect(value).toBeCloseTo(Math.min(1, Math.max(0, rboReference(a, b, p))), 9);
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThanOrEqual(1);
        expect(rbo(b, a, p)).toBeCloseTo(value, 12);
      }),
    );
  });

  it('weighs the top more: a swap at the top costs more than a swap at the bottom', () => {
    const base = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    const top = ['b', 'a', 'c', 'd', 'e', 'f', 'g', 'h'];
    const bottom = ['a', 'b', 'c', 'd', 'e', 'f', 'h', 'g'];
    expect(rbo(base, top)).toBeLessThan(rbo(base, bottom));
  });
});

describe('overlap@k and Jaccard@k', () => {
  const A = ['a', 'b', 'c', 'd'];
  const B = ['b', 'x', 'a', 'y'];
  it('count what the top k share', () => {
    expect(overlapAt(A, B, 1)).toBe(0);
    expect(overlapAt(A, B, 3)).toBeCloseTo(2 / 3);
    expect(overlapAt(A, B, 10)).toBe(2 / 4);
    expect(jaccardAt(A, B, 1)).toBe(0);
    expect(jaccardAt(A, B, 3)).toBeCloseTo(2 / 4); // {a,b,c} ∪ {b,x,a} = 4
    expect(jaccardAt(A, B, 10)).toBeCloseTo(2 / 6);
  });
  it('treat two empty lists as agreeing, an empty against a full one as not', () => {
    expect(overlapAt([], [], 3)).toBe(1);
    expect(jaccardAt([], [], 3)).toBe(1);
    expect(overlapAt([], ['a'], 3)).toBe(0);
    expect(jaccardAt(['a'], [], 3)).toBe(0);
  });
});

describe("Kendall's tau on the shared items", () => {
  it('is 1 for the same order, −1 reversed, and counts discordant pairs', () => {
    expect(kendallTau(['a', 'b', 'c', 'd'], ['a', 'b', 'c', 'd'])).toBe(1);
    expect(kendallTau(['a', 'b', 'c', 'd'], ['d', 'c', 'b', 'a'])).toBe(-1);
    // One discordant pair of six.
    expect(kendallTau(['a', 'b', 'c', 'd'], ['b', 'a', 'c', 'd'])).toBeCloseTo(1 - 2 / 6);
  });
  it('ignores items only one side has, and needs three shared items (two can only give ±1)', () => {
    expect(kendallTau(['a', 'x', 'b', 'c'], ['c', 'b', 'y', 'a'])).toBe(-1);
    expect(kendallTau(['a', 'x', 'b'], ['b', 'y', 'a'])).toBeNull();
    expect(kendallTau(['a'], ['a'])).toBeNull();
    expect(kendallTau(['a', 'b'], ['c', 'd'])).toBeNull();
  });
  it('agrees with counting every pair', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 60 }), { minLength: 3, maxLength: 40 }), fc.nat(), (values, seed) => {
        const a = values.map(String);
        const b = [...a].sort((x, y) => ((Number(x) * 7919 + seed) % 101) - ((Number(y) * 7919 + seed) % 101));
        const rank = new Map(b.map((id, i) => [id, i]));
        let concordant = 0;
        let discordant = 0;
        for (let i = 0; i < a.length; i++)
          for (let j = i + 1; j < a.length; j++) {
            if (rank.get(a[i]!)! - rank.get(a[j]!)! < 0) concordant++;
            else discordant++;
          }
        expect(kendallTau(a, b)).toBeCloseTo((concordant - discordant) / (concordant + discordant), 12);
      }),
    );
  });
});

describe('listMetrics', () => {
  it('takes the first place of a repeated id and reports the top-1 change', () => {
    expect(uniqueRanking(['a', 'b', 'a', 'c'])).toEqual(['a', 'b', 'c']);
    const m = listMetrics(['a', 'b', 'a', 'c'], ['b', 'a', 'c']);
    expect(m).toMatchObject({ lengthA: 3, lengthB: 3, shared: 3, top1Changed: true });
    expect(m.overlap.all).toBe(1);
    expect(m.rbo).toBeCloseTo(rbo(['a', 'b', 'c'], ['b', 'a', 'c']));
  });
  it('ties in score do not matter: the order the service returned is the ranking', () => {
    const m = listMetrics(['a', 'b'], ['b', 'a']);
    expect(m.rbo).toBeCloseTo(0.9);
    expect(m.kendallTau).toBeNull();
    expect(listMetrics(['a', 'b', 'c'], ['c', 'b', 'a'])).toMatchObject({ kendallTau: -1, shared: 3 });
  });
});

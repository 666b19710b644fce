import { describe, expect, it } from 'vitest';
import {
  agreement,
  krippendorffOrdinal,
  MIN_SHARED,
  pairFigures,
  parseRaterCsv,
  type RaterRating,
} from '../../../../src/shared/judgments/agreement';

/** Ratings of two raters from a confusion table: table[i][j] items rated i by ann and j by bob. */
function fromTable(table: number[][]): RaterRating[] {
  const out: RaterRating[] = [];
  let n = 0;
  table.forEach((row, i) =>
    row.forEach((count, j) => {
      for (let c = 0; c < count; c++) {
        const itemId = `d${n++}`;
        out.push({ query: 'q', itemId, rating: i, rater: 'ann' }, { query: 'q', itemId, rating: j, rater: 'bob' });
      }
    }),
  );
  return out;
}

describe("Cohen's kappa against hand-computed tables", () => {
  it('two categories: po 0.7, pe 0.5, kappa 0.4 (weighted the same with two categories)', () => {
    const f = pairFigures(
      {
        items: 50,
        confusion: [
          [20, 5],
          [10, 15],
        ],
      },
      1,
    );
    expect(f.agreement).toBeCloseTo(0.7, 12);
    expect(f.kappa).toBeCloseTo(0.4, 12);
    expect(f.weightedKappa).toBeCloseTo(0.4, 12);
    expect(f.withinOne).toBe(1);
  });

  it('three categories: kappa 0.41625 / 0.66625, quadratic weights (i − j)² / 4 give 1 − 3.25 / 13.75', () => {
    // rows 12, 13, 15; columns 14, 12, 14; n = 40. pe = (12·14 + 13·12 + 15·14) / 1600 = 0.33375.
    // Weighted: observed 9 · 0.25 + 1 · 1 = 3.25; expected (3.6 + 4.55 + 4.55 + 4.5) · 0.25 + (4.2 + 5.25) · 1 = 13.75.
    const f = pairFigures(
      {
        items: 40,
        confusion: [
          [10, 2, 0],
          [3, 8, 2],
          [1, 2, 12],
        ],
      },
      2,
    );
    expect(f.agreement).toBe(0.75);
    expect(f.withinOne).toBe(0.975);
    expect(f.kappa).toBeCloseTo(0.41625 / 0.66625, 12);
    expect(f.weightedKappa).toBeCloseTo(1 - 3.25 / 13.75, 12);
  });

  it('the degenerate single-category case: both raters used one value only, so kappa is 0 / 0 and not given', () => {
    const f = pairFigures(
      {
        items: 30,
        confusion: [
          [0, 0, 0, 0],
          [0, 0, 0, 0],
          [0, 0, 30, 0],
          [0, 0, 0, 0],
        ],
      },
      3,
    );
    expect(f).toEqual({ items: 30, agreement: 1, withinOne: 1, kappa: null, weightedKappa: null });
    // One rater constant, the other not: chance agreement below 1, kappa 0 (no better than chance).
    const g = pairFigures(
      {
        items: 4,
        confusion: [
          [0, 0],
          [2, 2],
        ],
      },
      1,
    );
    expect(g.kappa).toBeCloseTo(0, 12);
  });

  it('perfect disagreement on the extremes is strongly negative', () => {
    const f = pairFigures(
      {
        items: 20,
        confusion: [
          [0, 0, 10],
          [0, 0, 0],
          [10, 0, 0],
        ],
      },
      2,
    );
    expect(f.kappa).toBeCloseTo(-1, 12);
    expect(f.weightedKappa).toBeCloseTo(-1, 12);
  });
});

describe("Krippendorff's alpha, ordinal", () => {
  it("gives 0.815 on Krippendorff's own example (4 coders, 12 units, values 1–5, missing values)", () => {
    // Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability": nominal 0.743, ordinal 0.815.
    const units = [
      [1, 1, 1],
      [2, 2, 3, 2],
      [3, 3, 3, 3],
      [3, 3, 3, 3],
      [2, 2, 2, 2],
      [1, 2, 3, 4],
      [4, 4, 4, 4],
      [1, 1, 2, 1],
      [2, 2, 2, 2],
      [5, 5, 5],
      [1, 1],
      [3],
    ];
    expect(krippendorffOrdinal(units, 5)).toBeCloseTo(0.8153875, 6);
  });

  it('is 1 for raters who always agree (with variation), and not given without variation or pairs', () => {
    expect(
      krippendorffOrdinal(
        [
          [0, 0],
          [3, 3],
          [1, 1, 1],
        ],
        3,
      ),
    ).toBe(1);
    expect(
      krippendorffOrdinal(
        [
          [2, 2],
          [2, 2],
        ],
        3,
      ),
    ).toBeNull();
    expect(krippendorffOrdinal([[2], [1]], 3)).toBeNull();
  });
});

describe('agreement over a list with raters', () => {
  it('gives alpha with a seeded interval, each pair with its confusion table, and the pooled figures', () => {
    const two = fromTable([
      [10, 2, 0],
      [3, 8, 2],
      [1, 2, 12],
    ]);
    const cara = two
      .filter((r) => r.rater === 'ann')
      .slice(0, 10)
      .map((r) => ({ ...r, rater: 'cara' }));
    const report = agreement([...two, ...cara], 2, { resamples: 200, seed: 7 });
    expect(report.raters).toEqual(['ann', 'bob', 'cara']);
    expect(report.pairs.map((p) => [p.raters, p.items, p.needed])).toEqual([
      [['ann', 'bob'], 40, 0],
      [['ann', 'cara'], 10, MIN_SHARED - 10],
      [['bob', 'cara'], 10, MIN_SHARED - 10],
    ]);
    expect(report.pairs[0]!.weightedKappa).toBeCloseTo(1 - 3.25 / 13.75, 12);
    // Cara copied ann's first ten ratings, all 0: full agreement on one category, so no kappa.
    expect(report.pairs[1]).toMatchObject({ agreement: 1, kappa: null });
    expect(report.overall.items).toBe(60);
    expect(report.pairable).toBe(40);
    expect(report.alpha).toBeGreaterThan(0.5);
    const [lo, hi] = report.alphaCi95!;
    expect(lo).toBeLessThanOrEqual(report.alpha!);
    expect(hi).toBeGreaterThanOrEqual(report.alpha!);
    expect(agreement([...two, ...cara], 2, { resamples: 200, seed: 7 }).alphaCi95).toEqual(report.alphaCi95);
  });

  it('counts the last rating a rater gave an item, and matches queries by their key', () => {
    const report = agreement(
      [
        { query: 'Red  Dress', itemId: 'd1', rating: 0, rater: 'ann' },
        { query: 'red dress', itemId: 'd1', rating: 3, rater: 'ann' },
        { query: 'red dress ', itemId: 'd1', rating: 3, rater: 'bob' },
      ],
      3,
      { resamples: 0 },
    );
    expect(report.pairs[0]).toMatchObject({ items: 1, agreement: 1 });
  });
});

describe('ratings with raters from CSV', () => {
  it('reads query,docid,rating,rater in any column order, quoted fields included', () => {
    const read = parseRaterCsv('rater,query,docid,rating\nann,"red, dress",d1,3\nbob,red dress,d1,2\n', 3);
    expect(read).toEqual({
      ok: true,
      ratings: [
        { query: 'red, dress', itemId: 'd1', rating: 3, rater: 'ann' },
        { query: 'red dress', itemId: 'd1', rating: 2, rater: 'bob' },
      ],
    });
  });

  it('names the line and the problem', () => {
    expect(parseRaterCsv('query,docid,rating\nq,d,1', 3)).toMatchObject({ ok: false, line: 1, message: expect.stringContaining('rater') });
    expect(parseRaterCsv('query,docid,rating,rater\nq,d,1,ann\nq,d,7,bob', 3)).toMatchObject({
      ok: false,
      line: 3,
      message: expect.stringContaining('0 to 3'),
    });
    expect(parseRaterCsv('query,docid,rating,rater\nq,d,1,', 3)).toMatchObject({ ok: false, line: 2 });
  });
});

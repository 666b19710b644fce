import { describe, expect, it } from 'vitest';
import {
  betaCdf,
  betaQuantile,
  checkAgainstTruth,
  defaultThresholds,
  fitClickModel,
  gammaInterval,
  kendallTau,
  type PagePattern,
  parseThresholds,
  rateEstimates,
} from '../../../../src/shared/click-models';
import { clickModel } from '../../../../src/shared/traffic';
import { syntheticLog } from './synthetic';

const pattern = (query: string, ranking: string[], clickedRanks: number[], count: number): PagePattern => ({
  query,
  ranking,
  clicked: clickedRanks.reduce((m, r) => m | (1 << (r - 1)), 0),
  count,
});
const item = (fit: ReturnType<typeof fitClickModel>, id: string) => fit.items.find((i) => i.itemId === id)!;

describe('PBM by EM', () => {
  // Two items, two ranks, both orders eight times: u clicked 4 of 8 at rank 1 and 2 of 8 at rank 2, v 2 of 8 at rank 1
  // and 1 of 8 at rank 2. By hand, θ = (1, ½), α_u = ½, α_v = ¼ explains every cell exactly: u at 1: 1·½ = 4/8; u at 2:
  // ½·½ = 2/8; v at 1: ¼ = 2/8; v at 2: ½·¼ = 1/8. And it is EM's fixed point: α_u's update is (4 + 0 + 2 + 6·(½·½)/(1 − ¼))
  // / 16 = (6 + 2) / 16 = ½; θ_2's is (2 + 1 + 6·(½·½)/(1 − ¼) + 7·(½·¾)/(1 − ⅛)) / 16 = (3 + 2 + 3) / 16 = ½.
  const log = [
    pattern('q', ['u', 'v'], [1], 3),
    pattern('q', ['u', 'v'], [1, 2], 1),
    pattern('q', ['u', 'v'], [], 4),
    pattern('q', ['v', 'u'], [1, 2], 1),
    pattern('q', ['v', 'u'], [1], 1),
    pattern('q', ['v', 'u'], [2], 1),
    pattern('q', ['v', 'u'], [], 5),
  ];

  it('finds the fixed point worked out by hand on a 2-rank, 2-item log', () => {
    const fit = fitClickModel('pbm', log);
    expect(fit.converged).toBe(true);
    expect(fit.positions.map((p) => p.examination)).toEqual([1, expect.closeTo(0.5, 5)]);
    expect(item(fit, 'u').estimate).toBeCloseTo(0.5, 5);
    expect(item(fit, 'v').estimate).toBeCloseTo(0.25, 5);
    expect(item(fit, 'u')).toMatchObject({ impressions: 16, clicks: 6 });
    expect(item(fit, 'v')).toMatchObject({ impressions: 16, clicks: 3 });
  });

  it("each estimate's interval holds it, and narrows with more of the same evidence", () => {
    const fit = fitClickModel('pbm', log);
    const big = fitClickModel(
      'pbm',
      log.map((p) => ({ ...p, count: p.count * 100 })),
    );
    for (const id of ['u', 'v']) {
      const [lo, hi] = item(fit, id).ci95;
      expect(lo).toBeLessThan(item(fit, id).estimate);
      expect(hi).toBeGreaterThan(item(fit, id).estimate);
      expect(item(big, id).ci95[1] - item(big, id).ci95[0]).toBeLessThan((hi - lo) / 5);
    }
  });
});

describe('PBM: pairs too rarely shown to inform θ', () => {
  // One query's four items, each shown 40 times at ranks 1–4 in turn, set θ; a fifth item seen four times — twice at
  // rank 1 (one click), twice at rank 3 (one click) — is fitted afterwards with θ held, at its own likelihood's maximum.
  const orders = [
    ['a', 'b', 'c', 'd'],
    ['b', 'c', 'd', 'a'],
    ['c', 'd', 'a', 'b'],
    ['d', 'a', 'b', 'c'],
  ];
  const attract: Record<string, number> = { a: 0.8, b: 0.6, c: 0.4, d: 0.2 };
  const theta = [1, 0.7, 0.5, 0.35];
  const log: PagePattern[] = [];
  for (const order of orders)
    order.forEach((id, r) => {
      // Expected clicks as counts: 40 pages, clicks at this rank in proportion to θ·α (one rank clicked per pattern).
      const clicks = Math.round(40 * theta[r]! * attract[id]!);
      log.push(pattern('q', [...order], [r + 1], clicks));
      log.push(pattern('q', [...order], [], 40 - clicks));
    });
  log.push(pattern('q', ['rare', 'a', 'b'], [1], 1), pattern('q', ['rare', 'a', 'b'], [], 1));
  log.push(pattern('q', ['a', 'b', 'rare'], [3], 1), pattern('q', ['a', 'b', 'rare'], [], 1));

  it("sets the rare pair's α where its likelihood's slope is zero, θ held", () => {
    const fit = fitClickModel('pbm', log);
    const t = (rank: number) => fit.positions[rank - 1]!.examination;
    const a = item(fit, 'rare').estimate;
    // d/dα [2·log(α) + log(1 − θ_1·α) + 2·log(θ_3·α)… ]: clicks 2 over α, less each non-click's θ over (1 − θ·α).
    const slope = 2 / a - t(1) / (1 - t(1) * a) - t(3) / (1 - t(3) * a);
    expect(Math.abs(slope)).toBeLessThan(1e-6);
    expect(a).toBeGreaterThan(0.5);
    expect(a).toBeLessThan(1);
  });

  it('a rare pair seen at one rank gets its clicks over its expected examinations, at most 1', () => {
    const fit = fitClickModel('pbm', [...log, pattern('q', ['a', 'b', 'c', 'once'], [4], 1), pattern('q', ['a', 'b', 'c', 'once'], [], 2)]);
    const t4 = fit.positions[3]!.examination;
    expect(item(fit, 'once').estimate).toBeCloseTo(Math.min(1, 1 / (3 * t4)), 9);
  });
});

describe('COEC', () => {
  it("divides an item's clicks by the click-through of the ranks it was shown at", () => {
    // Rank 1: 10 shown, 5 clicked (0.5); rank 2: 10 shown, 2 clicked (0.2). a: 4 clicks at rank 1 over 6 shown, 1 at
    // rank 2 over 4 shown: expected 6·0.5 + 4·0.2 = 3.8, COEC 5/3.8.
    const fit = fitClickModel('coec', [
      pattern('q', ['a', 'b'], [1], 4),
      pattern('q', ['a', 'b'], [2], 1),
      pattern('q', ['a', 'b'], [], 1),
      pattern('q', ['b', 'a'], [1], 1),
      pattern('q', ['b', 'a'], [2], 1),
      pattern('q', ['b', 'a'], [], 2),
    ]);
    expect(fit.positions).toEqual([
      { rank: 1, examination: 0.5 },
      { rank: 2, examination: 0.2 },
    ]);
    expect(item(fit, 'a').estimate).toBeCloseTo(5 / 3.8, 10);
    expect(item(fit, 'b').estimate).toBeCloseTo(2 / (4 * 0.5 + 6 * 0.2), 10);
    const [lo, hi] = item(fit, 'a').ci95;
    expect(lo).toBeLessThan(5 / 3.8);
    expect(hi).toBeGreaterThan(5 / 3.8);
  });
});

describe('DBN by EM', () => {
  it('recovers the continuation γ, and reads the later ranks less and less', () => {
    const model = clickModel('dbn');
    const log = syntheticLog(model, { seed: 5, searches: 60_000 });
    const fit = fitClickModel('dbn', log.patterns);
    expect(fit.continuation).toBeCloseTo(model.continuation, 1);
    // Rank 1 is always read; the later ranks less and less.
    expect(fit.positions[0]!.examination).toBe(1);
    for (let r = 1; r < fit.positions.length; r++) expect(fit.positions[r]!.examination).toBeLessThan(fit.positions[r - 1]!.examination);
  });
});

describe('position bias: raw click-through is fooled, PBM and DBN are not', () => {
  // A worse item (grade 1) is usually shown first and a better one (grade 3) third; one page in ten swaps them.
  // Expected counts under each model, as a large log would give them.
  for (const name of ['pbm', 'dbn'] as const) {
    it(`on a log drawn under ${name}`, () => {
      const model = clickModel(name);
      const log = syntheticLog(model, { seed: 8, searches: 40_000, queries: 1 });
      const grades = log.relevance['query 0']!;
      const fit = fitClickModel(name, log.patterns);
      const ctr = new Map(fit.items.map((i) => [i.itemId, i.clicks / i.impressions]));
      const est = new Map(fit.items.map((i) => [i.itemId, i.attractiveness ?? i.estimate]));
      // A pair whose raw click-through puts the worse item first: the model puts it right.
      const ids = Object.keys(grades).filter((id) => (fit.items.find((i) => i.itemId === id)?.impressions ?? 0) >= 2000);
      let fooled = 0;
      let righted = 0;
      for (const x of ids)
        for (const y of ids)
          if (grades[x]! < grades[y]! && ctr.get(x)! > ctr.get(y)!) {
            fooled++;
            if (est.get(x)! < est.get(y)!) righted++;
          }
      expect(fooled).toBeGreaterThan(0);
      expect(righted / fooled).toBeGreaterThan(0.8);
    });
  }
});

describe('against the truth the logs were drawn from', () => {
  it("PBM: θ_k/θ_1 within 0.03 of the truth's for ranks 1–10, and Kendall's τ ≥ 0.7 over items with 100 impressions", () => {
    const model = clickModel('pbm');
    for (const seed of [1, 2]) {
      const log = syntheticLog(model, { seed, searches: 20_000 });
      const check = checkAgainstTruth(fitClickModel('pbm', log.patterns), { ...model, relevance: log.relevance }, 100);
      expect(check.positionError).toBeLessThan(0.03);
      expect(check.attractivenessTau).toBeGreaterThanOrEqual(0.7);
    }
  });
  it("PBM: the 95% intervals hold the truth's α for at least 85 in 100 items shown 100 times (measured 92)", () => {
    const model = clickModel('pbm');
    let inside = 0;
    let items = 0;
    for (const seed of [1, 2, 3]) {
      const log = syntheticLog(model, { seed, searches: 20_000 });
      for (const item of fitClickModel('pbm', log.patterns).items) {
        const grade = log.relevance[item.query]?.[item.itemId];
        if (item.impressions < 100 || grade === undefined) continue;
        const truth = model.attractiveness[Math.min(grade, model.attractiveness.length - 1)]!;
        items++;
        if (truth >= item.ci95[0] && truth <= item.ci95[1]) inside++;
      }
    }
    expect(items).toBeGreaterThan(1000);
    expect(inside / items).toBeGreaterThanOrEqual(0.85);
  });
  it("DBN: Kendall's τ of attractiveness ≥ 0.7 once the log is large enough to read its lower ranks", () => {
    const model = clickModel('dbn');
    const log = syntheticLog(model, { seed: 3, searches: 100_000 });
    const check = checkAgainstTruth(fitClickModel('dbn', log.patterns), { ...model, relevance: log.relevance }, 100);
    expect(check.attractivenessTau).toBeGreaterThanOrEqual(0.7);
  });
});

describe('intervals', () => {
  it('the Beta distribution function and its quantiles', () => {
    expect(betaCdf(0.3, 1, 1)).toBeCloseTo(0.3, 10);
    expect(betaCdf(0.5, 2, 1)).toBeCloseTo(0.25, 10);
    expect(betaCdf(0.2, 2, 3)).toBeCloseTo(1 - 0.8 ** 4 - 4 * 0.2 * 0.8 ** 3, 10);
    expect(betaQuantile(0.975, 1, 1)).toBeCloseTo(0.975, 8);
    expect(betaQuantile(0.25, 2, 1)).toBeCloseTo(0.5, 8);
    // No successes: Beta(1, b)'s quantile in closed form, 1 − (1 − p)^(1/b).
    expect(betaQuantile(0.975, 1, 4)).toBeCloseTo(1 - 0.025 ** 0.25, 12);
    // Elsewhere the quantile puts the distribution function at p, skewed shapes and fractional trials included.
    for (const [a, b] of [
      [2, 3],
      [1.5, 40.25],
      [30, 2.5],
      [3, 997],
      [400, 500],
    ] as const)
      for (const p of [0.025, 0.5, 0.975]) expect(betaCdf(betaQuantile(p, a, b), a, b)).toBeCloseTo(p, 8);
  });
  it("a Poisson rate's interval holds the rate and narrows with exposure", () => {
    const [lo, hi] = gammaInterval(50, 100);
    expect(lo).toBeLessThan(0.5);
    expect(hi).toBeGreaterThan(0.5);
    // The exact Gamma(50.5, 100) quantiles are about 0.372 and 0.651.
    expect(lo).toBeCloseTo(0.372, 2);
    expect(hi).toBeCloseTo(0.651, 2);
  });
});

describe('ratings from estimates', () => {
  const items = [0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5].map((estimate, i) => ({
    query: 'q',
    itemId: `i${i}`,
    estimate,
    ci95: [0, 1] as [number, number],
    impressions: i === 0 ? 5 : 50,
    clicks: 1,
  }));
  it("thresholds match people's distribution when the list has any, else equal shares", () => {
    const people = defaultThresholds(
      items.map((i) => i.estimate),
      3,
      [4, 2, 1, 1],
    );
    expect(people.from).toBe('people');
    const rated = rateEstimates(items, people.values, 0).map((r) => r.rating);
    expect(rated.filter((r) => r === 0)).toHaveLength(4);
    const even = defaultThresholds(
      items.map((i) => i.estimate),
      3,
    );
    expect(even.from).toBe('quantiles');
    expect(even.values).toHaveLength(3);
  });
  it('below the evidence bar an item gets no rating', () => {
    expect(rateEstimates(items, [0.05, 0.2, 0.4], 20).map((r) => r.rating)).toEqual([null, 0, 1, 1, 2, 2, 3, 3]);
  });
  it('thresholds as written: one per rating above 0, going up', () => {
    expect(parseThresholds('0.1, 0.2,0.3', 3)).toEqual({ ok: true, values: [0.1, 0.2, 0.3] });
    expect(parseThresholds('0.1,0.2', 3).ok).toBe(false);
    expect(parseThresholds('0.3,0.2,0.4', 3)).toMatchObject({ ok: false, message: expect.stringContaining('go up') });
  });
  it("Kendall's τ", () => {
    expect(kendallTau([1, 2, 3], [10, 20, 30])).toBe(1);
    expect(kendallTau([1, 2, 3], [30, 20, 10])).toBe(-1);
    expect(kendallTau([1], [1])).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import {
  betaCdf,
  betaQuantile,
  checkThresholds,
  checkAgainstTruth,
  defaultThresholds,
  fitClickModel,
  gammaInterval,
  kendallTau,
  type PagePattern,
  parseThresholds,
  polygammas,
  productInterval,
  rateEstimates,
  ratingFor,
} from '../../../../src/shared/click-models';
import { mulberry32 } from '../../../../src/shared/random';
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
    // Each α is stated as a Beta posterior around the maximum α̂ with the trials' worth of information its showings
    // hold: a showing at rank r counts θ_r(1 − α̂)/(1 − θ_r·α̂). u (α̂ ½): 8·1 + 8·½·½/¾ = 8 + 8/3 trials, α̂ of them
    // successes — the mean of Beta(1 + 16/3, 1 + 16/3) is ½, the maximum's own; v (α̂ ¼): 8 + 8·½·¾/⅞ = 8 + 24/7
    // trials, the mean (1 + ¼·80/7)/(2 + 80/7) = 27/94, the maximum pulled toward the uniform prior's ½. Its expected
    // examinations stay 8·1 + 8·½ = 12.
    expect(item(fit, 'u').estimate).toBeCloseTo(0.5, 5);
    expect(item(fit, 'v').estimate).toBeCloseTo(27 / 94, 5);
    expect(item(fit, 'u').examinations).toBeCloseTo(12, 5);
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

  // A pair's information in trials, θ held: each showing at rank r counts θ_r(1 − α̂)/(1 − θ_r·α̂).
  const informative = (a: number, shown: [theta: number, times: number][]) =>
    shown.reduce((n, [t, k]) => n + (k * t * (1 - a)) / (1 - t * a), 0);

  it('states the rare pair by its posterior, θ held: around its own maximum, with the information its showings hold and the uniform prior', () => {
    const fit = fitClickModel('pbm', log);
    const t = (rank: number) => fit.positions[rank - 1]!.examination;
    const rare = item(fit, 'rare');
    // Two clicks in 2·θ_1 + 2·θ_3 expected examinations; its posterior Beta(1 + α̂·n, 1 + (1 − α̂)·n), n its information.
    expect(rare.examinations).toBeCloseTo(2 * t(1) + 2 * t(3), 9);
    const a = rare.attractiveness!;
    const n = informative(a, [
      [t(1), 2],
      [t(3), 2],
    ]);
    expect(rare.estimate).toBeCloseTo((1 + a * n) / (2 + n), 9);
    // Four showings say little: its interval is wide, and holds its estimate.
    expect(rare.ci95[1] - rare.ci95[0]).toBeGreaterThan(0.5);
    expect(rare.ci95[0]).toBeLessThan(rare.estimate);
    expect(rare.ci95[1]).toBeGreaterThan(rare.estimate);
  });

  it('a rare pair seen at one rank: one click in 3·θ_4 expected examinations, α̂ = 1/(3·θ_4)', () => {
    const fit = fitClickModel('pbm', [...log, pattern('q', ['a', 'b', 'c', 'once'], [4], 1), pattern('q', ['a', 'b', 'c', 'once'], [], 2)]);
    const t4 = fit.positions[3]!.examination;
    const once = item(fit, 'once');
    expect(once.attractiveness).toBeCloseTo(1 / (3 * t4), 9);
    const n = informative(once.attractiveness!, [[t4, 3]]);
    expect(once.estimate).toBeCloseTo((1 + once.attractiveness! * n) / (2 + n), 9);
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
    // Stated as the Gamma posterior's mean (Jeffreys prior): half a click more than it got, over its expected clicks.
    expect(item(fit, 'a').estimate).toBeCloseTo(5.5 / 3.8, 10);
    expect(item(fit, 'b').estimate).toBeCloseTo(2.5 / (4 * 0.5 + 6 * 0.2), 10);
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

describe('an estimate inside its own interval, always', () => {
  // The estimate is its posterior's mean and the interval that posterior's quantiles: before, PBM reported its maximum
  // (0 for an item never clicked) beside a Beta interval that could not hold it, 11,833 of 13,820 pairs on the demo week.
  it.each(['pbm', 'dbn', 'coec'] as const)('%s: every item of a log drawn from DBN shoppers, every bound finite', (kind) => {
    const log = syntheticLog(clickModel('dbn'), { seed: 5, searches: 4000 });
    const fit = fitClickModel(kind, log.patterns);
    expect(fit.items.length).toBeGreaterThan(400);
    const outside = fit.items.filter((i) => !(i.ci95[0] <= i.estimate && i.estimate <= i.ci95[1]));
    expect(outside).toEqual([]);
    for (const i of fit.items) {
      expect(Number.isFinite(i.ci95[0]) && Number.isFinite(i.ci95[1])).toBe(true);
      expect(i.examinations).toBeGreaterThanOrEqual(0);
      expect(i.examinations).toBeLessThanOrEqual(i.impressions + 1e-9);
    }
  });

  it('an item never clicked is not estimated 0: its posterior mean lies inside its interval, and falls as it is shown more', () => {
    const log = [
      pattern('q', ['a', 'b'], [1], 30),
      pattern('q', ['a', 'b'], [], 30),
      pattern('q', ['b', 'a'], [2], 10),
      pattern('q', ['b', 'a'], [], 50),
    ];
    const few = item(fitClickModel('pbm', log), 'b');
    const more = item(
      fitClickModel(
        'pbm',
        log.map((p) => ({ ...p, count: p.count * 10 })),
      ),
      'b',
    );
    expect(few.clicks).toBe(0);
    expect(few.estimate).toBeGreaterThan(few.ci95[0]);
    expect(few.estimate).toBeLessThan(few.ci95[1]);
    expect(more.estimate).toBeLessThan(few.estimate);
  });
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
  // The share of items shown at least 100 times on logs drawn under the model (three seeds) whose interval holds the
  // truth: α for PBM, α·σ for DBN.
  const coverage = (name: 'pbm' | 'dbn', searches: number) => {
    const model = clickModel(name);
    let inside = 0;
    let items = 0;
    for (const seed of [1, 2, 3]) {
      const log = syntheticLog(model, { seed, searches });
      for (const item of fitClickModel(name, log.patterns).items) {
        const grade = log.relevance[item.query]?.[item.itemId];
        if (item.impressions < 100 || grade === undefined) continue;
        const truth = model.attractiveness[grade]! * (name === 'dbn' ? model.satisfaction[grade]! : 1);
        items++;
        if (truth >= item.ci95[0] && truth <= item.ci95[1]) inside++;
      }
    }
    expect(items).toBeGreaterThan(1000);
    return inside / items;
  };
  it("PBM: the 95% intervals hold the truth's α for at least 90 in 100 items shown 100 times (measured 94.5; 92 counting each look as a whole trial)", () => {
    expect(coverage('pbm', 20_000)).toBeGreaterThanOrEqual(0.9);
  });
  it("DBN: the 95% intervals hold the truth's α·σ for at least 90 in 100 items shown 100 times (measured 96 and 95; 70 and 67 counting EM's guesses as seen)", () => {
    expect(coverage('dbn', 20_000)).toBeGreaterThanOrEqual(0.9);
    expect(coverage('dbn', 100_000)).toBeGreaterThanOrEqual(0.9);
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
  it('the polygammas ψ, ψ′, ψ″ at 1 and 0.5, and the product of two Betas: its quantiles against a sampled product', () => {
    const [d0, d1, d2] = polygammas(1);
    expect(d0).toBeCloseTo(-0.5772156649, 9);
    expect(d1).toBeCloseTo(Math.PI ** 2 / 6, 9);
    expect(d2).toBeCloseTo(-2.4041138063, 9);
    expect(polygammas(0.5)[0]).toBeCloseTo(-0.5772156649 - 2 * Math.LN2, 9);
    expect(polygammas(0.5)[1]).toBeCloseTo(Math.PI ** 2 / 2, 9);
    // Beta(2, 40) × Beta(1.5, 1.5) (α on a click in 40 reads, σ on a click that may or may not have satisfied): the
    // quantiles of 200,000 sampled products, by inverse transform, against the interval's.
    const random = mulberry32(7);
    const draw = (a: number, b: number) => betaQuantile(random(), a, b);
    const products = Array.from({ length: 200_000 }, () => draw(2, 40) * draw(1.5, 1.5)).sort((x, y) => x - y);
    const [lo, hi] = productInterval({ successes: 1, trials: 40 }, { successes: 0.5, trials: 1 });
    expect(lo / products[5_000]!).toBeGreaterThan(0.85);
    expect(lo / products[5_000]!).toBeLessThan(1.15);
    expect(hi / products[195_000]!).toBeGreaterThan(0.95);
    expect(hi / products[195_000]!).toBeLessThan(1.05);
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
    // The first item's interval is wide: too little evidence to rate it.
    ci95: (i === 0 ? [0, 0.5] : [Math.max(0, estimate - 0.05), estimate + 0.05]) as [number, number],
    impressions: i === 0 ? 5 : 50,
    examinations: i === 0 ? 3 : 40,
    clicks: 1,
  }));
  it("thresholds match people's distribution when the list has any, else equal shares", () => {
    const people = defaultThresholds(
      items.map((i) => i.estimate),
      3,
      [4, 2, 1, 1],
    );
    expect(people.from).toBe('people');
    const rated = rateEstimates(items, people.values, 1).map((r) => r.rating);
    expect(rated.filter((r) => r === 0)).toHaveLength(4);
    const even = defaultThresholds(
      items.map((i) => i.estimate),
      3,
    );
    expect(even.from).toBe('quantiles');
    expect(even.values).toHaveLength(3);
  });
  it('an item whose interval is wider than the width rated gets no rating, and is told the examinations it lacks', () => {
    const rated = rateEstimates(items, [0.05, 0.2, 0.4], 0.3);
    expect(rated.map((r) => r.rating)).toEqual([null, 0, 1, 1, 2, 2, 3, 3]);
    // A 0.5-wide interval on 3 examinations narrows to 0.3 with 3·((0.5/0.3)² − 1) ≈ 5.3 more: 6.
    expect(rated[0]!.lacks).toBe(6);
    expect(rated.slice(1).every((r) => r.lacks === 0)).toBe(true);
  });
  it("thresholds matched to people strictly increase and spread the ratings as people's are, ties in the estimates handled", () => {
    // 60 items: half at one estimate (a run of ties, as unclicked items once were), the rest spread out. People rated
    // 10% 0, 30% 1, 40% 2, 20% 3.
    const estimates = [...Array.from({ length: 30 }, () => 0.0099), ...Array.from({ length: 30 }, (_, i) => 0.05 + i * 0.01)];
    const t = defaultThresholds(estimates, 3, [10, 30, 40, 20]);
    expect(t.values[0]).toBeLessThan(t.values[1]!);
    expect(t.values[1]).toBeLessThan(t.values[2]!);
    const counts = [0, 0, 0, 0];
    for (const e of estimates) counts[ratingFor(e, t.values)]!++;
    // The tied run cannot be split: the cut moves to its nearer edge (0 below it, or all 30): here 0 for rating 1 …
    // and the other ratings are spread over the rest as people's are, every one of them given.
    expect(counts.every((c) => c > 0) || counts[0] === 0).toBe(true);
    expect(counts.filter((c) => c > 0).length).toBeGreaterThanOrEqual(3);
    expect(new Set(t.values).size).toBe(3);
  });

  it('thresholds where the estimates leave no room: above every estimate, still strictly increasing', () => {
    const t = defaultThresholds([0.2, 0.2, 0.2, 0.4], 3, [1, 1, 1, 1]);
    expect(t.values[0]).toBeLessThan(t.values[1]!);
    expect(t.values[1]).toBeLessThan(t.values[2]!);
  });

  it('one rule for thresholds, on the command line and in the app: as many as ratings, above 0, each above the one before', () => {
    expect(checkThresholds([0.1, 0.2, 0.3], 3)).toBeNull();
    expect(checkThresholds([0.0099, 0.0099, 0.0099], 3)).toMatch(/go up: rating 2's \(0.0099\) is not above rating 1's/);
    expect(checkThresholds([0.0099, 0.5, 0.2], 3)).toMatch(/rating 3's \(0.2\) is not above rating 2's \(0.5\)/);
    expect(checkThresholds([0.1, Number.NaN, 0.3], 3)).toMatch(/give 3 numbers/);
    expect(checkThresholds([0, 0.1, 0.3], 3)).toMatch(/above 0/);
    expect(parseThresholds('0.1,,0.3', 3)).toMatchObject({ ok: false, message: expect.stringContaining('give 3 numbers') });
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

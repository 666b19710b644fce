import { describe, expect, it } from 'vitest';
import { MODEL_DEPTH } from '../../../../src/shared/click-models';
import {
  type Behaviour,
  drawClicks,
  estimateOnLog,
  examination,
  type LoggedSearch,
  replayInterleaving,
  replayLogOf,
  replayValues,
  replicateCounts,
  sessionWeights,
  headlineOf,
  supportOf,
  unreliability,
} from '../../../../src/shared/estimates';
import { mulberry32 } from '../../../../src/shared/random';

/** A PBM behaviour over a log's item ids, α given by item name. */
function pbm(log: ReturnType<typeof replayLogOf>, alphaOf: Record<string, number>, theta: number[]): Behaviour {
  const names: string[] = log.pages.pairs.map((p) => p.itemId);
  const alpha = Float64Array.from(names, (n) => alphaOf[n] ?? 0);
  const full = Float64Array.from({ length: MODEL_DEPTH }, (_, r) => theta[Math.min(r, theta.length - 1)]!);
  return { model: 'pbm', alpha, sigma: new Float64Array(0), theta: full, gamma: 1 };
}

const search = (session: string, ranking: string[], clicks: number[], replay = true): LoggedSearch => ({
  session,
  query: 'linen shirt',
  ranking,
  clicks,
  replay,
});

describe('the replay estimators on logs worked by hand', () => {
  // A shows [x, y]; B shows [y, x]; θ = (1, ½); four searches: y clicked twice, x once, one with no click.
  const log = replayLogOf(
    [search('s1', ['x', 'y'], [2]), search('s2', ['x', 'y'], [1]), search('s3', ['x', 'y'], []), search('s4', ['x', 'y'], [2])],
    () => ['y', 'x'],
    2,
  );
  const b = pbm(log, { x: 0.4, y: 0.6 }, [1, 0.5]);

  it('IPS: each click weighted θ_B(j)/θ_A(r); model: Σ θ_B·α; DR equals IPS when every search showed all of B', () => {
    const v = replayValues(log, b, 2, 10);
    // y: two clicks × (1 / 0.5); x: one click × (0.5 / 1); over four searches.
    expect(v.ips.b).toBeCloseTo(4.5 / 4, 12);
    expect(v.snips.b).toBeCloseTo(4.5 / 4, 12);
    expect(v.model.b).toBeCloseTo(1 * 0.6 + 0.5 * 0.4, 12);
    expect(v.dr.b).toBeCloseTo(4.5 / 4, 12);
    // A by the logged clicks, and by the model on A's own page.
    expect(v.ips.a).toBeCloseTo(3 / 4, 12);
    expect(v.model.a).toBeCloseTo(1 * 0.4 + 0.5 * 0.6, 12);
    expect(v.clipped).toBe(0);
    expect(v.weighted).toBe(3);
  });

  it('the clip caps a weight and counts the clicks it cut', () => {
    const v = replayValues(log, b, 2, 1.5);
    expect(v.ips.b).toBeCloseTo((2 * 1.5 + 0.5) / 4, 12);
    expect(v.clipped / v.weighted).toBeCloseTo(2 / 3, 12);
  });

  it('SNIPS divides by the searches that showed the item; IPS by all of them', () => {
    // y on only two of four pages (z on the others): IPS spreads y's clicks over four searches, SNIPS over two.
    const half = replayLogOf(
      [search('s1', ['x', 'y'], [2]), search('s2', ['x', 'y'], []), search('s3', ['x', 'z'], [1]), search('s4', ['x', 'z'], [])],
      () => ['y', 'x'],
      2,
    );
    const v = replayValues(half, pbm(half, { x: 0.4, y: 0.6, z: 0.1 }, [1, 0.5]), 2, 10);
    const yTerm = 1 * (1 / 0.5);
    const xTerm = 1 * (0.5 / 1);
    expect(v.ips.b).toBeCloseTo(yTerm / 4 + xTerm / 4, 12);
    expect(v.snips.b).toBeCloseTo(yTerm / 2 + xTerm / 4, 12);
    // The support: y not shown on half the searches (one of B's two places, half the time), no place never shown. Six
    // impressions of B's items: y twice (at rank 2, B's rank 1: weight 2), x four times (rank 1, B's rank 2: ½).
    expect(v.weights.unshownPlaces / v.weights.places).toBeCloseTo(0.25, 12);
    expect(v.weights.neverShownPlaces).toBe(0);
    expect(v.weights.impressions).toBe(6);
    expect(v.weights.sum).toBeCloseTo(2 * 2 + 4 * 0.5, 12);
    expect(v.weights.squares).toBeCloseTo(2 * 4 + 4 * 0.25, 12);
    expect(v.weights.largest).toBe(2);
    const support = supportOf(v.weights, 0);
    expect(support.effectiveSampleSize).toBeCloseTo(36 / 9, 12);
    // Above 10% of places unshown: IPS marked unreliable, SNIPS not; four effective impressions, under 30: the weights
    // unsound for all three, and the headline falls back to the model.
    expect(unreliability('ips', support)).toMatch(/25% of B's places the logged searches did not show B's item/);
    expect(unreliability('snips', support)).toMatch(/effective sample size is 4 of 6/);
    expect(unreliability('snips', support)).not.toMatch(/did not show/);
    expect(unreliability('model', support)).toBeNull();
    expect(headlineOf(support)).toBe('model');
  });

  it('the support rules: each lack undoes the estimators it names, and DR headlines where its weights are sound', () => {
    const sound = { impressions: 1000, sum: 1000, squares: 1000, largest: 1, places: 100, unshownPlaces: 0, neverShownPlaces: 0 };
    const ok = supportOf(sound, 0);
    expect(ok.problems).toEqual([]);
    expect(headlineOf(ok)).toBe('dr');
    // 40% of places unshown on the logged searches, 20% never shown at all.
    const gaps = supportOf({ ...sound, unshownPlaces: 40, neverShownPlaces: 20 }, 0);
    expect(gaps.problems.map((p) => p.estimators)).toEqual([['ips'], ['ips', 'snips']]);
    expect(unreliability('dr', gaps)).toBeNull();
    expect(headlineOf(gaps)).toBe('dr');
    // One weight of 100 among a thousand of 0.1: an effective sample size of about 1.
    const heavy = supportOf({ ...sound, sum: 100 + 99.9, squares: 10_000 + 9.99, largest: Infinity }, 0);
    expect(heavy.effectiveSampleSize).toBeLessThan(5);
    expect(heavy.largestWeight).toBeNull();
    expect(unreliability('dr', heavy)).toMatch(/effective sample size/);
    expect(headlineOf(heavy)).toBe('model');
    expect(unreliability('dr', supportOf(sound, 0.2))).toMatch(/the clip cut 20.0%/);
  });

  it("searches not logged under A lend their clicks on B's items but are not replayed", () => {
    const mixed = replayLogOf(
      [search('s1', ['x', 'w'], []), search('s2', ['y', 'x'], [1], false), search('s3', ['y', 'x'], [], false)],
      () => ['y', 'x'],
      2,
    );
    const v = replayValues(mixed, pbm(mixed, { x: 0.4, y: 0.6, w: 0.1 }, [1, 0.5]), 2, 10);
    // One search of A's: its own clicks (none) are A's value; y's click at rank 1 on the other pages counts for B.
    expect(v.ips.a).toBe(0);
    expect(v.snips.b).toBeCloseTo(1 / 2 + 0, 12);
  });
});

describe('IPS on a log with known propensities', () => {
  it('is unbiased: over 40,000 searches drawn from a PBM, within 2% of B’s true clicks@3', () => {
    const items = ['a', 'b', 'c', 'd'];
    const alphaOf = { a: 0.1, b: 0.3, c: 0.5, d: 0.7 };
    const theta = [1, 0.6, 0.35, 0.2];
    const random = mulberry32(11);
    const searches: LoggedSearch[] = [];
    // A shows the four items in a random order each time (a randomised log: every item at every rank).
    for (let i = 0; i < 40_000; i++) {
      const order = [...items].sort(() => random() - 0.5);
      searches.push({ session: `s${i}`, query: 'q', ranking: order, clicks: [] });
    }
    const log = replayLogOf(searches, () => ['d', 'c', 'b'], 3);
    const b = pbm(log, alphaOf, theta);
    // Clicks drawn from the same behaviour, written back into the patterns.
    const drawn = searches.map((s) => {
      const ids = s.ranking.map((name) => log.pages.pairs.findIndex((p) => p.itemId === name));
      return { ...s, clicks: drawClicks(b, ids, random) };
    });
    const withClicks = replayLogOf(drawn, () => ['d', 'c', 'b'], 3);
    const v = replayValues(withClicks, pbm(withClicks, alphaOf, theta), 3, 1000);
    const truth = 1 * 0.7 + 0.6 * 0.5 + 0.35 * 0.3;
    expect(Math.abs(v.ips.b / truth - 1)).toBeLessThan(0.02);
    expect(Math.abs(v.snips.b / truth - 1)).toBeLessThan(0.02);
  });
});

describe('examination and the bootstrap', () => {
  it('DBN: the first rank is read, each next one with γ·(1 − α·σ) of the one above', () => {
    const b: Behaviour = {
      model: 'dbn',
      alpha: Float64Array.from([0.5, 0.2]),
      sigma: Float64Array.from([0.6, 0.1]),
      theta: new Float64Array(MODEL_DEPTH),
      gamma: 0.8,
    };
    const out = new Float64Array(3);
    examination(b, [0, 1, 0], 3, out);
    expect(out[0]).toBe(1);
    expect(out[1]).toBeCloseTo(0.8 * (1 - 0.3), 12);
    expect(out[2]).toBeCloseTo(0.8 * 0.7 * 0.8 * (1 - 0.02), 12);
  });

  it('Poisson(1) session weights: mean and variance 1; a replicate counts each pattern by its sessions’ weights', () => {
    const w = sessionWeights(100_000, mulberry32(3));
    const mean = w.reduce((a, b) => a + b, 0) / w.length;
    const variance = w.reduce((s, x) => s + (x - mean) ** 2, 0) / w.length;
    expect(mean).toBeGreaterThan(0.99);
    expect(mean).toBeLessThan(1.01);
    expect(variance).toBeGreaterThan(0.98);
    expect(variance).toBeLessThan(1.02);
    const log = replayLogOf([search('s1', ['x', 'y'], [1]), search('s1', ['x', 'y'], [1]), search('s2', ['x', 'y'], [])], () => ['y'], 2);
    expect(Array.from(replicateCounts(log, Float64Array.from([3, 0])))).toEqual([6, 0]);
  });

  it("an item the log never showed for the query takes what the log's pages had at B's rank for it", () => {
    const log = replayLogOf(
      [search('s1', ['x', 'y'], [1]), search('s2', ['x', 'y'], [1, 2]), search('s3', ['x', 'y'], [])],
      () => ['new', 'x'],
      2,
    );
    const { behaviour } = estimateOnLog(log, { model: 'pbm', k: 2, clip: 10, replicates: 0, seed: 1 });
    // 'new' stands first in B's ranking: it is given x's α, the item every page showed first.
    const x = log.pages.pairs.findIndex((p) => p.itemId === 'x');
    expect(behaviour.alpha[log.pages.pairs.length]).toBeCloseTo(behaviour.alpha[x]!, 12);
  });

  it('intervals: each estimate inside its own, B − A consistent with A and B; interleaving favours the better ranking', () => {
    const random = mulberry32(5);
    const theta = [1, 0.6, 0.4];
    const alphaOf: Record<string, number> = { good: 0.6, fair: 0.3, poor: 0.05 };
    const names = ['poor', 'fair', 'good'];
    const searches: LoggedSearch[] = [];
    for (let i = 0; i < 6000; i++) {
      const ranking = i % 2 ? names : [...names].reverse();
      const clicks = ranking.flatMap((n, r) => (random() < theta[r]! * alphaOf[n]! ? [r + 1] : []));
      searches.push({ session: `s${i >> 1}`, query: 'q', ranking, clicks, replay: i % 2 === 1 });
    }
    const log = replayLogOf(searches, () => ['good', 'fair', 'poor'], 3);
    const { estimates, behaviour } = estimateOnLog(log, { model: 'pbm', k: 3, clip: 10, replicates: 40, seed: 2 });
    for (const e of estimates) {
      expect(e.b.ci95[0]).toBeLessThan(e.b.value);
      expect(e.b.ci95[1]).toBeGreaterThan(e.b.value);
      expect(e.delta.value).toBeCloseTo(e.b.value - e.a.value, 12);
      // B puts the best item first where A (as replayed) put it last: B is better, clearly.
      expect(e.delta.ci95[0]).toBeGreaterThan(0);
      expect(e.coverage).toBe(1);
    }
    const truthB = 1 * 0.6 + 0.6 * 0.3 + 0.4 * 0.05;
    const dr = estimates.find((e) => e.estimator === 'dr')!;
    expect(dr.b.ci95[0]).toBeLessThan(truthB);
    expect(dr.b.ci95[1]).toBeGreaterThan(truthB);
    const tally = replayInterleaving(log, behaviour, 3);
    expect(tally.wins).toBeGreaterThan(tally.losses * 1.5);
  });
});

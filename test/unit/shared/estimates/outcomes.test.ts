import { describe, expect, it } from 'vitest';
import { MODEL_DEPTH } from '../../../../src/shared/click-models';
import {
  type Behaviour,
  type Conversions,
  conversionRates,
  estimateOnLog,
  type LoggedSearch,
  outcomeValues,
  pageOutcomes,
  replayLogOf,
} from '../../../../src/shared/estimates';
import { clickModel, expectedClicks } from '../../../../src/shared/traffic';

const behaviour = (
  model: 'pbm' | 'dbn',
  alpha: number[],
  extra: { theta?: number[]; sigma?: number[]; gamma?: number } = {},
): Behaviour => ({
  model,
  alpha: Float64Array.from(alpha),
  sigma: Float64Array.from(extra.sigma ?? []),
  theta: Float64Array.from({ length: MODEL_DEPTH }, (_, r) => extra.theta?.[Math.min(r, (extra.theta?.length ?? 1) - 1)] ?? 1),
  gamma: extra.gamma ?? 1,
});

const scratch = new Float64Array(MODEL_DEPTH);

describe('outcomes by the model on one page, worked by hand', () => {
  it('PBM: click-through is 1 − Π(1 − θα); add-to-carts and purchases each click chance × the item’s rate', () => {
    const b = behaviour('pbm', [0.5, 0.2], { theta: [1, 0.5] });
    const rates: [Float64Array, Float64Array] = [Float64Array.from([0.3, 0.1]), Float64Array.from([0.2, 0])];
    const o = pageOutcomes(b, [0, 1], 2, rates, scratch);
    expect(o.ctr).toBeCloseTo(1 - 0.5 * 0.9, 12);
    expect(o.carts).toBeCloseTo(0.5 * 0.3 + 0.1 * 0.1, 12);
    expect(o.purchases).toBeCloseTo(0.5 * 0.2, 12);
    // The order matters to neither ctr term's product, but to the carts: the better-converting item lower gets less.
    expect(pageOutcomes(b, [1, 0], 2, rates, scratch).carts).toBeCloseTo(0.2 * 0.1 + 0.25 * 0.3, 12);
  });

  it('DBN: the first click falls at r when r is read with no click above it (γ reads on)', () => {
    const b = behaviour('dbn', [0.5, 0.2, 0.4], { sigma: [0.6, 0.6, 0.6], gamma: 0.8 });
    const o = pageOutcomes(b, [0, 1, 2], 3, undefined, scratch);
    expect(o.ctr).toBeCloseTo(0.5 + 0.5 * 0.8 * 0.2 + 0.5 * 0.8 * 0.8 * 0.8 * 0.4, 12);
    expect(o.carts).toBe(0);
  });

  it('agrees with the simulator’s exact expectation when the behaviour is the simulator’s own', () => {
    for (const name of ['pbm', 'dbn'] as const) {
      const model = clickModel(name);
      const grades = [3, 0, 2, 1, 0, 3, 0, 0, 1, 2];
      const at = (list: readonly number[], i: number) => list[Math.min(i, list.length - 1)]!;
      const b = behaviour(
        name,
        grades.map((g) => at(model.attractiveness, g)),
        name === 'pbm'
          ? { theta: grades.map((_, i) => at(model.examination, i)) }
          : { sigma: grades.map((g) => at(model.satisfaction, g)), gamma: model.continuation },
      );
      const cart = Float64Array.from(grades, (g) => at(model.addToCart, g));
      const rates: [Float64Array, Float64Array] = [cart, cart.map((c) => c * model.purchase)];
      const o = pageOutcomes(
        b,
        grades.map((_, i) => i),
        10,
        rates,
        scratch,
      );
      const truth = expectedClicks(model, grades, 10);
      expect(o.ctr, name).toBeCloseTo(truth.ctr, 12);
      expect(o.carts, name).toBeCloseTo(truth.carts, 12);
      expect(o.purchases, name).toBeCloseTo(truth.purchases, 12);
    }
  });
});

const search = (session: string, query: string, ranking: string[], clicks: number[]): LoggedSearch => ({ session, query, ranking, clicks });

describe('conversion rates per click, shrunk towards the query’s and the log’s', () => {
  // Query q: x clicked 3 times, y once (one search with no click); query r: z clicked 4 times (and once not). Carts: x twice, z once (all in session s1's searches).
  const log = replayLogOf(
    [
      search('s1', 'q', ['x', 'y'], [1]),
      search('s1', 'q', ['x', 'y'], [1, 2]),
      search('s2', 'q', ['x', 'y'], [1]),
      search('s3', 'q', ['x', 'y'], []),
      ...['s1', 's2', 's3', 's4'].map((s) => search(s, 'r', ['z'], [1])),
      search('s4', 'r', ['z'], []),
    ],
    (query) => (query === 'q' ? ['w', 'x'] : ['z']),
    2,
  );
  const id = (query: string, item: string) => log.pages.pairs.findIndex((p) => p.query === query && p.itemId === item);
  const conversions: Conversions = {
    session: Int32Array.from([0, 0]),
    pair: Int32Array.from([id('q', 'x'), id('r', 'z')]),
    kind: Uint8Array.from([0, 0]),
    count: Float64Array.from([2, 1]),
  };

  it('an item’s rate is (its carts + 5 × its query’s) / (its clicks + 5); an item only B shows takes its query’s', () => {
    const [carts, purchases] = conversionRates(log, log.pages, conversions);
    const overall = 3 / 8;
    const ofQ = (2 + 5 * overall) / (4 + 5);
    const ofR = (1 + 5 * overall) / (4 + 5);
    expect(carts[id('q', 'x')]).toBeCloseTo((2 + 5 * ofQ) / (3 + 5), 12);
    expect(carts[id('q', 'y')]).toBeCloseTo((0 + 5 * ofQ) / (1 + 5), 12);
    expect(carts[id('r', 'z')]).toBeCloseTo((1 + 5 * ofR) / (4 + 5), 12);
    // w: never shown for q in the log, so past the fit's pairs; it takes q's rate.
    expect(carts[log.pages.pairs.length]).toBeCloseTo(ofQ, 12);
    expect([...purchases].every((p) => p === 0)).toBe(true);
  });

  it('a replicate weighs conversions by their session: session s1 drawn twice doubles its carts', () => {
    const weights = Float64Array.from([2, 1, 1, 1]);
    const [carts] = conversionRates(log, log.pages, conversions, weights);
    // Clicks unchanged here (the pages' counts are the caller's); carts of x doubled to 4.
    const overall = 6 / 8;
    const ofQ = (4 + 5 * overall) / (4 + 5);
    expect(carts[id('q', 'x')]).toBeCloseTo((4 + 5 * ofQ) / (3 + 5), 12);
  });

  it('outcomeValues: A’s pages and B’s by the model; per (query, context) the model’s clicks@k for each', () => {
    const b = behaviour('pbm', [0.6, 0.2, 0.5, 0.3], { theta: [1, 0.5] });
    const rates = conversionRates(log, log.pages, conversions);
    const { values, perTarget } = outcomeValues(log, b, 2, rates);
    const pairs = log.pages.pairs.length;
    const alphaOf = (u: number) => b.alpha[u]!;
    const [x, y, z, w] = [id('q', 'x'), id('q', 'y'), id('r', 'z'), pairs];
    // A: four searches of q showing [x, y] and five of r showing [z]; B: [w, x] for q, [z] for r.
    const ctrA = (4 * (1 - (1 - alphaOf(x)) * (1 - 0.5 * alphaOf(y))) + 5 * alphaOf(z)) / 9;
    const ctrB = (4 * (1 - (1 - alphaOf(w)) * (1 - 0.5 * alphaOf(x))) + 5 * alphaOf(z)) / 9;
    expect(values.ctr!.a).toBeCloseTo(ctrA, 12);
    expect(values.ctr!.b).toBeCloseTo(ctrB, 12);
    const cartsB = (4 * (alphaOf(w) * rates[0][w]! + 0.5 * alphaOf(x) * rates[0][x]!) + 5 * alphaOf(z) * rates[0][z]!) / 9;
    expect(values.carts!.b).toBeCloseTo(cartsB, 12);
    expect(Array.from(perTarget.searches)).toEqual([4, 5]);
    expect(perTarget.a[0]).toBeCloseTo(alphaOf(x) + 0.5 * alphaOf(y), 12);
    expect(perTarget.b[0]).toBeCloseTo(alphaOf(w) + 0.5 * alphaOf(x), 12);
    // Without conversions only click-through is given.
    expect(Object.keys(outcomeValues(log, b, 2, undefined).values)).toEqual(['ctr']);
  });

  it('estimateOnLog gives each outcome with a bootstrap interval around it, and B − A per outcome', () => {
    const { outcomes } = estimateOnLog({ ...log, conversions }, { model: 'pbm', k: 2, clip: 10, replicates: 20, seed: 7 });
    expect(outcomes.map((o) => o.outcome)).toEqual(['ctr', 'carts', 'purchases']);
    for (const o of outcomes) {
      expect(o.b.ci95[0]).toBeLessThanOrEqual(o.b.value);
      expect(o.b.value).toBeLessThanOrEqual(o.b.ci95[1]);
      expect(o.delta.value).toBeCloseTo(o.b.value - o.a.value, 12);
    }
    expect(outcomes[0]!.b.ci95[1] - outcomes[0]!.b.ci95[0]).toBeGreaterThan(0);
  });
});

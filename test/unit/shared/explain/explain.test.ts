import { describe, expect, it } from 'vitest';
import { buildSide } from '../../../../src/shared/compare/sides';
import { requestFor } from '../../../../src/shared/compare/sides';
import { describeDifference, explainDifferences, sideForSubset, type ExplainSides } from '../../../../src/shared/explain/differences';
import { changeIsNoise, explanationSentence } from '../../../../src/shared/explain/report';
import {
  explainQuery,
  explainSet,
  formatShare,
  leftOutSentence,
  measureOf,
  type ExplainAnswer,
} from '../../../../src/shared/explain/explain';
import { queryRequests, subsetSides } from '../../../../src/shared/explain/requests';
import { minimumBudget, shapleyPlan, shapleyValues, shares } from '../../../../src/shared/explain/shapley';

const sides = (a: Parameters<typeof buildSide>[0], b: Parameters<typeof buildSide>[0], base = {}): ExplainSides => ({
  base,
  a: buildSide(a),
  b: buildSide(b),
});

describe('the differences between two sides', () => {
  it('names each differing parameter by path, variables one by one, and holds the mask and paging at A', () => {
    const s: ExplainSides = {
      base: { options: { limit: 24 } },
      a: {
        label: 'A',
        baseUrl: 'http://a.example',
        overrides: {
          token: 't1',
          configurationId: 'default',
          options: { customResponseMask: 'id' },
          context: { variables: { segment: 'outlet', 'a.b': 1 } },
        },
      },
      b: {
        label: 'B',
        baseUrl: 'http://b.example',
        overrides: {
          token: 't1',
          configurationId: 'bestsellers',
          options: { filter: 'price < 50', sortBy: [{ attribute: 'price', order: 'asc' }], limit: 48 },
          context: { variables: { segment: 'premium', 'a.b': 1, weather: 'rain' } },
        },
      },
    };
    const { differences, notAttributed } = explainDifferences(s);
    expect(differences.map((d) => d.name)).toEqual([
      'profile',
      'configurationId',
      'options.filter',
      'options.sortBy',
      'context.variables.segment',
      'context.variables.weather',
    ]);
    expect(differences.map(describeDifference)).toEqual([
      'profile: http://a.example → http://b.example',
      'configuration default → bestsellers',
      'filter: none → price < 50',
      'sortBy: none → [{"attribute":"price","order":"asc"}]',
      'segment outlet → premium',
      'weather = rain',
    ]);
    expect(notAttributed.map((n) => `${n.name}: ${String(n.a)} / ${String(n.b)}`)).toEqual([
      'options.customResponseMask: id / null',
      'options.limit: 24 / 48',
    ]);

    // request({configuration, weather}): A's everything else, A's address, A's mask and page.
    const mixed = sideForSubset(s, differences, (1 << 1) | (1 << 5));
    expect(mixed.baseUrl).toBe('http://a.example');
    expect(mixed.label).toBe('A + configuration + weather');
    expect(requestFor({}, mixed, { query: 'tent', line: 1 })).toEqual({
      token: 't1',
      query: 'tent',
      configurationId: 'bestsellers',
      options: { limit: 24, customResponseMask: 'id' },
      context: { variables: { segment: 'outlet', 'a.b': 1, weather: 'rain' } },
    });
    // Taking the profile moves the request to B's address; an empty subset is A itself.
    expect(sideForSubset(s, differences, 1).baseUrl).toBe('http://b.example');
    expect(requestFor({}, sideForSubset(s, differences, 0), { query: 'x', line: 1 })).toEqual(
      requestFor(s.base, s.a, { query: 'x', line: 1 }),
    );
  });

  it('a filter of blanks is no filter, and identical sides have nothing to explain', () => {
    const same = sides({ label: 'A', configurationId: 'x', filter: '  ' }, { label: 'B', configurationId: 'x' });
    expect(explainDifferences(same)).toEqual({ differences: [], notAttributed: [] });
  });

  it('a variable only A sets is unset by taking it from B; subsets asking the same thing share one request', () => {
    const s = sides({ label: 'A', variables: { segment: 'premium' } }, { label: 'B', configurationId: 'b' });
    const { differences } = explainDifferences(s);
    expect(differences.map(describeDifference)).toEqual(['configuration default → b', 'segment unset (was premium)']);
    const plan = shapleyPlan(2);
    // The query's own variable overrides the side's: taking "segment" from B changes nothing for this query.
    const q = queryRequests(subsetSides(s, differences, plan), { query: 'q', line: 1, variables: { segment: 'outlet' } }, 0);
    expect(plan.masks).toHaveLength(4);
    expect(q.jobs.size).toBe(2);
    expect(q.keyOf.get(0)).toBe(q.keyOf.get(2));
  });
});

describe('Shapley values', () => {
  const exact = (n: number, v: (mask: number) => number) => shapleyValues(shapleyPlan(n), v);

  it('of an additive change are each part; of a pure interaction, equal by symmetry; they add up to the whole', () => {
    const w = [0.5, 0.25, -0.125];
    const additive = exact(3, (m) => w.reduce((s, x, i) => s + (m & (1 << i) ? x : 0), 0));
    expect(additive.phi).toEqual(w);
    expect(additive.total).toBe(0.625);
    const both = exact(2, (m) => (m === 3 ? 1 : 0));
    expect(both.phi).toEqual([0.5, 0.5]);
    // One difference: its share is exactly 1.
    expect(shares(exact(1, (m) => m * 0.3).phi, 0.3)).toEqual([1]);
    // A worked example: v({0}) = 0.2, v({1}) = 0.5, v({0,1}) = 0.6 → φ₀ = ½(0.2) + ½(0.6 − 0.5) = 0.15, φ₁ = 0.45.
    const worked = exact(2, (m) => [0, 0.2, 0.5, 0.6][m]!);
    expect(worked.phi[0]).toBeCloseTo(0.15, 12);
    expect(worked.phi[1]).toBeCloseTo(0.45, 12);
    expect(worked.phi[0]! + worked.phi[1]!).toBe(0.6);
    expect(shares([0.15, 0.45], 0)).toEqual([null, null]);
  });

  it('are exact up to five differences within the default budget, sampled beyond it within the budget, seeded', () => {
    expect(shapleyPlan(5)).toMatchObject({ exact: true, permutations: [] });
    expect(shapleyPlan(5).masks).toHaveLength(32);
    const sampled = shapleyPlan(6, { budget: 40 });
    expect(sampled.exact).toBe(false);
    expect(sampled.masks.length).toBeLessThanOrEqual(40);
    expect(new Set(sampled.masks).size).toBe(sampled.masks.length);
    expect(sampled.masks.slice(0, 2)).toEqual([0, 63]);
    expect(shapleyPlan(6, { budget: 40 })).toEqual(sampled);
    expect(shapleyPlan(6, { budget: 40, seed: 7 })).not.toEqual(sampled);
    expect(shapleyPlan(6, { budget: 64 }).exact).toBe(true);
    expect(() => shapleyPlan(6, { budget: minimumBudget(6) - 1 })).toThrow('give at least 7');
    // Every subset a permutation walks through is in the plan.
    for (const order of sampled.permutations) {
      let mask = 0;
      for (const i of order) expect(sampled.masks).toContain((mask |= 1 << i));
    }
  });

  it('sampled: an additive change has no error; a change with interactions lands within 3 standard errors of the exact values', () => {
    const w = [0.4, 0.3, 0.1, 0.05, 0.1, 0.05];
    const additive = (m: number) => w.reduce((s, x, i) => s + (m & (1 << i) ? x : 0), 0);
    const plan = shapleyPlan(6, { budget: 40 });
    const a = shapleyValues(plan, additive);
    a.phi.forEach((x, i) => expect(x).toBeCloseTo(w[i]!, 12));
    expect(a.stderr!.every((e) => e !== null && e < 1e-12)).toBe(true);
    // 1 − (1 − …) style saturation: parts interact.
    const saturating = (m: number) => 1 - w.reduce((p, x, i) => p * (m & (1 << i) ? 1 - 2 * x : 1), 1);
    const truth = shapleyValues(shapleyPlan(6, { budget: 64 }), saturating);
    const estimate = shapleyValues(shapleyPlan(6, { budget: 48 }), saturating);
    expect(estimate.total).toBe(truth.total);
    expect(estimate.phi.reduce((s, x) => s + x, 0)).toBeCloseTo(truth.total, 12);
    estimate.phi.forEach((x, i) => expect(Math.abs(x - truth.phi[i]!)).toBeLessThanOrEqual(3 * estimate.stderr![i]! + 1e-12));
  });
});

describe('measures and explanations', () => {
  const answer = (ranking: string[], count: number | null = ranking.length): ExplainAnswer => ({ ranking, count });

  it('rbo, top, count and ndcg of an answer against request(∅)', () => {
    const base = answer(['a', 'b', 'c'], 120);
    const moved = answer(['b', 'a', 'c'], 100);
    expect(measureOf('rbo', base, base)).toBe(0);
    expect(measureOf('rbo', moved, base)).toBeGreaterThan(0);
    expect(measureOf('top', moved, base)).toBe(1);
    expect(measureOf('top', answer(['a', 'x']), base)).toBe(0);
    expect(measureOf('count', moved, base)).toBe(-20);
    expect(measureOf('count', answer(['a'], null), answer(['a', 'b'], null))).toBe(-1);
    const judged = { ratings: new Map([['b', 3]]), options: { k: 10, gain: 'exponential' as const, threshold: 1 } };
    expect(measureOf('ndcg', moved, base, judged)).toBeCloseTo(1 - 1 / Math.log2(3), 12);
    expect(measureOf('ndcg', moved, base)).toBeNull();
    expect(measureOf('ndcg', moved, base, { ...judged, ratings: new Map() })).toBeNull();
  });

  it('one query: φ per difference with its share; a missing answer leaves the query unexplained', () => {
    const s = sides({ label: 'A' }, { label: 'B', configurationId: 'b', filter: "brand = 'X'" });
    const { differences } = explainDifferences(s);
    const plan = shapleyPlan(2);
    const answers = new Map([
      [0, answer(['a', 'b', 'c'], 100)],
      [1, answer(['c', 'b', 'a'], 100)],
      [2, answer(['a', 'b'], 40)],
      [3, answer(['b', 'a'], 40)],
    ]);
    const q = explainQuery(plan, differences, answers, 'count')!;
    expect(q.total).toBe(-60);
    expect(q.differences.map((d) => [d.name, d.phi, d.share])).toEqual([
      ['configurationId', 0, 0],
      ['options.filter', -60, 1],
    ]);
    const top = explainQuery(plan, differences, answers, 'top')!;
    // The configuration moves the first item with or without the filter; the filter alone never does.
    expect(top.differences.map((d) => d.phi)).toEqual([1, 0]);
    expect(explainQuery(plan, differences, new Map([[0, answer(['a'])]]), 'rbo')).toBeNull();
    expect(q.bothEmpty).toBeUndefined();
    // A and B without items (a subset in between may have some): marked, for the query-set means to leave out.
    const empty = new Map([
      [0, answer([], 0)],
      [1, answer(['a'], 1)],
      [2, answer([], 0)],
      [3, answer([], 0)],
    ]);
    expect(explainQuery(plan, differences, empty, 'rbo')).toMatchObject({ total: 0, bothEmpty: true });
  });

  it('over a query set: mean φ with its Student t interval, its share of the mean change, the queries where it mattered most', () => {
    const differences = [
      { name: 'configurationId' as const, a: null, b: 'b' },
      { name: 'options.filter' as const, a: null, b: 'x' },
    ];
    const q = (index: number, phi: [number, number]) => ({
      index,
      query: `q${index}`,
      failed: false,
      explanation: {
        measure: 'rbo' as const,
        total: phi[0] + phi[1],
        exact: true,
        differences: differences.map((d, i) => ({ ...d, phi: phi[i]!, share: null })),
      },
    });
    const set = explainSet(differences, 'rbo', [
      q(0, [0.4, 0.1]),
      q(1, [0.2, 0]),
      q(2, [0.6, 0.1]),
      { index: 3, query: 'q3', failed: true, explanation: null },
      { index: 4, query: 'q4', failed: false, explanation: null },
      // Empty on both sides: no ranking to move, left out of the ranking means as Compare leaves it out.
      { ...q(5, [0.3, -0.3]), explanation: { ...q(5, [0.3, -0.3]).explanation, bothEmpty: true as const } },
    ]);
    expect(set.queries).toBe(3);
    expect(set.leftOut).toEqual({ failed: 1, unjudged: 1, empty: 1 });
    expect(leftOutSentence(set.leftOut)).toBe(
      'Left out of the means: 1 query with a failed request, 1 without a relevant judgment, 1 with no ranking on either side (empty or a redirect).',
    );
    expect(set.total).toBeCloseTo(0.4666666, 6);
    expect(set.differences[0]!.phi).toBeCloseTo(0.4, 12);
    expect(set.differences[0]!.share).toBeCloseTo(0.4 / 0.4666666, 5);
    expect(set.differences[0]!.top.map((t) => t.query)).toEqual(['q2', 'q0', 'q1']);
    expect(set.differences[1]!.top.map((t) => t.query)).toEqual(['q0', 'q2']);
    // Student's t over the three φ (0.4, 0.2, 0.6): 0.4 ± t₀.₉₇₅,₂ · 0.2/√3, t₀.₉₇₅,₂ = 4.30265.
    const [lo, hi] = set.differences[0]!.ci95!;
    expect((lo + hi) / 2).toBeCloseTo(0.4, 12);
    expect((hi - lo) / 2).toBeCloseTo((4.30265 * 0.2) / Math.sqrt(3), 4);
    expect(explainSet(differences, 'rbo', [q(0, [0.4, 0.1]), q(1, [0.2, 0]), q(2, [0.6, 0.1])])).toEqual({
      ...set,
      leftOut: { failed: 0, unjudged: 0, empty: 0 },
    });
    expect(leftOutSentence({ failed: 0, unjudged: 0, empty: 0 })).toBe('');
    expect(leftOutSentence({ failed: 0, unjudged: 0, empty: 7 })).toBe(
      'Left out of the means: 7 queries with no ranking on either side (empty or a redirect).',
    );
    // The count measure has a value on empty answers: nothing is left out for it.
    expect(
      explainSet(differences, 'count', [
        q(0, [2, 1]),
        { ...q(5, [1, -1]), explanation: { ...q(5, [1, -1]).explanation, bothEmpty: true as const } },
      ]).queries,
    ).toBe(2);
    expect([0.712, -0.12, null].map(formatShare)).toEqual(['71%', '−12%', '—']);
  });
});

describe('a change too small to share out', () => {
  const d = (name: string, phi: number, share: number) => ({ name, a: 'x', b: 'y', phi, share }) as never;
  it('is said — within noise over a query set, or parts that nearly cancel — and no share is given', () => {
    // The case: a 0.006-click change split as 286% and −186%.
    const cancelling = { total: 0.006, totalCi95: null, differences: [d('configurationId', 0.01716, 2.86), d('filter', -0.01116, -1.86)] };
    expect(changeIsNoise(cancelling)).toMatch(
      /^The differences pull both ways and nearly cancel \(parts adding up to 0\.028 against a whole change of 0\.006\)/,
    );
    expect(explanationSentence(cancelling)).toBe(changeIsNoise(cancelling));
    const noisy = { total: 0.004, totalCi95: [-0.01, 0.02] as [number, number], differences: [d('configurationId', 0.004, 1)] };
    expect(changeIsNoise(noisy)).toBe(
      "The whole change, 0.004 (95% CI −0.010 … 0.020), is within noise: it may be no change at all, so it is not shared out — each difference's φ is below.",
    );
    // A clear change shares out as before.
    const clear = {
      total: 0.2,
      totalCi95: [0.1, 0.3] as [number, number],
      differences: [d('configurationId', 0.15, 0.75), d('filter', 0.05, 0.25)],
    };
    expect(changeIsNoise(clear)).toBeNull();
    expect(explanationSentence(clear)).toMatch(/: 75% of the change · .*: 25%$/);
  });
});

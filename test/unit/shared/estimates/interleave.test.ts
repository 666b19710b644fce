import { describe, expect, it } from 'vitest';
import { drawClicks, interleavingOutcome, outcomeChances, signTest, teamDraft, teamDrafts } from '../../../../src/shared/estimates';
import { mulberry32 } from '../../../../src/shared/random';

/** A "random" that answers from a list: the coin's calls made visible. */
const coins = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length]!;
};

describe('team-draft interleaving', () => {
  it('drafts by turns, the coin deciding each tied round, each side its highest item not yet shown', () => {
    // Round 1: coin < ½ → A picks first (a1), then B (b1). Round 2: coin ≥ ½ → B first: its next, a1, is shown, so
    // b2; then A: a2. Round 3: coin < ½ → A: a3. Then A has nothing left, so the draft ends though B still has b3.
    const draft = teamDraft(['a1', 'a2', 'a3'], ['b1', 'a1', 'b2', 'b3'], 6, coins(0.2, 0.7, 0.1));
    expect(draft.items).toEqual(['a1', 'b1', 'b2', 'a2', 'a3']);
    expect(draft.teams).toEqual(['a', 'b', 'b', 'a', 'a']);
  });

  it('never shows an item twice, and after every pick the sides differ by at most one', () => {
    const random = mulberry32(7);
    for (let trial = 0; trial < 200; trial++) {
      const pool = Array.from({ length: 15 }, (_, i) => `i${i}`);
      const shuffled = () => [...pool].sort(() => random() - 0.5).slice(0, 10);
      const draft = teamDraft(shuffled(), shuffled(), 10, random);
      expect(new Set(draft.items).size).toBe(draft.items.length);
      let a = 0;
      let b = 0;
      for (const team of draft.teams) {
        if (team === 'a') a++;
        else b++;
        expect(Math.abs(a - b)).toBeLessThanOrEqual(1);
      }
    }
  });

  it('shows the ranking itself when both sides agree, and stops when either has nothing left', () => {
    const same = ['x', 'y', 'z'];
    expect(teamDraft(same, same, 10, mulberry32(1)).items).toEqual(same);
    expect(teamDraft(['x', 'y', 'z'], ['x'], 10, coins(0.9)).items).toEqual(['x']);
    expect(teamDraft(['x', 'y'], ['y', 'x', 'w'], 1, coins(0.1)).items).toEqual(['x']);
  });

  it('gives each side half the first places over many searches', () => {
    const random = mulberry32(3);
    let aFirst = 0;
    for (let i = 0; i < 10_000; i++) if (teamDraft(['p', 'q'], ['q', 'p'], 2, random).teams[0] === 'a') aFirst++;
    expect(aFirst).toBeGreaterThan(4_800);
    expect(aFirst).toBeLessThan(5_200);
  });
});

describe('credit and the sign test', () => {
  it("credits each click to the side that drafted the clicked rank's item", () => {
    const teams = ['a', 'b', 'b', 'a'] as const;
    expect(interleavingOutcome(teams, [2, 3])).toBe('b');
    expect(interleavingOutcome(teams, [1, 2])).toBe('tie');
    expect(interleavingOutcome(teams, [1, 4, 3])).toBe('a');
    expect(interleavingOutcome(teams, [])).toBe('tie');
    // A click past the interleaved list (a rank the draft did not fill) is no one's.
    expect(interleavingOutcome(teams, [9])).toBe('tie');
  });

  it('p of the sign test, worked by hand: 9 wins and 1 loss is 2 × 11/1024', () => {
    expect(signTest(9, 1)).toBeCloseTo((2 * 11) / 1024, 10);
    expect(signTest(1, 9)).toBeCloseTo((2 * 11) / 1024, 10);
    expect(signTest(5, 5)).toBe(1);
    expect(signTest(0, 0)).toBe(1);
    expect(signTest(3, 0)).toBeCloseTo(2 / 8, 10);
  });

  it('matches the normal approximation at large counts', () => {
    const p = signTest(5_200, 4_800);
    // z = (5200 − 5000) / √2500 = 4 with continuity correction 3.99: p ≈ 6.6e-5.
    expect(p).toBeGreaterThan(4e-5);
    expect(p).toBeLessThan(9e-5);
  });
});

describe('expected credit, exact: the interleaving replay draws nothing', () => {
  it('every draft the coin can make, with its chance: two disjoint rankings of two give two drafts, half each', () => {
    const drafts = teamDrafts([1, 2], [3, 4], 2);
    expect(drafts).toEqual([
      { items: [1, 3], teams: ['a', 'b'], chance: 0.5 },
      { items: [3, 1], teams: ['b', 'a'], chance: 0.5 },
    ]);
    const ten = teamDrafts([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [10, 9, 8, 7, 6, 5, 4, 3, 2, 1], 10);
    expect(ten.reduce((s, d) => s + d.chance, 0)).toBeCloseTo(1, 12);
    expect(ten.length).toBeLessThanOrEqual(32);
  });

  it('PBM: B wins when its item is clicked and A’s is not, worked by hand', () => {
    const o = outcomeChances(['a', 'b'], { model: 'pbm', attract: (r) => [0.3, 0.2][r]!, satisfied: () => 0, gamma: 1 });
    expect(o.win).toBeCloseTo(0.7 * 0.2, 12);
    expect(o.loss).toBeCloseTo(0.3 * 0.8, 12);
  });

  it('DBN: the shopper reads down, stops when satisfied or with 1 − γ, worked by hand', () => {
    const [a1, s1, a2, g] = [0.4, 0.5, 0.3, 0.8];
    const o = outcomeChances(['a', 'b'], { model: 'dbn', attract: (r) => [a1, a2][r]!, satisfied: () => s1, gamma: g });
    // B wins only if rank 1 is not clicked, the shopper reads on and clicks rank 2.
    expect(o.win).toBeCloseTo((1 - a1) * g * a2, 12);
    // A wins if rank 1 is clicked and B's is not: satisfied, or gone, or reading on without a click at rank 2.
    expect(o.loss).toBeCloseTo(a1 * (s1 + (1 - s1) * (1 - g) + (1 - s1) * g * (1 - a2)), 12);
  });

  it('the exact chances are what drawing the drafts and the clicks 200,000 times converges to', () => {
    const a = [1, 2, 3, 4];
    const b = [3, 1, 4, 2];
    const behaviour = { alpha: [0, 0.5, 0.2, 0.6, 0.3], sigma: [0, 0.4, 0.6, 0.5, 0.7], gamma: 0.7 };
    const exact = { win: 0, loss: 0 };
    for (const d of teamDrafts(a, b, 4)) {
      const o = outcomeChances(d.teams, {
        model: 'dbn',
        attract: (r) => behaviour.alpha[d.items[r]!]!,
        satisfied: (r) => behaviour.sigma[d.items[r]!]!,
        gamma: behaviour.gamma,
      });
      exact.win += d.chance * o.win;
      exact.loss += d.chance * o.loss;
    }
    // The replay's own drawn shopper, for the draws the exact chances are held to.
    const shoppers = {
      model: 'dbn' as const,
      alpha: Float64Array.from(behaviour.alpha),
      sigma: Float64Array.from(behaviour.sigma),
      theta: new Float64Array(0),
      gamma: behaviour.gamma,
    };
    const random = mulberry32(11);
    let win = 0;
    let loss = 0;
    const n = 200_000;
    for (let i = 0; i < n; i++) {
      const mixed = teamDraft(a.map(String), b.map(String), 4, random);
      const outcome = interleavingOutcome(mixed.teams, drawClicks(shoppers, mixed.items.map(Number), random));
      if (outcome === 'b') win++;
      else if (outcome === 'a') loss++;
    }
    // Within four standard errors of a share drawn 200,000 times (at most 0.0045).
    expect(Math.abs(win / n - exact.win)).toBeLessThan(0.0045);
    expect(Math.abs(loss / n - exact.loss)).toBeLessThan(0.0045);
  });
});

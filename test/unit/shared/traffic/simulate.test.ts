import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../../src/shared/random';
import {
  clickModel,
  dayOfSession,
  expectedClicks,
  misspell,
  type PageRequest,
  type ServedPage,
  shop,
  simulateSession,
  type SimulationOptions,
  swapPairs,
  zipfSampler,
} from '../../../../src/shared/traffic';

/** The exact expectations against the mean of many simulated shoppers: within four standard errors. */
function checkAgainstDraws(name: 'dbn' | 'pbm', grades: number[]) {
  const model = clickModel(name);
  const exact = expectedClicks(model, grades, 10);
  const random = mulberry32(11);
  const n = 200_000;
  let any = 0;
  let clicks = 0;
  for (let i = 0; i < n; i++) {
    const top = shop(model, grades, random).clicks.filter((c) => c.rank <= 10);
    if (top.length) any++;
    clicks += top.length;
  }
  const se = Math.sqrt((exact.ctr * (1 - exact.ctr)) / n);
  expect(Math.abs(any / n - exact.ctr)).toBeLessThan(4 * se);
  expect(Math.abs(clicks / n - exact.clicks)).toBeLessThan(4 * Math.sqrt(exact.clicks / n));
  return exact;
}

describe('the click models', () => {
  const page = [3, 0, 2, 3, 1, 0, 0, 2, 1, 3, 3, 3];
  it('dbn: the exact click-through and clicks in the first 10 are what simulated shoppers do', () => checkAgainstDraws('dbn', page));
  it('pbm: the same', () => checkAgainstDraws('pbm', page));

  it('a better page earns more under both models; position matters (the same items, better first, earn more)', () => {
    for (const name of ['dbn', 'pbm'] as const) {
      const model = clickModel(name);
      const good = expectedClicks(model, [3, 3, 2, 2, 1, 1, 0, 0, 0, 0], 10);
      const reversed = expectedClicks(model, [0, 0, 0, 0, 1, 1, 2, 2, 3, 3], 10);
      const bad = expectedClicks(model, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 10);
      expect(good.ctr).toBeGreaterThan(reversed.ctr);
      expect(reversed.ctr).toBeGreaterThan(bad.ctr);
    }
  });

  it('dbn stops after a click that satisfied; pbm never stops', () => {
    const always = { ...clickModel('dbn'), attractiveness: [1, 1, 1, 1], satisfaction: [1, 1, 1, 1] };
    expect(shop(always, [3, 3, 3], Math.random).clicks.map((c) => c.rank)).toEqual([1]);
    const pbm = { ...clickModel('pbm'), attractiveness: [1, 1, 1, 1], examination: [1] };
    expect(shop(pbm, [3, 3, 3], Math.random).clicks.map((c) => c.rank)).toEqual([1, 2, 3]);
  });

  it('swapping adjacent pairs moves items only within their pair and says which pairs moved', () => {
    const { shown, swapped } = swapPairs(['a', 'b', 'c', 'd', 'e'], mulberry32(3));
    for (let i = 0; i + 1 < 5; i += 2)
      expect([shown[i], shown[i + 1]].sort()).toEqual(
        [
          ['a', 'b'],
          ['c', 'd'],
        ][i / 2],
      );
    expect(shown[4]).toBe('e');
    for (const rank of swapped) expect(shown[rank - 1]! > shown[rank]!).toBe(true);
    // With offset 1 the pairs are (2,3), (4,5): rank 1 stays.
    const odd = swapPairs(['a', 'b', 'c', 'd', 'e'], mulberry32(3), 1);
    expect(odd.shown[0]).toBe('a');
    expect([odd.shown[1], odd.shown[2]].sort()).toEqual(['b', 'c']);
    expect([odd.shown[3], odd.shown[4]].sort()).toEqual(['d', 'e']);
    for (const rank of odd.swapped) expect(rank % 2).toBe(0);
  });
});

describe("the shoppers' draws", () => {
  it('queries: Zipf-like — the most drawn is drawn far more than the median, every query can be drawn', () => {
    const pick = zipfSampler(100, 5);
    const random = mulberry32(1);
    const counts = new Array(100).fill(0);
    for (let i = 0; i < 100_000; i++) counts[pick(random)]++;
    const sorted = [...counts].sort((a, b) => b - a);
    expect(sorted[0]).toBeGreaterThan(20 * sorted[50]);
    expect(sorted[99]).toBeGreaterThan(0);
    // The same seed shuffles the vocabulary the same way.
    const again = zipfSampler(100, 5);
    expect(again(mulberry32(9))).toBe(pick(mulberry32(9)));
  });

  it('a misspelling changes one longer word by one slip', () => {
    const random = mulberry32(4);
    for (let i = 0; i < 50; i++) {
      const typed = misspell('red trail running shoes', random);
      expect(typed).not.toBe('red trail running shoes');
      expect(typed.startsWith('red ')).toBe(true);
    }
    expect(misspell('a b', random)).toBe('a b');
  });

  const options: SimulationOptions = {
    seed: 3,
    sessions: 50,
    days: 7,
    start: '2026-11-01',
    configurations: ['default', 'bestsellers'],
    vocabulary: [
      { text: 'tent', intent: 0 },
      { text: 'tarp', intent: 1 },
    ],
    model: clickModel('dbn'),
    randomized: 0.5,
    pageSize: 20,
  };
  const asked: PageRequest[] = [];
  const serve = async (request: PageRequest): Promise<ServedPage> => {
    asked.push(request);
    return { ids: ['A', 'B', 'C', 'D'].map((x) => `${request.query}-${x}`), grades: [3, 2, 1, 0], prices: [10, 20, 30, 40], total: 25 };
  };

  it('a session is a function of the seed and its number: the same twice, whatever ran before', async () => {
    const pick = zipfSampler(2, options.seed);
    const first = await simulateSession(options, 7, serve, pick);
    await simulateSession(options, 8, serve, pick);
    const again = await simulateSession(options, 7, serve, pick);
    expect(again).toEqual(first);
    expect(first.searches[0]!.row.ts.slice(0, 10)).toBe(dayOfSession(options, 7));
  });

  it("what a session logs is what it was served, in the order shown; actions follow their search's page", async () => {
    const pick = zipfSampler(2, options.seed);
    for (let i = 0; i < options.sessions; i++) {
      const session = await simulateSession(options, i, serve, pick);
      for (const s of session.searches) {
        expect([...s.row.hitIds].sort()).toEqual(['A', 'B', 'C', 'D'].map((x) => `${s.row.query}-${x}`));
        expect(s.randomized || s.swapped.length === 0).toBe(true);
        if (!s.randomized) expect(s.grades).toEqual([3, 2, 1, 0]);
        expect(options.configurations).toContain(s.row.configurationId);
      }
      const byId = new Map(session.searches.map((s) => [s.row.searchId, s]));
      for (const e of session.events) {
        const s = byId.get(e.searchId!)!;
        expect(s.row.hitIds[e.position! - 1]).toBe(e.docid);
        expect(e.ts > s.row.ts).toBe(true);
        if (e.action === 'purchase') expect(e.value).toBe(10 * (['A', 'B', 'C', 'D'].indexOf(e.docid!.split('-')[1]!) + 1));
      }
    }
  });
});

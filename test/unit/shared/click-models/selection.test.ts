import { describe, expect, it } from 'vitest';
import { fitPages, preparePages, selectModel, splitPages, scoreHeldOut } from '../../../../src/shared/click-models';
import { clickModel } from '../../../../src/shared/traffic';
import { syntheticLog } from './synthetic';

describe('the model chosen by the data', () => {
  it.each([
    ['pbm', 1],
    ['pbm', 2],
    ['dbn', 1],
    ['dbn', 2],
  ] as const)('on a log drawn from %s shoppers (seed %i), auto chooses that model, with finite held-out likelihoods', (truth, seed) => {
    const pages = preparePages(syntheticLog(clickModel(truth), { seed, searches: 20_000 }).patterns);
    const selection = selectModel(pages, fitPages);
    for (const m of selection.models) {
      expect(Number.isFinite(m.logLikelihood)).toBe(true);
      expect(m.logLikelihood).toBeLessThan(0);
      expect(m.perplexityByRank).toHaveLength(10);
      // A perplexity is 1 for a perfect prediction and 2 for a coin's; a fitted model lies between.
      for (const p of m.perplexityByRank) expect(p).toBeGreaterThan(1);
      expect(m.perplexity).toBeLessThan(2);
    }
    expect(selection.chosen).toBe(truth);
    expect(selection.heldOut + selection.fitted).toBe(pages.searches);
    expect(selection.heldOut / pages.searches).toBeCloseTo(0.2, 1);
  });

  it('holds out the same searches every time, and none twice', () => {
    const pages = preparePages(syntheticLog(clickModel('dbn'), { seed: 3, searches: 5000 }).patterns);
    const a = splitPages(pages);
    const b = splitPages(pages);
    expect(Array.from(a.held.count)).toEqual(Array.from(b.held.count));
    a.held.count.forEach((h, p) => expect(h + a.fit.count[p]!).toBe(pages.count[p]));
  });

  it('a pair the fit never saw, and a certain click, still have a finite likelihood (kept off 0 and 1)', () => {
    const pages = preparePages([
      { query: 'q', ranking: ['a', 'b'], clicked: 1, count: 50 },
      { query: 'q', ranking: ['c', 'd'], clicked: 3, count: 1 },
    ]);
    const fitOnA = fitPages('pbm', { ...pages, count: Float64Array.from([50, 0]), searches: 50 });
    const score = scoreHeldOut(fitOnA, { ...pages, count: Float64Array.from([0, 1]), searches: 1 });
    expect(Number.isFinite(score.logLikelihood)).toBe(true);
    expect(score.perplexityByRank.every(Number.isFinite)).toBe(true);
  });
});

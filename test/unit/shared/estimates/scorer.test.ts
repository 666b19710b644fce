import { describe, expect, it } from 'vitest';
import type { ClickModelFit, ItemEstimate } from '../../../../src/shared/click-models';
import { clicksScorer } from '../../../../src/shared/estimates';
import { measureOf } from '../../../../src/shared/explain/explain';

const item = (query: string, itemId: string, estimate: number, impressions: number, dbn?: [number, number]): ItemEstimate => ({
  query,
  itemId,
  estimate,
  ci95: [0, 1],
  impressions,
  examinations: impressions,
  clicks: 0,
  ...(dbn ? { attractiveness: dbn[0], satisfaction: dbn[1] } : {}),
});

const fit = (model: ClickModelFit['model'], items: ItemEstimate[], extra: Partial<ClickModelFit> = {}): ClickModelFit => ({
  model,
  positions: [],
  items,
  searches: 10,
  patterns: 1,
  iterations: 1,
  converged: true,
  ...extra,
});

describe('clicks@k on any ranking, by a fitted click model (Explain’s clicks on traffic)', () => {
  const pbm = fit('pbm', [item('q', 'x', 0.4, 30), item('q', 'y', 0.6, 10), item('r', 'z', 0.2, 20)], {
    positions: [
      { rank: 1, examination: 1 },
      { rank: 2, examination: 0.5 },
    ],
  });

  it('PBM: Σ θ_r·α of the items shown; a rank past those fitted is looked at like the one above it', () => {
    const clicks = clicksScorer(pbm, 10);
    expect(clicks('q', ['y', 'x'])).toBeCloseTo(0.6 + 0.5 * 0.4, 12);
    expect(clicks('q', ['x', 'y', 'x'])).toBeCloseTo(0.4 + 0.5 * 0.6 + 0.5 * 0.4, 12);
    expect(clicksScorer(pbm, 1)('q', ['y', 'x'])).toBeCloseTo(0.6, 12);
  });

  it('an item the log never showed for the query takes the query’s mean α by impressions; an unknown query the whole log’s', () => {
    const clicks = clicksScorer(pbm, 10);
    const ofQ = (30 * 0.4 + 10 * 0.6) / 40;
    expect(clicks('q', ['new'])).toBeCloseTo(ofQ, 12);
    const overall = (30 * 0.4 + 10 * 0.6 + 20 * 0.2) / 60;
    expect(clicks('never typed', ['x'])).toBeCloseTo(overall, 12);
  });

  it('DBN: each rank read when the shopper was not satisfied above (α·σ) and read on (γ)', () => {
    const dbn = fit('dbn', [item('q', 'x', 0.2, 5, [0.5, 0.4]), item('q', 'y', 0.3, 5, [0.6, 0.5])], { continuation: 0.9 });
    expect(clicksScorer(dbn, 10)('q', ['x', 'y'])).toBeCloseTo(0.5 + 0.9 * (1 - 0.5 * 0.4) * 0.6, 12);
  });

  it('COEC is refused: it does not say where shoppers look', () => {
    expect(() => clicksScorer(fit('coec', []), 10)).toThrow(/PBM or DBN/);
  });

  it('Explain measures clicks(S) − clicks(∅) with it, and nothing without it', () => {
    const clicks = clicksScorer(pbm, 10);
    const judged = { clicks: (ranking: readonly string[]) => clicks('q', ranking) };
    const base = { ranking: ['x', 'y'], count: 2 };
    const swapped = { ranking: ['y', 'x'], count: 2 };
    expect(measureOf('clicks', swapped, base, judged)).toBeCloseTo(0.6 + 0.2 - (0.4 + 0.3), 12);
    expect(measureOf('clicks', swapped, base)).toBeNull();
    expect(measureOf('ndcg', swapped, base, judged)).toBeNull();
  });
});

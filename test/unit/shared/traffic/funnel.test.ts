import { describe, expect, it } from 'vitest';
import { funnelOf } from '../../../../src/shared/traffic';

describe('the search funnel', () => {
  it('reads searched → clicked → added to cart → bought from the report’s rates, in order', () => {
    // 1,000 searches: 48 showed nothing, 392 showed items and got no click, 185 had an add-to-cart, 85 a purchase.
    const steps = funnelOf({ searches: 1000, zeroResultRate: 0.048, noClickRate: 0.392, addToCartRate: 0.185, conversionRate: 0.085 });
    expect(steps.map((s) => [s.step, s.searches])).toEqual([
      ['searched', 1000],
      ['clicked', 560],
      ['added to cart', 185],
      ['bought', 85],
    ]);
    expect(steps[1]!.share).toBeCloseTo(0.56, 10);
    // A row with no search has nothing at any step.
    expect(
      funnelOf({ searches: 0, zeroResultRate: 0, noClickRate: 0, addToCartRate: 0, conversionRate: 0 }).map((s) => s.searches),
    ).toEqual([0, 0, 0, 0]);
  });
});

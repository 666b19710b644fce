import { describe, expect, it } from 'vitest';
import { changeAgainst, previousPeriod } from '../../../../src/shared/traffic';

describe('this period against the last one', () => {
  it('is the days just before, as many as the range has, across a month; a change needs a figure to set against', () => {
    expect(previousPeriod('2026-11-01', '2026-11-08')).toEqual({ from: '2026-10-24', to: '2026-10-31', days: 8 });
    expect(previousPeriod('2026-11-05', '2026-11-06')).toEqual({ from: '2026-11-03', to: '2026-11-04', days: 2 });
    expect(previousPeriod('2026-03-01', '2026-03-01')).toEqual({ from: '2026-02-28', to: '2026-02-28', days: 1 });
    expect(changeAgainst(110, 100)).toBeCloseTo(0.1, 10);
    expect(changeAgainst(0.5, 0.55)).toBeCloseTo(-0.0909, 4);
    expect(changeAgainst(1, 0)).toBeNull();
    expect(changeAgainst(null, 1)).toBeNull();
  });
});

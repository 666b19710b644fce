import { describe, expect, it } from 'vitest';
import { daySeries, FEW_SEARCHES, wilson } from '../../../../src/shared/traffic';

const day = (group: string, searches: number, ctrAtK: number) => ({ group, searches, ctrAtK }) as never;

describe('the day chart’s series', () => {
  it('gives each day its CTR@k with a Wilson 95% interval, and marks a day with few searches as uncertain', () => {
    // 3 of 3 is not "100%, certain": its interval reaches down to 0.44.
    const [lo, hi] = wilson(1, 3);
    expect(lo).toBeCloseTo(0.4385, 3);
    expect(hi).toBe(1);
    // A large day's interval is narrow and holds its share.
    const [a, b] = wilson(0.56, 5375);
    expect(a).toBeLessThan(0.56);
    expect(b).toBeGreaterThan(0.56);
    expect(b - a).toBeLessThan(0.03);
    expect(wilson(0.5, 0)).toEqual([0, 1]);
    const series = daySeries([day('2026-11-07', 5400, 0.55), day('2026-11-08', 3, 1)]);
    expect(series.map((d) => [d.day, d.uncertain])).toEqual([
      ['2026-11-07', false],
      ['2026-11-08', true],
    ]);
    expect(FEW_SEARCHES).toBe(30);
  });
});

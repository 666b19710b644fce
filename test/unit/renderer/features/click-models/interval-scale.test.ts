import { describe, expect, it } from 'vitest';
import { intervalScale } from '../../../../../src/renderer/src/features/click-models/ClickRatingsPanel';

const item = (estimate: number, ci95: [number, number], rating: number | null) => ({ estimate, ci95, rating });

describe("the ratings' interval column", () => {
  it("reaches the rated items' bounds and every estimate, not the needs-traffic items' (COEC's reach 50)", () => {
    const items = [item(0.9, [0.6, 1.4], 2), item(1.2, [0.9, 1.8], 3), item(0.4, [0, 50], null), item(2.1, [0, Infinity], null)];
    expect(intervalScale(items)).toBe(2.1);
    expect(intervalScale(items.slice(0, 3))).toBe(1.8);
    expect(intervalScale([])).toBe(1e-9);
  });
});

import { describe, expect, it } from 'vitest';
import { placeMenu } from '../../../../src/renderer/src/components/use-inside-window';

const view = { width: 1440, height: 900 };
const anchor = (top: number, left = 1200, width = 80) => ({ top, bottom: top + 28, left, right: left + width });

describe('a menu stays inside the window', () => {
  it('opens below when it fits there', () => {
    expect(placeMenu(anchor(100), { width: 300, height: 200 }, view)).toEqual({ up: false, maxHeight: 764, alignLeft: false });
  });
  it('opens above an anchor near the bottom, capped to the room there', () => {
    const placed = placeMenu(anchor(820), { width: 300, height: 260 }, view);
    expect(placed.up).toBe(true);
    expect(placed.maxHeight).toBe(812);
    const tall = placeMenu(anchor(200), { width: 300, height: 2000 }, view);
    expect(tall).toMatchObject({ up: false, maxHeight: 664 });
  });
  it('aligns left when right-aligning would leave the window on the left', () => {
    expect(placeMenu(anchor(100, 20, 60), { width: 300, height: 100 }, view).alignLeft).toBe(true);
    expect(placeMenu(anchor(100, 600, 60), { width: 300, height: 100 }, view).alignLeft).toBe(false);
  });
});

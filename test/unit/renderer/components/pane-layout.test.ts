import { describe, expect, it } from 'vitest';
import {
  clampWidth,
  FLEX_MIN,
  keyboardWidth,
  widthOf,
  withCollapsed,
  withWidth,
} from '../../../../src/renderer/src/components/pane-layout';

const size = { initial: 440, min: 300, max: 1100 };

describe('split panes: widths', () => {
  it('keeps a pane within its limits', () => {
    expect(clampWidth(size, 120, 0, 0)).toBe(300);
    expect(clampWidth(size, 5000, 0, 0)).toBe(1100);
    expect(clampWidth(size, 612.4, 0, 0)).toBe(612);
  });
  it('never squeezes the flexible pane under its minimum', () => {
    // 1,440 px wide, the other panes take 296: the builder may take 1,440 − 296 − 320.
    expect(clampWidth(size, 1100, 1440, 296)).toBe(1440 - 296 - FLEX_MIN);
    // On a screen too narrow for both, the pane's own minimum wins.
    expect(clampWidth(size, 900, 700, 296)).toBe(300);
  });
  it('reads a remembered width, else the initial one, and limits what the file says', () => {
    expect(widthOf(undefined, 'builder', size)).toBe(440);
    expect(widthOf({ widths: { builder: 700 }, collapsed: [] }, 'builder', size)).toBe(700);
    expect(widthOf({ widths: { builder: 9 }, collapsed: [] }, 'builder', size)).toBe(300);
  });
  it('changes one pane and leaves the others', () => {
    const layout = withWidth({ widths: { inspectors: 290 }, collapsed: ['inspectors'] }, 'builder', 640);
    expect(layout).toEqual({ widths: { inspectors: 290, builder: 640 }, collapsed: ['inspectors'] });
    expect(withCollapsed(layout, 'builder', true).collapsed).toEqual(['inspectors', 'builder']);
    expect(withCollapsed(withCollapsed(layout, 'builder', true), 'inspectors', false).collapsed).toEqual(['builder']);
  });
  it('moves a separator with the arrow keys in the direction it is dragged', () => {
    expect(keyboardWidth('ArrowRight', 440, size, true)).toBe(464);
    expect(keyboardWidth('ArrowRight', 290, size, false)).toBe(266);
    expect(keyboardWidth('Home', 440, size, true)).toBe(300);
    expect(keyboardWidth('End', 440, size, true)).toBe(1100);
    expect(keyboardWidth('a', 440, size, true)).toBeNull();
  });
});

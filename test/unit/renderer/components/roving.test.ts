import { describe, expect, it } from 'vitest';
import { keepRendered, rovingTarget } from '../../../../src/renderer/src/components/roving';

describe('roving focus: where a key moves the focus', () => {
  it('a list: ↑ ↓ by one, Home and End to the ends, Page Up/Down by a page, clamped; ← → do not move', () => {
    const at = (key: string, from: number) => rovingTarget(key, from, 50, { pageRows: 8 });
    expect([at('ArrowDown', 3), at('ArrowUp', 3), at('Home', 30), at('End', 3)]).toEqual([4, 2, 0, 49]);
    expect([at('PageDown', 3), at('PageUp', 30), at('PageDown', 45), at('PageUp', 2)]).toEqual([11, 22, 49, 0]);
    expect([at('ArrowUp', 0), at('ArrowDown', 49)]).toEqual([0, 49]);
    expect([at('ArrowLeft', 3), at('ArrowRight', 3), at('Enter', 3), at('a', 3)]).toEqual([null, null, null, null]);
  });

  it('a grid: ← → by one card, ↑ ↓ by a row of cards, Page by rows of cards', () => {
    const at = (key: string, from: number) => rovingTarget(key, from, 22, { columns: 5, pageRows: 2 });
    expect([at('ArrowRight', 3), at('ArrowLeft', 3), at('ArrowDown', 3), at('ArrowUp', 8)]).toEqual([4, 2, 8, 3]);
    expect([at('ArrowDown', 19), at('PageDown', 0), at('PageUp', 21)]).toEqual([21, 10, 11]);
  });

  it('an empty list has nowhere to go; a stale index is brought back inside the list', () => {
    expect(rovingTarget('ArrowDown', 0, 0)).toBeNull();
    expect(rovingTarget('ArrowDown', 40, 10)).toBe(9);
    expect(rovingTarget('ArrowUp', -3, 10)).toBe(0);
  });

  it('a virtualised list keeps the focused row rendered when it scrolls out of view', () => {
    expect(keepRendered([10, 11, 12], 3)).toEqual([3, 10, 11, 12]);
    expect(keepRendered([10, 11, 12], 11)).toEqual([10, 11, 12]);
    expect(keepRendered([10, 11, 12], 40)).toEqual([10, 11, 12, 40]);
    expect(keepRendered([10, 11], -1)).toEqual([10, 11]);
  });
});

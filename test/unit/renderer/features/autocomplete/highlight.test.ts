import { describe, expect, it } from 'vitest';
import { highlightAt, highlightIndex, stepHighlight } from '../../../../../src/renderer/src/features/autocomplete/highlight';

const first = ['womens jacket', 'womens hiking shorts', 'womens boots'];
/** The same prefix answered again, in another order (views changed between the two answers). */
const newer = ['womens hiking shorts', 'womens boots', 'womens jacket'];

describe('autocomplete highlight', () => {
  it('a newer answer for the same prefix keeps the suggestion arrowed to, wherever it now stands', () => {
    const h = highlightAt(stepHighlight(-1, -1, first.length), 'wom', first);
    expect(h).toEqual({ prefix: 'wom', suggestion: 'womens boots' });
    expect(highlightIndex(h, 'wom', first)).toBe(2);
    expect(highlightIndex(h, 'wom', newer)).toBe(1);
    expect(newer[highlightIndex(h, 'wom', newer)]).toBe('womens boots');
  });

  it('an answer for another prefix, or one without the suggestion, shows none', () => {
    const h = highlightAt(1, 'wom', first);
    expect(highlightIndex(h, 'wome', first)).toBe(-1);
    expect(highlightIndex(h, 'wom', ['womens jacket'])).toBe(-1);
    expect(highlightIndex(null, 'wom', first)).toBe(-1);
    expect(highlightIndex(h, undefined, first)).toBe(-1);
  });

  it('arrows wrap, start at the first (down) or the last (up), and an empty list has none', () => {
    expect([stepHighlight(-1, 1, 3), stepHighlight(2, 1, 3), stepHighlight(0, -1, 3), stepHighlight(-1, -1, 3)]).toEqual([0, 0, 2, 2]);
    expect(stepHighlight(-1, 1, 0)).toBe(-1);
    expect(highlightAt(5, 'wom', first)).toBeNull();
    expect(highlightAt(-1, 'wom', first)).toBeNull();
  });
});

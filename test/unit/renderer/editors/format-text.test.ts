import { describe, expect, it } from 'vitest';
import { formatLanguageText } from '../../../../src/renderer/src/editors/format-text';

describe('Format button: the canonical layout without Monaco', () => {
  it('lays out a filter with upper-case joins and spaced operators', () => {
    expect(formatLanguageText('filter', 'colour = Black  and stock>0')).toBe('colour = Black AND stock > 0');
  });
  it('lays out a mask with one space after each comma', () => {
    expect(formatLanguageText('mask', 'id,product( price ,title )')).toBe('id, product(price, title)');
  });
  it('cannot format text that does not parse, and leaves an empty field empty', () => {
    expect(formatLanguageText('filter', 'colour = ')).toBeNull();
    expect(formatLanguageText('mask', 'a(')).toBeNull();
    expect(formatLanguageText('filter', '  ')).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { completeFilter } from '../../../../src/shared/filter';

describe('filter completion hints', () => {
  it.each([
    ['', 0, ['attribute', 'open-paren'], '', undefined],
    ['pri', 3, ['attribute', 'open-paren'], 'pri', undefined],
    ['(', 1, ['attribute', 'open-paren'], '', undefined],
    ['price ', 6, ['operator'], '', 'price'],
    ['price >', 7, ['operator'], '>', 'price'],
    ['price > ', 8, ['value'], '', 'price'],
    ['brand = Ni', 10, ['value'], 'Ni', 'brand'],
    ['price > 5 ', 10, ['logical'], '', undefined],
    ['(price > 5 ', 11, ['logical', 'close-paren'], '', undefined],
    ['price > 5 AN', 12, ['logical'], 'AN', undefined],
    ['price > 5 AND ', 14, ['attribute', 'open-paren'], '', undefined],
    ['price > 5 AND (brand = x) ', 26, ['logical'], '', undefined],
  ])('%j at %i expects %j', (text, offset, expected, prefix, attribute) => {
    const ctx = completeFilter(text, offset);
    expect(ctx.expected).toEqual(expected);
    expect(ctx.prefix).toBe(prefix);
    if (attribute !== undefined) expect(ctx.attribute).toBe(attribute);
  });

  it('gives the range of the partial token to replace', () => {
    expect(completeFilter('brand = Ni AND x = 1', 10).range).toEqual({ start: 8, end: 10 });
    expect(completeFilter('price > 5', 3)).toMatchObject({
      expected: ['attribute', 'open-paren'],
      prefix: 'pri',
      range: { start: 0, end: 5 },
    });
  });
});

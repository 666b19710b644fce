import { describe, expect, it } from 'vitest';
import { dateMillis, matches, parseFilter } from '../../../../src/shared/filter';

const item = {
  id: 'p1',
  price: 49.9,
  rating: 4,
  brand: 'Nike',
  colour: 'red',
  sizes: ['40', '41', '42'],
  sizeNumbers: [40, 41],
  tags: ['new', 'sale'],
  recommended: true,
  created: '2024-05-01T10:00:00Z',
  category: { path: 'shoes/running' },
  code: '007',
};

const check = (filter: string) => {
  const r = parseFilter(filter);
  expect(r.ast, filter).not.toBeNull();
  return matches(r.ast, item);
};

describe('filter evaluation', () => {
  it.each([
    // numbers compare numerically
    ['price > 10', true],
    ['price > 100', false],
    ['price <= 49.9', true],
    ['price < 49.9', false],
    ['price = 49.9', true],
    ['price != 49.9', false],
    ['rating >= 4', true],
    ['rating = 4.0', true],
    ["price > '9'", true],
    // strings compare alphanumerically (by code point), exactly for =
    ['brand = Nike', true],
    ["brand = 'Nike'", true],
    ['brand = nike', false],
    ['brand != Adidas', true],
    ['brand > Adidas', true],
    ['brand < Adidas', false],
    ["code = '007'", true],
    ['code = 007', true],
    // dates compare chronologically
    ['created > 2024-04-30', true],
    ['created < 2024-05-01T11:00:00+02:00', false],
    ['created = 2024-05-01T12:00:00+02:00', true],
    ['created >= 2024-05-02', false],
    // booleans compare for (in)equality
    ['recommended = true', true],
    ['recommended = false', false],
    ['recommended != false', true],
    ['recommended > false', false],
    // lists match any element; != means none equals
    ['sizes = 41', true],
    ["sizes = '43'", false],
    ['sizes != 43', true],
    ['sizes != 41', false],
    ['sizeNumbers > 40', true],
    ['sizeNumbers > 41', false],
    ['tags = sale', true],
    // nested attributes by dotted path
    ['category.path = shoes/running', true],
    // missing attributes match only !=
    ['missing = 1', false],
    ['missing != 1', true],
    ['missing > 1', false],
    // a word against a number cannot match
    ['price = cheap', false],
    // logic
    ['brand = Nike AND price < 50', true],
    ['brand = Adidas OR price < 50', true],
    ['brand = Adidas OR price > 50', false],
    ['(brand = Adidas OR brand = Nike) AND (sizes = 40 OR sizes = 39)', true],
    ['brand = Adidas OR brand = Nike AND price > 100', false],
  ])('%s → %s', (filter, expected) => {
    expect(check(filter)).toBe(expected);
  });

  it('an empty filter matches everything', () => {
    expect(matches(parseFilter('').ast, item)).toBe(true);
  });

  it('reads dates without an offset as UTC and accepts +hhmm offsets', () => {
    expect(dateMillis('2024-05-01')).toBe(Date.UTC(2024, 4, 1));
    expect(dateMillis('2024-05-01T10:00')).toBe(Date.UTC(2024, 4, 1, 10));
    expect(dateMillis('2024-05-01T10:00:00+0200')).toBe(Date.UTC(2024, 4, 1, 8));
    expect(Number.isNaN(dateMillis('yesterday'))).toBe(true);
  });
});

describe('date comparison fast path', () => {
  it('orders canonical UTC timestamps exactly as their instants, for every operator', async () => {
    const fc = (await import('fast-check')).default;
    const instant = fc
      .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
      .map((d) => new Date(Math.floor(d.getTime() / 1000) * 1000));
    fc.assert(
      fc.property(instant, instant, fc.constantFrom('=', '!=', '<', '<=', '>', '>='), fc.boolean(), (a, b, op, dateOnly) => {
        const itemDate = a.toISOString().replace(/\.\d{3}Z$/, 'Z');
        const bound = dateOnly ? b.toISOString().slice(0, 10) : b.toISOString().replace(/\.\d{3}Z$/, 'Z');
        const left = a.getTime();
        const right = Date.parse(dateOnly ? `${bound}T00:00:00Z` : bound);
        const expected = {
          '=': left === right,
          '!=': left !== right,
          '<': left < right,
          '<=': left <= right,
          '>': left > right,
          '>=': left >= right,
        }[op];
        expect(matches(parseFilter(`created ${op} ${bound}`).ast, { created: itemDate })).toBe(expected);
      }),
    );
  });
});

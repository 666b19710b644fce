import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyMask, completeMask, fieldPaths, MaskError, parseMask, printMask } from '../../../../src/shared/mask';
import { maskish } from '../../../helpers/arbitraries';

const item = {
  id: 'p1',
  score: 3.5,
  product: {
    title: 'Runner',
    price: 50,
    sizes: ['40', '41'],
    variants: [
      { sku: 'a', colour: 'red', stock: 2 },
      { sku: 'b', colour: 'blue', stock: 0 },
    ],
    media: { main: { url: 'm.jpg', alt: 'main' }, thumb: { url: 't.jpg' } },
  },
};

describe('response mask: parser', () => {
  it.each([
    ['id', 'id'],
    ['id,score', 'id, score'],
    ['  id ,  product . title ', 'id, product.title'],
    ['id, product(title, price)', 'id, product(title, price)'],
    ['product.media.*.url', 'product.media.*.url'],
    ['product(variants(sku), media.main)', 'product(variants(sku), media.main)'],
    ['', ''],
  ])('%j reads as %j', (mask, canonical) => {
    const r = parseMask(mask);
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(printMask(r.selections!)).toBe(canonical);
  });

  it.each([
    ['id,', "Expected a field after ',' at line 1, column 3", 2, 3],
    [',id', 'Expected a field name at line 1, column 1', 0, 1],
    ['a..b', "Expected a field name after '.' at line 1, column 2", 2, 3],
    ['a.', "Expected a field name after '.' at line 1, column 2", 2, 3],
    ['a(', 'Expected a field name at line 1, column 3, found the end of the mask', 2, 3],
    ['a()', 'Empty parentheses at line 1, column 2', 1, 3],
    ['a(b', "Missing ')' to close the '(' at line 1, column 2", 3, 4],
    ['a b', "Expected ',' between fields at line 1, column 3", 2, 3],
    ['a)', "')' at line 1, column 2 has no matching '('", 1, 2],
    ['a,,b', "Expected a field after ',' at line 1, column 2", 1, 2],
  ])('%j fails: %s', (mask, message, start, end) => {
    const r = parseMask(mask);
    expect(r.selections).toBeNull();
    expect(r.diagnostics[0]!.message).toContain(message);
    expect([r.diagnostics[0]!.start, r.diagnostics[0]!.end]).toEqual([start, end]);
  });

  it('warns about a field selected twice', () => {
    expect(parseMask('id, id').diagnostics[0]).toMatchObject({ severity: 'warning', code: 'duplicate-field', start: 4, end: 6 });
  });
});

describe('response mask: applying', () => {
  it.each([
    ['', item],
    ['id', { id: 'p1' }],
    ['id, score', { id: 'p1', score: 3.5 }],
    ['id, product(title, price)', { id: 'p1', product: { title: 'Runner', price: 50 } }],
    ['product.title', { product: { title: 'Runner' } }],
    ['product.sizes', { product: { sizes: ['40', '41'] } }],
    ['product.variants.sku', { product: { variants: [{ sku: 'a' }, { sku: 'b' }] } }],
    [
      'product(variants(sku, stock))',
      {
        product: {
          variants: [
            { sku: 'a', stock: 2 },
            { sku: 'b', stock: 0 },
          ],
        },
      },
    ],
    ['product.media.*.url', { product: { media: { main: { url: 'm.jpg' }, thumb: { url: 't.jpg' } } } }],
    // `*` over a list is every element: the sku of each variant, not empty objects.
    ['product.variants.*.sku', { product: { variants: [{ sku: 'a' }, { sku: 'b' }] } }],
    ['product(variants(*.stock))', { product: { variants: [{ stock: 2 }, { stock: 0 }] } }],
    ['product.sizes.*', { product: { sizes: ['40', '41'] } }],
    ['product.*', { product: item.product }],
    ['product, product.title', { product: item.product }],
    ['missing', {}],
    ['id, product.missing', { id: 'p1', product: {} }],
    ['id.deeper', {}],
  ])('%j keeps exactly %j', (mask, expected) => {
    expect(applyMask(mask, item)).toEqual(expected);
  });

  it('does not modify the item it masks', () => {
    const copy = structuredClone(item);
    applyMask('id, product(title)', item);
    expect(item).toEqual(copy);
  });

  it('refuses an invalid mask with MaskError', () => {
    expect(() => applyMask('a(', item)).toThrow(MaskError);
  });
});

describe('response mask: completion', () => {
  it('offers the fields at the cursor from a sample item', () => {
    expect(completeMask('', 0, [item])).toMatchObject({ parentPath: [], candidates: ['id', 'product', 'score'] });
    expect(completeMask('id, product(ti', 14, [item])).toMatchObject({
      parentPath: ['product'],
      prefix: 'ti',
      range: { start: 12, end: 14 },
    });
    expect(completeMask('id, product(ti', 14, [item]).candidates).toContain('title');
    expect(completeMask('product.variants.', 17, [item]).candidates).toEqual(['colour', 'sku', 'stock']);
    expect(completeMask('product(media.*.', 16, [item]).candidates).toEqual(['alt', 'url']);
    expect(completeMask('product(title), ', 16, [item]).parentPath).toEqual([]);
  });

  it('lists every field path of a sample', () => {
    expect(fieldPaths(item)).toEqual(
      expect.arrayContaining(['id', 'product', 'product.title', 'product.variants.sku', 'product.media.main.url']),
    );
  });
});

describe('response mask: properties', () => {
  it('parseMask never throws on arbitrary text, and errors carry ranges inside it', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), maskish), (text) => {
        const r = parseMask(text);
        for (const d of r.diagnostics) {
          expect(d.start).toBeGreaterThanOrEqual(0);
          expect(d.end).toBeLessThanOrEqual(Math.max(text.length, d.start + 1));
        }
      }),
    );
  });

  it('print/parse round-trips, and a mask keeps only fields that exist in the item', () => {
    fc.assert(
      fc.property(maskish, fc.jsonValue(), (text, value) => {
        const r = parseMask(text);
        if (!r.selections) return;
        const printed = printMask(r.selections);
        expect(printMask(parseMask(printed).selections!)).toBe(printed);
        const masked = applyMask(text, value);
        if (r.selections.length === 0) expect(masked).toBe(value);
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { itemAttributes } from '../../../../../src/renderer/src/features/item/item-attributes';

const item = { id: 'SKU-1', score: 3, product: { price: 20, title: 'Rain jacket', brand: 'Korvo', imageUrl: 'x' } };

describe('the attributes the item drawer lists', () => {
  it('every attribute the answer returned, title first; nothing named masked without a mask', () => {
    const a = itemAttributes(item, undefined, ['title', 'price', 'brand', 'colour']);
    expect(a.shown.map(([k]) => k)).toEqual(['title', 'imageUrl', 'brand', 'price']);
    expect(a.masked).toBeNull();
  });
  it('with a mask, the catalog attributes the answer lacks are named as masked', () => {
    expect(
      itemAttributes(item, 'id, product(title, price, brand, imageUrl)', ['title', 'price', 'brand', 'colour', 'size']).masked,
    ).toEqual(['colour', 'size']);
    expect(itemAttributes(item, '  ', ['colour']).masked).toBeNull();
    expect(itemAttributes({ id: 'x' }, 'id', undefined)).toEqual({ shown: [], masked: [] });
  });
});

import { describe, expect, it } from 'vitest';
import type { Item } from '../../../src/shared/request/types';
import { checkSortOrder, compareSortValues } from '../../../src/shared/request/sort-check';

const item = (id: string, product: Record<string, unknown>): Item => ({ id, score: 1, product });

describe('sort order check', () => {
  it('accepts an order that follows the chain, with ties broken by the next value', () => {
    const items = [item('a', { rating: 5, price: 10 }), item('b', { rating: 5, price: 20 }), item('c', { rating: 4, price: 5 })];
    expect(checkSortOrder(items, [{ attribute: 'rating', order: 'desc' }, { attribute: 'price' }])).toEqual({
      checked: ['rating', 'price'],
      missing: [],
      violations: [],
      products: 3,
    });
  });

  it('flags the items that come too early', () => {
    const items = [item('a', { price: 10 }), item('b', { price: 5 }), item('c', { price: 7 }), item('d', { price: 6 })];
    expect(checkSortOrder(items, [{ attribute: 'price', order: 'asc' }]).violations).toEqual([1, 3]);
  });

  it('compares dates chronologically, text by code point, and puts missing values last either way', () => {
    expect(compareSortValues('2024-01-02T00:00:00Z', '2024-01-01T23:00:00+02:00')).toBe(1);
    expect(compareSortValues('B', 'a')).toBe(-1);
    expect(compareSortValues(undefined, 5)).toBe(1);
    const items = [item('a', { price: 3 }), item('b', {}), item('c', { price: 1 })];
    expect(checkSortOrder(items, [{ attribute: 'price', order: 'desc' }]).violations).toEqual([2]);
  });

  it('skips redirect items and reports attributes it cannot see', () => {
    const items: Item[] = [{ id: 'r', score: 1, redirect: { url: 'x' } }, item('a', { title: 'x' })];
    expect(checkSortOrder(items, [{ attribute: 'price' }])).toEqual({ checked: [], missing: ['price'], violations: [], products: 1 });
  });

  it('an answer with no product has nothing to check: no attribute is reported missing', () => {
    expect(checkSortOrder([], [{ attribute: 'price' }])).toEqual({ checked: [], missing: [], violations: [], products: 0 });
    const onlyRedirect: Item[] = [{ id: 'r', score: 1, redirect: { url: 'x' } }];
    expect(checkSortOrder(onlyRedirect, [{ attribute: 'price' }]).missing).toEqual([]);
  });
});

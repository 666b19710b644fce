import { describe, expect, it } from 'vitest';
import { alignRankings, movementLabel } from '../../../../src/shared/diff/ranking';
import { diffAutocomplete, diffSearch, diffSuggest } from '../../../../src/shared/diff/responses';
import { jsonDiff } from '../../../../src/shared/diff/json-diff';
import type { Facet, Item, SearchResponse } from '../../../../src/shared/request/types';
import { searchAnswer } from '../../../helpers/responses';

const item = (id: string, score: number, product: Record<string, unknown> = { title: id }): Item => ({ id, score, product });
const facet = (id: string, values: [string, number, boolean?][]): Facet => ({
  id,
  title: id,
  count: values.length,
  values: values.map(([value, count, selected]) => ({ value, count, selected: !!selected })),
});
const response = (items: Item[], extra: Partial<SearchResponse['metadata']> = {}): SearchResponse =>
  searchAnswer(items, { defaultConfigurationId: 'default', ...extra });

describe('alignRankings', () => {
  it('gives every item both ranks, its scores and its movement', () => {
    const a = alignRankings(
      [
        { id: 'a', score: 3 },
        { id: 'b', score: 2 },
        { id: 'c', score: 1 },
      ],
      [
        { id: 'c', score: 5 },
        { id: 'a', score: 4 },
        { id: 'd', score: 1 },
      ],
    );
    expect(a.rows.map((r) => [r.id, r.rankA, r.rankB, movementLabel(r.movement)])).toEqual([
      ['a', 1, 2, '▼1'],
      ['b', 2, null, 'dropped'],
      ['c', 3, 1, '▲2'],
      ['d', null, 3, 'new'],
    ]);
    expect(a.rows[2]).toMatchObject({ scoreA: 1, scoreB: 5 });
    expect(a.counts).toEqual({ same: 0, up: 1, down: 1, new: 1, dropped: 1 });
  });

  it('reports repeated ids and ranks them by their first place', () => {
    const a = alignRankings([{ id: 'a' }, { id: 'a' }, { id: 'b' }], [{ id: 'b' }, { id: 'a' }]);
    expect(a.duplicatesA).toEqual(['a']);
    expect(a.rows.map((r) => [r.id, r.rankA, r.rankB])).toEqual([
      ['a', 1, 2],
      ['b', 3, 1],
    ]);
  });

  it('handles empty and disjoint lists', () => {
    expect(alignRankings([], []).rows).toEqual([]);
    const disjoint = alignRankings([{ id: 'a' }], [{ id: 'b' }]);
    expect(disjoint.counts).toMatchObject({ new: 1, dropped: 1 });
  });
});

describe('diffSearch', () => {
  it('measures the ranking, the count and the configuration', () => {
    const a = response([item('a', 3), item('b', 2), item('c', 1)], { count: 30 });
    const b = response([item('b', 9), item('a', 8), item('c', 1)], { count: 28, exactCount: false, configurationId: 'bestsellers' });
    const d = diffSearch(a, b);
    expect(d.metrics.top1Changed).toBe(true);
    expect(d.metrics.overlap[10]).toBe(1);
    expect(d.count).toEqual({ a: 30, b: 28, delta: -2, exactA: true, exactB: false });
    expect(d.configuration).toMatchObject({ changed: true, b: { configurationId: 'bestsellers', defaultConfigurationId: 'default' } });
    expect(d.zeroA).toBe(false);
  });

  it('diffs facets value by value: added, removed, counts, selection and order', () => {
    const a = response([], {
      count: 0,
      facets: [
        facet('brand', [
          ['Korvo', 10],
          ['Halden', 5, true],
          ['Tessel', 2],
        ]),
        facet('colour', [['Black', 3]]),
      ],
    });
    const b = response([], {
      count: 0,
      facets: [
        facet('brand', [
          ['Halden', 5],
          ['Korvo', 12],
          ['Oakmoor', 1],
        ]),
        facet('size', [['M', 4]]),
      ],
    });
    const d = diffSearch(a, b);
    const brand = d.facets.find((f) => f.id === 'brand')!;
    expect(brand).toMatchObject({ presence: 'both', added: 1, removed: 1, countChanges: 1, selectedChanges: 1, orderChanged: true });
    expect(brand.values.find((v) => v.value === 'Korvo')).toMatchObject({
      countA: 10,
      countB: 12,
      change: 'count',
      positionA: 1,
      positionB: 2,
    });
    expect(brand.values.find((v) => v.value === 'Halden')).toMatchObject({ change: 'selected', selectedA: true, selectedB: false });
    expect(d.facets.find((f) => f.id === 'colour')?.presence).toBe('only-a');
    expect(d.facets.find((f) => f.id === 'size')?.presence).toBe('only-b');
    expect(d.facetsChanged).toBe(3);
    expect(d.zeroA && d.zeroB).toBe(true);
  });

  it('lists redirects on each side and product differences for the same item', () => {
    const redirect: Item = { id: 'r1', score: 0, redirect: { id: 'redirect-returns', url: 'https://x/returns' } };
    const a = response([redirect, item('a', 1, { title: 'A', price: 10, sizes: ['S', 'M'] })]);
    const b = response([item('a', 1, { title: 'A', price: 12, sizes: ['S'], badge: 'sale' })]);
    const d = diffSearch(a, b);
    expect(d.redirects).toMatchObject({ a: ['redirect-returns'], b: [], removed: ['redirect-returns'] });
    expect(d.products).toEqual([
      {
        id: 'a',
        changes: [
          { path: 'price', kind: 'changed', a: 10, b: 12 },
          { path: 'sizes[1]', kind: 'removed', a: 'M' },
          { path: 'badge', kind: 'added', b: 'sale' },
        ],
      },
    ]);
  });

  it('copes with missing or empty answers', () => {
    const d = diffSearch(undefined, response([]));
    expect(d.metrics.rbo).toBe(1);
    expect(d.count.a).toBeNull();
  });
});

describe('jsonDiff', () => {
  it('is empty for equal values and names each changed leaf', () => {
    expect(jsonDiff({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toEqual([]);
    expect(jsonDiff({ a: 1 }, { a: '1' })).toEqual([{ path: 'a', kind: 'changed', a: 1, b: '1' }]);
    expect(jsonDiff(null, { a: 1 })).toEqual([{ path: '', kind: 'changed', a: null, b: { a: 1 } }]);
  });
});

describe('suggest and autocomplete', () => {
  it('suggest: group by group, matched by value', () => {
    const meta = { time: 1, token: 't', url: 'u', id: 'i', configurationId: 'c' };
    const d = diffSuggest(
      {
        groups: [
          { value: 'Korvo', count: 4, items: [item('a', 1), item('b', 1)] },
          { value: 'Halden', count: 1, items: [item('h', 1)] },
        ],
        metadata: meta,
      },
      {
        groups: [
          { value: 'Korvo', count: 4, items: [item('b', 1), item('a', 1)] },
          { value: 'Tessel', count: 0, items: [] },
        ],
        metadata: meta,
      },
    );
    expect(d.groups.map((g) => [g.value, g.presence])).toEqual([
      ['Korvo', 'both'],
      ['Halden', 'only-a'],
      ['Tessel', 'only-b'],
    ]);
    expect(d.groups[0]!.metrics.rbo).toBeCloseTo(0.9);
    expect(d.meanRbo).toBeCloseTo(0.9);
    expect(d.groupsChanged).toBe(3);
  });

  it('autocomplete: suggestion lists by their text', () => {
    const meta = { time: 1, token: 't', id: 'i', configurationId: 'c' };
    const d = diffAutocomplete(
      { suggestions: [{ suggestion: 'jacket', count: 3 }, { suggestion: 'jackets' }], metadata: meta },
      { suggestions: [{ suggestion: 'jackets' }, { suggestion: 'jacket', count: 3 }], metadata: meta },
    );
    expect(d.metrics.top1Changed).toBe(true);
    expect(d.ranking.rows[0]).toMatchObject({ id: 'jacket', rankA: 1, rankB: 2, scoreA: 3 });
  });
});

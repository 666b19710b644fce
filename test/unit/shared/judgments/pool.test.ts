import { describe, expect, it } from 'vitest';
import { indexRatings } from '../../../../src/shared/judgments/model';
import { poolQueue, skipKey, type PoolQuery } from '../../../../src/shared/judgments/pool';

const q = (index: number, query: string, a: string[] | null, b: string[] | null, note?: string): PoolQuery => ({
  index,
  query,
  ...(note ? { note } : {}),
  rankings: { a, b },
});

describe('pooled judging queue', () => {
  it('pools the union of both sides’ top k, each item once, with each side’s rank', () => {
    const pool = poolQueue([q(0, 'jacket', ['a1', 'x', 'a2', 'a3'], ['x', 'b1', 'a1', 'b2'])], new Map(), 3);
    const [jacket] = pool.queries;
    expect(jacket!.items.map((i) => i.id).sort()).toEqual(['a1', 'a2', 'b1', 'x']);
    expect(Object.fromEntries(jacket!.items.map((i) => [i.id, i.ranks]))).toEqual({
      a1: { a: 1, b: 3 },
      x: { a: 2, b: 1 },
      a2: { a: 3 },
      b1: { b: 2 },
    });
    expect(pool).toMatchObject({ k: 3, total: 4, rated: 0 });
  });

  it('leaves out what is rated (any rating, 0 included), and counts it as done', () => {
    const judgments = indexRatings([
      { query: 'Jacket ', itemId: 'a1', rating: 0 },
      { query: 'jacket', itemId: 'x', rating: 3 },
      { query: 'dress', itemId: 'd1', rating: 2 },
    ]);
    const pool = poolQueue([q(0, 'jacket', ['a1', 'x', 'a2'], ['x', 'b1']), q(1, 'dress', ['d1'], ['d1'])], judgments, 10);
    expect(pool.queries.map((p) => p.query)).toEqual(['jacket']);
    expect(pool.queries[0]!.items.map((i) => i.id).sort()).toEqual(['a2', 'b1']);
    expect(pool.queries[0]).toMatchObject({ pooled: 4, rated: 2 });
    expect(pool).toMatchObject({ total: 5, rated: 3 });
  });

  it('counts an id twice in one answer once, and a query twice in the set once', () => {
    const pool = poolQueue([q(0, 'hat', ['h1', 'h1', 'h2'], null), q(1, 'HAT', ['h9'], ['h9'])], new Map(), 2);
    expect(pool.queries).toHaveLength(1);
    expect(pool.queries[0]!.items.map((i) => i.id).sort()).toEqual(['h1', 'h2']);
    expect(pool.total).toBe(2);
  });

  it('orders a query’s items blind to side and rank, the same way every time', () => {
    const a = Array.from({ length: 10 }, (_, i) => `a${i}`);
    const b = Array.from({ length: 10 }, (_, i) => `b${i}`);
    const first = poolQueue([q(0, 'boots', a, b)], new Map(), 10).queries[0]!.items.map((i) => i.id);
    const again = poolQueue([q(0, 'boots', a, b)], new Map(), 10).queries[0]!.items.map((i) => i.id);
    expect(again).toEqual(first);
    expect(first).not.toEqual([...a, ...b]);
    // Not all of one side first.
    expect(first.slice(0, 10).filter((id) => id.startsWith('a')).length).toBeGreaterThan(0);
    expect(first.slice(0, 10).filter((id) => id.startsWith('b')).length).toBeGreaterThan(0);
  });

  it('puts skipped items after the rest, and queries with only skipped items last', () => {
    const skipped = new Set([skipKey('jacket', 'a1'), skipKey('dress', 'd1'), skipKey('dress', 'd2')]);
    const pool = poolQueue([q(0, 'dress', ['d1'], ['d2']), q(1, 'jacket', ['a1', 'a2'], ['a3'], 'a warm one')], new Map(), 10, skipped);
    expect(pool.queries.map((p) => p.query)).toEqual(['jacket', 'dress']);
    expect(pool.queries[0]!.items.at(-1)).toMatchObject({ id: 'a1', skipped: true });
    expect(pool.queries[0]!.note).toBe('a warm one');
    expect(pool.queries[1]!.items.every((i) => i.skipped)).toBe(true);
  });

  it('is empty when a side failed on every query and the other answered nothing', () => {
    expect(poolQueue([q(0, 'x', null, [])], new Map(), 10)).toEqual({ k: 10, total: 0, rated: 0, queries: [] });
  });
});

import { describe, expect, it } from 'vitest';
import { listAgreement } from '../../../../src/shared/judgments/agreement';
import {
  canonicalRatings,
  indexRatings,
  newJudgmentList,
  resolvedRatings,
  setRating,
  type Rating,
  type RatingsCounted,
} from '../../../../src/shared/judgments/model';
import { poolQueue } from '../../../../src/shared/judgments/pool';

// Ratings of several raters on one list: each kept, one value per item for metrics (adjudicated, else the mean
// rounded down), second opinions beside the others, and the queue of a second rater.

const r = (itemId: string, rating: number, by?: string, extra: Partial<Rating> = {}): Rating => ({
  query: 'red dress',
  itemId,
  rating,
  ...(by ? { by } : {}),
  ...extra,
});

describe('ratings of several raters', () => {
  it('gives metrics one value per item: the adjudicated rating, else the raters’ mean rounded down', () => {
    const index = indexRatings([
      r('a', 3, 'ann'),
      r('b', 3, 'ann'),
      r('b', 0, 'bob'),
      r('c', 2, 'ann'),
      r('c', 1, 'bob'),
      r('c', 3, 'cara', { adjudicated: true }),
      r('d', 2, 'rules', { rule: 'the category' }),
    ]);
    const ratings = index.get('red dress')!.ratings;
    expect(Object.fromEntries(ratings)).toEqual({ a: 3, b: 1, c: 3 });
    // Suggestions only with ratings: 'all', and never over a person's rating.
    const all = indexRatings([r('a', 1, 'ann'), r('a', 3, 'rules', { rule: 'x' }), r('d', 2, 'rules', { rule: 'x' })], { ratings: 'all' });
    expect(Object.fromEntries(all.get('red dress')!.ratings)).toEqual({ a: 1, d: 2 });
    // The index says what it counted, and reads back as plain ratings with the same values (a run's snapshot).
    expect([index.counted, all.counted]).toEqual([undefined, 'all']);
    expect(resolvedRatings(index)).toEqual([
      ['red dress', 'a', 3],
      ['red dress', 'b', 1],
      ['red dress', 'c', 3],
    ]);
    const again = indexRatings(resolvedRatings(index).map(([query, itemId, rating]) => ({ query, itemId, rating })));
    expect(again).toEqual(index);
  });

  it("counts clicks' ratings only when asked: after people's, before rules', and a person's rating never replaces one", () => {
    const ratings = [
      r('a', 1, 'ann'),
      r('a', 3, 'clicks:pbm'),
      r('b', 2, 'clicks:pbm'),
      r('b', 0, 'rules', { rule: 'x' }),
      r('c', 3, 'rules', { rule: 'x' }),
      r('d', 1, 'clicks:pbm'),
      r('d', 3, 'clicks:dbn'),
    ];
    const values = (counted?: RatingsCounted) =>
      Object.fromEntries(indexRatings(ratings, counted ? { ratings: counted } : {}).get('red dress')?.ratings ?? []);
    expect(values()).toEqual({ a: 1 });
    expect(values('people+rules')).toEqual({ a: 1, b: 0, c: 3 });
    expect(values('people+clicks')).toEqual({ a: 1, b: 2, d: 2 });
    expect(values('clicks')).toEqual({ a: 3, b: 2, d: 2 });
    expect(values('all')).toEqual({ a: 1, b: 2, c: 3, d: 2 });
    // A person rating an item keeps the clicks' rating beside theirs; a new run of the same model replaces it.
    const list = { ...newJudgmentList('l'), ratings };
    const rated = setRating(list, { query: 'red dress', itemId: 'b', rating: 3, by: 'ann' });
    expect(rated.ratings.filter((x) => x.itemId === 'b').map((x) => x.by)).toEqual(['ann', 'clicks:pbm']);
    const rerun = setRating(list, { query: 'red dress', itemId: 'b', rating: 1, by: 'clicks:pbm', mode: 'second' });
    expect(rerun.ratings.filter((x) => x.itemId === 'b' && x.by === 'clicks:pbm').map((x) => x.rating)).toEqual([1]);
  });

  it('keeps one rating per rater, a suggestion and the adjudicated one, in a stable order', () => {
    const out = canonicalRatings([
      r('a', 1, 'bob'),
      r('a', 2, 'ann'),
      r('a', 3, 'ann'),
      r('a', 0, 'x', { rule: 'y' }),
      r('a', 2, 'c', { adjudicated: true }),
    ]);
    // The decision and the suggestion first, then each rater's in name order.
    expect(out.map((x) => [x.by, x.rating])).toEqual([
      ['c', 2],
      ['x', 0],
      ['ann', 3],
      ['bob', 1],
    ]);
  });

  it('replaces every rating of the item by default, only the rater’s own as a second opinion, and adds a decision', () => {
    const list = { ...newJudgmentList('l'), ratings: [r('a', 3, 'ann'), r('a', 1, 'rules', { rule: 'x' })] };
    const second = setRating(list, { query: 'red dress', itemId: 'a', rating: 1, by: 'bob', mode: 'second' });
    expect(second.ratings.map((x) => [x.by, x.rating])).toEqual([
      ['ann', 3],
      ['bob', 1],
    ]);
    const again = setRating(second, { query: 'red dress', itemId: 'a', rating: 2, by: 'bob', mode: 'second' });
    expect(again.ratings.map((x) => [x.by, x.rating])).toEqual([
      ['ann', 3],
      ['bob', 2],
    ]);
    const decided = setRating(again, { query: 'red dress', itemId: 'a', rating: 3, by: 'cara', mode: 'adjudicate' });
    expect(decided.ratings).toHaveLength(3);
    expect(decided.ratings.find((x) => x.adjudicated)).toMatchObject({ by: 'cara', rating: 3 });
    expect(setRating(decided, { query: 'red dress', itemId: 'a', rating: 0, by: 'dan' }).ratings.map((x) => [x.by, x.rating])).toEqual([
      ['dan', 0],
    ]);
  });

  it('lists the disagreements, the undecided first, and leaves suggestions and decisions out of the raters', () => {
    const report = listAgreement(
      [
        r('a', 3, 'ann'),
        r('a', 1, 'bob'),
        r('b', 2, 'ann'),
        r('b', 2, 'bob'),
        r('c', 0, 'ann'),
        r('c', 3, 'bob'),
        r('c', 0, 'cara', { adjudicated: true }),
        r('d', 3, 'rules', { rule: 'x' }),
      ],
      3,
      { resamples: 0 },
    );
    expect(report.raters).toEqual(['ann', 'bob']);
    expect(report.pairs[0]).toMatchObject({ items: 3, needed: 27 });
    expect(report.disagreements.map((d) => [d.itemId, d.adjudicated])).toEqual([
      ['a', undefined],
      ['c', 0],
    ]);
    expect(report.adjudicated).toBe(1);
    expect(report.perQuery).toEqual([expect.objectContaining({ query: 'red dress', items: 3 })]);
  });
});

describe('the queue of a second rater', () => {
  const queries = [{ index: 0, query: 'red dress', rankings: { a: ['a', 'b', 'c', 'd'], b: ['e'] } }];
  const index = indexRatings([r('a', 3, 'ann'), r('b', 2, 'ann')]);
  const othersRated = (_key: string, id: string) => id === 'a' || id === 'b';

  it('holds only the items others rated in a second opinion, each marked as one', () => {
    const pool = poolQueue(queries, index, 10, new Set(), { secondOpinion: true, othersRated });
    expect(pool.queries[0]!.items.map((i) => [i.id, i.second]).sort()).toEqual([
      ['a', true],
      ['b', true],
    ]);
  });

  it('puts a seeded share of others’ items into the ordinary queue with calibration, the same share every time', () => {
    const plain = poolQueue(queries, index, 10, new Set(), { othersRated });
    expect(plain.queries[0]!.items.map((i) => i.id).sort()).toEqual(['c', 'd', 'e']);
    const all = poolQueue(queries, index, 10, new Set(), { calibration: 0.999, othersRated });
    expect(
      all.queries[0]!.items.filter((i) => i.second)
        .map((i) => i.id)
        .sort(),
    ).toEqual(['a', 'b']);
    const none = poolQueue(queries, index, 10, new Set(), { calibration: 0.000001, othersRated });
    expect(none.queries[0]!.items.some((i) => i.second)).toBe(false);
  });
});

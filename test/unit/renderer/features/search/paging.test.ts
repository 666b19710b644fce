import { describe, expect, it } from 'vitest';
import { pagingOf } from '../../../../../src/renderer/src/features/search/paging';

describe('the pager of an answer', () => {
  it('page 2 of a 2-result answer is past the end, and leads back to page 1', () => {
    const p = pagingOf({ offset: 24, limit: 24, count: 2 }, 0);
    expect(p).toMatchObject({ page: 2, pages: 1, pastEnd: true, lastPageOffset: 0, previous: 0, next: null });
  });
  it('an empty answer at offset 0 is "no match", not past the end', () => {
    expect(pagingOf({ offset: 0, limit: 24, count: 0 }, 0).pastEnd).toBe(false);
  });
  it('far past the end, Previous goes to the last page with results rather than one page back', () => {
    expect(pagingOf({ offset: 240, limit: 24, count: 50 }, 0)).toMatchObject({ pastEnd: true, lastPageOffset: 48, previous: 48 });
  });
  it('inside the answer: previous and next pages, and none past the offset limit', () => {
    expect(pagingOf({ offset: 24, limit: 24, count: 100 }, 24)).toMatchObject({ page: 2, pages: 5, previous: 0, next: 48, pastEnd: false });
    expect(pagingOf({ offset: 0, limit: 24, count: 10 }, 10)).toMatchObject({ previous: null, next: null });
    // The service refuses offsets over 10,000: the pager stops at the last page it can reach.
    expect(pagingOf({ offset: 9990, limit: 10, count: 100000 }, 10).next).toBe(10000);
    expect(pagingOf({ offset: 10000, limit: 10, count: 100000 }, 10).next).toBeNull();
  });
});

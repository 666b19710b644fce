import { describe, expect, it } from 'vitest';
import { absenceLabel, findRank, lookupLabel, pageIsWholeAnswer, type PageOfIds } from '../../../../src/shared/diff/rank-lookup';

/** A side's whole answer as ids, served in pages as the service would. */
function service(total: number, count: number | undefined = total) {
  const calls: [number, number][] = [];
  const ids = Array.from({ length: total }, (_, i) => `item-${i + 1}`);
  const fetchPage = async (offset: number, limit: number): Promise<PageOfIds> => {
    calls.push([offset, limit]);
    return { ok: true, ids: ids.slice(offset, offset + limit), count };
  };
  return { calls, fetchPage };
}

describe('looking up where an item sits in the other side', () => {
  it('pages from the first place not yet seen and names the rank', async () => {
    const s = service(2004);
    expect(await findRank('item-1500', s.fetchPage, { from: 24, pageSize: 1000 })).toEqual({ kind: 'found', rank: 1500 });
    expect(s.calls).toEqual([
      [24, 1000],
      [1024, 1000],
    ]);
  });
  it('says "not in the answer" once the whole answer was read', async () => {
    const s = service(2004);
    expect(await findRank('elsewhere', s.fetchPage, { from: 24, pageSize: 1000 })).toEqual({ kind: 'absent', searched: 2004 });
    // The count says the second page was the last: no third request.
    expect(s.calls).toHaveLength(2);
  });
  it('stops at the service offset limit and says how far it looked', async () => {
    const s = service(50_000);
    expect(await findRank('item-30000', s.fetchPage, { from: 0, pageSize: 1000, maxOffset: 10_000 })).toEqual({
      kind: 'beyond-limit',
      searched: 11_000,
    });
    expect(s.calls.at(-1)).toEqual([10_000, 1000]);
  });
  it('passes on a failed page', async () => {
    expect(await findRank('x', async () => ({ ok: false, message: '429 Too Many Requests' }))).toEqual({
      kind: 'error',
      message: '429 Too Many Requests',
    });
  });
  it('tells a page that was the whole answer from one that was not', () => {
    expect(pageIsWholeAnswer(24, 2004)).toBe(false);
    expect(pageIsWholeAnswer(17, 17)).toBe(true);
    expect(pageIsWholeAnswer(24, null)).toBe(false);
    expect(absenceLabel('B', 24, false)).toBe("not in B's first 24");
    expect(absenceLabel('B', 17, true)).toBe("not in B's answer");
    expect(lookupLabel('B', { kind: 'found', rank: 1500 })).toBe('B #1,500');
    expect(lookupLabel('A', { kind: 'beyond-limit', searched: 11_000 })).toBe("not in A's first 11,000");
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemsByIdRequest, LOOKUP_BATCH, lookupAnswer, lookupBatches } from '../../../src/shared/search';
import { DEMO_TOKEN, testEmulator, type TestEmulator } from '../../helpers/emulator';

let em: TestEmulator;
beforeAll(async () => {
  em = await testEmulator({ items: 2_000 });
});
afterAll(() => em.stop());

describe('items by id: what a log names by id, shown with its title and image', () => {
  it('one search answers exactly the ids asked for, with only what a row shows; an unknown id maps to null', async () => {
    const page = await em.search({ query: 'jacket', options: { limit: 5 } });
    const known = page.body.items.map((i: { id: string }) => i.id);
    const asked = [...known, 'SKU-NOT-THERE', "it's \\ odd"];
    const r = await em.post('/search', itemsByIdRequest(DEMO_TOKEN, asked));
    expect(r.status).toBe(200);
    const answered = lookupAnswer(asked, r.body.items);
    for (const id of known) {
      const item = answered.get(id);
      expect(item?.id).toBe(id);
      expect(Object.keys(item!.product!).sort()).toEqual(['brand', 'imageUrl', 'title']);
    }
    expect(answered.get('SKU-NOT-THERE')).toBeNull();
    expect(answered.get("it's \\ odd")).toBeNull();
    expect(r.body.items).toHaveLength(known.length);
  });

  it('batches: each id once, at most one batch size per search; an empty or oversized batch is refused', () => {
    const ids = Array.from({ length: 2 * LOOKUP_BATCH + 3 }, (_, i) => `SKU-${i % (2 * LOOKUP_BATCH + 1)}`);
    const batches = lookupBatches(ids);
    expect(batches.map((b) => b.length)).toEqual([LOOKUP_BATCH, LOOKUP_BATCH, 1]);
    expect(new Set(batches.flat()).size).toBe(2 * LOOKUP_BATCH + 1);
    expect(() => itemsByIdRequest(DEMO_TOKEN, [])).toThrow(RangeError);
    expect(() => itemsByIdRequest(DEMO_TOKEN, batches.flat())).toThrow(RangeError);
    expect(itemsByIdRequest(DEMO_TOKEN, ['a', 'a']).options?.limit).toBe(1);
  });
});

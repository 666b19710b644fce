import { quoteString } from '../filter';
import type { Item, SearchRequest } from '../request';

/**
 * Items by id, for screens that know an item only by the id a log or a judgment list gave it (a query's page,
 * ratings from clicks): one search with no query (the whole catalog) filtered to those ids, asking only for what a
 * row shows. The interface says filters apply to any catalog attribute; a service that refuses `id` answers with an
 * error, and the screen says so and keeps the ids.
 */

/** Ids asked for in one search: the filter stays short and the answer small. */
export const LOOKUP_BATCH = 50;

/** What a row shows of an item: its image, its title, its brand. */
export const LOOKUP_MASK = 'id, product(title, imageUrl, brand)';

/** The search that answers with these items (at most `LOOKUP_BATCH`, each once). */
export function itemsByIdRequest(token: string, ids: readonly string[]): SearchRequest {
  const unique = [...new Set(ids)];
  if (unique.length === 0 || unique.length > LOOKUP_BATCH) throw new RangeError(`between 1 and ${LOOKUP_BATCH} ids, not ${unique.length}`);
  return {
    token,
    options: {
      limit: unique.length,
      filter: unique.map((id) => `id = ${quoteString(id)}`).join(' OR '),
      customResponseMask: LOOKUP_MASK,
    },
  };
}

/** Ids in batches the lookup can ask for, each id once, in the order first given. */
export function lookupBatches(ids: Iterable<string>): string[][] {
  const unique = [...new Set(ids)];
  const out: string[][] = [];
  for (let i = 0; i < unique.length; i += LOOKUP_BATCH) out.push(unique.slice(i, i + LOOKUP_BATCH));
  return out;
}

/** The answer's items by id; an id asked for and not answered maps to null (the catalog no longer has it). */
export function lookupAnswer(
  asked: readonly string[],
  items: readonly Pick<Item, 'id' | 'product'>[],
): Map<string, Pick<Item, 'id' | 'product'> | null> {
  const found = new Map(items.map((i) => [i.id, { id: i.id, ...(i.product ? { product: i.product } : {}) }] as const));
  return new Map(asked.map((id) => [id, found.get(id) ?? null]));
}

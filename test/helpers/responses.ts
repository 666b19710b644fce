import type { Item, SearchResponse } from '../../src/shared/request/types';

/** A search answer with plausible metadata around `items`; `metadata` overrides any field. */
export function searchAnswer(items: Item[], metadata: Partial<SearchResponse['metadata']> = {}): SearchResponse {
  return {
    items,
    metadata: {
      count: items.length,
      time: 1,
      token: 't',
      url: 'u',
      offset: 0,
      limit: 10,
      facets: [],
      id: 'r',
      configurationId: 'default',
      exactCount: true,
      ...metadata,
    },
  };
}

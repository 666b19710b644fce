import { storefrontMappingSchema } from '../../src/shared/storefront';

/** A storefront with numbered facet pairs (prefn1/prefv1), a 0-based page, a split sort and a context parameter. */
export const NUMBERED_MAPPING = storefrontMappingSchema.parse({
  name: 'prefn/prefv',
  hosts: ['www.example.net'],
  query: { param: 'q' },
  page: { param: 'start', base: 0 },
  pageSize: { param: 'sz', default: 12 },
  sort: { style: 'split', attributeParam: 'srule', orderParam: 'dir' },
  facets: { style: 'numbered', nameParam: 'prefn', valueParam: 'prefv' },
  context: { lang: 'locale' },
});

/** The example URL of the BigCommerce integration, and the request it stands for. */
export const INTEGRATION_EXAMPLE = {
  url: 'https://shop.example.com/search.php?search_query=red+dress&facets=brand:Acme,Nord|colour:Red&sort=price:desc&page=3&pageSize=48',
  request: {
    query: 'red dress',
    options: {
      offset: 96,
      limit: 48,
      sortBy: [{ attribute: 'price', order: 'desc' as const }],
      facets: [
        { id: 'brand', values: ['Acme', 'Nord'] },
        { id: 'colour', values: ['Red'] },
      ],
    },
  },
};

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INTEGRATION_EXAMPLE, NUMBERED_MAPPING } from '../../../helpers/storefront';
import type { SearchOptions } from '../../../../src/shared/request/types';
import {
  decodeStorefrontUrl,
  encodeStorefrontUrl,
  presetMapping,
  type StorefrontMapping,
  type StorefrontRequest,
} from '../../../../src/shared/storefront';

const numbered = NUMBERED_MAPPING;
const MAPPINGS: [string, StorefrontMapping, string][] = [
  ['bigcommerce-xo', presetMapping('bigcommerce-xo')!, 'https://shop.example.com/search.php'],
  ['generic', presetMapping('generic')!, 'https://shop.example.com/s'],
  ['numbered pairs', numbered, 'https://www.example.net/search'],
];

const text = fc.string({ unit: fc.constantFrom(...'abcdeé✓ -_.:,|*%+&=?#/'.split('')), minLength: 1, maxLength: 8 });
const id = fc.string({ unit: fc.constantFrom(...'abcdefgh_'.split('')), minLength: 1, maxLength: 6 });

/** Requests in the canonical form decoding gives: offset and limit always set. */
const request = fc
  .record(
    {
      query: fc.oneof(fc.constant(''), text),
      limit: fc.integer({ min: 1, max: 60 }),
      page: fc.integer({ min: 0, max: 5 }),
      sort: fc.option(fc.record({ attribute: id, order: fc.option(fc.constantFrom('asc', 'desc'), { nil: undefined }) }), {
        nil: undefined,
      }),
      facets: fc.uniqueArray(fc.record({ id, values: fc.array(text, { minLength: 1, maxLength: 3 }) }), {
        selector: (f) => f.id,
        maxLength: 3,
      }),
      filter: fc.option(fc.constantFrom('stock > 0', 'price < 50 AND colour = Red', 'a = 1 OR b = 2'), { nil: undefined }),
      locale: fc.option(fc.constantFrom('de-CH', 'en GB'), { nil: undefined }),
    },
    { requiredKeys: ['query', 'limit', 'page', 'facets'] },
  )
  .map(({ query, limit, page, sort, facets, filter, locale }): StorefrontRequest => {
    const options: SearchOptions = { offset: page * limit, limit };
    if (sort) options.sortBy = [sort.order ? { attribute: sort.attribute, order: sort.order } : { attribute: sort.attribute }];
    if (facets.length) options.facets = facets;
    if (filter) options.filter = filter;
    return { query, options, ...(locale ? { context: { variables: { locale } } } : {}) };
  });

/** The request without the parts a mapping has no parameter for at all (those are tested as inexpressible below). */
function fitted(mapping: StorefrontMapping, r: StorefrontRequest): StorefrontRequest {
  const { filter, ...options } = r.options ?? {};
  return {
    query: r.query,
    options: mapping.filter && filter ? { ...options, filter } : options,
    ...(r.context && Object.keys(mapping.context).length ? { context: r.context } : {}),
  };
}

describe('storefront URLs round-trip', () => {
  for (const [name, mapping, base] of MAPPINGS)
    it(`${name}: whatever the URL can say, decoding it gives the request back; the rest is named`, () => {
      fc.assert(
        fc.property(
          request.map((r) => fitted(mapping, r)),
          (r) => {
            const { url, inexpressible } = encodeStorefrontUrl(mapping, r, base);
            if (inexpressible.length > 0) return;
            expect(decodeStorefrontUrl(mapping, new URL(url)).request).toEqual(r);
          },
        ),
        { numRuns: 400 },
      );
    });

  it('most generated requests are expressible (the property is not vacuous)', () => {
    for (const [, mapping, base] of MAPPINGS) {
      const samples = fc.sample(
        request.map((r) => fitted(mapping, r)),
        300,
      );
      const expressible = samples.filter((r) => encodeStorefrontUrl(mapping, r, base).inexpressible.length === 0);
      expect(expressible.length).toBeGreaterThan(100);
    }
  });

  it('names what a storefront cannot say', () => {
    const bc = presetMapping('bigcommerce-xo')!;
    const { url, inexpressible } = encodeStorefrontUrl(
      bc,
      {
        query: '*',
        configurationId: 'bestsellers',
        options: { offset: 10, limit: 24, sortBy: [{ attribute: 'price' }, { attribute: 'title' }], customResponseMask: 'id' },
        context: { variables: { segment: 'vip' } },
      },
      'https://shop.example.com/search.php?old=1',
    );
    expect(url).toBe('https://shop.example.com/search.php?pageSize=24');
    expect(inexpressible).toEqual([
      'the query "*" (this storefront reads it as "any query")',
      'offset 10 (not the start of a page of 24)',
      '2 sort levels (the storefront sorts by one attribute)',
      'the context variable segment (no storefront parameter carries it)',
      'the configuration bestsellers (the storefront uses its own)',
      'the response mask (the storefront asks for what it shows)',
    ]);
  });

  it('writes the integration example back as that storefront would', () => {
    const bc = presetMapping('bigcommerce-xo')!;
    const { url } = encodeStorefrontUrl(bc, INTEGRATION_EXAMPLE.request, 'https://shop.example.com/search.php');
    expect(decodeURIComponent(url.replace(/\+/g, ' '))).toBe(
      'https://shop.example.com/search.php?search_query=red dress&pageSize=48&page=3&sort=price:desc&facets=brand:Acme,Nord|colour:Red',
    );
  });
});

import { describe, expect, it } from 'vitest';
import {
  brokenEscapesMessage,
  decodeStorefrontUrl,
  encodeQueryPart,
  presetMapping,
  readQuery,
  storefrontUrlOf,
} from '../../../../src/shared/storefront';

const mapping = presetMapping('bigcommerce-xo', 'demo-shop.example.com')!;
const CUSTOMER =
  'https://demo-shop.example.com/search.php?search_query=rain+jacket&facets=brand:Korvo,Nordhem&sort=price:desc&page=2&pageSize=12&utm_source=mail';

describe('a storefront URL written back like the customer’s', () => {
  it('keeps the order, the encoding and the parameters the mapping does not read (utm_source)', () => {
    const decoded = decodeStorefrontUrl(mapping, new URL(CUSTOMER));
    expect(decoded.broken).toEqual([]);
    const written = storefrontUrlOf(mapping, { token: 't', ...decoded.request }, CUSTOMER);
    expect(written.url).toBe(CUSTOMER);
    expect(written).toMatchObject({ inexpressible: [], carried: ['utm_source'], dropped: [] });
  });

  it('a changed value is written in place, in the URL’s own style; a part the request no longer sets is named', () => {
    const decoded = decodeStorefrontUrl(mapping, new URL(CUSTOMER));
    const { sortBy: _sort, ...options } = decoded.request.options!;
    const written = storefrontUrlOf(mapping, { ...decoded.request, query: 'down parka', options: { ...options, offset: 0 } }, CUSTOMER);
    expect(written.url).toBe(
      'https://demo-shop.example.com/search.php?search_query=down+parka&facets=brand:Korvo,Nordhem&pageSize=12&utm_source=mail',
    );
    expect(written.dropped).toEqual(['sort', 'page']);
  });

  it('without a customer’s URL, `:` and `,` stay as a browser’s address bar keeps them', () => {
    const decoded = decodeStorefrontUrl(mapping, new URL(CUSTOMER));
    expect(storefrontUrlOf(mapping, decoded.request).url).toBe(
      'https://demo-shop.example.com/?search_query=rain+jacket&pageSize=12&page=2&sort=price:desc&facets=brand:Korvo,Nordhem',
    );
    expect(encodeQueryPart('a b&c=d#e%f+g/h:i,j')).toBe('a+b%26c%3Dd%23e%25f%2Bg/h:i,j');
  });
});

describe('a broken %-escape', () => {
  it('is named with its parameter, never read as U+FFFD', () => {
    const url = new URL('https://demo-shop.example.com/search.php?search_query=caf%E0%A4%A&page=2');
    expect(readQuery(url.search).broken).toEqual([{ name: 'search_query', raw: 'search_query=caf%E0%A4%A' }]);
    const decoded = decodeStorefrontUrl(mapping, url);
    expect(decoded.broken.map((b) => b.name)).toEqual(['search_query']);
    expect(brokenEscapesMessage(decoded.broken)).toMatch(/^The parameter search_query \(search_query=caf%E0%A4%A\) has a broken %-escape/);
  });
});

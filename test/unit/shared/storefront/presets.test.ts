import { describe, expect, it } from 'vitest';
import { INTEGRATION_EXAMPLE, NUMBERED_MAPPING } from '../../../helpers/storefront';
import { normalize } from '../../../../src/shared/request/normalize';
import {
  closestPreset,
  decodeStorefrontUrl,
  mappingMatches,
  presetMapping,
  storefrontMappingSchema,
} from '../../../../src/shared/storefront';

const bc = presetMapping('bigcommerce-xo', 'shop.example.com')!;
const generic = presetMapping('generic', '*.example.org')!;
const read = (mapping = bc, url: string) => decodeStorefrontUrl(mapping, new URL(url));

describe('bigcommerce-xo: URLs as that storefront writes them', () => {
  it('reads the example from the integration', () => {
    const r = read(bc, INTEGRATION_EXAMPLE.url);
    expect(r.request).toEqual(INTEGRATION_EXAMPLE.request);
    expect(r.steps.map((s) => s.text)).toEqual([
      'search_query=red dress → query "red dress"',
      'page=3 × pageSize 48 → offset 96, limit 48',
      'sort=price:desc → sort by price, descending',
      'facets=brand:Acme,Nord → brand: Acme OR Nord',
      'facets=colour:Red → colour: Red',
    ]);
    expect(r.unknown).toEqual([]);
  });

  it('reads "*" and no query as any query, and the default page size of 32', () => {
    expect(read(bc, 'https://shop.example.com/?search_query=*&page=3').request).toEqual({ query: '', options: { offset: 64, limit: 32 } });
    const none = read(bc, 'https://shop.example.com/search.php');
    expect(none.request).toEqual({ query: '', options: { offset: 0, limit: 32 } });
    expect(none.steps[1]?.text).toBe('first page, page size 32 (the default) → offset 0, limit 32');
    expect(read(bc, 'https://shop.example.com/?page=3').steps[1]?.text).toBe('page=3 × page size 32 (the default) → offset 64, limit 32');
  });

  it('ANDs the fixed filters, keeping an OR together', () => {
    const r = read(bc, `https://shop.example.com/?filter=${encodeURIComponent('stock:stock > 0|sale:price < 50 OR tags = sale')}`);
    expect(r.request.options?.filter).toBe('stock > 0 AND (price < 50 OR tags = sale)');
  });

  it('decodes once: unicode, + and %20 are spaces, a double-encoded value is kept as decoded once and noted', () => {
    expect(read(bc, 'https://shop.example.com/?search_query=caf%C3%A9+cr%C3%A8me').request.query).toBe('café crème');
    expect(read(bc, 'https://shop.example.com/?search_query=%E2%9C%93%20ok').request.query).toBe('✓ ok');
    const twice = read(bc, 'https://shop.example.com/?search_query=red%2520dress');
    expect(twice.request.query).toBe('red%20dress');
    expect(twice.notes.join('\n')).toContain('encoded twice');
  });

  it('lists unknown parameters with their values, and notes repeated and empty ones', () => {
    const r = read(bc, 'https://shop.example.com/?search_query=a&search_query=b&utm_source=mail&facets=brand:&view=grid');
    expect(r.request.query).toBe('a');
    expect(r.unknown).toEqual([
      { name: 'utm_source', value: 'mail' },
      { name: 'view', value: 'grid' },
    ]);
    expect(r.notes.join('\n')).toContain('search_query is given 2 times');
    expect(r.notes.join('\n')).toContain('facets=brand: selects nothing');
    expect(r.request.options?.facets).toBeUndefined();
  });

  it('a page beyond the service offset limit becomes the request, which says so', () => {
    const r = read(bc, 'https://shop.example.com/?search_query=x&page=400');
    expect(r.request.options?.offset).toBe(399 * 32);
    const findings = normalize('search', { token: 't', ...r.request }).diagnostics;
    expect(findings.some((d) => d.path === 'options.offset' && d.severity === 'error')).toBe(true);
  });

  it('matches its hosts and path, and knows which preset a URL looks like', () => {
    expect(mappingMatches(bc, new URL('https://SHOP.example.com/x'))).toBe(true);
    expect(mappingMatches(bc, new URL('https://other.example.com/x'))).toBe(false);
    expect(mappingMatches(generic, new URL('https://eu.example.org/'))).toBe(true);
    expect(mappingMatches(generic, new URL('https://example.org/'))).toBe(false);
    const withPath = storefrontMappingSchema.parse({ ...bc, path: '/shop/' });
    expect(mappingMatches(withPath, new URL('https://shop.example.com/shop/search'))).toBe(true);
    expect(mappingMatches(withPath, new URL('https://shop.example.com/shopping'))).toBe(false);
    expect(closestPreset(new URL('https://x.test/?search_query=a&facets=b:c'))).toBe('bigcommerce-xo');
    expect(closestPreset(new URL('https://x.test/?q=a&facet_brand=b'))).toBe('generic');
  });
});

describe('generic: q, page, sort, facet_<id>', () => {
  it('reads repeated facet parameters as one OR selection, and ignores tracking parameters by name', () => {
    const r = read(
      generic,
      'https://eu.example.org/s?q=boots&facet_brand=Acme&facet_brand=Nord&facet_size=42&sort=price:asc&page=2&utm_source=ad&ref=x',
    );
    expect(r.request).toEqual({
      query: 'boots',
      options: {
        offset: 24,
        limit: 24,
        sortBy: [{ attribute: 'price', order: 'asc' }],
        facets: [
          { id: 'brand', values: ['Acme', 'Nord'] },
          { id: 'size', values: ['42'] },
        ],
      },
    });
    expect(r.steps.map((s) => s.text)).toContain('facet_brand=Acme&facet_brand=Nord → brand: Acme OR Nord');
    expect(r.ignored).toEqual(['utm_source']);
    expect(r.unknown).toEqual([{ name: 'ref', value: 'x' }]);
  });
});

describe('generic: edge cases as shoppers paste them', () => {
  it('unicode and + in values, an empty facet value, a double-encoded query, a page beyond the offset limit', () => {
    const r = read(generic, 'https://eu.example.org/?q=b%C3%BCcher+%E2%9C%93&facet_brand=&facet_colour=Bl%C3%A5&q=other&page=500');
    expect(r.request.query).toBe('bücher ✓');
    expect(r.request.options?.facets).toEqual([{ id: 'colour', values: ['Blå'] }]);
    expect(r.notes.join('\n')).toContain('facet_brand= selects nothing');
    expect(r.notes.join('\n')).toContain('q is given 2 times');
    expect(r.request.options?.offset).toBe(499 * 24);
    expect(normalize('search', { token: 't', ...r.request }).diagnostics.some((d) => d.path === 'options.offset')).toBe(true);
    expect(read(generic, 'https://eu.example.org/?q=a%2526b').notes.join('\n')).toContain('encoded twice');
  });
});

describe('numbered pairs and context variables', () => {
  const sfcc = NUMBERED_MAPPING;
  it('reads prefn1=brand&prefv1=Acme|Nord, a 0-based page, a split sort and a context variable', () => {
    const r = read(
      sfcc,
      'https://www.example.net/?q=hat&prefn2=colour&prefv2=Red&prefn1=brand&prefv1=Acme%7CNord&start=2&sz=10&srule=price&dir=desc&lang=de-CH',
    );
    expect(r.request).toEqual({
      query: 'hat',
      options: {
        offset: 20,
        limit: 10,
        sortBy: [{ attribute: 'price', order: 'desc' }],
        facets: [
          { id: 'brand', values: ['Acme', 'Nord'] },
          { id: 'colour', values: ['Red'] },
        ],
      },
      context: { variables: { locale: 'de-CH' } },
    });
    expect(r.steps.map((s) => s.text)).toContain('lang=de-CH → context variable locale = "de-CH"');
  });
  it('refuses a mapping that does not say enough, naming the field', () => {
    const bad = storefrontMappingSchema.safeParse({ name: 'x', hosts: ['not a host'], query: {}, pageSize: { default: 0 } });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['hosts.0', 'query.param', 'pageSize.default']));
  });
});

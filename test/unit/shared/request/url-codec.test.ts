import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeSearchUrl, encodeSearchUrl } from '../../../../src/shared/request/url-codec';
import type { SearchRequest } from '../../../../src/shared/request/types';

const request: SearchRequest = { token: 'tok-123', query: 'red shoes', options: { limit: 5, facets: [{ id: 'brand', values: ['Nike'] }] } };
const url = encodeSearchUrl('https://eu.search.example.com', request);

const decoded = (text: string) => {
  const r = decodeSearchUrl(text);
  if (!r.ok) throw new Error(`expected success: ${r.error.message}`);
  return r;
};
const codes = (text: string) => decoded(text).notes.map((n) => n.code);

describe('URL codec', () => {
  it('encodes the token into the path and everything else as one encoded JSON parameter', () => {
    expect(url).toBe(
      `https://eu.search.example.com/search/tok-123?encoded=${encodeURIComponent(JSON.stringify({ query: 'red shoes', options: request.options }))}`,
    );
    expect(encodeSearchUrl('https://h/api/', { token: 'a/b' })).toBe('https://h/api/search/a%2Fb?encoded=%7B%7D');
  });

  it('decodes its own URLs exactly, with no notes', () => {
    const r = decoded(url);
    expect(r.request).toEqual(request);
    expect(r.baseUrl).toBe('https://eu.search.example.com');
    expect(r.notes).toEqual([]);
  });

  it('keeps a path prefix in the base URL and reads configurationId and context', () => {
    const full: SearchRequest = {
      token: 't',
      query: 'q',
      configurationId: 'new-arrivals',
      context: { variables: { segment: 'premium' }, session: { id: 's' } },
    };
    const r = decoded(encodeSearchUrl('https://host:8443/tenant/api', full));
    expect(r.baseUrl).toBe('https://host:8443/tenant/api');
    expect(r.request).toEqual(full);
  });

  it.each([
    ['surrounding whitespace and quotes', `  '${url}'  `, 'trimmed'],
    ['angle brackets from an email', `<${url}>`, 'trimmed'],
    ['a missing scheme', url.replace('https://', ''), 'missing-scheme'],
    ['a fragment', `${url}#results`, 'fragment-dropped'],
    ['extra parameters', `${url}&utm_source=mail&page=2`, 'extra-parameters'],
    ['double encoding', url.replace(/encoded=(.*)$/, (_m, v: string) => `encoded=${encodeURIComponent(v)}`), 'double-encoded'],
    ['+ for spaces', 'https://h/search/t?encoded={"query":"red+shoes"}', 'plus-as-space'],
    [
      'a deprecated facet attribute',
      `https://h/search/t?encoded=${encodeURIComponent('{"options":{"facets":[{"attribute":"brand","values":["x"]}]}}')}`,
      'deprecated-facet-attribute',
    ],
    ['a token in the body too', `https://h/search/t?encoded=${encodeURIComponent('{"token":"other"}')}`, 'token-in-body'],
    ['a line break inside the URL', url.slice(0, 30) + '\n' + url.slice(30), undefined],
  ])('tolerates %s', (_label, text, code) => {
    const r = decoded(text);
    expect(r.request.token).toBeDefined();
    if (code) expect(codes(text)).toContain(code);
  });

  it('reads + as a space and keeps extra parameters aside', () => {
    const r = decoded('https://h/search/t?encoded={"query":"red+shoes"}&utm=a');
    expect(r.request.query).toBe('red shoes');
    expect(r.extraParams).toEqual([['utm', 'a']]);
  });

  it.each([
    ['', 'input', 'Paste a search URL'],
    ['https://h/products/1?encoded={}', 'path', 'The path /products/1 is not a search URL'],
    ['https://h/search/suggest?encoded={}', 'path', 'only accepts POST'],
    ['https://h/search?encoded={}', 'token', 'no search token'],
    ['https://h/search/t', 'encoded', 'no encoded='],
    ['https://h/search/t?encoded={"query":"x",}', 'json', 'not valid JSON at position'],
    ['https://h/search/t?encoded=[1]', 'json', 'must be a JSON object'],
    ['http://[bad', 'url', 'not a URL'],
  ])('%j fails on the %s part', (text, part, message) => {
    const r = decodeSearchUrl(text);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.part).toBe(part);
      expect(r.error.message).toContain(message);
    }
  });

  it('gives the position of a JSON error inside the decoded text', () => {
    const r = decodeSearchUrl('https://h/search/t?encoded={"query":"x",}');
    expect(r.ok || r.error.position).toBe(13);
  });

  it('decode(encode(r)) equals r for generated requests', () => {
    const text = fc.string({ unit: 'binary', maxLength: 12 });
    const requestArb = fc.record(
      {
        // '.' and '..' are dot segments every URL parser removes from a path; real tokens are never those.
        token: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }).filter((t) => t !== '.' && t !== '..'),
        query: text,
        configurationId: text,
        options: fc.record(
          {
            offset: fc.nat(10000),
            limit: fc.nat(1000),
            filter: text,
            customResponseMask: text,
            sortBy: fc.array(fc.record({ attribute: text, order: fc.constantFrom('asc', 'desc') as fc.Arbitrary<'asc' | 'desc'> }), {
              maxLength: 3,
            }),
            facets: fc.array(fc.record({ id: text, values: fc.array(text, { maxLength: 3 }) }), { maxLength: 3 }),
          },
          { requiredKeys: [] },
        ),
        context: fc.record(
          { variables: fc.dictionary(text, fc.oneof(text, fc.integer(), fc.boolean(), fc.array(text))) },
          { requiredKeys: [] },
        ),
      },
      { requiredKeys: ['token'] },
    );
    fc.assert(
      fc.property(requestArb, fc.constantFrom('https://a.example', 'http://127.0.0.1:8080', 'https://h.example/p/q'), (r, base) => {
        const out = decodeSearchUrl(encodeSearchUrl(base, r as SearchRequest));
        expect(out.ok).toBe(true);
        if (out.ok) {
          expect(out.request).toEqual(r);
          expect(out.baseUrl).toBe(base);
        }
      }),
    );
  });

  it('never throws on arbitrary pasted text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.webUrl({ withQueryParameters: true, withFragments: true })), (text) => {
        const r = decodeSearchUrl(text);
        expect(typeof r.ok).toBe('boolean');
      }),
    );
  });
});

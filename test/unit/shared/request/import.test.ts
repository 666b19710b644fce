import { describe, expect, it } from 'vitest';
import { importRequest, looksLikeRequest } from '../../../../src/shared/request/import';
import { encodeSearchUrl } from '../../../../src/shared/url/codec';

describe('importing whatever support staff paste', () => {
  it('reads a search URL, with notes about what was odd', () => {
    const url = encodeSearchUrl('https://eu.example.com', { token: 't', query: 'red' });
    const r = importRequest(`"${url}&utm=1"`);
    expect(r).toMatchObject({
      ok: true,
      source: 'url',
      kind: 'search',
      transport: 'get',
      request: { token: 't', query: 'red' },
      baseUrl: 'https://eu.example.com',
    });
    if (r.ok) expect(r.notes.join(' ')).toMatch(/Extra query parameters/);
  });

  it('reads a cURL command and a JSON body', () => {
    expect(
      importRequest(
        `curl 'https://h/search/suggest' --data-raw '{"token":"t","query":"q","options":{"groupBy":{"attribute":"a","values":["x"],"size":1}}}'`,
      ),
    ).toMatchObject({ ok: true, source: 'curl', kind: 'suggest' });
    expect(importRequest('{"token":"t","options":{"numberOfSuggestions":3}}')).toMatchObject({
      ok: true,
      source: 'json',
      kind: 'autocomplete',
      baseUrl: null,
    });
  });

  it('explains what it cannot read', () => {
    expect(importRequest('')).toMatchObject({ ok: false, message: expect.stringContaining('Paste') });
    expect(importRequest('{"token":')).toMatchObject({ ok: false, message: expect.stringContaining('not valid JSON') });
    expect(importRequest('curl')).toMatchObject({ ok: false });
    expect(importRequest('https://h/other')).toMatchObject({ ok: false, message: expect.stringContaining('not a search URL') });
  });

  it('recognises a request in pasted text, and leaves ordinary text alone', () => {
    expect(looksLikeRequest('curl https://h/search')).toBe(true);
    expect(looksLikeRequest('https://h/search/tok?encoded=%7B%7D')).toBe(true);
    expect(looksLikeRequest('red running shoes')).toBe(false);
    expect(looksLikeRequest('https://example.com/about')).toBe(false);
  });
});

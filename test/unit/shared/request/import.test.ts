import { describe, expect, it } from 'vitest';
import { importRequest, looksLikeRequest } from '../../../../src/shared/request/import';
import { encodeSearchUrl } from '../../../../src/shared/request/url-codec';

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

  it('names an unknown field with the field it most likely meant, whatever the request was pasted as', () => {
    const note = "A search request has no field 'qeury' (did you mean 'query'?); the service will ignore it.";
    const json = importRequest('{"token":"t","qeury":"red dress"}');
    expect(json).toMatchObject({ ok: true, request: { token: 't', qeury: 'red dress' } });
    expect(json.ok && json.notes).toEqual([note]);
    const url = importRequest(`https://h/search/t?encoded=${encodeURIComponent('{"qeury":"red dress"}')}`);
    expect(url.ok && url.notes).toContain(note);
    expect(url.ok && url.notes.filter((n) => n.includes('qeury'))).toHaveLength(1);
    const curl = importRequest(`curl 'https://h/search' --data-raw '{"token":"t","options":{"limt":3}}'`);
    expect(curl.ok && curl.notes.join(' ')).toContain("has no field 'limt' (did you mean 'options.limit'?)");
  });

  it('a field of the wrong type is named in a message that ends with one full stop', () => {
    const typed = importRequest('{"token":"t","query":"x","options":{"limit":"ten"}}');
    expect(typed).toMatchObject({ ok: false });
    expect(!typed.ok && typed.message).toMatch(/options\.limit: limit must be a whole number, not string "ten"\.$/);
    expect(!typed.ok && typed.message).not.toMatch(/\.\.$/);
  });

  it('recognises a request in pasted text, and leaves ordinary text alone', () => {
    expect(looksLikeRequest('curl https://h/search')).toBe(true);
    expect(looksLikeRequest('https://h/search/tok?encoded=%7B%7D')).toBe(true);
    expect(looksLikeRequest('red running shoes')).toBe(false);
    expect(looksLikeRequest('https://example.com/about')).toBe(false);
  });
});

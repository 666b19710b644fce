import { beforeAll, describe, expect, it } from 'vitest';
import { useAppStore } from '../../../../../src/renderer/src/store/store';
import { importText, readPaste } from '../../../../../src/renderer/src/features/url-tools/use-import';
import { appForSuite } from '../../app-under-test';

// One reader for the paste dialog, URL tools and a paste anywhere: the same text gives the same outcome and the
// same words wherever it is pasted (before, URL tools said "The path /search.php is not a search URL" where the
// dialog offered a mapping, and plain text got "The path / is not a search URL").

describe('what a pasted text is read as', () => {
  const app = appForSuite();
  beforeAll(async () => {
    // The window's store, with the profiles main has (Local demo and its Demo storefront mapping).
    const listed = await app.api.profiles.list();
    if (!listed.ok) throw new Error(listed.error.message);
    useAppStore.setState({ profiles: listed.value });
  });

  it('plain text is "not a URL", in plain words, not a path that is not a search URL', () => {
    for (const text of ['red dress', 'jacket', 'hello world, please help']) {
      const reading = readPaste(text);
      expect(reading).toMatchObject({
        kind: 'error',
        message: expect.stringMatching(/^This is not a URL, a cURL command or a JSON request\./),
      });
      expect(importText(text)).toMatchObject({ ok: false, message: expect.stringMatching(/^This is not a URL/) });
    }
  });

  it('a storefront page no mapping reads — with or without its scheme — is offered a mapping, not "no search token"', () => {
    for (const text of [
      'othershop.com/search?q=boots',
      'https://othershop.com/search?q=boots&page=2',
      'https://demo-shop.example.com.evil.org/search.php?search_query=x',
    ]) {
      expect(readPaste(text)).toMatchObject({ kind: 'unmapped', host: expect.stringMatching(/othershop\.com|evil\.org/) });
      expect(importText(text)).toMatchObject({ ok: 'unmapped' });
    }
  });

  it('a mapped storefront URL is the request, with the customer’s URL kept to write back like it', () => {
    const url = 'https://demo-shop.example.com/search.php?search_query=rain+jacket&utm_source=mail';
    const reading = readPaste(url);
    expect(reading).toMatchObject({
      kind: 'request',
      imported: { source: 'storefront', pastedUrl: url, request: { query: 'rain jacket' } },
      destination: { kind: 'profile', profile: { name: 'Local demo' } },
    });
  });

  it('a broken %-escape is an error naming the parameter — never a query with "�" in it', () => {
    const reading = readPaste('https://demo-shop.example.com/search.php?search_query=caf%E0%A4%A&page=2');
    expect(reading).toMatchObject({
      kind: 'error',
      message: expect.stringMatching(/^The parameter search_query .* has a broken %-escape/),
    });
  });

  it('the API’s own URL, a cURL command and a JSON body read as before', () => {
    const api = `http://127.0.0.1:9/search/t?encoded=${encodeURIComponent('{"query":"boots"}')}`;
    expect(readPaste(api)).toMatchObject({
      kind: 'request',
      imported: { source: 'url' },
      destination: { kind: 'ask', host: '127.0.0.1:9' },
    });
    expect(readPaste(`curl '${api}'`)).toMatchObject({ kind: 'request', imported: { source: 'curl' } });
    expect(readPaste('{"query":"boots"}')).toMatchObject({ kind: 'request', imported: { source: 'json' } });
    expect(readPaste('   ')).toEqual({ kind: 'empty' });
  });
});

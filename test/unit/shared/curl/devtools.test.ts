import { describe, expect, it } from 'vitest';
import { detectCopiedFormat, parseCopiedRequest } from '../../../../src/shared/curl/devtools';
import { importRequest, looksLikeRequest } from '../../../../src/shared/request/import';

/**
 * Samples written as the browsers' devtools write them (Chrome's "Copy as
 * cURL (cmd)", "Copy as PowerShell", "Copy as fetch", "Copy as fetch
 * (Node.js)", Firefox's "Copy as Fetch") and a raw HTTP request, each for the
 * same search: every one must read back to the same request.
 */

const BODY = {
  token: 'demo-search-token-0001',
  query: "women's red dress",
  options: { limit: 24, filter: 'price < 100 AND brand = "Arc Peak"' },
};

const CURL_CMD = [
  'curl ^"https://search.example.com/search^" ^',
  '  -H ^"accept: application/json^" ^',
  '  -H ^"content-type: application/json^" ^',
  '  --data-raw ^"^{^\\^"token^\\^":^\\^"demo-search-token-0001^\\^",^\\^"query^\\^":^\\^"women\'s red dress^\\^",^\\^"options^\\^":^{^\\^"limit^\\^":24,^\\^"filter^\\^":^\\^"price ^< 100 AND brand = ^\\^\\^\\^"Arc Peak^\\^\\^\\^"^\\^"^}^}^"',
].join('\n');

const POWERSHELL = [
  '$session = New-Object Microsoft.PowerShell.Commands.WebRequestSession',
  '$session.UserAgent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"',
  'Invoke-WebRequest -UseBasicParsing -Uri "https://search.example.com/search" `',
  '-Method "POST" `',
  '-WebSession $session `',
  '-Headers @{',
  '"accept"="application/json"',
  '  "accept-language"="en-GB,en;q=0.9"',
  '  "origin"="https://shop.example.com"',
  '} `',
  '-ContentType "application/json" `',
  '-Body "{`"token`":`"demo-search-token-0001`",`"query`":`"women\'s red dress`",`"options`":{`"limit`":24,`"filter`":`"price < 100 AND brand = \\`"Arc Peak\\`"`"}}"',
].join('\n');

const FETCH = `fetch("https://search.example.com/search", {
  "headers": {
    "accept": "application/json",
    "content-type": "application/json",
    "sec-ch-ua-mobile": "?0"
  },
  "referrer": "https://shop.example.com/",
  "referrerPolicy": "strict-origin-when-cross-origin",
  "body": ${JSON.stringify(JSON.stringify(BODY))},
  "method": "POST",
  "mode": "cors",
  "credentials": "omit"
});`;

const FETCH_NODE = `fetch("https://search.example.com/search", {
  "headers": {
    "accept": "application/json",
    "content-type": "application/json",
    "cookie": "session=abc123"
  },
  "body": ${JSON.stringify(JSON.stringify(BODY))},
  "method": "POST"
});`;

const FETCH_FIREFOX = `await fetch("https://search.example.com/search", {
    "credentials": "omit",
    "headers": {
        "User-Agent": "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
        "Accept": "application/json",
        "Content-Type": "application/json",
    },
    "body": ${JSON.stringify(JSON.stringify(BODY))},
    "method": "POST",
    "mode": "cors"
});`;

const RAW_HTTP = [
  'POST /search HTTP/1.1',
  'Host: search.example.com',
  'Content-Type: application/json',
  `Content-Length: ${JSON.stringify(BODY).length}`,
  'Cookie: session=abc123',
  '',
  JSON.stringify(BODY),
].join('\r\n');

describe('requests copied from devtools, in every format', () => {
  it.each([
    ['cURL (cmd)', CURL_CMD, 'curl-cmd'],
    ['PowerShell', POWERSHELL, 'powershell'],
    ['fetch', FETCH, 'fetch'],
    ['fetch (Node.js)', FETCH_NODE, 'fetch'],
    ['fetch (Firefox)', FETCH_FIREFOX, 'fetch'],
    ['a raw HTTP request', RAW_HTTP, 'http'],
  ])('%s reads back to the same search request', (_name, text, format) => {
    expect(detectCopiedFormat(text)).toBe(format);
    expect(looksLikeRequest(text)).toBe(true);
    const imported = importRequest(text);
    if (!imported.ok) throw new Error(imported.message);
    expect(imported).toMatchObject({ source: 'curl', kind: 'search', transport: 'post', baseUrl: 'https://search.example.com' });
    expect(imported.request).toEqual(BODY);
  });

  it('reads a GET of the encoded URL from a raw request, and the address of an absolute request target', () => {
    const encoded = encodeURIComponent(JSON.stringify({ query: 'red dress' }));
    const get = importRequest(`GET /search/demo-search-token-0001?encoded=${encoded} HTTP/1.1\nHost: search.example.com\n\n`);
    if (!get.ok) throw new Error(get.message);
    expect(get).toMatchObject({ transport: 'get', request: { token: 'demo-search-token-0001', query: 'red dress' } });
    expect(get.notes.join(' ')).toMatch(/read as https:\/\/search\.example\.com/);
    const absolute = parseCopiedRequest(`POST http://127.0.0.1:8080/search HTTP/1.1\n\n{}`);
    expect(absolute).toMatchObject({ ok: true, url: 'http://127.0.0.1:8080/search', body: '{}' });
  });

  it('reads non-ASCII text PowerShell spells as $([char]N), and a body sent as UTF-8 bytes', () => {
    const text = [
      'Invoke-WebRequest -UseBasicParsing -Uri "https://search.example.com/search" `',
      '-Method "POST" `',
      '-ContentType "application/json" `',
      '-Body ([System.Text.Encoding]::UTF8.GetBytes("{`"token`":`"t`",`"query`":`"caf$([char]233) cr$([char]232)me`"}"))',
    ].join('\n');
    const imported = importRequest(text);
    if (!imported.ok) throw new Error(imported.message);
    expect(imported.request).toEqual({ token: 't', query: 'café crème' });
  });

  it('leaves cookies and sessions out, and says so', () => {
    const node = parseCopiedRequest(FETCH_NODE);
    expect(node.ok && node.headers.some(([n]) => /cookie/i.test(n))).toBe(false);
    expect(node.ok && node.notes.join(' ')).toMatch(/Cookies/);
    const ps = parseCopiedRequest(POWERSHELL);
    expect(ps.ok && ps.notes.join(' ')).toMatch(/web session/);
  });

  it('names the format and what could not be read', () => {
    const broken = importRequest('Invoke-WebRequest -Uri "https://search.example.com/search" -Method "POST" -Body "{`"query`":1');
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.message).toMatch(/^This looks like PowerShell but cannot be read: .*never closed/);
    const noUri = importRequest('Invoke-RestMethod -Method "POST" -Body "{}"');
    expect(!noUri.ok && noUri.message).toMatch(/PowerShell .* no -Uri/);
    const badFetch = importRequest('fetch("https://search.example.com/search", { "body": oops })');
    expect(!badFetch.ok && badFetch.message).toMatch(/^This looks like fetch but cannot be read: The fetch options are not readable JSON/);
    const noHost = importRequest('POST /search HTTP/1.1\nContent-Type: application/json\n\n{}');
    expect(!noHost.ok && noHost.message).toMatch(/raw HTTP request .* no Host header/);
  });
});

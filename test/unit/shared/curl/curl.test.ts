import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCurl, shellQuote, splitShellWords, toCurl } from '../../../../src/shared/curl';
import { buildHttpRequest, identifyHttpRequest } from '../../../../src/shared/request/http';

describe('cURL export', () => {
  it('writes a search POST as a multi-line command with the JSON body', () => {
    const text = toCurl(buildHttpRequest('search', 'https://eu.example.com/', { token: 't', query: "men's shoes" }));
    expect(text).toBe(
      [
        'curl https://eu.example.com/search',
        "-H 'Content-Type: application/json; charset=UTF-8'",
        "-H 'Accept: application/json'",
        `--data-raw '{"token":"t","query":"men'\\''s shoes"}'`,
      ].join(' \\\n  '),
    );
  });

  it('writes the GET form with the encoded URL quoted', () => {
    const text = toCurl(buildHttpRequest('search', 'https://h', { token: 't', query: 'a&b' }, 'get'));
    expect(text.startsWith("curl 'https://h/search/t?encoded=")).toBe(true);
    expect(text).not.toContain('--data-raw');
  });

  it.each([
    ['suggest', '/search/suggest'],
    ['autocomplete', '/search/autocomplete'],
  ] as const)('targets %s at %s', (kind, path) => {
    const text = toCurl(
      buildHttpRequest(kind, 'https://h', { token: 't', query: 'q', options: { groupBy: { attribute: 'a', values: ['x'], size: 1 } } }),
    );
    expect(text).toContain(`curl https://h${path}`);
  });

  it('quotes only what the shell would otherwise change', () => {
    expect(shellQuote('abc-1.2')).toBe('abc-1.2');
    expect(shellQuote('a b')).toBe("'a b'");
    expect(shellQuote("it's")).toBe("'it'\\''s'");
    expect(shellQuote('$HOME')).toBe("'$HOME'");
  });
});

describe('cURL import', () => {
  const chromeBash = `curl 'https://eu.example.com/search' \\
  -H 'accept: application/json' \\
  -H 'content-type: application/json; charset=UTF-8' \\
  -H 'cookie: session=abc' \\
  --data-raw $'{"token":"t","query":"men\\'s shoes","options":{"limit":20}}' \\
  --compressed`;

  it('reads a Chrome "copy as cURL (bash)" command with $\'…\' quoting and continuations', () => {
    const r = parseCurl(chromeBash);
    expect(r).toMatchObject({ ok: true, method: 'POST', url: 'https://eu.example.com/search' });
    if (!r.ok) return;
    expect(JSON.parse(r.body!)).toEqual({ token: 't', query: "men's shoes", options: { limit: 20 } });
    expect(r.headers).toContainEqual(['content-type', 'application/json; charset=UTF-8']);
    const id = identifyHttpRequest(r);
    expect(id).toMatchObject({
      ok: true,
      kind: 'search',
      transport: 'post',
      baseUrl: 'https://eu.example.com',
      request: { query: "men's shoes" },
    });
  });

  it('reads a Windows cmd command with ^ escapes and double quotes', () => {
    const cmd =
      'curl "https://h/search/suggest" ^\n  -H "content-type: application/json" ^\n  --data-raw "{^"token^":^"t^",^"query^":^"q^",^"options^":{^"groupBy^":{^"attribute^":^"brand^",^"values^":[^"x^"],^"size^":2}}}"';
    const r = parseCurl(cmd);
    expect(r.ok).toBe(true);
    if (r.ok) expect(identifyHttpRequest(r)).toMatchObject({ ok: true, kind: 'suggest', request: { options: { groupBy: { size: 2 } } } });
  });

  it.each([
    [
      'double quotes with escapes',
      `curl -X POST "https://h/search/autocomplete" -d "{\\"token\\":\\"t\\",\\"query\\":\\"sh\\"}"`,
      'autocomplete',
    ],
    ['--data-binary and --url', `curl --url https://h/search --data-binary '{"token":"t"}'`, 'search'],
    [
      '-H without a space and --request=',
      `curl --request=POST -H'Content-Type: application/json' https://h/search -d '{"token":"t"}'`,
      'search',
    ],
    ['the GET form', `curl 'https://h/search/t?encoded=%7B%22query%22%3A%22x%22%7D'`, 'search'],
  ])('reads %s', (_label, text, kind) => {
    const r = parseCurl(text);
    expect(r.ok).toBe(true);
    if (r.ok) expect(identifyHttpRequest(r)).toMatchObject({ ok: true, kind });
  });

  it('notes what it leaves out: cookies, credentials, --insecure, unknown options', () => {
    const r = parseCurl(`curl https://h/search -b 'a=b' -u user:pass -k --frobnicate -d '{"token":"t"}'`);
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.notes.join(' ')).toMatch(/Cookies/);
      expect(r.notes.join(' ')).toMatch(/Credentials/);
      expect(r.notes.join(' ')).toMatch(/--insecure/);
      expect(r.notes.join(' ')).toMatch(/--frobnicate/);
      expect(JSON.stringify(r)).not.toContain('pass');
    }
  });

  it.each([
    ['', 'Paste a cURL command'],
    ['wget https://h/search', 'does not look like a cURL command'],
    ["curl 'https://h/search", 'single quote at 5 is never closed'],
    ['curl -H', '-H needs a header'],
    ['curl https://h/search -d @body.json', 'reads the body from a file'],
    ['curl -X POST', 'has no URL'],
  ])('%j fails: %s', (text, message) => {
    const r = parseCurl(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toContain(message);
  });

  it.each([
    [{ method: 'POST', url: 'https://h/products', body: '{}' }, 'not a search endpoint'],
    [{ method: 'POST', url: 'https://h/search', body: '{"token":' }, 'not valid JSON at position 9'],
    [{ method: 'POST', url: 'https://h/search' }, 'needs a JSON body'],
    [{ method: 'POST', url: 'https://h/search', body: '[1]' }, 'must be a JSON object'],
  ])('identifying %j fails: %s', (spec, message) => {
    const r = identifyHttpRequest(spec);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toContain(message);
  });

  it('round-trips any request through export and import', () => {
    fc.assert(
      fc.property(
        fc.record({
          token: fc.string({ minLength: 1 }),
          query: fc.string({ unit: 'binary' }),
          options: fc.record({ filter: fc.string({ unit: 'binary' }) }),
        }),
        fc.constantFrom('search', 'suggest', 'autocomplete') as fc.Arbitrary<'search' | 'suggest' | 'autocomplete'>,
        (request, kind) => {
          const parsed = parseCurl(toCurl(buildHttpRequest(kind, 'https://h.example/base', request)));
          expect(parsed.ok).toBe(true);
          if (!parsed.ok) return;
          const id = identifyHttpRequest(parsed);
          expect(id).toMatchObject({ ok: true, kind, baseUrl: 'https://h.example/base', request });
        },
      ),
    );
  });

  it('never throws on arbitrary text', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary' }),
          fc.string().map((s) => `curl ${s}`),
        ),
        (text) => {
          expect(typeof parseCurl(text).ok).toBe('boolean');
          expect(() => splitShellWords(text)).not.toThrow(TypeError);
        },
      ),
    );
  });
});

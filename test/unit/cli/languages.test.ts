import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { captureIo } from '../../helpers/cli-io';

const ITEMS = resolve(import.meta.dirname, '../../fixtures/items.json');

async function run(argv: string[], stdin = '') {
  const io = captureIo(stdin);
  const code = await main(argv, io);
  return { code, out: io.out.join('\n'), err: io.err.join('\n') };
}

describe('cli: url', () => {
  it('decodes a URL into the request JSON and notes what was odd on stderr', async () => {
    const url = `"https://h/search/tok?encoded=${encodeURIComponent('{"query":"red","options":{"limit":5}}')}&utm=x"`;
    const r = await run(['url', 'decode', url]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({ token: 'tok', query: 'red', options: { limit: 5 } });
    expect(r.err).toMatch(/note: Extra query parameters/);
  });

  it('reads a storefront URL with a preset: the request on stdout, each step and every unknown parameter on stderr', async () => {
    const r = await run([
      'url',
      'decode',
      '--storefront',
      'bigcommerce-xo',
      'https://shop.example.com/search.php?search_query=red+dress&facets=brand:Acme,Nord&page=3&utm_source=mail',
    ]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({
      query: 'red dress',
      options: { offset: 64, limit: 32, facets: [{ id: 'brand', values: ['Acme', 'Nord'] }] },
    });
    expect(r.err.split('\n')).toEqual([
      'step: search_query=red dress → query "red dress"',
      'step: page=3 × page size 32 (the default) → offset 64, limit 32',
      'step: facets=brand:Acme,Nord → brand: Acme OR Nord',
      'unknown parameter (not sent): utm_source=mail',
    ]);
  });

  it('writes a request as a storefront URL from a mapping file, naming what it cannot express', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wb-storefront-'));
    const mapping = join(dir, 'shop.json');
    await writeFile(
      mapping,
      JSON.stringify({
        name: 'Shop',
        hosts: ['shop.example.org'],
        query: { param: 'q' },
        pageSize: { param: 'n', default: 20 },
        facets: { style: 'prefixed', prefix: 'f.' },
      }),
    );
    const request = JSON.stringify({
      token: 't',
      query: 'boots',
      options: { limit: 40, facets: [{ id: 'size', values: ['42', '43'] }], filter: 'stock > 0' },
    });
    const r = await run(['url', 'encode', '--storefront', mapping, '--base-url', 'https://shop.example.org/find'], request);
    expect(r.code).toBe(0);
    expect(r.out).toBe('https://shop.example.org/find?q=boots&n=40&f.size=42&f.size=43');
    expect(r.err).toBe('cannot express (left out of the URL): the filter "stock > 0" (the storefront has no filter parameter)');
    const back = await run(['url', 'decode', '--storefront', mapping, r.out]);
    expect(JSON.parse(back.out)).toEqual({
      query: 'boots',
      options: { offset: 0, limit: 40, facets: [{ id: 'size', values: ['42', '43'] }] },
    });
  });

  it('names the field of a broken mapping file, and an unknown preset', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wb-storefront-'));
    const mapping = join(dir, 'bad.json');
    await writeFile(mapping, JSON.stringify({ name: 'Bad', hosts: ['shop'], query: { param: '' }, pageSize: { default: 20 } }));
    const bad = await run(['url', 'decode', '--storefront', mapping, 'https://shop/?q=a']);
    expect(bad.code).toBe(3);
    expect(bad.err).toContain('query.param: name the URL parameter');
    const unknown = await run(['url', 'decode', '--storefront', 'shopify', 'https://shop/?q=a']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('--storefront "shopify" is neither a preset (bigcommerce-xo, generic) nor a mapping file.');
  });

  it('a storefront URL with a broken %-escape exits 3 naming the parameter; without --storefront, the flag is named', async () => {
    const broken = await run([
      'url',
      'decode',
      '--storefront',
      'bigcommerce-xo',
      'https://shop.example.com/search.php?search_query=caf%E0%A4%A&page=2',
    ]);
    expect(broken.code).toBe(3);
    expect(broken.out).toBe('');
    expect(broken.err).toMatch(/^The parameter search_query \(search_query=caf%E0%A4%A\) has a broken %-escape/);
    const plain = await run(['url', 'decode', 'https://shop.example.com/search.php?search_query=red+dress']);
    expect(plain.code).toBe(3);
    expect(plain.err).toContain(
      "If it is a storefront page's address (a shopper's address bar), read it with --storefront PRESET (bigcommerce-xo, generic)",
    );
  });

  it('exits 3 with the part and the reason for a broken URL', async () => {
    const r = await run(['url', 'decode', 'https://h/search/tok?encoded={bad']);
    expect(r.code).toBe(3);
    expect(r.err).toMatch(/Cannot decode the URL \(json\): The encoded parameter is not valid JSON at position 1/);
    expect(r.out).toBe('');
  });

  it('encodes a request file or stdin as a GET URL', async () => {
    const r = await run(['url', 'encode', '--base-url', 'https://h/', '-'], '{"token":"tok","query":"a b"}');
    expect(r.code).toBe(0);
    expect(r.out).toBe(`https://h/search/tok?encoded=${encodeURIComponent('{"query":"a b"}')}`);
  });

  it('refuses to encode an invalid request (exit 3) and a missing --base-url (exit 2)', async () => {
    expect((await run(['url', 'encode', '--base-url', 'https://h'], '{"query":"x"}')).code).toBe(3);
    expect((await run(['url', 'encode'], '{}')).code).toBe(2);
    expect((await run(['url', 'decode'])).code).toBe(2);
    expect((await run(['url', 'frob'])).code).toBe(2);
  });
});

describe('cli: filter', () => {
  it('checks a valid filter and prints its canonical form', async () => {
    const r = await run(['filter', 'check', '(size = 137 or size = 119) and price < 100']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({ ok: true, diagnostics: [], canonical: '(size = 137 OR size = 119) AND price < 100' });
  });

  it('reports an invalid filter with positions and exits 1', async () => {
    const r = await run(['filter', 'check', 'price >=']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out)).toEqual({
      ok: false,
      diagnostics: [
        {
          severity: 'error',
          message: "Expected a value after '>=' at line 1, column 7; found the end of the filter.",
          start: 8,
          end: 8,
          line: 1,
          column: 9,
        },
      ],
      canonical: null,
    });
  });

  it('lists the ids of catalog items and response items that match', async () => {
    const r = await run(['filter', 'match', 'brand = Nike AND sizes = 42', ITEMS]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual(['p3']);
    const cheap = await run(
      ['filter', 'match', 'price < 100', '-'],
      JSON.stringify({
        items: [
          { id: 'a', product: { price: 5 } },
          { id: 'b', product: { price: 500 } },
        ],
      }),
    );
    expect(JSON.parse(cheap.out)).toEqual(['a']);
  });

  it('exits 3 on unreadable items and 2 without an expression', async () => {
    expect((await run(['filter', 'match', 'a = 1', '-'], '{ nope')).err).toMatch(/not valid JSON at position 2/);
    expect((await run(['filter', 'match', 'a = 1', '/does/not/exist.json'])).code).toBe(3);
    expect((await run(['filter', 'match', 'a = 1', '-'], '{"x":1}')).code).toBe(3);
    expect((await run(['filter', 'check'])).code).toBe(2);
  });
});

describe('cli: mask', () => {
  it('applies a mask to each whole item', async () => {
    const r = await run(['mask', 'apply', 'id, product(title, price)', ITEMS]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual([{ id: 'p1' }, { id: 'p2' }, { id: 'p3', product: { title: 'Air', price: 130 } }]);
  });

  it('exits 3 with the position for an invalid mask', async () => {
    const r = await run(['mask', 'apply', 'id,', ITEMS]);
    expect(r.code).toBe(3);
    expect(r.err).toMatch(/^1:3: error: Expected a field after ',' at line 1, column 3/);
  });
});

describe('cli: request check', () => {
  it('prints the diagnostics and exits 0 when there are only warnings', async () => {
    const r = await run(['request', 'check', '-'], '{"token":"t","options":{"limit":5000}}');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.out);
    expect(out).toMatchObject({ ok: true, kind: 'search', diagnostics: [{ path: 'options.limit', severity: 'warning' }] });
  });

  it('guesses suggest from groupBy and exits 1 on errors', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wb-cli-'));
    const file = join(dir, 'req.json');
    await writeFile(file, '{"token":"t","query":"q","options":{"groupBy":{"attribute":"a","values":["x"],"size":500}}}');
    const r = await run(['request', 'check', file]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out)).toMatchObject({
      ok: false,
      kind: 'suggest',
      diagnostics: [{ path: 'options.groupBy.size', severity: 'error' }],
    });
    expect((await run(['request', 'check', '--kind', 'nope', file])).code).toBe(2);
  });
});

describe('cli: curl', () => {
  it('reads a devtools cURL into the request', async () => {
    const r = await run(
      ['curl', 'from', '-'],
      `curl 'https://h/api/search' -H 'content-type: application/json' --data-raw '{"token":"t","query":"q"}' -b 'sid=1'`,
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({ kind: 'search', transport: 'post', baseUrl: 'https://h/api', request: { token: 't', query: 'q' } });
    expect(r.err).toMatch(/note: Cookies/);
  });

  it('reads every devtools copy format the same way: PowerShell, fetch, a raw HTTP request', async () => {
    const expected = { kind: 'search', transport: 'post', baseUrl: 'https://h/api', request: { token: 't', query: 'q' } };
    const samples = [
      'Invoke-WebRequest -UseBasicParsing -Uri "https://h/api/search" `\n-Method "POST" `\n-ContentType "application/json" `\n-Body "{`"token`":`"t`",`"query`":`"q`"}"',
      'fetch("https://h/api/search", {\n  "headers": { "content-type": "application/json" },\n  "body": "{\\"token\\":\\"t\\",\\"query\\":\\"q\\"}",\n  "method": "POST"\n});',
      'POST /api/search HTTP/1.1\nHost: h\nContent-Type: application/json\n\n{"token":"t","query":"q"}',
    ];
    for (const text of samples) {
      const r = await run(['curl', 'from', '-'], text);
      expect(r.code, r.err).toBe(0);
      expect(JSON.parse(r.out)).toEqual(expected);
    }
    const broken = await run(['curl', 'from', '-'], 'fetch("https://h/api/search", { nope })');
    expect(broken.code).toBe(3);
    expect(broken.err).toMatch(/Cannot read the fetch request: /);
  });

  it('writes a request as cURL, GET on request', async () => {
    const post = await run(['curl', 'to', '--base-url', 'https://h', '-'], '{"token":"t","query":"q"}');
    expect(post.code).toBe(0);
    expect(post.out).toContain('curl https://h/search');
    const get = await run(['curl', 'to', '--base-url', 'https://h', '--get', '-'], '{"token":"t","query":"q"}');
    expect(get.out).toContain("curl 'https://h/search/t?encoded=");
  });

  it('exits 3 for something that is not cURL and 2 for --get on suggest', async () => {
    expect((await run(['curl', 'from', '-'], 'wget x')).code).toBe(3);
    expect(
      (await run(['curl', 'to', '--base-url', 'https://h', '--get', '-'], '{"token":"t","query":"q","options":{"groupBy":{}}}')).code,
    ).toBe(2);
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseQueryList, QueryListReader } from '../../../../src/shared/compare/queries';
import { CsvReader, parseCsv, type CsvRecord } from '../../../../src/shared/csv';
import { batchHtml } from '../../../../src/report';
import { batchCsv } from '../../../../src/shared/compare/reports';
import { mergeRequest, requestFor } from '../../../../src/shared/compare/sides';
import { batchHead, batchRow, histogram, quantile, summarize, triageOrder } from '../../../../src/shared/compare/summary';
import type { BatchDefinition, BatchResult, SideResult } from '../../../../src/shared/compare/types';
import { searchAnswer } from '../../../helpers/responses';
import { byTag, findAll, parseHtml, words } from '../../../helpers/html';

describe('query lists', () => {
  it('one query per line, blank lines skipped, line numbers kept', () => {
    expect(parseQueryList('jacket\n\n  running shoe  \r\nsocks\n')).toMatchObject({
      format: 'lines',
      rows: [
        { query: 'jacket', line: 1 },
        { query: 'running shoe', line: 3 },
        { query: 'socks', line: 4 },
      ],
    });
  });

  it('CSV: quotes, escaped quotes and line breaks inside quotes', () => {
    expect(parseCsv('a,"b, c","say ""hi""\nthere"\nd,,\n').map((r) => [r.line, r.fields])).toEqual([
      [1, ['a', 'b, c', 'say "hi"\nthere']],
      [3, ['d', '', '']],
    ]);
  });

  it('CSV with per-row filter, facets and variables, in either notation', () => {
    const text = [
      'query,filter,facets,variables',
      'jacket,price < 100,"brand:Korvo|Halden; colour:Black","segment=premium; rank=3; vip=true"',
      'hoodie,,"[{""id"":""brand"",""values"":[""Tessel""]}]","{""weather"":""rain""}"',
    ].join('\n');
    const parsed = parseQueryList(text, 'q.csv');
    expect(parsed.problems).toEqual([]);
    expect(parsed.rows[0]).toEqual({
      query: 'jacket',
      line: 2,
      filter: 'price < 100',
      facets: [
        { id: 'brand', values: ['Korvo', 'Halden'] },
        { id: 'colour', values: ['Black'] },
      ],
      variables: { segment: 'premium', rank: 3, vip: true },
    });
    expect(parsed.rows[1]).toMatchObject({ facets: [{ id: 'brand', values: ['Tessel'] }], variables: { weather: 'rain' } });
  });

  it('names each bad line and keeps the good ones', () => {
    const parsed = parseQueryList('query,facets,colour\njacket,brand:Korvo,x\n,brand:Korvo,\nsocks,brand,', 'q.csv');
    expect(parsed.rows.map((r) => r.query)).toEqual(['jacket']);
    expect(parsed.problems).toEqual([
      { line: 1, message: 'Unknown column colour; the columns are query, filter, facets, variables.' },
      { line: 3, message: 'No query in this row.' },
      { line: 4, message: 'socks: "brand" should be facet:value|value.' },
    ]);
  });

  it('reads a workspace query set: its filters, facets and variables kept, notes and expectations not the request', () => {
    const set = {
      format: 'search-workbench-query-set',
      version: 1,
      name: 'demo',
      createdAt: 'x',
      updatedAt: 'x',
      queries: [
        { query: 'rain jacket', note: 'a waterproof jacket', expect: [{ type: 'notEmpty' }] },
        { query: 'boots', filter: 'price < 100', variables: { segment: 'premium' }, facets: [{ id: 'brand', values: ['Korvo'] }] },
      ],
    };
    expect(parseQueryList(JSON.stringify(set, null, 2), 'demo.json')).toEqual({
      rows: [
        { query: 'rain jacket', line: 1 },
        { query: 'boots', filter: 'price < 100', variables: { segment: 'premium' }, facets: [{ id: 'brand', values: ['Korvo'] }], line: 2 },
      ],
      problems: [],
      format: 'query-set',
    });
  });

  it('JSON that is not a query set is one problem with its line and the fix, never a list of JSON lines', () => {
    const broken = parseQueryList('{\n  "format": "search-workbench-query-set"\n  "queries": []\n}');
    expect(broken.rows).toEqual([]);
    expect(broken.problems).toHaveLength(1);
    expect(broken.problems[0]!.line).toBe(3);
    expect(broken.problems[0]!.message).toMatch(/^This is not valid JSON .*workspace query set\.$/);
    const other = parseQueryList('{"queries": ["jacket"]}');
    expect(other.rows).toEqual([]);
    expect(other.problems[0]!.message).toMatch(/^This JSON is not a workspace query set: .*format/);
  });
});

describe('query lists read a piece at a time', () => {
  /** The list fed to a reader in pieces cut at these places. */
  const inPieces = (text: string, cuts: number[], fileName = '') => {
    const reader = new QueryListReader(fileName);
    let at = 0;
    for (const cut of [...new Set(cuts)].sort((x, y) => x - y)) {
      reader.push(text.slice(at, cut));
      at = cut;
    }
    reader.push(text.slice(at));
    return reader.end();
  };

  const csv = [
    'query,filter,facets,variables',
    'jacket,price < 100,"brand:Korvo|Halden; colour:Black","segment=premium; rank=3"',
    '"say ""hi""",,,',
    '"two\r\nlines",stock > 0,,',
    ',brand:x,,',
    'socks,,brand,',
    'hoodie,,"[{""id"":""brand"",""values"":[""Tessel""]}]","{""weather"":""rain""}"',
  ].join('\r\n');
  const lines = 'jacket\r\n\n  running shoe  \r\nsocks\n' + 'x'.repeat(1001) + '\nlast';
  const jsonl = [
    '{"query": "rain jacket", "note": "waterproof", "expect": [{"type": "notEmpty"}]}',
    '',
    '{"query": "boots", "filter": "price < 100", "variables": {"segment": "premium"}}',
    '{"query": "broken", ',
    '{"query": "", "filter": "x"}',
    '{"query": "sandals", "facets": [{"id": "brand", "values": ["Korvo"]}]}',
  ].join('\n');

  it('gives what the whole text gives, wherever the pieces are cut (CSV quotes and CRLF split too)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom([csv, 'q.csv'], [csv, ''], [lines, ''], [jsonl, 'q.jsonl'], [jsonl, '']),
        fc.array(fc.nat(), { maxLength: 12 }),
        ([text, name], cuts) => {
          expect(
            inPieces(
              text,
              cuts.map((c) => c % (text.length + 1)),
              name,
            ),
          ).toEqual(parseQueryList(text, name));
        },
      ),
    );
    // Every single-character cut of the CSV: each quote, CR and LF split from its neighbour once.
    const whole = parseQueryList(csv, 'q.csv');
    for (let cut = 0; cut <= csv.length; cut++) expect(inPieces(csv, [cut], 'q.csv')).toEqual(whole);
    expect(whole.rows.map((r) => r.query)).toEqual(['jacket', 'say "hi"', 'two\r\nlines', 'hoodie']);
    expect(whole.problems.map((p) => p.line)).toEqual([6, 7]); // the quoted line break makes row 4 two lines
  });

  it('CSV fields of any text come back as written, in pieces cut anywhere, with the line each record starts on', () => {
    const cell = (f: string) => (f === '' || /[",\r\n]/.test(f) ? `"${f.replace(/"/g, '""')}"` : f);
    fc.assert(
      fc.property(
        fc.array(
          fc.array(fc.string({ unit: fc.constantFrom('a', 'é', '😀', ' ', '"', ',', '\r', '\n', 'x') }), { minLength: 1, maxLength: 4 }),
          {
            minLength: 1,
            maxLength: 6,
          },
        ),
        fc.constantFrom('\n', '\r\n'),
        fc.array(fc.nat(), { maxLength: 8 }),
        (records, eol, cuts) => {
          const text = records.map((r) => r.map(cell).join(',')).join(eol) + eol;
          const reader = new CsvReader();
          const read: CsvRecord[] = [];
          let at = 0;
          for (const cut of [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((x, y) => x - y)) {
            read.push(...reader.feed(text.slice(at, cut)));
            at = cut;
          }
          read.push(...reader.feed(text.slice(at)), ...reader.end().records);
          expect(read.map((r) => r.fields)).toEqual(records);
          let line = 1;
          expect(read.map((r) => r.line)).toEqual(
            records.map((r) => {
              const start = line;
              line += r.join('').split('\n').length - 1 + 1;
              return start;
            }),
          );
        },
      ),
    );
  });

  it('JSON Lines: one query-set entry per line — its request fields kept, each bad line named', () => {
    const parsed = parseQueryList(jsonl, 'queries.jsonl');
    expect(parsed.format).toBe('jsonl');
    expect(parsed.rows).toEqual([
      { query: 'rain jacket', line: 1 },
      { query: 'boots', filter: 'price < 100', variables: { segment: 'premium' }, line: 3 },
      { query: 'sandals', facets: [{ id: 'brand', values: ['Korvo'] }], line: 6 },
    ]);
    expect(parsed.problems.map((p) => p.line)).toEqual([4, 5]);
    // What an entry carries beside its request, kept for a query set made from the file.
    expect(parsed.annotations).toEqual(new Map([[0, { note: 'waterproof', expect: [{ type: 'notEmpty' }] }]]));
    expect(parsed.problems[0]!.message).toMatch(/^This line is not valid JSON .*one \{"query": …\} object\.$/);
    expect(parsed.problems[1]!.message).toMatch(/query/);
    // Without the extension, lines that each hold a {"query": …} object are JSON Lines too; a query set is not.
    expect(parseQueryList(jsonl).format).toBe('jsonl');
    expect(parseQueryList('{"format": "search-workbench-query-set"}').format).toBe('query-set');
  });
});

describe('side requests', () => {
  it('merge the shared request, the side and the row', () => {
    expect(mergeRequest({ options: { limit: 10, filter: 'a' } }, { options: { filter: 'b' }, configurationId: 'x' })).toEqual({
      options: { limit: 10, filter: 'b' },
      configurationId: 'x',
    });
    const request = requestFor(
      { options: { limit: 10 } },
      { label: 'B', overrides: { token: 't', options: { filter: 'stock > 0' }, context: { variables: { segment: 'a' } } } },
      { query: 'jacket', line: 1, filter: 'price < 100', facets: [{ id: 'brand', values: ['Korvo'] }], variables: { segment: 'b' } },
    );
    expect(request).toEqual({
      token: 't',
      query: 'jacket',
      options: { limit: 10, filter: '(stock > 0) AND (price < 100)', facets: [{ id: 'brand', values: ['Korvo'] }] },
      context: { variables: { segment: 'b' } },
    });
  });
});

const side = (ok: boolean, ms: number, count: number | null): SideResult => ({
  ok,
  ms,
  attempts: 1,
  count,
  top: [{ id: 'i1', title: 'Item <one>', score: 1 }],
  ...(ok ? {} : { error: { code: 'http', message: 'The service answered 503' } }),
});
const result = (
  index: number,
  rbo: number | null,
  a = side(true, 10 + index, 5),
  b = side(true, 20 + index, index === 0 ? 0 : 5),
): BatchResult => ({
  index,
  query: index === 1 ? '=HYPERLINK("x")' : `q${index}, "quoted"`,
  a,
  b,
  metrics:
    rbo === null
      ? null
      : {
          rbo,
          change: 1 - rbo,
          overlap1: 1,
          overlap3: 1,
          overlap10: 0.5,
          overlapAll: 0.5,
          jaccard1: 1,
          jaccard3: 1,
          jaccard10: 0.3,
          jaccardAll: 0.3,
          kendallTau: null,
          top1Changed: rbo < 0.5,
          countA: a.count ?? null,
          countB: b.count ?? null,
          countDelta: 0,
          zeroA: a.count === 0,
          zeroB: b.count === 0,
          facetsChanged: 0,
          shared: 3,
        },
  finishedAt: '2026-11-22T00:00:00Z',
});

describe('summaries and reports', () => {
  const results = [result(0, 0.2), result(1, 0.9), result(2, null, side(true, 5, 5), side(false, 7, null)), result(3, 1)];

  it('quantiles, histogram and triage order', () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([], 0.5)).toBeNull();
    expect(histogram([0, 0.05, 0.95, 1], 0, 1, 10).bins).toEqual([2, 0, 0, 0, 0, 0, 0, 0, 0, 2]);
    expect([...results].sort(triageOrder).map((r) => r.index)).toEqual([0, 1, 3, 2]);
    const s = summarize(results);
    expect(s).toMatchObject({ total: 4, compared: 3, failed: 1, top1Changed: 1, zeroRateA: 0, zeroRateB: 1 / 3 });
    expect(s.latency.a.p50).toBe(10.5);
  });

  it('the window gets rows without items, times to 0.01 ms and measures to six decimals; the definition without its queries', () => {
    const stored = result(0, 0.123456789, side(true, 12.3456789, 5), side(true, 7, 0));
    const row = batchRow(stored);
    expect(row.a).toEqual({ ok: true, ms: 12.35, attempts: 1, count: 5 });
    expect(row.b).toEqual({ ok: true, ms: 7, attempts: 1, count: 0 });
    expect(row.metrics).toEqual({ ...stored.metrics, rbo: 0.123457, change: 0.876543 });
    // The stored result is left as it was, whole.
    expect(stored.metrics!.rbo).toBe(0.123456789);
    expect(stored.a.top).toHaveLength(1);
    expect(batchRow(result(2, null, side(true, 5, 5), side(false, 7, null))).metrics).toBeNull();
    const definition = { id: 'd', name: 'n', createdAt: 'c', base: {}, sides: {}, rows: [{ query: 'a' }, { query: 'b' }] };
    const head = batchHead(definition as unknown as BatchDefinition);
    expect(head).toMatchObject({ id: 'd', name: 'n', queryCount: 2 });
    expect(head).not.toHaveProperty('rows');
  });

  it('CSV: one row per query, quoted where needed, formulas defused', () => {
    const lines = batchCsv(results).trim().split('\r\n');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toMatch(/^1,"q0, ""quoted""",compared,,,,0\.2,0\.8,/);
    expect(lines[2]).toMatch(/^2,"'=HYPERLINK\(""x""\)",compared/);
    expect(lines[3]).toMatch(/^3,.*,failed,.*The service answered 503$/);
  });

  it('HTML: self-contained — a CSP that forbids fetching, no script, text escaped', () => {
    const definition: BatchDefinition = {
      id: 'x',
      name: 'A <vs> B',
      createdAt: '2026-11-22',
      base: {},
      sides: {
        a: { label: 'A', overrides: { configurationId: 'default' } },
        b: { label: 'B', overrides: { configurationId: 'bestsellers' } },
      },
      rows: results.map((r) => ({ query: r.query, line: r.index + 1 })),
      concurrency: 2,
    };
    const html = batchHtml(definition, results);
    const page = parseHtml(html);
    const policy = byTag(page, 'meta').find((m) => m.attributes['http-equiv'] === 'Content-Security-Policy');
    expect(policy?.attributes.content).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src data:");
    expect(byTag(page, 'script')).toEqual([]);
    expect(findAll(page, (e) => /^https?:/i.test(e.attributes.src ?? e.attributes.href ?? ''))).toEqual([]);
    // Names and titles are text: read back as written, never as elements.
    expect(byTag(page, 'h1').map(words)).toEqual(['A <vs> B']);
    expect(words(page)).toContain('Item <one>');
    expect(findAll(page, (e) => e.name === 'vs' || e.name === 'one')).toEqual([]);
    expect(words(page)).toContain('configuration bestsellers');
    expect(byTag(page, 'h2').map(words)).toContain('Failed queries (1)');
  });
});

describe('repro bundle', () => {
  it('carries both requests as URL, cURL and body, both answers and the diff', async () => {
    const { reproBundle } = await import('../../../../src/shared/compare/repro');
    const { diffSearch } = await import('../../../../src/shared/diff/responses');
    const response = (ids: string[]) => searchAnswer(ids.map((id) => ({ id, score: 1, product: { title: id } })));
    const a = {
      label: 'A',
      baseUrl: 'https://eu.search.example.com',
      request: { token: 'tok', query: 'jacket', configurationId: 'default' },
      response: response(['x', 'y']),
    };
    const b = { ...a, label: 'B', request: { ...a.request, configurationId: 'bestsellers' }, response: response(['y', 'x']) };
    const bundle = JSON.parse(reproBundle({ a, b }, diffSearch(a.response, b.response), new Date('2026-11-22T00:00:00Z')));
    expect(bundle).toMatchObject({ format: 'search-workbench-repro', version: 1, query: 'jacket', createdAt: '2026-11-22T00:00:00.000Z' });
    expect(bundle.a.getUrl).toMatch(/^https:\/\/eu\.search\.example\.com\/search\/tok\?encoded=/);
    expect(bundle.b.curl).toMatch(/^curl .*bestsellers/s);
    expect(bundle.diff.metrics.top1Changed).toBe(true);
    expect(bundle.diff.movements).toHaveLength(2);
  });
});

describe('searchMeasures (the batch fast path)', () => {
  it('gives exactly what compactMetrics(diffSearch(…)) gives', async () => {
    const fc = (await import('fast-check')).default;
    const { searchMeasures, compactMetrics } = await import('../../../../src/shared/compare/sides');
    const { diffSearch } = await import('../../../../src/shared/diff/responses');
    const id = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g');
    const facet = fc.record({
      id: fc.constantFrom('brand', 'colour', 'size'),
      values: fc.array(
        fc.record({ value: fc.constantFrom('x', 'y', 'z'), count: fc.integer({ min: 0, max: 3 }), selected: fc.boolean() }),
        { maxLength: 3 },
      ),
    });
    const response = fc
      .record({
        items: fc.array(fc.record({ id, score: fc.double({ min: 0, max: 5, noNaN: true }) }), { maxLength: 8 }),
        count: fc.integer({ min: 0, max: 20 }),
        facets: fc.uniqueArray(facet, { selector: (f) => f.id, maxLength: 3 }),
      })
      .map(({ items, count, facets }) =>
        searchAnswer(items, {
          count,
          facets: facets.map((f) => ({
            ...f,
            title: f.id,
            count: f.values.length,
            values: [...new Map(f.values.map((v) => [v.value, v])).values()],
          })),
        }),
      );
    fc.assert(
      fc.property(response, response, (a, b) => {
        expect(searchMeasures(a, b)).toEqual(compactMetrics(diffSearch(a, b)));
      }),
    );
  });
});

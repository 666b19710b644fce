import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDuck, sqlPath, type Duck } from '../../../src/main/services/traffic/duck';
import { importFile, TrafficStore } from '../../../src/main/services/traffic';
import { type EventRow, linesSql, type SearchRow, TrafficReader, ubiEventsSql, ubiSearchesSql } from '../../../src/shared/traffic';

/** A seeded stream of numbers, and a pick from a list by it. */
function prng(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return s / 4294967296;
  };
  return { next, pick: <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]! };
}

// Each field's values: the plain ones the SQL side vouches for, and the ones on every edge the JavaScript reader meets.
const ABSENT = Symbol('absent');
const IDS = [
  'u-1',
  'Ünïcode-ïd',
  'a b',
  ' lead',
  'trail ',
  '',
  '   ',
  42,
  4.5,
  true,
  null,
  ABSENT,
  { id: 1 },
  ['x'],
  'x'.repeat(256),
  'x'.repeat(257),
  'tab\there',
  'nbsp\u00a0',
  '\u3000wide',
  'quote"in',
];
const QUERIES = [
  'red dress',
  '',
  'two  spaces',
  ' lead',
  'trail ',
  'nbsp\u00a0inside',
  'crème brûlée',
  'tab\tinside',
  'q'.repeat(1000),
  'q'.repeat(1001),
  7,
  null,
  ABSENT,
  'back\\slash',
];
const TIMES = [
  '2026-11-01T10:00:00.000Z',
  '2026-02-30T10:00:00.000Z',
  '2026-11-01T24:00:00.000Z',
  '1989-12-31T23:59:59.999Z',
  '2200-01-01T00:00:00.000Z',
  '2026-11-01T10:00:00Z',
  '2026-11-01 10:00:00',
  '2026-11-01',
  1_762_000_000_000,
  'yesterday',
  null,
  ABSENT,
  '2026-11-01T10:00:00.000+01:00',
];
const RANKS = [1, 3, 10_000, 10_001, 0, -1, 2.5, 3.0, '3', ' 4 ', null, ABSENT, 'x'];
const AMOUNTS = [0, 19.99, 1e9, 1e9 + 1, -5, '12.5', '', null, ABSENT, 'free', 1e-7, 123456789.123];
const ACTIONS = ['click', 'add_to_cart', 'purchase', 'search', 'Add-To-Cart', 'addToCart', 'impression', '', 5, null];
const HITS = [
  ['A', 'B', 'C'],
  [],
  ['A', ''],
  ['A', 7],
  ['A', ' b'],
  'A,B',
  null,
  ABSENT,
  Array.from({ length: 1001 }, (_, i) => `h${i}`),
  ['dup', 'dup'],
];

function object(entries: [string, unknown][]): Record<string, unknown> {
  return Object.fromEntries(entries.filter(([, v]) => v !== ABSENT));
}

function queryLine(r: ReturnType<typeof prng>, n: number): unknown {
  const attrs = object([
    ['session_id', r.next() < 0.3 ? r.pick(IDS) : ABSENT],
    ['sessionId', r.next() < 0.2 ? r.pick(IDS) : ABSENT],
    ['user_id', r.next() < 0.2 ? r.pick(IDS) : ABSENT],
    ['userId', r.next() < 0.2 ? r.pick(IDS) : ABSENT],
    ['configurationId', r.next() < 0.5 ? r.pick(['default', 'new-arrivals', null, '', 3]) : ABSENT],
    ['configuration_id', r.next() < 0.2 ? r.pick(['default', 'other', null]) : ABSENT],
    ['segment', r.next() < 0.4 ? r.pick(IDS) : ABSENT],
    [
      'variables',
      r.next() < 0.3
        ? r.pick([
            { weather: 'rain' },
            {},
            null,
            'x',
            { n: 2.5 },
            { n: 3, deep: { list: [1, 'a b', true, null] } },
            { big: 2 ** 60 },
            { neg: -1 },
            { e: 1e21 },
            { text: 'Ümlaut' },
          ])
        : ABSENT,
    ],
    ['filter', r.next() < 0.3 ? r.pick(['price < 100', '', ' lead', 'f'.repeat(10_001), null, 4]) : ABSENT],
    ['page', r.next() < 0.3 ? r.pick(RANKS) : ABSENT],
    ['abTest', r.next() < 0.2 ? r.pick(IDS) : ABSENT],
    ['ab_test', r.next() < 0.1 ? r.pick(IDS) : ABSENT],
    ['abVariation', r.next() < 0.2 ? r.pick(IDS) : ABSENT],
    ['ab_variation', r.next() < 0.1 ? r.pick(IDS) : ABSENT],
  ]);
  // Most lines are plain, so that both sides have plenty to agree on.
  const plain = r.next() < 0.4;
  return object([
    ['query_id', plain ? `q${n}` : r.next() < 0.8 ? `q${n}` : r.pick(IDS)],
    ['client_id', plain ? 'c1' : r.pick(IDS)],
    ['user_query', plain ? 'red dress' : r.pick(QUERIES)],
    ['timestamp', plain ? '2026-11-01T10:00:00.000Z' : r.pick(TIMES)],
    ['session_id', r.next() < 0.3 ? r.pick(IDS) : ABSENT],
    ['user_id', r.next() < 0.2 ? r.pick(IDS) : ABSENT],
    ['query_attributes', plain ? { configurationId: 'default', session_id: 's1' } : r.pick([attrs, attrs, attrs, null, 'x', ABSENT])],
    ['query_response_hit_ids', plain ? ['A', 'B'] : r.pick(HITS)],
    ['unrelated', r.next() < 0.1 ? { deep: [1, 2] } : ABSENT],
    ['application', r.next() < 0.3 ? r.pick(IDS) : ABSENT],
  ]);
}

function eventLine(r: ReturnType<typeof prng>, n: number): unknown {
  const plain = r.next() < 0.4;
  const objectAttr = object([
    ['object_id', plain ? `SKU-${n}` : r.pick(IDS)],
    ['price', r.next() < 0.5 ? r.pick(AMOUNTS) : ABSENT],
  ]);
  const attrs = object([
    ['object', plain ? { object_id: `SKU-${n}` } : r.pick([objectAttr, objectAttr, null, 'x', ABSENT])],
    ['position', plain ? { ordinal: 2 } : r.pick([{ ordinal: r.pick(RANKS) }, {}, null, 5, ABSENT])],
    ['value', plain ? ABSENT : r.next() < 0.4 ? r.pick(AMOUNTS) : ABSENT],
    ['session_id', r.next() < 0.2 ? r.pick(IDS) : ABSENT],
  ]);
  return object([
    ['action_name', plain ? 'click' : r.pick(ACTIONS)],
    ['query_id', plain ? `q${n}` : r.pick([`q${n}`, ...IDS])],
    ['session_id', r.next() < 0.5 ? r.pick(IDS) : ABSENT],
    ['user_id', r.next() < 0.2 ? r.pick(IDS) : ABSENT],
    ['client_id', r.next() < 0.3 ? r.pick(IDS) : ABSENT],
    ['user_query', r.next() < 0.1 ? 'with a query' : ABSENT],
    ['timestamp', plain ? '2026-11-01T10:00:01.000Z' : r.pick(TIMES)],
    ['event_attributes', plain ? attrs : r.pick([attrs, attrs, attrs, null, [1], ABSENT])],
    ['application', r.next() < 0.3 ? r.pick(IDS) : ABSENT],
  ]);
}

/** Lines of every kind, and some that are not UBI, not JSON, or blank. */
function lines(count: number, seed: number): string[] {
  const r = prng(seed);
  return Array.from({ length: count }, (_, n) => {
    const roll = r.next();
    if (roll < 0.45) return JSON.stringify(queryLine(r, n));
    if (roll < 0.9) return JSON.stringify(eventLine(r, n));
    return r.pick([
      '',
      '   ',
      '{bad json',
      '[1,2]',
      '"text"',
      '{"action":"click"}',
      '{"neither":1}',
      '{"action_name":null,"user_query":"x"}',
      ' {"user_query":"spaced","query_id":"s","timestamp":"2026-11-01T10:00:00.000Z"}',
      // Bulk action lines, as the OpenSearch plugin's sample files put them before each record.
      `{"index":{"_index":"ubi_queries","_id":"q${n}"}}`,
      ' { "create" : { "_index" : "ubi_events" } } ',
      '{"delete":null}',
      '{"index":{"_index":"x","nested":{"a":1}}}',
    ]);
  });
}

/** A row as DuckDB gives it (snake_case columns) in the JavaScript reader's names (which leaves out an absent application). */
const camel = (row: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(row)
      .filter(([k, v]) => !(k === 'application' && v === null))
      .map(([k, v]) => [k.replace(/_(\w)/g, (_, c: string) => c.toUpperCase()), v]),
  );

/** Rows as comparable text, each with its keys in one order. */
const sorted = (rows: object[]) => rows.map((r) => JSON.stringify(r, Object.keys(r).sort())).sort();

describe('UBI read by DuckDB agrees with the JavaScript reader', () => {
  let dir: string;
  let duck: Duck;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wb-ubi-sql-'));
    duck = await openDuck([dir]);
  });
  afterAll(async () => {
    duck.close();
    await rm(dir, { recursive: true, force: true });
  });

  it.each([1, 2, 3])(
    'on 3,000 lines on every edge (seed %i): each line it vouches for is the row JavaScript reads; the rest it hands back',
    async (seed) => {
      const all = lines(3000, seed);
      const file = join(dir, `lines-${seed}.jsonl`);
      await writeFile(file, `${all.join('\n')}\n`);
      // What JavaScript reads, line by line.
      const js = all.map((text, i) => {
        const out: { search?: SearchRow; event?: EventRow; problem?: boolean } = {};
        const reader = new TrafficReader({
          search: (s) => (out.search = s),
          event: (e) => (out.event = e),
          problem: () => (out.problem = true),
        });
        reader.lineAt(text, i + 1);
        reader.end();
        return out;
      });
      const source = linesSql(sqlPath(file));
      const others = new Set<string>();
      for (const sql of [ubiSearchesSql, ubiEventsSql]) for (const r of await duck.all(sql(source, 'others'))) others.add(String(r.line));
      const vouched = all.filter((text) => text.trim() !== '' && !others.has(text));
      // The SQL side vouches for a good share — and never for a line JavaScript would refuse or read otherwise.
      expect(vouched.length).toBeGreaterThan(all.length * 0.15);
      expect(others.size).toBeGreaterThan(all.length * 0.2);
      const expected = { searches: [] as SearchRow[], events: [] as EventRow[] };
      all.forEach((text, i) => {
        if (!vouched.includes(text)) return;
        const read = js[i]!;
        expect(read.problem, `line ${i + 1}: ${text}`).toBeUndefined();
        if (read.search) expected.searches.push(read.search);
        if (read.event) expected.events.push(read.event);
      });
      const searches = (await duck.all(ubiSearchesSql(source))).map(camel);
      const events = (await duck.all(ubiEventsSql(source))).map(camel);
      expect(sorted(searches)).toEqual(sorted(expected.searches));
      expect(sorted(events)).toEqual(sorted(expected.events));
    },
  );

  it('imports a file with carriage returns, bad lines and a line DuckDB splits as JavaScript reads it', async () => {
    const all = lines(400, 9);
    const lf = join(dir, 'lf.jsonl');
    const crlf = join(dir, 'crlf.jsonl');
    const split = join(dir, 'split.jsonl');
    await writeFile(lf, `${all.join('\n')}\n`);
    await writeFile(crlf, `${all.join('\r\n')}\r\n`);
    // A carriage return inside a line is white space to JSON, a line break to a CSV reader: DuckDB's count is off.
    await writeFile(split, `${all.join('\n')}\n{"user_query":"cr",\r"query_id":"cr1","timestamp":"2026-11-01T10:00:00.000Z"}\n`);
    const results = [];
    for (const [name, file] of [
      ['lf', lf],
      ['crlf', crlf],
      ['split', split],
    ] as const) {
      const store = await TrafficStore.open(join(dir, `store-${name}`));
      try {
        const r = await importFile(store, file);
        const rows = await store.duck.all('SELECT search_id, query, hit_ids FROM searches ORDER BY search_id');
        const acts = await store.duck.all(
          'SELECT count(*) AS n, count(DISTINCT (search_id, session_id, user_id, ts, action, docid, position, value)) AS keys FROM events',
        );
        results.push({ r, rows, acts: acts[0] });
      } finally {
        store.close();
      }
    }
    const [a, b, c] = results;
    expect(a!.r.skipped).toBeGreaterThan(0);
    expect(b!.r.problems).toEqual(a!.r.problems);
    expect(b!.rows).toEqual(a!.rows);
    expect(b!.acts).toEqual(a!.acts);
    expect(c!.r.problems).toEqual(a!.r.problems);
    expect(c!.rows.length).toBe(a!.rows.length + 1);
    expect(c!.acts).toEqual(a!.acts);
  });
});

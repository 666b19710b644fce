import { appendFile, copyFile, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFile, TrafficService, TrafficStore } from '../../../src/main/services/traffic';
import { importOutcome } from '../../../src/shared/traffic';
import { listImports, removeImport } from '../../../src/main/services/traffic/ledger';

/**
 * A log small enough to count by hand. Day 1: q1 "tent" (A, premium, s1) shows A B C — B clicked at 2, added to the
 * cart, bought for 50, then C clicked at 3; q2 "tent" (A, s2) shows A B — A clicked at 12, past k; q3 "tarp" (B, s2)
 * shows nothing. Day 2: q4 "tent" (B, s3) shows B A — A clicked at 2 and bought for 30 with no cart; q5 "tarp"
 * (B, s3) shows X and gets nothing. One click names a search the log does not have.
 */
const q = (id: string, day: string, query: string, config: string, session: string, hits: string[], segment?: string) => ({
  query_id: id,
  user_query: query,
  timestamp: `2026-11-0${day}T10:00:00Z`,
  query_attributes: { session_id: session, configurationId: config, ...(segment ? { segment } : {}) },
  query_response_hit_ids: hits,
});
const e = (query: string, action: string, doc: string, position?: number, value?: number) => ({
  action_name: action,
  query_id: query,
  timestamp: '2026-11-01T10:00:30Z',
  event_attributes: {
    object: { object_id: doc, ...(value !== undefined ? { price: value } : {}) },
    ...(position ? { position: { ordinal: position } } : {}),
  },
});
const QUERIES = [
  q('q1', '1', 'tent', 'A', 's1', ['A', 'B', 'C'], 'premium'),
  q('q2', '1', 'tent', 'A', 's2', ['A', 'B']),
  q('q3', '1', 'tarp', 'B', 's2', []),
  q('q4', '2', 'tent', 'B', 's3', ['B', 'A']),
  q('q5', '2', 'tarp', 'B', 's3', ['X']),
];
const EVENTS = [
  e('q1', 'click', 'B', 2),
  e('q1', 'add_to_cart', 'B'),
  e('q1', 'purchase', 'B', undefined, 50),
  e('q1', 'click', 'C', 3),
  e('q2', 'click', 'A', 12),
  e('q4', 'click', 'A', 2),
  e('q4', 'purchase', 'A', undefined, 30),
  e('zz', 'click', 'A', 1),
];
const jsonl = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';

let dir: string;
let store: TrafficStore;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wb-traffic-'));
  await writeFile(join(dir, 'queries.jsonl'), jsonl(QUERIES));
  await writeFile(join(dir, 'events.jsonl'), jsonl(EVENTS));
  store = await TrafficStore.open(join(dir, 'store'));
  await importFile(store, join(dir, 'queries.jsonl'));
  await importFile(store, join(dir, 'events.jsonl'));
});
afterAll(async () => {
  store?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the traffic views against a log counted by hand', () => {
  it('by query: every column', async () => {
    const report = await store.report('query');
    expect(report.k).toBe(10);
    expect(report.rows).toEqual([
      {
        group: 'tent',
        searches: 3,
        sessions: 3,
        clicks: 4,
        ctrAtK: 2 / 3,
        zeroResultRate: 0,
        noClickRate: 0,
        addToCartRate: 1 / 3,
        conversionRate: 2 / 3,
        revenuePerSearch: 80 / 3,
        meanClickPosition: (2 + 3 + 12 + 2) / 4,
      },
      {
        group: 'tarp',
        searches: 2,
        sessions: 2,
        clicks: 0,
        ctrAtK: 0,
        zeroResultRate: 0.5,
        noClickRate: 0.5,
        addToCartRate: 0,
        conversionRate: 0,
        revenuePerSearch: 0,
        meanClickPosition: null,
      },
    ]);
  });

  it('by configuration, by segment, by day (days in order); k reaches the click at 12', async () => {
    const byConfig = await store.report('configuration');
    expect(
      byConfig.rows.map((r) => [
        r.group,
        r.searches,
        r.sessions,
        r.clicks,
        r.ctrAtK,
        r.zeroResultRate,
        r.noClickRate,
        r.addToCartRate,
        r.conversionRate,
        r.revenuePerSearch,
        r.meanClickPosition,
      ]),
    ).toEqual([
      ['B', 3, 2, 1, 1 / 3, 1 / 3, 1 / 3, 0, 1 / 3, 10, 2],
      ['A', 2, 2, 3, 0.5, 0, 0, 0.5, 0.5, 25, 17 / 3],
    ]);
    expect((await store.report('segment')).rows.map((r) => [r.group, r.searches])).toEqual([
      [null, 4],
      ['premium', 1],
    ]);
    expect((await store.report('day')).rows.map((r) => [r.group, r.searches, r.clicks])).toEqual([
      ['2026-11-01', 3, 3],
      ['2026-11-02', 2, 1],
    ]);
    expect((await store.report('query', {}, 12)).rows[0]!.ctrAtK).toBe(1);
  });

  it('filters: a date range, a segment, a configuration', async () => {
    expect((await store.report('query', { from: '2026-11-02' })).rows.map((r) => [r.group, r.searches])).toEqual([
      ['tarp', 1],
      ['tent', 1],
    ]);
    expect((await store.report('query', { to: '2026-11-01', configuration: 'A' })).rows.map((r) => [r.group, r.searches])).toEqual([
      ['tent', 2],
    ]);
    expect((await store.report('query', { segment: 'premium' })).rows.map((r) => r.group)).toEqual(['tent']);
    // The searches logged with no segment are the segment "(none)", as the report by segment names them.
    const bySegment = (await store.report('segment')).rows;
    expect(bySegment.map((r) => [r.group, r.searches])).toEqual([
      [null, 4],
      ['premium', 1],
    ]);
    expect((await store.report('day', { segment: '(none)' })).rows.reduce((n, r) => n + r.searches, 0)).toBe(4);
    await expect(store.report('query', { from: '2026-11-03', to: '2026-11-01' })).rejects.toThrow(
      'from: the first day is after the last, got "2026-11-03"',
    );
    await expect(store.report('query', { from: '1 Nov' })).rejects.toThrow('from: a day as YYYY-MM-DD, got "1 Nov"');
  });
});

describe('importing', () => {
  it('the store is Parquet by day; the same file again adds nothing; an overlapping file adds only what is new', async () => {
    expect(await readdir(join(dir, 'store', 'searches'))).toEqual(expect.arrayContaining(['day=2026-11-01', 'day=2026-11-02']));
    const again = await importFile(store, join(dir, 'queries.jsonl'));
    expect(again.already).toBeTruthy();
    await copyFile(join(dir, 'events.jsonl'), join(dir, 'more-events.jsonl'));
    await appendFile(join(dir, 'more-events.jsonl'), jsonl([e('q5', 'click', 'X', 1)]));
    const more = await importFile(store, join(dir, 'more-events.jsonl'));
    // Eight of its nine were in the store before; the new one names q5, which the store holds.
    expect(more.events).toEqual({ read: 9, added: 1, repeated: 0, known: 8, untied: 0 });
    const tarp = (await store.report('query')).rows.find((r) => r.group === 'tarp')!;
    expect([tarp.clicks, tarp.noClickRate, tarp.ctrAtK]).toEqual([1, 0, 0.5]);
    expect(await store.size()).toMatchObject({ searches: 5, events: 9, from: '2026-11-01', to: '2026-11-02' });
  });

  it('the same rows twice in one file count once', async () => {
    const other = await TrafficStore.open(join(dir, 'store-twice'));
    try {
      await writeFile(join(dir, 'twice.jsonl'), jsonl([...QUERIES, ...QUERIES]));
      const r = await importFile(other, join(dir, 'twice.jsonl'));
      // Five ids twice each: folded into five searches, none known before.
      expect(r.searches).toEqual({ read: 10, added: 5, folded: 5, known: 0 });
      expect(r.events).toMatchObject({ read: 0, added: 0 });
    } finally {
      other.close();
    }
  });

  it('a search whose id the store holds for a different search is a conflict: neither it nor its actions are kept', async () => {
    const other = await TrafficStore.open(join(dir, 'store-conflict'));
    try {
      await importFile(other, join(dir, 'queries.jsonl'));
      // q1 again, the same search (a log exported twice): already in the store; q2 and q3 reused for other searches,
      // each with a click on an item it never showed; q9 new.
      const second = [
        QUERIES[0],
        q('q2', '1', 'sleeping bag', 'A', 's2', ['Z']),
        q('q3', '1', 'tarp', 'B', 's9', ['Y']),
        q('q9', '2', 'stove', 'B', 's4', ['S']),
      ];
      const actions = [e('q2', 'click', 'Z', 1), e('q3', 'click', 'Y', 1), e('q9', 'click', 'S', 1), e('q1', 'click', 'A', 1)];
      await writeFile(join(dir, 'conflicting.jsonl'), jsonl([...second, ...actions]));
      const r = await importFile(other, join(dir, 'conflicting.jsonl'));
      expect(r.conflicts).toEqual({ searches: 2, events: 2, examples: ['q2', 'q3'] });
      expect(r.searches).toEqual({ read: 4, added: 1, folded: 0, known: 1 });
      expect(r.events).toMatchObject({ read: 4, added: 2, untied: 0 });
      expect(importOutcome(r)).toContain('2 searches not kept, with 2 events: the store holds their ids for a different search');
      // The store's q2 and q3 are as they were: no click on an item they never showed.
      const clicks = await other.duck.all(`SELECT search_id, docid FROM events WHERE action = 'click' ORDER BY search_id`);
      expect(clicks.map((c) => `${String(c.search_id)}:${String(c.docid)}`)).toEqual(['q1:A', 'q9:S']);
      // A file without conflicts says none.
      await writeFile(join(dir, 'clean.jsonl'), jsonl([q('q10', '2', 'mat', 'B', 's5', ['M'])]));
      expect((await importFile(other, join(dir, 'clean.jsonl'))).conflicts).toBeUndefined();
    } finally {
      other.close();
    }
  });

  it("a worklist's request is the one most of the query's affected searches ran with, whole — not the latest refinement", async () => {
    const boots = (id: string, minute: string, attrs: Record<string, unknown>) => ({
      query_id: id,
      user_query: 'boots',
      timestamp: `2026-11-02T10:${minute}:00Z`,
      query_attributes: { session_id: `b-${id}`, ...attrs },
      query_response_hit_ids: [],
    });
    await writeFile(
      join(dir, 'boots.jsonl'),
      jsonl([
        boots('b1', '00', { configurationId: 'A', filter: 'stock > 0' }),
        boots('b2', '10', { configurationId: 'A', filter: 'stock > 0' }),
        // The latest: a refinement, once, on another configuration.
        boots('b3', '20', { configurationId: 'B', filter: 'price < 100' }),
      ]),
    );
    const traffic = new TrafficService({ folder: join(dir, 'store-boots'), create: true });
    try {
      await traffic.import([join(dir, 'boots.jsonl')]);
      const [row] = await traffic.worklist('zero-results', {}, 10, 10);
      expect(row).toEqual({ query: 'boots', searches: 3, affected: 3, configurationId: 'A', variables: null, filter: 'stock > 0' });
    } finally {
      await traffic.close();
    }
  });

  it('taking an import out deletes its own files only: never through a day folder that is a link', async () => {
    const other = await TrafficStore.open(join(dir, 'store-remove'));
    try {
      await importFile(other, join(dir, 'queries.jsonl'));
      const [only] = await listImports(other);
      const outside = join(dir, 'outside-day');
      await mkdir(outside);
      const bait = join(outside, `import-${only!.id}-sql-0.parquet`);
      await writeFile(bait, 'not the store’s');
      await symlink(outside, join(dir, 'store-remove', 'searches', 'day=2099-01-01'));
      const { removed, imports } = await removeImport(other, only!.id);
      expect(removed.searches).toBe(5);
      expect(imports).toEqual([]);
      expect(await readFile(bait, 'utf8')).toBe('not the store’s');
    } finally {
      other.close();
    }
  });

  it('a store that is a link, or a file, is refused; so is a day folder that is a link', async () => {
    await symlink(join(dir, 'store'), join(dir, 'linked'));
    await expect(TrafficStore.open(join(dir, 'linked'))).rejects.toThrow('is a symbolic link');
    await expect(TrafficStore.open(join(dir, 'queries.jsonl'))).rejects.toThrow('is not a folder');
    const trap = await TrafficStore.open(join(dir, 'store-trap'));
    try {
      await symlink(tmpdir(), join(dir, 'store-trap', 'searches'));
      await expect(importFile(trap, join(dir, 'queries.jsonl'))).rejects.toThrow('will not write through it');
    } finally {
      trap.close();
    }
  });
});

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importOutcome } from '../../../src/shared/traffic';
import { importFile, TrafficStore } from '../../../src/main/services/traffic';
import { cli } from '../../helpers/click-model-truth';

/**
 * UBI as OpenSearch's plugin and its sample data write it, small enough to count by hand: bulk NDJSON (an action
 * line before each record), two applications — `esci` counts ordinals from 0, `chorus` from 1 — a facet request
 * logged a few milliseconds before the page of the same search, a search whose page is only in its impression events,
 * times with `+0000` offsets and in epoch milliseconds, and an event with `event_attributes: null`.
 *
 *   e1 esci   "usb cable"  facet (no hits) then page A B C    click B at ordinal 1 → rank 2 (esci counts from 0)
 *   e2 esci   "xyzzy"      page with no hits                  a true zero-result search
 *   e3 esci   "hdmi"       no hit ids; impressions D 0, E 1, F 2 → page D E F; click D at ordinal 0 → rank 1
 *   c1 chorus "tent"       facet (no hits) then page G H      click H at ordinal 2 → rank 2
 *   c2 chorus "tarp"       page I J K                          click I at ordinal 1 → rank 1
 *   a login event with no query_id and `event_attributes: null`: tied to no search
 *
 * Five searches (two records folded), one of them zero-result (0.2); four clicks, each at a rank ≤ 10 on a different
 * search (click-through 0.8), mean rank 1.5; seven bulk lines in the queries file and eight in the events file.
 */
const bulk = (index: string, records: Record<string, unknown>[]) =>
  records.map((r, i) => `{"index":{"_index":"${index}","_id":"${index}-${i + 1}"}}\n${JSON.stringify(r)}\n`).join('');

const query = (application: string, id: string, text: string, timestamp: unknown, hits: string[] | null) => ({
  application,
  query_id: id,
  client_id: `client-${id}`,
  user_query: text,
  timestamp,
  query_attributes: {},
  ...(hits ? { query_response_hit_ids: hits } : {}),
});
const event = (application: string, id: string | null, action: string, doc: string | null, ordinal: number | null) => ({
  application,
  action_name: action,
  ...(id ? { query_id: id } : {}),
  session_id: `session-${id ?? 'none'}`,
  client_id: `client-${id ?? 'none'}`,
  timestamp: '2024-12-11T04:57:00.000+0000',
  message_type: 'INFO',
  event_attributes: doc === null ? null : { object: { object_id: doc, object_id_field: 'id' }, position: { ordinal } },
});

const QUERIES = bulk('ubi_queries', [
  query('esci', 'e1', 'usb cable', '2024-12-11T04:56:49.410+0000', []),
  query('esci', 'e1', 'usb cable', '2024-12-11T04:56:49.419+0000', ['A', 'B', 'C']),
  query('esci', 'e2', 'xyzzy', Date.UTC(2024, 11, 11, 4, 56, 50), []),
  query('esci', 'e3', 'hdmi', '2024-12-11T04:56:51.000+0000', null),
  query('chorus', 'c1', 'tent', '2024-12-11T04:56:52.000Z', []),
  query('chorus', 'c1', 'tent', '2024-12-11T04:56:52.007Z', ['G', 'H']),
  query('chorus', 'c2', 'tarp', '2024-12-11T04:56:53.000Z', ['I', 'J', 'K']),
]);
const EVENTS = bulk('ubi_events', [
  event('esci', 'e3', 'impression', 'D', 0),
  event('esci', 'e3', 'impression', 'E', 1),
  event('esci', 'e3', 'impression', 'F', 2),
  event('esci', 'e1', 'click', 'B', 1),
  event('esci', 'e3', 'click', 'D', 0),
  event('chorus', 'c1', 'click', 'H', 2),
  event('chorus', 'c2', 'click', 'I', 1),
  event('chorus', null, 'login', null, null),
]);

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wb-ubi-plugin-'));
  await writeFile(join(dir, 'ubi_queries.ndjson'), QUERIES);
  await writeFile(join(dir, 'ubi_events.ndjson'), EVENTS);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function withStore<T>(name: string, work: (store: TrafficStore) => Promise<T>): Promise<T> {
  const store = await TrafficStore.open(join(dir, name));
  try {
    return await work(store);
  } finally {
    store.close();
  }
}

const clicks = (store: TrafficStore) =>
  store.duck.all(`SELECT search_id, docid, position FROM events WHERE action = 'click' ORDER BY search_id`);

describe('UBI as the OpenSearch plugin writes it', () => {
  it('bulk lines skipped and counted, a search logged twice folded into its page, positions from 0 for esci, impressions as a page', async () => {
    await withStore('store', async (store) => {
      const q = await importFile(store, join(dir, 'ubi_queries.ndjson'));
      expect(q).toMatchObject({
        lines: 14,
        bulk: 7,
        skipped: 0,
        searches: { read: 7, added: 5, folded: 2, known: 0 },
        problemGroups: [],
      });
      // Nothing was in the store before: no "already in the store".
      expect(importOutcome({ ...q, formats: ['UBI 1.3'] })).toBe(
        'UBI 1.3 · kept 5 searches and 0 events · 2 records of a search logged more than once folded into it (the one with hits kept) · 7 bulk action lines skipped',
      );
      const e = await importFile(store, join(dir, 'ubi_events.ndjson'));
      expect(e).toMatchObject({
        lines: 16,
        bulk: 8,
        skipped: 0,
        events: { read: 8, added: 8, repeated: 0, known: 0, untied: 1 },
        shownByImpressions: 1,
        positions: { base: 'auto', fromZero: 2, applications: ['esci'] },
      });
      expect(importOutcome({ ...e, formats: ['UBI 1.3'] })).toBe(
        'UBI 1.3 · kept 0 searches and 8 events · 8 bulk action lines skipped · positions counted from 0 in 2 searches (ordinal 0 seen; esci), from 1 elsewhere · impressions gave the page of 1 search that listed no hits · 1 event tied to no search in the store',
      );
      // Every click kept, each at its rank counted from 1.
      expect(await clicks(store)).toEqual([
        { search_id: 'c1', docid: 'H', position: 2 },
        { search_id: 'c2', docid: 'I', position: 1 },
        { search_id: 'e1', docid: 'B', position: 2 },
        { search_id: 'e3', docid: 'D', position: 1 },
      ]);
      const pages = await store.duck.all('SELECT search_id, hit_ids, hit_count FROM searches ORDER BY search_id');
      expect(pages).toEqual([
        { search_id: 'c1', hit_ids: ['G', 'H'], hit_count: 2 },
        { search_id: 'c2', hit_ids: ['I', 'J', 'K'], hit_count: 3 },
        { search_id: 'e1', hit_ids: ['A', 'B', 'C'], hit_count: 3 },
        { search_id: 'e2', hit_ids: [], hit_count: 0 },
        { search_id: 'e3', hit_ids: ['D', 'E', 'F'], hit_count: 3 },
      ]);
      await store.refresh();
      const total = await store.total();
      expect(total).toMatchObject({ searches: 5, clicks: 4, zeroResultRate: 0.2, ctrAtK: 0.8, meanClickPosition: 1.5 });
    });
  });

  it('the events file before the queries file gives the same store', async () => {
    await withStore('store-reversed', async (store) => {
      const e = await importFile(store, join(dir, 'ubi_events.ndjson'));
      // No search is in the store yet: every event is tied to none, and no impression has a search to give a page to.
      expect(e).toMatchObject({ events: { added: 8, untied: 8 }, shownByImpressions: 0 });
      const q = await importFile(store, join(dir, 'ubi_queries.ndjson'));
      expect(q).toMatchObject({ searches: { added: 5, folded: 2 }, shownByImpressions: 1 });
      await store.refresh();
      expect(await store.total()).toMatchObject({ searches: 5, clicks: 4, zeroResultRate: 0.2, ctrAtK: 0.8, meanClickPosition: 1.5 });
    });
  });

  it('--positions 1 names ordinal 0 as a bad line by reason; --positions 0 counts every ordinal from 0', async () => {
    await withStore('store-from-1', async (store) => {
      const e = await importFile(store, join(dir, 'ubi_events.ndjson'), undefined, { positions: '1' });
      // The impression of D (line 2) and the click on D (line 10): ordinal 0, refused when the file counts from 1.
      expect(e.skipped).toBe(2);
      expect(e.problemGroups).toEqual([
        {
          field: 'event_attributes.position.ordinal',
          reason: 'must be a whole number from 1 (the first result), got number 0',
          count: 2,
          lines: [{ line: 2 }, { line: 10 }],
        },
      ]);
    });
    await withStore('store-from-0', async (store) => {
      const e = await importFile(store, join(dir, 'ubi_events.ndjson'), undefined, { positions: '0' });
      expect(e.positions).toMatchObject({ base: '0', fromZero: 4 });
      expect((await clicks(store)).map((c) => c.position)).toEqual([3, 2, 2, 1]);
    });
  });

  it('a file holding one event written over several lines is that event', async () => {
    const file = join(dir, 'one-event.json');
    await writeFile(file, `${JSON.stringify(event('esci', 'e1', 'click', 'B', 1), null, 2)}\n`);
    await withStore('store-one', async (store) => {
      const r = await importFile(store, file);
      expect(r).toMatchObject({ skipped: 0, events: { read: 1, added: 1 } });
    });
  });

  it('on the command line: the import says it all, and a click model reads four first pages (one from impressions)', async () => {
    const store = join(dir, 'store-cli');
    const imported = await cli(['traffic', 'import', join(dir, 'ubi_queries.ndjson'), join(dir, 'ubi_events.ndjson'), '--store', store]);
    expect(imported.code, imported.err).toBe(0);
    // Progress only: no reason a line was refused.
    expect(imported.err).not.toMatch(/: \d+ (line|item)s?: /);
    expect(imported.out).toContain('ubi_queries.ndjson: UBI 1.3 · kept 5 searches and 0 events · 2 records of a search logged');
    expect(imported.out).toContain('positions counted from 0 in 2 searches (ordinal 0 seen; esci)');
    const out = join(dir, 'clicks.json');
    const fitted = await cli(['judgments', 'from-traffic', '--store', store, '--model', 'coec', '--format', 'json', '--out', out]);
    expect(fitted.code, fitted.err).toBe(0);
    // e1, e3 (its page from its impressions), c1 and c2; e2 showed nothing.
    expect(JSON.parse(fitted.out)).toMatchObject({ model: 'coec', searches: 4 });
    expect((await cli(['traffic', 'import', join(dir, 'ubi_events.ndjson'), '--store', store, '--positions', '2'])).code).toBe(2);
  });
});

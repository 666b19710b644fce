import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { importFile, TrafficStore } from '../../src/main/services/traffic';
import { clicksByPositionSql, queryItemsSql, worklistSql } from '../../src/shared/traffic';
import { printTable } from './table';

/** Events in the synthetic log (`TRAFFIC_BENCH_EVENTS` to change it); one search for every five. */
export const EVENTS = Number(process.env.TRAFFIC_BENCH_EVENTS ?? 10_000_000);
const SEARCHES = Math.round(EVENTS / 5);
const QUERIES = 50_000;
const DAYS = 7;

/** A fast, seeded stream of numbers for the synthetic log (its content does not matter, its size and spread do). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

export async function writeLines(path: string, count: number, line: (i: number) => string): Promise<void> {
  const out = createWriteStream(path, { highWaterMark: 4 << 20 });
  let chunk = '';
  for (let i = 0; i < count; i++) {
    chunk += line(i);
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk);
  await once(out, 'finish');
}

/** A search's query, 0 … QUERIES − 1, Zipf-like: the same for the search wherever it is asked (its events too). */
const queryIndexOf = (i: number) => Math.floor(QUERIES * ((Math.imul((i + 1) ^ 0x9e3779b9, 0x85ebca6b) >>> 0) / 4294967296) ** 3);

/** The item at a rank of a search: each query's page the same under one configuration, as a real engine's would be. */
const hitOf = (search: number, rank: number) => `SKU-${(queryIndexOf(search) * 7 + (rank - 1) * 13 + (search % 2) * 5) % 20000}`;

/**
 * UBI 1.3 queries and events, written directly (not through the emulator): Zipf-like queries, each query's page fixed
 * per configuration, clicks falling with rank.
 */
export async function writeLog(dir: string): Promise<{ queries: string; events: string }> {
  const random = lcg(7);
  const start = Date.parse('2026-11-01T00:00:00Z');
  const at = (i: number, of: number) => new Date(start + Math.floor((i / of) * DAYS * 86_400_000)).toISOString();
  const queries = join(dir, 'queries.jsonl');
  const events = join(dir, 'events.jsonl');
  await writeLines(queries, SEARCHES, (i) => {
    const hits = Array.from({ length: 10 }, (_, r) => `"${hitOf(i, r + 1)}"`).join(',');
    return `{"query_id":"q${i}","client_id":"u${i % 400_000}","user_query":"query ${queryIndexOf(i)}","timestamp":"${at(i, SEARCHES)}","query_attributes":{"session_id":"s${Math.floor(i / 2)}","configurationId":"${i % 2 ? 'default' : 'new-arrivals'}"},"query_response_hit_ids":[${hits}]}\n`;
  });
  await writeLines(events, EVENTS, (i) => {
    const search = Math.floor(i / 5);
    const rank = 1 + Math.floor(10 * random() ** 2);
    const action = i % 5 < 3 ? 'click' : i % 5 === 3 ? 'add_to_cart' : 'purchase';
    // Each action a second after the one before: no two lines are the same action.
    return `{"action_name":"${action}","query_id":"q${search}","session_id":"s${Math.floor(search / 2)}","timestamp":"${new Date(Date.parse(at(search, SEARCHES)) + (i % 5) * 1000).toISOString()}","event_attributes":{"object":{"object_id":"${hitOf(search, rank)}"${action === 'purchase' ? ',"price":49.9' : ''}},"position":{"ordinal":${rank}}}}\n`;
  });
  return { queries, events };
}

/** The peer: the same report by configuration, streaming the JSON Lines in Node (searches kept in a map to join). */
async function streamingPeer(files: { queries: string; events: string }): Promise<number> {
  const searches = new Map<string, { config: string; clicked: boolean }>();
  for await (const line of createInterface({ input: createReadStream(files.queries), crlfDelay: Infinity })) {
    if (!line) continue;
    const q = JSON.parse(line) as { query_id: string; query_attributes: { configurationId: string } };
    searches.set(q.query_id, { config: q.query_attributes.configurationId, clicked: false });
  }
  for await (const line of createInterface({ input: createReadStream(files.events), crlfDelay: Infinity })) {
    if (!line) continue;
    const e = JSON.parse(line) as { action_name: string; query_id: string; event_attributes: { position?: { ordinal: number } } };
    const s = searches.get(e.query_id);
    if (s && e.action_name === 'click' && (e.event_attributes.position?.ordinal ?? 99) <= 10) s.clicked = true;
  }
  const by = new Map<string, { n: number; clicked: number }>();
  for (const s of searches.values()) {
    const c = by.get(s.config) ?? { n: 0, clicked: 0 };
    c.n++;
    if (s.clicked) c.clicked++;
    by.set(s.config, c);
  }
  return by.size;
}

/**
 * `npm run bench traffic`: a synthetic UBI log of 10 million events imported into the Parquet store, then every traffic
 * view answered on a store opened fresh (nothing cached), beside a plain streaming JSON Lines aggregation in Node as
 * the peer; the process's peak RSS.
 */
export async function benchTraffic(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'wb-bench-traffic-'));
  try {
    const files = await writeLog(dir);
    const bytes = (await stat(files.queries)).size + (await stat(files.events)).size;
    const t0 = performance.now();
    const store = await TrafficStore.open(join(dir, 'store'));
    // As the command line imports: the outcomes table is made by whoever opens the store next (timed below).
    await importFile(store, files.queries, undefined, { outcomes: false });
    await importFile(store, files.events, undefined, { outcomes: false });
    const importMs = performance.now() - t0;
    const size = await store.size();
    store.close();

    const o0 = performance.now();
    const fresh = await TrafficStore.open(join(dir, 'store'));
    const openMs = performance.now() - o0;
    const views: [string, () => Promise<unknown>][] = [
      ['top queries (report by query, all 50,000)', () => fresh.report('query')],
      ['by day', () => fresh.report('day')],
      ['by configuration', () => fresh.report('configuration')],
      [
        'zero-result worklist',
        () => fresh.duck.all(worklistSql('zero-results', {}, 10, 500).text, worklistSql('zero-results', {}, 10, 500).params),
      ],
      ['no-click worklist', () => fresh.duck.all(worklistSql('no-clicks', {}, 10, 500).text, worklistSql('no-clicks', {}, 10, 500).params)],
      [
        "a query's clicks by position",
        () => fresh.duck.all(clicksByPositionSql({}, 'query 0').text, clicksByPositionSql({}, 'query 0').params),
      ],
      ["a query's items", () => fresh.duck.all(queryItemsSql({}, 'query 0').text, queryItemsSql({}, 'query 0').params)],
    ];
    const timed: [string, number][] = [];
    for (const [name, run] of views) {
      const t = performance.now();
      await run();
      timed.push([name, performance.now() - t]);
    }
    fresh.close();
    // Before the peer runs: its map of every search is the peer's memory, not the store's.
    const rssMb = process.resourceUsage().maxRSS / 1024;
    const p0 = performance.now();
    await streamingPeer(files);
    const peerMs = performance.now() - p0;
    const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
    const slowest = Math.max(...timed.map(([, ms]) => ms));
    printTable(
      `Traffic: ${size.events.toLocaleString('en-US')} events and ${size.searches.toLocaleString('en-US')} searches of UBI JSON Lines (${(bytes / 1e9).toFixed(2)} GB) on ${DAYS} days, imported into the Parquet store; each view the first on a freshly opened store`,
      ['step', 'ms', 'goal', 'result'],
      [
        ['import (parse and check every line, dedupe, Parquet by day)', importMs, '≤ 60,000 ms', pass(importMs <= 60_000)],
        ["open the store (each search's outcome made into a table, once a session)", openMs, '—', '—'],
        ...timed.map(([name, ms]) => [name, ms, '≤ 1,000 ms', pass(ms <= 1000)] as (string | number)[]),
        ['peer: one report by configuration, streaming the JSON Lines in Node', peerMs, '—', '—'],
        ['slowest view against the peer (×)', slowest / peerMs, '—', '—'],
        ['peak RSS of the import and the views (MB)', rssMb, '≤ 1,024 MB', pass(rssMb <= 1024)],
      ],
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Simulate a week of shoppers on a workspace that holds the demo week: the new week runs under a seed of its own, so
 * its searches and events are all new — none dropped as a repeat of the demo's, none of its events kept on a demo
 * search that never showed that item (the demo's seed again moved revenue per search from 10.43 to 11.58).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../src/main/core';
import type { ImportView, StoreImport, TrafficOverview } from '../../../src/shared/traffic';
import { call } from '../../helpers/demo-core';

const SHIPPED = join(import.meta.dirname, '../../../examples/workspace/traffic');
let dir: string;
let core: Core;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wb-simulate-demo-'));
  // A new install: Local demo, and the shipped demo week copied into its workspace.
  core = await createCore({ dataDir: dir, transport: 'browser', keychain: false, localDemo: { items: 3000 }, demoTraffic: SHIPPED });
  await core.services.localDemo?.ready;
  await core.services.demoFiles.ready();
});
afterAll(async () => {
  await core?.dispose();
  await rm(dir, { recursive: true, force: true });
});

describe('Simulate a week of shoppers', () => {
  it('on the demo week: a seed the store had not used, every search and event new, the demo week’s figures as they were', async () => {
    const overview = () => call<TrafficOverview>(core, 'traffic:overview', { filter: {}, k: 10 });
    const before = await overview();
    expect(before.searches).toBeGreaterThan(30_000);
    const report = () => call<{ rows: { revenuePerSearch: number }[] }>(core, 'traffic:report', { by: 'day', filter: {}, k: 10 });
    const demoDays = await report();

    const run = await call<ImportView & { sessions: number; searches: number; seed: number }>(core, 'traffic:simulate-demo', {
      sessions: 40,
    });
    // The demo week is seed 1: the next seed whose sessions the store does not hold.
    expect(run.seed).toBe(2);
    const [queries, events] = run.files;
    // Before, the demo's seed again: 40 searches' ids the store held (kept 0) and their events kept on the demo's.
    expect(queries!.searches.known).toBe(0);
    expect(queries!.searches.added).toBe(run.searches);
    expect(events!.events.known).toBe(0);
    expect(events!.events.untied).toBe(0);
    const after = await overview();
    expect(after.searches).toBe(before.searches + run.searches);
    expect(after.events).toBe(before.events + events!.events.added);

    // Run again: seed 3, and again nothing taken for a repeat.
    const again = await call<ImportView & { seed: number; searches: number }>(core, 'traffic:simulate-demo', { sessions: 10 });
    expect(again.seed).toBe(3);
    expect((await overview()).searches).toBe(after.searches + again.searches);

    // Every import is listed — the shipped week's two files (no ledger came with them) and each simulation's two —
    // and each can be taken out again: the store is then the demo week, to the search and the cent.
    const listed = await call<StoreImport[]>(core, 'traffic:imports', {});
    expect(listed).toHaveLength(6);
    expect(listed.slice(0, 2).map((i) => i.file)).toEqual([null, null]);
    expect(listed.slice(2).map((i) => i.file)).toEqual(['queries.jsonl', 'events.jsonl', 'queries.jsonl', 'events.jsonl']);
    expect(listed[2]!.searches).toBe(run.searches);
    expect(listed[3]!.events).toBe(events!.events.added);
    for (const item of listed.slice(2)) await call(core, 'traffic:remove-import', { id: item.id });
    expect(await overview()).toMatchObject({ searches: before.searches, events: before.events });
    expect((await call<StoreImport[]>(core, 'traffic:imports', {})).map((i) => i.id)).toEqual(listed.slice(0, 2).map((i) => i.id));
    expect((await report()).rows).toEqual(demoDays.rows);
    // An id the store does not hold, and one that is not an id, are said.
    await expect(call(core, 'traffic:remove-import', { id: listed[2]!.id })).rejects.toThrow(/holds no import/);
    await expect(call(core, 'traffic:remove-import', { id: '../escape' })).rejects.toThrow(/16 hex digits/);
  });

  it('a worklist saved twice is two sets with two names, each query with the filter it was served with', async () => {
    const queries = [
      { query: 'boots', weight: 3, filter: 'price < 100' },
      { query: 'tent', weight: 1 },
    ];
    const first = await call<{ file: string }>(core, 'traffic:save-query-set', { name: 'Zero-result queries', source: 'traffic', queries });
    const second = await call<{ file: string }>(core, 'traffic:save-query-set', {
      name: 'Zero-result queries',
      source: 'traffic',
      queries,
    });
    expect([first.file, second.file]).toEqual(['zero-result-queries.json', 'zero-result-queries-2.json']);
    const read = async (file: string) =>
      JSON.parse(await readFile(join(dir, 'workspace', 'query-sets', file), 'utf8')) as { name: string; queries: unknown[] };
    expect((await read(first.file)).name).toBe('Zero-result queries');
    expect((await read(second.file)).name).toBe('Zero-result queries (2)');
    expect((await read(second.file)).queries).toEqual(queries);
  });
});

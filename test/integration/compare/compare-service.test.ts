import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BatchListItem, BatchResultView, BatchView } from '../../../src/shared/compare';
import { LOCAL_DEMO_ID } from '../../../src/shared/profiles';
import { call, demoCores } from '../../helpers/demo-core';
import { byTag, parseHtml, words } from '../../helpers/html';

const ctx = { transport: 'browser' as const };
const { start, stop } = demoCores();

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const WORDS = ['jacket', 'hoodie', 'sneaker', 'dress', 'socks', 'backpack', 'sandal', 'fleece', 'tee', 'beanie'];
const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ query: `${['', 'black ', 'women '][Math.floor(i / 10) % 3]}${WORDS[i % 10]}`, line: i + 1 }));
const batch = (n: number, concurrency = 4) => ({
  name: 'default vs bestsellers',
  base: { options: { limit: 10 } },
  sides: {
    a: { label: 'default', profileId: LOCAL_DEMO_ID, overrides: {} },
    b: { label: 'bestsellers', profileId: LOCAL_DEMO_ID, overrides: { configurationId: 'bestsellers' } },
  },
  rows: rows(n),
  concurrency,
});

describe('batch comparisons through the contract', () => {
  it('runs a batch on Local demo, streams progress, and opens, exports and deletes it', async () => {
    const core = await start(await mkdtemp(join(tmpdir(), 'wb-compare-')));
    const events: { id: string; progress: { done: number; status: string } }[] = [];
    core.events.subscribe((name, payload) => name === 'compare:progress' && events.push(payload as (typeof events)[number]));

    const { id } = await call<{ id: string }>(core, 'compare:start', batch(30));
    const view = await until(
      () => call<BatchView>(core, 'compare:get', { id }),
      (v) => v.progress.status === 'done',
    );
    expect(view.progress).toMatchObject({ status: 'done', done: 30, failed: 0, remaining: 0 });
    expect(view.results).toHaveLength(30);
    // Progress came as events, the last one saying done.
    expect(events.at(-1)).toMatchObject({ id, progress: { status: 'done', done: 30 } });
    expect(new Set(events.map((e) => e.progress.done)).size).toBeGreaterThan(1);
    // The token came from the profile; the two sides differ only by configuration.
    expect(view.definition.sides.a.overrides).toMatchObject({ token: expect.stringMatching(/^demo-search-token-/) });

    const jacket = view.results.find((r) => r.query === 'jacket')!;
    expect(jacket.metrics!.rbo).toBeGreaterThanOrEqual(0);
    expect(jacket.metrics!.rbo).toBeLessThan(1);
    const opened = await call<BatchResultView>(core, 'compare:result', { id, index: jacket.index });
    expect(opened.requests.b).toMatchObject({ query: 'jacket', configurationId: 'bestsellers' });
    expect((opened.responses.a as { items: unknown[] }).items).toHaveLength(10);
    expect((opened.responses.b as { metadata: { configurationId: string } }).metadata.configurationId).toBe('bestsellers');

    const csv = await call<{ fileName: string; content: string }>(core, 'compare:export', { id, format: 'csv' });
    expect(csv.fileName).toBe('default-vs-bestsellers.csv');
    expect(csv.content.trim().split(/\r\n/)).toHaveLength(31);
    const html = await call<{ content: string }>(core, 'compare:export', { id, format: 'html' });
    expect(byTag(parseHtml(html.content), 'h1').map(words)).toEqual(['default vs bestsellers']);

    await call(core, 'compare:delete', { id });
    expect(await call<BatchListItem[]>(core, 'compare:list', undefined)).toEqual([]);
  });

  it('rejects what it cannot use, naming the field', async () => {
    const core = await start(await mkdtemp(join(tmpdir(), 'wb-compare-')));
    const invalid = async (channel: string, input: unknown) => {
      const result = await core.router.invoke(channel, input, ctx);
      expect(result.ok).toBe(false);
      return result.ok ? undefined : result.error;
    };
    // Batch ids are main's own: nothing that could name a path gets through.
    expect(await invalid('compare:delete', { id: '../settings' })).toMatchObject({ code: 'validation' });
    expect(await invalid('compare:get', { id: 'no-such-batch' })).toMatchObject({ code: 'not-found' });
    expect(await invalid('compare:start', { ...batch(1), rows: [] })).toMatchObject({
      code: 'validation',
      message: expect.stringContaining('the query list is empty'),
    });
    expect(await invalid('compare:start', { ...batch(1), sides: { ...batch(1).sides, b: { label: ' ', overrides: {} } } })).toMatchObject({
      code: 'validation',
      message: expect.stringContaining('give the side a label'),
    });
    expect(
      await invalid('compare:start', {
        ...batch(1),
        sides: { ...batch(1).sides, a: { label: 'gone', profileId: 'deleted-profile', overrides: {} } },
      }),
    ).toMatchObject({
      code: 'not-found',
      message: 'Side "gone" names a profile that does not exist; pick one of the profiles in the list.',
      details: { field: 'sides.a.profileId' },
    });
  });

  it('a quit mid-run keeps every stored answer, and the next start resumes to the end', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'wb-compare-'));
    const first = await start(dataDir);
    // A slower service, so the quit lands mid-run.
    await fetch(`${first.services.localDemo!.emulator!.url}/__emulator/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ endpoints: ['search'], latencyMs: 60 }),
    });
    const { id } = await call<{ id: string }>(first, 'compare:start', batch(60, 2));
    const partway = await until(
      () => call<BatchView>(first, 'compare:get', { id }),
      (v) => v.progress.done >= 8,
    );
    expect(partway.progress.status).toBe('running');
    await stop(first);
    expect(await readdir(join(dataDir, 'batches', id))).toContain('definition.json');

    const second = await start(dataDir);
    const [listed] = await call<BatchListItem[]>(second, 'compare:list', undefined);
    expect(listed).toMatchObject({ id, name: 'default vs bestsellers' });
    expect(listed!.progress.status).not.toBe('running');
    const kept = listed!.progress.done;
    expect(kept).toBeGreaterThanOrEqual(8);
    expect(kept).toBeLessThan(60);

    await call(second, 'compare:control', { id, action: 'resume' });
    const done = await until(
      () => call<BatchView>(second, 'compare:get', { id }),
      (v) => v.progress.status === 'done',
    );
    expect(done.progress).toMatchObject({ done: 60, failed: 0 });
    expect(new Set(done.results.map((r) => r.index))).toEqual(new Set(Array.from({ length: 60 }, (_, i) => i)));
  });
});

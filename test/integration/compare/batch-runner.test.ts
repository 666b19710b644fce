import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchDefinition, BatchResult } from '../../../src/shared/compare/types';
import { BatchRunner, type BatchRunnerOptions } from '../../../src/main/services/compare/runner';
import { searchSender } from '../../../src/main/services/compare/sender';
import { BatchStore } from '../../../src/main/services/compare/store';
import { HttpClient } from '../../../src/main/services/http/client';
import { SearchClient } from '../../../src/main/services/search/search-client';
import { DEMO_TOKEN, testEmulator } from '../../helpers/emulator';

type Emulator = Awaited<ReturnType<typeof testEmulator>>;
let em: Emulator;
let http: HttpClient;

const WORDS = ['jacket', 'running shoe', 'hoodie', 'sneaker', 'dress', 'socks', 'backpack', 'sandal', 'fleece', 'tee'];
const MODS = ['', 'black', 'women', 'men', 'kids', 'blue', 'waterproof', 'merino'];

function definition(n: number, concurrency = 6): BatchDefinition {
  return {
    id: 'test',
    name: 'default vs bestsellers',
    createdAt: new Date().toISOString(),
    base: { options: { limit: 10 } },
    sides: {
      a: { label: 'default', baseUrl: em.url, overrides: { token: DEMO_TOKEN } },
      b: { label: 'bestsellers', baseUrl: em.url, overrides: { token: DEMO_TOKEN, configurationId: 'bestsellers' } },
    },
    rows: Array.from({ length: n }, (_, i) => ({ query: `${MODS[i % MODS.length]} ${WORDS[i % WORDS.length]}`.trim(), line: i + 1 })),
    concurrency,
  };
}

async function runner(def: BatchDefinition, dir?: string, extra: Partial<BatchRunnerOptions> = {}) {
  const store = await BatchStore.create(dir ?? (await mkdtemp(join(tmpdir(), 'wb-batch-'))), def);
  const r = new BatchRunner({
    definition: def,
    store,
    send: searchSender(new SearchClient(http), (s) => ({ baseUrl: def.sides[s].baseUrl! })),
    retry: { attempts: 4, baseDelayMs: 5, maxDelayMs: 50 },
    flushEvery: { results: 10, ms: 50 },
    ...extra,
  });
  await r.load();
  return { runner: r, store };
}

const comparable = (results: BatchResult[]) =>
  results.map((r) => ({
    index: r.index,
    query: r.query,
    metrics: r.metrics,
    a: r.a.top,
    b: r.b.top,
    countA: r.a.count,
    countB: r.b.count,
  }));

async function faults(body: Record<string, unknown> | null) {
  const reply = body ? await em.post('/__emulator/faults', body) : await em.call('DELETE', '/__emulator/faults');
  expect(reply.status).toBe(200);
}

beforeAll(async () => {
  em = await testEmulator({ items: 3000 });
  http = new HttpClient({ deadlineMs: 5000 });
});
afterAll(async () => {
  await http.close();
  await em.stop();
});

describe('batch runner against the emulator', () => {
  it('compares every query on both sides and stores what it measured', async () => {
    const { runner: r, store } = await runner(definition(40));
    await r.start();
    const results = r.list();
    expect(results).toHaveLength(40);
    for (const result of results) {
      expect(result.metrics, result.query).not.toBeNull();
      expect(result.a.ms).toBeGreaterThan(0);
      expect(result.b.ms).toBeGreaterThan(0);
      expect(result.a.top.length).toBeLessThanOrEqual(10);
    }
    // Two configurations rank differently somewhere.
    expect(results.some((x) => x.metrics!.rbo < 1)).toBe(true);
    expect(r.progress()).toMatchObject({ status: 'done', done: 40, remaining: 0, failed: 0 });
    // What is on disk is what was measured, answers included.
    const reread = new BatchStore(store.dir);
    expect(comparable([...(await reread.load()).values()].sort((x, y) => x.index - y.index))).toEqual(comparable(results));
    const record = await reread.responses(7);
    expect((record?.responses.a as { items: unknown[] }).items.length).toBeGreaterThan(0);
  });

  it('with errors, 429s and resets injected, every query ends with a result or a recorded error, retried within bounds', async () => {
    const clean = await runner(definition(60));
    await clean.runner.start();
    const statsBefore = (await em.get('/__emulator/stats')).body.requests.search ?? 0;
    await faults({ endpoints: ['search'], errorRate: 0.2, errorStatus: 503, burst429: 25, retryAfterSeconds: 0, resetRate: 0.1, seed: 7 });
    try {
      const { runner: r } = await runner(definition(60));
      await r.start();
      const results = r.list();
      expect(results).toHaveLength(60);
      for (const result of results) {
        for (const side of [result.a, result.b]) {
          expect(side.attempts).toBeGreaterThanOrEqual(1);
          expect(side.attempts).toBeLessThanOrEqual(4);
          if (!side.ok) {
            expect(side.attempts).toBe(4);
            expect(side.error?.message).toBeTruthy();
          }
        }
        if (result.a.ok && result.b.ok) expect(result.metrics).not.toBeNull();
        else expect(result.metrics).toBeNull();
      }
      const retried = results.flatMap((x) => [x.a, x.b]).filter((s) => s.attempts > 1).length;
      expect(retried).toBeGreaterThan(10);
      const requests = (await em.get('/__emulator/stats')).body.requests.search - statsBefore;
      expect(requests).toBeLessThanOrEqual(60 * 2 * 4);
      // Faults never change the answers that got through.
      const cleanByIndex = new Map(comparable(clean.runner.list()).map((x) => [x.index, x]));
      for (const x of comparable(results.filter((y) => y.metrics))) expect(x).toEqual(cleanByIndex.get(x.index));
    } finally {
      await faults(null);
    }
  });

  it('pauses, resumes, cancels; a new runner on the same store finishes the rest; rerun-failed redoes only failures', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wb-batch-'));
    // Pause and cancel are triggered by results arriving (a gate), never by elapsed time.
    let seen = 0;
    let gate: { at: number; act: () => void } | null = null;
    const def = definition(50, 4);
    const { runner: r } = await runner(def, dir, {
      onResult: () => {
        seen += 1;
        if (gate && seen === gate.at) gate.act();
      },
    });
    gate = { at: 5, act: () => void r.pause() };
    await r.start();
    const paused = r.progress();
    expect(paused.status).toBe('paused');
    expect(paused.done).toBeGreaterThanOrEqual(5);
    // Pausing lets the requests in flight finish: 2 × 4 request slots, each possibly the last side of a different query.
    expect(paused.done).toBeLessThanOrEqual(5 + 2 * 4);
    expect(paused.inFlight).toBe(0);

    gate = { at: seen + 5, act: () => void r.cancel() };
    await r.start();
    const cancelled = r.progress();
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.done).toBeGreaterThanOrEqual(paused.done + 5);
    expect(cancelled.done).toBeLessThan(50);

    // A fresh runner (as after a restart) picks up the stored results and runs only the rest.
    const again = new BatchRunner({
      definition: def,
      store: new BatchStore(dir),
      send: searchSender(new SearchClient(http), (s) => ({ baseUrl: def.sides[s].baseUrl! })),
    });
    await again.load();
    expect(again.progress().done).toBe(cancelled.done);
    const before = (await em.get('/__emulator/stats')).body.requests.search;
    await again.start();
    expect(again.progress()).toMatchObject({ status: 'done', done: 50 });
    expect((await em.get('/__emulator/stats')).body.requests.search - before).toBe((50 - cancelled.done) * 2);

    // Break side B for a moment: its queries fail; rerun-failed asks again for those only.
    await faults({ endpoints: ['search'], errorRate: 1, errorStatus: 400 });
    try {
      const broken = await runner(definition(6, 2));
      await broken.runner.start();
      expect(broken.runner.progress().failed).toBe(6);
      await faults(null);
      await broken.runner.rerunFailed();
      expect(broken.runner.progress()).toMatchObject({ done: 6, failed: 0 });
    } finally {
      await faults(null);
    }
  });

  it('waits a Retry-After within the per-request timeout, and fails at once with "rate limited" when it is longer', async () => {
    await faults({ endpoints: ['search'], burst429: 2, retryAfterSeconds: 1 });
    const slept: number[] = [];
    const sleep = async (ms: number) => void slept.push(ms);
    try {
      const short = await runner(definition(1, 1), undefined, { deadlineMs: 5000, sleep });
      await short.runner.start();
      const [result] = short.runner.list();
      expect(result!.a.ok && result!.b.ok).toBe(true);
      expect(slept.filter((ms) => ms === 1000).length).toBe(2);
    } finally {
      await faults(null);
    }
    await faults({ endpoints: ['search'], burst429: 2, retryAfterSeconds: 60 });
    slept.length = 0;
    try {
      const long = await runner(definition(1, 1), undefined, { deadlineMs: 5000, sleep });
      await long.runner.start();
      const [result] = long.runner.list();
      const failed = [result!.a, result!.b].filter((x) => !x.ok);
      expect(failed.length).toBeGreaterThan(0);
      for (const side of failed) {
        expect(side.attempts).toBe(1);
        expect(side.error).toMatchObject({ code: 'rate-limited' });
        expect(side.error!.message).toMatch(
          /^rate limited: the service asks to retry after 60 s, longer than the per-request timeout of 5 s/,
        );
      }
      expect(slept.some((ms) => ms >= 60_000)).toBe(false);
    } finally {
      await faults(null);
    }
  });

  it('auto pace: against a rate-limited service every query still ends answered, and progress says the pace', async () => {
    expect((await em.post('/__emulator/rate-limit', { perSecond: 40 })).status).toBe(200);
    try {
      const paces: number[] = [];
      const { runner: r } = await runner({ ...definition(30, 8), pace: 'auto' }, undefined, {
        onProgress: (p) => p.pace && paces.push(p.pace.requestsPerSecond),
      });
      await r.start();
      expect(r.progress()).toMatchObject({ status: 'done', done: 30, failed: 0, pace: { requestsPerSecond: expect.any(Number) } });
      expect(r.list().every((x) => x.a.ok && x.b.ok)).toBe(true);
      expect(paces.length).toBeGreaterThan(0);
      // Fixed pace carries no pace in its progress.
      const { runner: fixed } = await runner(definition(2, 1));
      expect(fixed.progress().pace).toBeUndefined();
    } finally {
      await em.post('/__emulator/rate-limit', { perSecond: null });
    }
  });
});

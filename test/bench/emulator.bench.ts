import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { Agent, request } from 'undici';
import { Random } from '../../src/main/emulator/catalog/random';
import { shopperQueries } from '../../src/main/emulator/engine/usage-log';
import { percentile, printTable } from './table';

export const CLI = resolve(import.meta.dirname, '../../out/cli/index.js');
const TOKEN = 'demo-search-token-0001';

interface Child {
  url: string;
  pid: number;
  startupMs: number;
  stop(): Promise<void>;
}

/** Whether processes can be pinned to a CPU here (Linux with taskset and at least two CPUs). */
export const canPin = process.platform === 'linux' && availableParallelism() >= 2 && spawnSync('taskset', ['--version']).status === 0;

/** Pins this process to one CPU, so a pinned emulator has the other to itself, as a remote service would. */
export function pinSelf(cpu: number): boolean {
  return canPin && spawnSync('taskset', ['-acp', String(cpu), String(process.pid)], { stdio: 'ignore' }).status === 0;
}

/** The built CLI's emulator in its own process, as users run it; resolves when it prints its URL. */
export function spawnEmulator(items: number, options: { cpu?: number } = {}): Promise<Child> {
  const started = performance.now();
  return new Promise((resolvePromise, reject) => {
    const args = [CLI, 'emulator', '--items', String(items)];
    const pinned = options.cpu !== undefined && canPin;
    const child: ChildProcess = spawn(
      pinned ? 'taskset' : process.execPath,
      pinned ? ['-c', String(options.cpu), process.execPath, ...args] : args,
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let err = '';
    child.stderr!.on('data', (c: Buffer) => (err = (err + c.toString()).slice(-4000)));
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /listening on (\S+)/.exec(out);
      if (m) {
        child.stdout!.removeAllListeners('data');
        child.stdout!.resume();
        resolvePromise({
          url: m[1] as string,
          pid: child.pid as number,
          startupMs: performance.now() - started,
          stop: () => new Promise((r) => (child.once('exit', () => r()), child.kill('SIGTERM'))),
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`emulator exited (${code}): ${out}${err}`)));
  });
}

type Kind = 'text' | 'browse' | 'filter' | 'facets' | 'sort' | 'mask';

const CONFIGURATIONS = ['default', 'new-arrivals', 'bestsellers'];

/**
 * A realistic mix no cache can answer: free text is 60% of it, every text a
 * (query, configuration) pair never asked before in the run, and the
 * requests without text carry a filter bound that changes every time.
 * Filters, facets, sorting and masks ride on distinct texts as well.
 */
function uncachedMix(n: number, seed = 7): { kind: Kind; body: Record<string, unknown> }[] {
  const rng = new Random(seed);
  const pairs = shopperQueries(42).flatMap((q) => CONFIGURATIONS.map((configurationId) => ({ query: q.query, configurationId })));
  const texts = rng.sample(pairs, Math.min(pairs.length, n));
  let next = 0;
  const text = () => texts[next++ % texts.length] as { query: string; configurationId: string };
  const kinds: [Kind, number][] = [
    ['text', 60],
    ['browse', 8],
    ['filter', 10],
    ['facets', 10],
    ['sort', 6],
    ['mask', 6],
  ];
  return Array.from({ length: n }, (_, i) => {
    const kind = rng.weighted(kinds);
    const bound = 40 + ((i * 7) % 400);
    switch (kind) {
      case 'text':
        return { kind, body: { token: TOKEN, ...text() } };
      case 'browse':
        return { kind, body: { token: TOKEN, options: { filter: `price < ${bound}.5` } } };
      case 'filter':
        return {
          kind,
          body: {
            token: TOKEN,
            ...text(),
            options: {
              filter: rng.pick([
                `price < ${bound}`,
                `rating >= 4 AND stock > ${bound % 50}`,
                `(colour = Black OR colour = Navy) AND price < ${bound}`,
                `created > 2026-0${1 + (i % 9)}-01`,
              ]),
            },
          },
        };
      case 'facets':
        return {
          kind,
          body: {
            token: TOKEN,
            ...text(),
            options: {
              facets: [
                { id: 'brand', values: rng.sample(['Korvo', 'Halden', 'Tessel', 'Arc Peak', 'Northvale'], 2) },
                { id: 'size', values: ['M', '42'] },
              ],
            },
          },
        };
      case 'sort':
        return {
          kind,
          body: {
            token: TOKEN,
            ...text(),
            options: { sortBy: [{ attribute: rng.pick(['price', 'rating', 'created']), order: rng.pick(['asc', 'desc']) }] },
          },
        };
      case 'mask':
        return {
          kind,
          body: { token: TOKEN, ...text(), options: { customResponseMask: 'id, product(title, price, imageUrl)', limit: 24 } },
        };
    }
  });
}

async function latencies(url: string, mix: ReturnType<typeof uncachedMix>) {
  const agent = new Agent({ connections: 1, keepAliveTimeout: 30_000 });
  const byKind = new Map<string, number[]>();
  const server: number[] = [];
  const all: number[] = [];
  for (const { kind, body } of mix) {
    const t0 = performance.now();
    const res = await request(`${url}/search`, {
      method: 'POST',
      dispatcher: agent,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.body.json()) as { metadata?: { time: number } };
    const ms = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`search failed with ${res.statusCode}: ${JSON.stringify(json)}`);
    all.push(ms);
    server.push(json.metadata?.time ?? Number.NaN);
    if (!byKind.has(kind)) byKind.set(kind, []);
    byKind.get(kind)!.push(ms);
  }
  await agent.close();
  return { all, server, byKind };
}

async function throughput(url: string, body: unknown, path = '/search', method: 'POST' | 'GET' = 'POST'): Promise<number> {
  const result = await autocannon({
    url: `${url}${path}`,
    method,
    connections: 16,
    duration: 5,
    headers: { 'content-type': 'application/json' },
    ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
  });
  if (result.non2xx > 0) throw new Error(`${result.non2xx} non-2xx answers during the load run`);
  return result.requests.average;
}

const stats = (xs: number[]) => {
  const s = [...xs].filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  return [percentile(s, 50), percentile(s, 95), percentile(s, 99)];
};

/** Resident and peak resident memory of a process, in MB (Linux /proc; NaN elsewhere). */
export function memoryMb(pid: number): { rss: number; peak: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return { rss: NaN, peak: NaN };
  }
}

const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

/** Goals by catalog size: p50 of the uncached mix, start-up and peak memory (the targets). */
const GOALS: Record<number, { p50?: number; startupMs?: number; peakMb?: number }> = {
  2_000: {},
  20_000: { p50: 5 },
  200_000: { p50: 20, startupMs: 3000, peakMb: 600 },
};

/** Search latency with an uncached mix at 2,000, 20,000 and 200,000 items, start-up, memory, and load-generator throughput. */
export async function benchEmulator(): Promise<void> {
  const rows: (string | number)[][] = [];
  const load: (string | number)[][] = [];
  const resources: (string | number)[][] = [];
  for (const items of [2_000, 20_000, 200_000]) {
    const goal = GOALS[items] ?? {};
    const label = `${items.toLocaleString('en-US')} items`;
    const startups: number[] = [];
    for (let i = 0; i < 2; i++) {
      const c = await spawnEmulator(items);
      startups.push(c.startupMs);
      await c.stop();
    }
    const child = await spawnEmulator(items);
    const atStart = memoryMb(child.pid);
    await latencies(child.url, uncachedMix(300, 99)); // warm-up: JIT, with texts the measured mix never repeats
    const { all, server, byKind } = await latencies(child.url, uncachedMix(2_000));
    const [p50, p95, p99] = stats(all) as [number, number, number];
    rows.push([
      label,
      'uncached mix, all requests (over HTTP)',
      all.length,
      p50,
      p95,
      p99,
      goal.p50 ? `p50 ≤ ${goal.p50}` : '—',
      goal.p50 ? pass(p50 <= goal.p50) : '—',
    ]);
    rows.push([label, '  server time only', server.length, ...stats(server), '—', '—']);
    for (const [kind, xs] of [...byKind].sort()) rows.push([label, `  ${kind}`, xs.length, ...stats(xs), '—', '—']);
    const rps = await throughput(child.url, {
      token: TOKEN,
      query: 'running shoe',
      options: { facets: [{ id: 'brand', values: ['Korvo'] }] },
    });
    const browse = await throughput(child.url, { token: TOKEN, options: { filter: 'price < 100' } });
    const ceiling = await throughput(child.url, undefined, '/__emulator/stats', 'GET');
    load.push([label, 'search: text + facet (one query, cached after the first)', Math.round(rps)]);
    load.push([label, 'search: browse + filter', Math.round(browse)]);
    load.push([label, 'peer: trivial JSON endpoint (HTTP ceiling)', Math.round(ceiling)]);
    const afterLoad = memoryMb(child.pid);
    await child.stop();
    startups.sort((a, b) => a - b);
    const startup = startups[0] as number;
    resources.push([
      label,
      'start-up to listening (best of 2)',
      Math.round(startup),
      'ms',
      goal.startupMs ? `≤ ${goal.startupMs.toLocaleString('en-US')}` : '—',
      goal.startupMs ? pass(startup <= goal.startupMs) : '—',
    ]);
    resources.push([label, 'resident memory at start', Math.round(atStart.rss), 'MB', '—', '—']);
    resources.push([
      label,
      'peak resident memory (after the mix and load)',
      Math.round(afterLoad.peak),
      'MB',
      goal.peakMb ? `≤ ${goal.peakMb}` : '—',
      goal.peakMb ? pass(afterLoad.peak <= goal.peakMb) : '—',
    ]);
  }
  // The largest catalog first: its uncached figure is the one that matters.
  rows.sort((a, b) => Number(String(b[0]).replace(/\D/g, '')) - Number(String(a[0]).replace(/\D/g, '')));
  printTable(
    'Emulator: search latency over HTTP, keep-alive, one connection, an uncached mix (every text new to the run) (ms)',
    ['catalog', 'requests', 'n', 'p50', 'p95', 'p99', 'goal', 'result'],
    rows,
  );
  printTable(
    'Emulator: start-up and memory of `node out/cli/index.js emulator`',
    ['catalog', 'measure', 'value', 'unit', 'goal', 'result'],
    resources,
  );
  printTable('Emulator: throughput with autocannon (16 connections, 5 s)', ['catalog', 'workload', 'requests/s'], load);
}

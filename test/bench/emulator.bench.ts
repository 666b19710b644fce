import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { Agent, request } from 'undici';
import { Random } from '../../src/main/emulator/catalog/random';
import { shopperQueries } from '../../src/main/emulator/engine/usage-log';
import { percentile, printTable } from './table';

const CLI = resolve(import.meta.dirname, '../../out/cli/index.js');
const TOKEN = 'demo-search-token-0001';

interface Child {
  url: string;
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
          startupMs: performance.now() - started,
          stop: () => new Promise((r) => (child.once('exit', () => r()), child.kill('SIGTERM'))),
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`emulator exited (${code}): ${out}${err}`)));
  });
}

type Kind = 'browse' | 'text' | 'filter' | 'facets' | 'sort' | 'mask';

/** A realistic request mix: free-text queries drawn by popularity, browsing, filters, facets, sorting, masks. */
function requestMix(n: number, seed = 7): { kind: Kind; body: Record<string, unknown> }[] {
  const rng = new Random(seed);
  const queries = shopperQueries(42).sort((a, b) => b.weight - a.weight);
  const weighted = queries.map((q) => [q.query, q.weight] as const);
  const kinds: [Kind, number][] = [
    ['text', 40],
    ['browse', 10],
    ['filter', 15],
    ['facets', 15],
    ['sort', 10],
    ['mask', 10],
  ];
  return Array.from({ length: n }, () => {
    const kind = rng.weighted(kinds);
    const query = rng.weighted(weighted);
    switch (kind) {
      case 'text':
        return { kind, body: { token: TOKEN, query } };
      case 'browse':
        return { kind, body: { token: TOKEN } };
      case 'filter':
        return {
          kind,
          body: {
            token: TOKEN,
            query: rng.chance(0.5) ? query : '',
            options: {
              filter: rng.pick([
                'price < 100',
                'rating >= 4 AND stock > 0',
                '(colour = Black OR colour = Navy) AND price < 150',
                'created > 2026-06-01',
              ]),
            },
          },
        };
      case 'facets':
        return {
          kind,
          body: {
            token: TOKEN,
            query: rng.chance(0.5) ? query : '',
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
            query,
            options: { sortBy: [{ attribute: rng.pick(['price', 'rating', 'created']), order: rng.pick(['asc', 'desc']) }] },
          },
        };
      case 'mask':
        return { kind, body: { token: TOKEN, query, options: { customResponseMask: 'id, product(title, price, imageUrl)', limit: 24 } } };
    }
  });
}

async function latencies(url: string, mix: ReturnType<typeof requestMix>) {
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

/** Search latency at 20,000 and 200,000 items, start-up time, and requests per second from a load generator. */
export async function benchEmulator(): Promise<void> {
  const rows: (string | number)[][] = [];
  const load: (string | number)[][] = [];
  const startups: number[] = [];
  for (let i = 0; i < 3; i++) {
    const c = await spawnEmulator(20_000);
    startups.push(c.startupMs);
    await c.stop();
  }
  for (const items of [20_000, 200_000]) {
    const child = await spawnEmulator(items);
    const mix = requestMix(2_000);
    await latencies(child.url, requestMix(200, 99)); // warm-up: JIT, not the measured queries' cache
    const { all, server, byKind } = await latencies(child.url, mix);
    const label = items.toLocaleString('en-US');
    rows.push([`${label} items`, 'mix (all requests)', all.length, ...stats(all)]);
    rows.push([`${label} items`, 'mix, server time only', server.length, ...stats(server)]);
    for (const [kind, xs] of [...byKind].sort()) rows.push([`${label} items`, kind, xs.length, ...stats(xs)]);
    // The mix never uses the bestsellers configuration, so these real queries all miss the text cache.
    const cold = await latencies(
      child.url,
      shopperQueries(42)
        .slice(0, 150)
        .map((q) => ({ kind: 'text' as Kind, body: { token: TOKEN, query: q.query, configurationId: 'bestsellers' } })),
    );
    rows.push([`${label} items`, 'free text, uncached', cold.all.length, ...stats(cold.all)]);
    const rps = await throughput(child.url, {
      token: TOKEN,
      query: 'running shoe',
      options: { facets: [{ id: 'brand', values: ['Korvo'] }] },
    });
    const browse = await throughput(child.url, { token: TOKEN, options: { filter: 'price < 100' } });
    const ceiling = await throughput(child.url, undefined, '/__emulator/stats', 'GET');
    load.push([`${label} items`, 'search: text + facet', Math.round(rps)]);
    load.push([`${label} items`, 'search: browse + filter', Math.round(browse)]);
    load.push([`${label} items`, 'peer: trivial JSON endpoint (HTTP ceiling)', Math.round(ceiling)]);
    await child.stop();
  }
  startups.sort((a, b) => a - b);
  printTable(
    'Emulator: search latency over HTTP, keep-alive, one connection (ms)',
    ['catalog', 'requests', 'n', 'p50', 'p95', 'p99'],
    rows,
  );
  printTable('Emulator: throughput with autocannon (16 connections, 5 s)', ['catalog', 'workload', 'requests/s'], load);
  printTable(
    'Emulator: start-up of `node out/cli/index.js emulator` (20,000 items, 3 runs)',
    ['run', 'ms'],
    startups.map((ms, i) => [i === 1 ? 'median' : i === 0 ? 'fastest' : 'slowest', Math.round(ms)]),
  );
}

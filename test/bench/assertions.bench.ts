import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { matchGlob } from '../../src/shared/assertions/glob';
import type { Assertion } from '../../src/shared/request/expect';
import type { SearchResponse } from '../../src/shared/request/types';
import { shopperQueries } from '../../src/main/emulator/engine/usage-log';
import { caseSender } from '../../src/main/services/assertions/runner';
import { runSuite } from '../../src/main/services/assertions/suite-run';
import { HttpClient } from '../../src/main/services/http/client';
import { SearchClient } from '../../src/main/services/search/search-client';
import { spawnEmulator } from './emulator.bench';
import { printTable } from './table';

const TOKEN = 'demo-search-token-0001';
const REQUESTS = 200;
const CONCURRENCY = 8;

/** Runs `n` jobs with at most `limit` at once. */
async function pool(n: number, limit: number, job: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < n) await job(next++);
    }),
  );
}

/** Five assertions on a query's answer, of five kinds, built from what a first look at it returned. */
function fiveFor(answer: SearchResponse): Assertion[] {
  const items = (answer.items ?? []).filter((i) => !i.redirect);
  const top = items[0]?.id ?? 'SKU-100000';
  const category = String(items[0]?.product?.category ?? 'Jackets').replace(/'/g, "\\'");
  return [
    { type: 'inTop', id: top, k: 10 },
    { type: 'notInTop', id: 'SKU-999999', k: 10 },
    { type: 'matchInTop', filter: `category = '${category}' OR stock > 0`, k: 10, atLeast: 1 },
    { type: 'noneInTop', filter: 'price < 0', k: 10 },
    { type: 'count', min: 0 },
  ];
}

function worstGlob(): { pattern: string; url: string } {
  // Stars between pieces that almost match everywhere: the shape that makes a backtracking matcher explode.
  const pattern = `${'*a'.repeat(4999)}*b`;
  return { pattern, url: `${'a'.repeat(9999)}c` };
}

/** A regular expression built from the glob, as a naive matcher would: the peer for the glob row. */
function regexFromGlob(glob: string): RegExp {
  return new RegExp(
    `^${glob
      .split('*')
      .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
}

export async function benchAssertions(): Promise<void> {
  const emulator = await spawnEmulator(20_000);
  const dir = await mkdtemp(join(tmpdir(), 'wb-bench-suite-'));
  const http = new HttpClient({ connectionsPerOrigin: CONCURRENCY * 2 });
  try {
    const client = new SearchClient(http);
    const queries = [...new Set(shopperQueries(42).map((q) => q.query))].slice(0, REQUESTS);
    // The peer: the same 200 requests sent plainly at the same concurrency, nothing checked.
    const answers: SearchResponse[] = new Array(queries.length);
    const t0 = performance.now();
    await pool(queries.length, CONCURRENCY, async (i) => {
      const outcome = await client.run(
        emulator.url,
        'search',
        { token: TOKEN, query: queries[i]!, options: { limit: 24 } },
        { lean: true },
      );
      answers[i] = outcome.response;
    });
    const plainMs = performance.now() - t0;

    // The suite: half request files, half one query set, five assertions each: 1,000 in all.
    const half = REQUESTS / 2;
    await mkdir(join(dir, 'requests'), { recursive: true });
    for (let i = 0; i < half; i++)
      await writeFile(
        join(dir, 'requests', `r${i}.json`),
        JSON.stringify({
          format: 'search-workbench-request',
          version: 1,
          name: queries[i],
          savedAt: '2026-11-01T00:00:00Z',
          kind: 'search',
          request: { token: TOKEN, query: queries[i], options: { limit: 24 } },
          expect: fiveFor(answers[i]!),
        }),
      );
    await writeFile(
      join(dir, 'queries.json'),
      JSON.stringify({
        format: 'search-workbench-query-set',
        version: 1,
        name: 'bench',
        createdAt: 'x',
        updatedAt: 'x',
        queries: queries.slice(half).map((query, j) => ({ query, expect: fiveFor(answers[half + j]!) })),
      }),
    );
    const { run, checkMs } = await runSuite({
      paths: ['.'],
      root: dir,
      target: { baseUrl: emulator.url, token: TOKEN },
      send: caseSender(client, emulator.url),
      concurrency: CONCURRENCY,
    });
    const wallMs = run.seconds * 1000;
    const share = checkMs / wallMs;
    const s = run.summary;

    const { pattern, url } = worstGlob();
    let globMs = Infinity;
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      matchGlob(pattern, url);
      globMs = Math.min(globMs, performance.now() - t);
    }
    // The peer on a far smaller input: 6 stars against 41 characters already takes a regular expression this long.
    const small = `${'*a'.repeat(6)}*b`;
    const t1 = performance.now();
    regexFromGlob(small).test(`${'a'.repeat(40)}c`);
    const regexMs = performance.now() - t1;

    const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
    printTable(
      `Regression suite: ${s.requests} requests, ${s.assertions} assertions against the emulator (20,000 items), ${CONCURRENCY} at a time`,
      ['what', 'wall ms', 'assertions ms', 'share', 'goal', 'result'],
      [
        ['the same requests, nothing checked (peer)', plainMs, '—', '—', '—', '—'],
        [
          `search-workbench test (${s.passed} passed, ${s.failed} failed, ${s.errors} errors)`,
          wallMs,
          checkMs,
          `${(share * 100).toFixed(2)}%`,
          'assertions ≤ 5% of wall',
          pass(share <= 0.05 && s.errors === 0),
        ],
      ],
    );
    printTable(
      'Glob matching: a 10,000-character pattern against a 10,000-character URL',
      ['matcher', 'input', 'ms', 'goal', 'result'],
      [
        ['matchGlob (no regular expression)', '10,000 × 10,000', globMs, '< 10 ms', pass(globMs < 10)],
        ['a RegExp built from the glob (peer)', `${small.length} × 41`, regexMs, '—', '—'],
      ],
    );
  } finally {
    await http.close();
    await emulator.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

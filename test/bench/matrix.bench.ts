import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { shopperQueries } from '../../src/main/emulator/engine/usage-log';
import { sendFailure } from '../../src/main/services/pacing/paced-retry';
import { HttpClient } from '../../src/main/services/http/client';
import { cellRequest, runMatrix } from '../../src/main/services/matrix/runner';
import { SearchClient } from '../../src/main/services/search/search-client';
import { buildCells, type MatrixAxis } from '../../src/shared/matrix/grid';
import { spawnEmulator } from './emulator.bench';
import { onCompareMode } from './renderer.bench';
import { median, percentile, printTable } from './table';

const TOKEN = 'demo-search-token-0001';
const QUERIES = 20;
const CONCURRENCY = 8;
const ROUNDS = 9;
const AXES: MatrixAxis[] = [
  { name: 'segment', values: [null, 'premium', 'outlet'] },
  { name: 'weather', values: ['sun', 'rain', 'snow'] },
];
const CONFIGURATIONS = ['default', 'bestsellers'];
const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

/** Queries no earlier round asked (the emulator caches a configuration's text matches: every run here is uncached). */
function freshQueries(): () => string[] {
  const all = [...new Set(shopperQueries(42).map((q) => q.query))];
  let next = 0;
  return () => {
    if (next + QUERIES > all.length) throw new Error('the bench ran out of distinct shopper queries');
    next += QUERIES;
    return all.slice(next - QUERIES, next);
  };
}

/**
 * `npm run bench matrix`: a 3×3×2 context matrix over 20 queries (360 requests). Its overhead beyond the service's
 * time: each round sends the same requests plainly at the same concurrency (the peer) and as `runMatrix` (cells,
 * pacing, retries, the measures), each against its own emulator that has never seen the queries, swapping every
 * round. Then the same grid in the app (browser mode, Chromium): the last answer's event to the grid on screen.
 */
export async function benchMatrix(): Promise<void> {
  const emulators = [await spawnEmulator(20_000), await spawnEmulator(20_000)] as const;
  const http = new HttpClient({ connectionsPerOrigin: CONCURRENCY * 2 });
  const client = new SearchClient(http);
  const spec = { axes: AXES, configurations: CONFIGURATIONS };
  const cells = buildCells(spec);
  try {
    const next = freshQueries();
    const base = { token: TOKEN, options: { offset: 0, limit: 10 } };
    const plain = async (url: string, queries: string[]) => {
      const jobs = queries.flatMap((query) => cells.map((cell) => cellRequest(base, cell, query)));
      let i = 0;
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (i < jobs.length) await client.run(url, 'search', jobs[i++]!, { lean: true });
        }),
      );
      return performance.now() - t0;
    };
    const matrix = async (url: string, queries: string[]) => {
      const t0 = performance.now();
      const run = await runMatrix({
        queries,
        ...spec,
        cells,
        baseline: cells[0]!.key,
        k: 10,
        base,
        concurrency: CONCURRENCY,
        send: async (request, _cell, signal) => {
          try {
            const outcome = await client.run(url, 'search', request, { signal, lean: true });
            return { ok: true, response: outcome.response, status: outcome.exchange.status ?? 200 };
          } catch (err) {
            return sendFailure(err);
          }
        },
      });
      if (run.failed) throw new Error(`${run.failed} matrix requests failed`);
      return { ms: performance.now() - t0, requests: run.requests };
    };
    // Warm-up (JIT on every end), on queries the measured rounds never ask.
    const warm = next();
    await matrix(emulators[0].url, warm);
    await plain(emulators[1].url, warm);
    const peerMs: number[] = [];
    const oursMs: number[] = [];
    let requests = 0;
    for (let r = 0; r < ROUNDS; r++) {
      const queries = next();
      const [forPeer, forOurs] = r % 2 === 0 ? [emulators[0], emulators[1]] : [emulators[1], emulators[0]];
      if (r % 2 === 0) {
        peerMs.push(await plain(forPeer.url, queries));
        const m = await matrix(forOurs.url, queries);
        oursMs.push(m.ms);
        requests = m.requests;
      } else {
        const m = await matrix(forOurs.url, queries);
        oursMs.push(m.ms);
        peerMs.push(await plain(forPeer.url, queries));
      }
    }
    const overheads = oursMs.map((ms, i) => (ms - peerMs[i]!) / peerMs[i]!);
    const overhead = median(overheads);
    const painted = await gridInTheApp();
    printTable(
      `Context matrix: 3×3×2 cells × ${QUERIES} queries = ${requests} requests against the emulator (20,000 items), ${CONCURRENCY} in flight, median of ${ROUNDS} rounds, each on queries no emulator had seen`,
      ['measure', 'value', 'goal', 'result'],
      [
        ['peer: the same requests sent plainly (ms)', median(peerMs), '—', '—'],
        ['the matrix: cells, pacing, retries, measures (ms)', median(oursMs), '—', '—'],
        [
          `client overhead beyond the service's time (rounds ${overheads.map((o) => `${(o * 100).toFixed(0)}%`).join(', ')})`,
          `${(overhead * 100).toFixed(1)}%`,
          '≤ 10%',
          pass(overhead <= 0.1),
        ],
        [
          `app: last answer → grid on screen, p50 of ${painted.length} runs (ms)`,
          percentile(painted, 50),
          '≤ 100',
          pass(percentile(painted, 50) <= 100),
        ],
        ['app: last answer → grid on screen, slowest run (ms)', painted.at(-1)!, '—', '—'],
      ],
    );
  } finally {
    await http.close();
    await Promise.all(emulators.map((e) => e.stop()));
  }
}

/** The same grid in the app, 3 runs: from the event that carries the last answer to the frame that shows the finished grid. */
async function gridInTheApp(): Promise<number[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'wb-bench-matrix-'));
  try {
    return await onCompareMode(dataDir, 'Context matrix', async (page) => {
      const form = page.getByRole('form', { name: 'Context matrix' });
      await form.getByLabel('Axis 2 values').fill('sun, rain, snow');
      await form.getByLabel('Configurations').fill('default, bestsellers');
      const all = [...new Set(shopperQueries(7).map((q) => q.query))];
      const out: number[] = [];
      for (let run = 0; run < 3; run++) {
        await form.getByLabel('Queries, one per line').fill(all.slice(run * QUERIES, (run + 1) * QUERIES).join('\n'));
        await page
          .getByTestId('matrix-budget')
          .filter({ hasText: `= ${18 * QUERIES} requests` })
          .waitFor();
        // In the page: the time the last answer's event arrives, then each frame until the grid shows the run finished.
        await page.evaluate(`(() => {
        window.__grid = new Promise((done) => {
          let last;
          const off = window.workbench.onMatrixProgress((p) => { if (p.done === p.total) last = performance.now(); });
          const tick = () => {
            const bar = document.querySelector('.matrix-grid__bar');
            const finished = last !== undefined && bar && bar.textContent.includes('· ${18 * QUERIES} requests') && !document.querySelector('[role="progressbar"][aria-label="Matrix progress"]');
            if (finished) requestAnimationFrame(() => { off(); done(performance.now() - last); });
            else requestAnimationFrame(tick);
          };
          requestAnimationFrame(tick);
        });
      })()`);
        await form.getByRole('button', { name: 'Run matrix' }).click();
        out.push((await page.evaluate('window.__grid')) as number);
      }
      return out.sort((a, b) => a - b);
    });
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

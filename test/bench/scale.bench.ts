import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { DEFAULT_CATALOG, generateCatalog, type CatalogItem } from '../../src/main/emulator/catalog/generate';
import type { Page } from '@playwright/test';
import { CLI, memoryMb, spawnEmulator } from './emulator.bench';
import { onCompareMode, scrollFrames } from './renderer.bench';
import { percentile, printTable } from './table';

const TOKEN = 'demo-search-token-0001';
const QUERIES = Number(process.env.SCALE_QUERIES ?? 100_000);
const CONCURRENCY = 16;
const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

/**
 * Distinct queries a shop's log would hold, from the demo catalog's own attributes ("korvo black rain jacket",
 * "womens wool beanie"), each with the ratings a judge would give by the demo rule's idea: every attribute
 * named matches → 3, the category and one more → 2, the category only → 1 (a few of each per query).
 */
export function queriesAndRatings(items: CatalogItem[], count: number): { queries: string[]; ratings: string[] } {
  const products = items.filter((i) => i.kind === 'product');
  const byCategory = new Map<string, CatalogItem[]>();
  for (const item of products) byCategory.set(item.category, [...(byCategory.get(item.category) ?? []), item]);
  type Intent = Partial<Record<'gender' | 'brand' | 'colour' | 'material' | 'title' | 'size', string>>;
  const patterns: ((i: CatalogItem) => Intent[])[] = [
    (i) => [{ colour: i.colour }, { brand: i.brand }, { material: i.material }, { title: i.title }],
    (i) => [
      { brand: i.brand, colour: i.colour },
      { gender: i.gender, colour: i.colour },
      { brand: i.brand, gender: i.gender },
    ],
    (i) => [
      { colour: i.colour, material: i.material },
      { brand: i.brand, material: i.material },
      { colour: i.colour, title: i.title },
    ],
    (i) => [
      { brand: i.brand, colour: i.colour, material: i.material },
      { gender: i.gender, brand: i.brand, colour: i.colour },
    ],
    (i) => i.sizes.map((size) => ({ brand: i.brand, colour: i.colour, size })),
    (i) => i.sizes.map((size) => ({ colour: i.colour, title: i.title, size })),
  ];
  const queries: string[] = [];
  const ratings = ['query,docid,rating'];
  const seen = new Set<string>();
  const matches = (other: CatalogItem, [key, value]: [string, string]) =>
    key === 'size' ? other.sizes.includes(value) : other[key] === value;
  for (const pattern of patterns)
    for (const item of products)
      for (const intent of pattern(item)) {
        if (queries.length >= count) return { queries, ratings };
        const words = [
          intent.gender && `${intent.gender.toLowerCase()}s`,
          intent.brand,
          intent.colour,
          intent.material,
          intent.title ?? item.category,
          intent.size && `size ${intent.size}`,
        ];
        const query = words.filter(Boolean).join(' ').toLowerCase();
        if (seen.has(query)) continue;
        seen.add(query);
        queries.push(query);
        const entries = Object.entries(intent) as [string, string][];
        const grade = (other: CatalogItem) => {
          const fit = entries.filter((e) => matches(other, e)).length;
          return fit === entries.length ? 3 : fit > 0 ? 2 : 1;
        };
        const taken = new Map<number, number>();
        for (const other of byCategory.get(item.category) ?? []) {
          const g = grade(other);
          if ((taken.get(g) ?? 0) >= 3) continue;
          taken.set(g, (taken.get(g) ?? 0) + 1);
          ratings.push(`"${query}",${other.id},${g}`);
          if (taken.size === 3 && [...taken.values()].every((n) => n >= 3)) break;
        }
      }
  return { queries, ratings };
}

/** The emulator's ceiling: the same queries' requests sent plainly, as fast as it answers, at the same concurrency. */
async function ceiling(url: string, queries: string[]): Promise<number> {
  const agent = new Agent({ connections: 2 * CONCURRENCY });
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: 2 * CONCURRENCY }, async () => {
      while (next < queries.length * 2) {
        const i = next++;
        const res = await request(`${url}/search`, {
          method: 'POST',
          dispatcher: agent,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            token: TOKEN,
            query: queries[i >> 1],
            configurationId: i & 1 ? 'bestsellers' : 'default',
            options: { offset: 0, limit: 10 },
          }),
        });
        await res.body.text();
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  await agent.close();
  return queries.length / seconds;
}

/**
 * `npm run bench scale`: 100,000 distinct queries × 2 sides with judgments, through `search-workbench compare` in
 * its own process against the emulator in another, as a pipeline would run it: the client's peak memory (sampled
 * from /proc, and its high-water mark), the time from the last answer to the summary with significance and to
 * the report written, and its queries a second against the emulator's own ceiling.
 */
export async function benchScale(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'wb-bench-scale-'));
  const emulator = await spawnEmulator(DEFAULT_CATALOG.items);
  let running = true;
  const stopEmulator = async () => {
    if (running) await emulator.stop();
    running = false;
  };
  try {
    const { queries, ratings } = queriesAndRatings(generateCatalog(DEFAULT_CATALOG), QUERIES);
    if (queries.length < QUERIES) throw new Error(`only ${queries.length} distinct queries could be made`);
    const list = join(dir, 'queries.txt');
    const judgments = join(dir, 'judgments.csv');
    await writeFile(list, `${queries.join('\n')}\n`);
    await writeFile(judgments, `${ratings.join('\n')}\n`);
    // The peer: the emulator's ceiling on a sample of the same requests (warmed first).
    await ceiling(emulator.url, queries.slice(-500));
    // A sample spread over the whole set (every 10th query), so its mix of short and long queries is the run's.
    const ceilingQps = await ceiling(
      emulator.url,
      queries.filter((_, i) => i % 10 === 0),
    );
    const out = join(dir, 'report.json');
    // The batch is kept in an app data folder, so the app opens the same 100,000 queries afterwards.
    const dataDir = join(dir, 'app');
    const args = [
      ...['compare', '--queries', list, '--judgments', judgments, '--base-url', emulator.url, '--token', TOKEN],
      ...['--a', 'default', '--b', 'bestsellers', '--concurrency', String(CONCURRENCY), '--out', out],
      ...['--state', join(dataDir, 'batches', 'scale-100k')],
    ];
    const t0 = performance.now();
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let peak = 0;
    let highWater = 0;
    const sample = setInterval(() => {
      const m = memoryMb(child.pid!);
      if (Number.isFinite(m.rss)) peak = Math.max(peak, m.rss);
      if (Number.isFinite(m.peak)) highWater = Math.max(highWater, m.peak);
    }, 100);
    let lastAnswer = NaN;
    let summary = NaN;
    let written = NaN;
    let stdout = '';
    let stderr = '';
    child.stderr!.on('data', (c: Buffer) => {
      stderr = (stderr + c.toString()).slice(-4000);
      // The last progress line: every query answered (said when the last answer is in and flushed).
      if (Number.isNaN(lastAnswer) && new RegExp(`\\] ${QUERIES}/${QUERIES} done`).test(stderr)) lastAnswer = performance.now();
    });
    child.stdout!.on('data', (c: Buffer) => {
      stdout += c.toString();
      if (Number.isNaN(summary) && /judged queries both sides answered/.test(stdout) && /\* p < 0\.05/.test(stdout))
        summary = performance.now();
      if (Number.isNaN(written) && /report: /.test(stdout)) written = performance.now();
    });
    const code = await new Promise<number | null>((r) => child.once('exit', r));
    clearInterval(sample);
    const wallS = (performance.now() - t0) / 1000;
    if (code !== 0 && code !== 1) throw new Error(`compare exited ${code}: ${stdout}${stderr}`);
    const report = JSON.parse(await readFile(out, 'utf8')) as {
      summary: { compared: number; quality: { ndcg: { p: number } } };
      qualityConfig: { paired: number };
    };
    const runS = (lastAnswer - t0) / 1000;
    const qps = QUERIES / runS;
    const toSummary = summary - lastAnswer;
    const toReport = written - lastAnswer;
    printTable(
      `Scale: ${QUERIES.toLocaleString('en-US')} distinct queries × 2 sides with ${(ratings.length - 1).toLocaleString('en-US')} ratings, search-workbench compare (its own process) against the emulator (20,000 items, its own process), ${CONCURRENCY} queries in flight; ${report.summary.compared.toLocaleString('en-US')} compared, ${report.qualityConfig.paired.toLocaleString('en-US')} judged queries paired; report ${((await stat(out)).size / 1e6).toFixed(0)} MB; wall ${wallS.toFixed(0)} s`,
      ['measure', 'value', 'goal', 'result'],
      [
        ['client peak RSS, sampled every 100 ms (MB)', peak, '≤ 1,024 MB', pass(peak <= 1024)],
        ['client high-water RSS, VmHWM (MB)', highWater, '≤ 1,024 MB', pass(highWater <= 1024)],
        ['last answer → summary with quality and significance (ms)', toSummary, '≤ 10,000 ms', pass(toSummary <= 10_000)],
        ['last answer → JSON report written (ms)', toReport, '—', '—'],
        ['emulator ceiling, plain requests, same concurrency (queries/s; peer)', ceilingQps, '—', '—'],
        ['compare, start to last answer (queries/s)', qps, '≥ 70% of the ceiling', pass(qps >= 0.7 * ceilingQps)],
      ],
    );
    await stopEmulator(); // the app's part needs no service: the batch is stored
    await triageInTheApp(dataDir, report.summary.compared);
  } finally {
    await stopEmulator();
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Milliseconds from a click to the frame after the page shows what `ready` (a JavaScript expression, evaluated
 * each frame) says it should: what the user waits for, layout and paint included.
 */
async function clickToPaint(page: Page, click: () => Promise<void>, ready: string): Promise<number> {
  await page.evaluate(`(() => {
    window.__paint = new Promise((done) => {
      document.addEventListener('click', () => {
        const t0 = performance.now();
        const tick = () => (${ready}) ? requestAnimationFrame(() => done(performance.now() - t0)) : requestAnimationFrame(tick);
        requestAnimationFrame(tick);
      }, { capture: true, once: true });
    });
  })()`);
  await click();
  return (await page.evaluate('window.__paint')) as number;
}

/**
 * The same 100,000-query batch opened in the app (browser mode, Chromium): the click on it to its triage table on
 * screen, a filter and back, the order changed, and scrolling the table, each to the frame that shows it.
 */
async function triageInTheApp(dataDir: string, compared: number): Promise<void> {
  await onCompareMode(dataDir, 'Batch', async (page) => {
    const item = page.getByRole('list', { name: 'Batches' }).getByRole('button').first();
    await item.waitFor();
    const table = `document.querySelector('[role="table"][aria-label^="Queries"]')`;
    const rows = (n: number) =>
      `${table}?.getAttribute('aria-rowcount') === '${n + 1}' && ${table}.querySelectorAll('[role="rowgroup"] [role="row"]').length > 0`;
    // Opened three times (back to the list between): the first is cold, just after the app read the batch.
    const opens: number[] = [];
    for (let i = 0; i < 3; i++) {
      if (i > 0) {
        await page.getByRole('button', { name: 'All batches' }).click();
        await item.waitFor();
      }
      opens.push(await clickToPaint(page, () => item.click(), rows(compared)));
    }
    const openSorted = [...opens].sort((a, b) => a - b);
    const filters = page.getByRole('group', { name: 'Show' });
    const measured: [string, number][] = [];
    for (let i = 0; i < 3; i++) {
      measured.push([
        'filter: top result changed',
        await clickToPaint(
          page,
          () => filters.getByRole('button', { name: 'Top result changed' }).click(),
          `${table}?.getAttribute('aria-rowcount') !== '${compared + 1}'`,
        ),
      ]);
      measured.push([
        'filter: all again',
        await clickToPaint(page, () => filters.getByRole('button', { name: 'All' }).click(), rows(compared)),
      ]);
    }
    const frames = (await scrollFrames(page, '.triage__body', 290)).sort((a, b) => a - b);
    const by = (label: string) =>
      measured
        .filter(([l]) => l === label)
        .map(([, ms]) => ms)
        .sort((a, b) => a - b);
    printTable(
      `Scale in the app: the ${compared.toLocaleString('en-US')}-query batch opened in browser mode (Chromium), click → the frame that shows it (ms)`,
      ['measure', 'runs', 'p50', 'max', 'goal', 'result'],
      [
        [
          `open the batch: ${compared.toLocaleString('en-US')} rows, triage on screen (max: the first, cold)`,
          opens.length,
          percentile(openSorted, 50),
          Math.max(...opens),
          'p50 ≤ 2,000',
          pass(percentile(openSorted, 50) <= 2000),
        ],
        ...['filter: top result changed', 'filter: all again'].map((label) => {
          const ms = by(label);
          return [label, ms.length, percentile(ms, 50), ms.at(-1)!, '≤ 200', pass(ms.at(-1)! <= 200)];
        }),
        [
          'scroll the table, 17,400 px/s: frame time',
          frames.length,
          percentile(frames, 50),
          frames.at(-1)!,
          'p50 ≤ 17.7 (60 fps)',
          pass(percentile(frames, 50) <= 17.7),
        ],
      ],
    );
  });
}

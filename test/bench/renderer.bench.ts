import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { tmpdir } from 'node:os';
import { chromiumArgs, chromiumExecutable } from '../../playwright.config';
import { generateCatalog } from '../../src/main/emulator/catalog/generate';
import { shopperQueries } from '../../src/main/emulator/engine/usage-log';
import { productImage } from '../../src/main/emulator/images';
import { percentile, printTable } from './table';

const ROOT = resolve(import.meta.dirname, '../..');
const RENDERER = join(ROOT, 'out/renderer');

async function bundleSizes(): Promise<(string | number)[][]> {
  const html = await readFile(join(RENDERER, 'index.html'), 'utf8');
  const initial = new Set([...html.matchAll(/(?:src|href)="\.\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]));
  const files = (await readdir(join(RENDERER, 'assets'))).filter((f) => f.endsWith('.js') || f.endsWith('.css'));
  const rows: (string | number)[][] = [];
  let initialRaw = 0;
  let initialGz = 0;
  let lazyRaw = 0;
  let lazyGz = 0;
  for (const f of files.sort()) {
    const body = await readFile(join(RENDERER, 'assets', f));
    const gz = gzipSync(body, { level: 9 }).length;
    const isInitial = initial.has(`assets/${f}`) || (f.startsWith('index-') && f.endsWith('.css'));
    if (isInitial) {
      initialRaw += body.length;
      initialGz += gz;
    } else {
      lazyRaw += body.length;
      lazyGz += gz;
    }
    if (body.length > 20_000)
      rows.push([
        f.replace(/-[\w-]{8}\./, '.'),
        isInitial ? 'initial' : f.includes('worker') ? 'worker (lazy)' : 'lazy',
        Math.round(body.length / 1024),
        Math.round(gz / 1024),
      ]);
  }
  rows.push(['all initial', 'initial', Math.round(initialRaw / 1024), Math.round(initialGz / 1024)]);
  rows.push(['all lazy', 'lazy', Math.round(lazyRaw / 1024), Math.round(lazyGz / 1024)]);
  return rows;
}

/** The app in browser mode (`search-workbench serve`) on its own data folder. */
export function startHost(dataDir: string): Promise<{ url: string; stop: () => void }> {
  return new Promise((res, rej) => {
    const child = spawn(process.execPath, [join(ROOT, 'out/cli/index.js'), 'serve', '--port', '0', '--data-dir', dataDir], {
      env: { ...process.env, SEARCH_WORKBENCH_SECRETS_SERVICE: 'search-workbench-bench' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /(http:\/\/127\.0\.0\.1:\d+\/\?launch=\S+)/.exec(out);
      if (m) res({ url: m[1] as string, stop: () => child.kill('SIGTERM') });
    });
    child.once('exit', (code) => rej(new Error(`host exited ${code}`)));
  });
}

/**
 * The app in browser mode on `dataDir`, in Chromium, on Compare in one of its modes: `work` gets the page, and the
 * browser and the host are closed after it, whatever happens.
 */
export async function onCompareMode<T>(dataDir: string, mode: 'Batch' | 'Context matrix', work: (page: Page) => Promise<T>): Promise<T> {
  const host = await startHost(dataDir);
  const browser = await chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(host.url);
    await page.locator('html[data-app-state="ready"]').waitFor();
    await page.getByRole('navigation').getByRole('button', { name: 'Compare' }).click();
    await page.getByRole('radio', { name: mode }).click();
    return await work(page);
  } finally {
    await browser.close();
    host.stop();
  }
}

/** Queries that differ every run, so no cache answers them: shoppers' queries for short pages, filters over everything for 1,000 rows. */
const QUERIES = shopperQueries(42)
  .sort((a, b) => b.weight - a.weight)
  .map((q) => q.query);

async function sendToPaint(page: Page, limit: number, runs: number) {
  const limitBox = page.getByRole('spinbutton', { name: 'Limit' });
  await limitBox.fill(String(limit));
  const ui: number[] = [];
  const network: number[] = [];
  const query = page.getByRole('textbox', { name: 'Query' });
  const filter = page.getByTestId('filter-editor');
  for (let i = 0; i < runs + 2; i++) {
    // 1,000 rows need a broad request: every item, under a price bound that changes each run; fewer rows, a new word pair.
    await query.fill(limit >= 1000 ? '' : (QUERIES[(limit + i * 7) % QUERIES.length] as string));
    if (limit >= 1000) {
      await filter.locator('.monaco-editor').click();
      await page.keyboard.press('Control+A');
      await page.keyboard.type(`price < ${400 + i * 3}`);
    }
    await page.evaluate(() => performance.clearMarks());
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.waitForFunction(
      () => performance.getEntriesByName('wb:painted').length > 0 && performance.getEntriesByName('wb:send').length > 0,
      undefined,
      { timeout: 30_000 },
    );
    const { total, wire, count } = await page.evaluate(async () => {
      const send = performance.getEntriesByName('wb:send')[0]!.startTime;
      const painted = performance.getEntriesByName('wb:painted').at(-1)!.startTime;
      const list = await window.workbench.history.list({ limit: 1 });
      return { total: painted - send, wire: list.ok ? list.value[0]!.durationMs : NaN, count: list.ok ? (list.value[0]!.count ?? 0) : 0 };
    });
    if (i >= 2) {
      ui.push(total);
      network.push(wire);
      if (limit >= 1000 && count < 1000) throw new Error(`run ${i} answered ${count} items, not 1,000: the bench would flatter the table`);
    }
  }
  return { ui: ui.sort((a, b) => a - b), network: network.sort((a, b) => a - b) };
}

/**
 * Frame times while scrolling a list top to bottom, from requestAnimationFrame
 * deltas. Passed as source text so no build helper leaks into the page.
 */
export async function scrollFrames(page: Page, selector: string, step: number): Promise<number[]> {
  const script = `new Promise((done) => {
    const el = document.querySelector(${JSON.stringify(selector)});
    el.scrollTop = 0;
    const frames = [];
    let last = performance.now();
    const step = ${step};
    const tick = (now) => {
      frames.push(now - last);
      last = now;
      el.scrollTop += step;
      if (el.scrollTop + el.clientHeight >= el.scrollHeight - 1 || frames.length > 600) done(frames.slice(2));
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })`;
  return (await page.evaluate(script)) as number[];
}

/** Send-to-paint in browser mode for 10, 100 and 1,000 items, scrolling 1,000 rows, and the bundle sizes. */
export async function benchRenderer(): Promise<void> {
  printTable('Renderer: JavaScript and CSS (kB)', ['file', 'loaded', 'raw', 'gzip'], await bundleSizes());
  const dataDir = await mkdtemp(join(tmpdir(), 'wb-bench-ui-'));
  const host = await startHost(dataDir);
  const browser = await chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    // What the first screen really loads: every script requested from the launch until the Query box is in the page.
    await page.addInitScript(() => {
      const w = window as unknown as { __queryAt?: number };
      new MutationObserver((_, observer) => {
        if (!document.querySelector('.query-bar__input')) return;
        w.__queryAt = performance.now();
        observer.disconnect();
      }).observe(document, { subtree: true, childList: true });
    });
    await page.goto(host.url);
    await page.locator('html[data-app-state="ready"]').waitFor();
    await page.getByRole('textbox', { name: 'Query' }).waitFor();
    const fetched = await page.evaluate(() => {
      const at = (window as unknown as { __queryAt: number }).__queryAt;
      return performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime <= at && new URL(e.name).pathname.endsWith('.js'))
        .map((e) => new URL(e.name).pathname.replace(/^\//, ''));
    });
    const firstScreen = [...fetched].filter((f) => !f.includes('worker'));
    let firstGz = 0;
    for (const f of firstScreen) firstGz += gzipSync(await readFile(join(RENDERER, f)), { level: 9 }).length;
    const monacoFirst = firstScreen.some((f) => /monaco|MonacoCodeEditor/.test(f));
    printTable(
      'Renderer: JavaScript the first screen loads before the Query box takes input (gzip kB)',
      ['measure', 'files', 'kB', 'goal', 'result'],
      [
        [
          'scripts fetched (all of them, bridge included)',
          firstScreen.length,
          Math.round(firstGz / 1024),
          '≤ 300',
          firstGz <= 300 * 1024 ? 'PASS' : 'FAIL',
        ],
        ['Monaco among them', monacoFirst ? 'yes' : 'no', '—', 'no', monacoFirst ? 'FAIL' : 'PASS'],
      ],
    );

    const rows: (string | number)[][] = [];
    for (const limit of [10, 100, 1000]) {
      const { ui, network } = await sendToPaint(page, limit, limit === 1000 ? 31 : 15);
      const p50 = percentile(ui, 50);
      rows.push([
        limit,
        ui.length,
        p50,
        percentile(ui, 95),
        percentile(network, 50),
        limit === 1000 ? '≤ 100' : '—',
        limit === 1000 ? (p50 <= 100 ? 'PASS' : 'FAIL') : '—',
      ]);
    }
    printTable(
      'Renderer: click on Send → results on screen (after the frame is presented), browser mode, Local demo 20,000 items, a different query every run (ms)',
      ['items', 'runs', 'p50', 'p95', 'peer: request in main p50', 'goal p50', 'result'],
      rows,
    );

    // The peer: a plain DOM list of the same 1,000 rows, with the emulator's own PNG thumbnails inline.
    const peer = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const catalog = generateCatalog({ items: 1000 });
    const thumbnail = (i: number) => `data:image/png;base64,${productImage(catalog[i]).toString('base64')}`;
    await peer.setContent(
      `<div id="s" style="height:700px;overflow:auto;font:13px sans-serif">${Array.from({ length: 1000 }, (_, i) => `<div style="display:grid;grid-template-columns:44px 46px 1fr 84px 70px;gap:8px;height:52px;align-items:center;border-bottom:1px solid #ddd"><span>${i + 1}</span><img src="${thumbnail(i)}" width="36" height="36" loading="lazy" decoding="async"><span><b>Item ${i} title goes here</b><br><small>SKU-${100000 + i} · Brand</small></span><span>${(i * 1.37).toFixed(2)}</span><span>${(100 - i / 10).toFixed(3)}</span></div>`).join('')}</div>`,
    );
    const overShare = (xs: number[]) => xs.filter((x) => x > 1000 / 60 + 1).length / Math.max(1, xs.length);
    const share = (x: number) => `${(x * 100).toFixed(1)}%`;
    const scrollRows: (string | number)[][] = [];
    for (const [speed, label] of [
      [100, 'brisk wheel, 6,000 px/s'],
      [290, 'fast fling, 17,400 px/s'],
    ] as const) {
      const ours = (await scrollFrames(page, '[data-testid="results-scroller"]', speed)).sort((a, b) => a - b);
      const plain = (await scrollFrames(peer, '#s', speed)).sort((a, b) => a - b);
      const oursOver = overShare(ours);
      const plainOver = overShare(plain);
      scrollRows.push([
        `results table (virtualised), ${label}`,
        ours.length,
        percentile(ours, 50),
        percentile(ours, 95),
        ours.at(-1) ?? NaN,
        share(oursOver),
        `≤ ${share(plainOver)} (the plain list)`,
        oursOver <= plainOver ? 'PASS' : 'FAIL',
      ]);
      scrollRows.push([
        `peer: plain DOM list, ${label}`,
        plain.length,
        percentile(plain, 50),
        percentile(plain, 95),
        plain.at(-1) ?? NaN,
        share(plainOver),
        '—',
        '—',
      ]);
    }
    printTable(
      'Renderer: scrolling 1,000 results top to bottom, first pass (frame time, ms)',
      ['list', 'frames', 'p50', 'p95', 'max', 'frames over 17.7 ms', 'goal', 'result'],
      scrollRows,
    );
  } finally {
    await browser.close();
    host.stop();
  }
}

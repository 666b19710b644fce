import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, localDemoUrl, openArea, shootPage, shootThemes, test, SMOKE } from './fixtures';

const side = (page: Page, key: 'A' | 'B') => page.getByRole('region', { name: `Side ${key}` });

async function download(page: Page, click: () => Promise<void>): Promise<{ name: string; path: string; text: string }> {
  const pending = page.waitForEvent('download');
  await click();
  const file = await pending;
  // Kept under its own name, so a browser opens the .html as HTML.
  const path = join(await mkdtemp(join(tmpdir(), 'wb-download-')), file.suggestedFilename());
  await file.saveAs(path);
  return { name: file.suggestedFilename(), path, text: await readFile(path, 'utf8') };
}

test('side by side: two configurations on one query, with movements, measures, facet and raw diffs', { tag: SMOKE }, async ({ app }) => {
  const { page } = app;
  await openArea(page, 'Compare');
  await side(page, 'A').getByLabel('Side A label').fill('default');
  await side(page, 'B').getByLabel('Side B label').fill('bestsellers');
  await side(page, 'B').getByLabel('Configuration').fill('bestsellers');
  await page.getByRole('textbox', { name: 'Query' }).fill('jacket');
  await page.keyboard.press('ControlOrMeta+Enter');

  const metrics = page.getByTestId('metrics-bar');
  await expect(metrics).toBeVisible();
  const rbo = Number(await metrics.locator('.metric', { hasText: 'RBO' }).first().locator('.metric__value').textContent());
  expect(rbo).toBeGreaterThanOrEqual(0);
  expect(rbo).toBeLessThan(1);
  await expect(page.getByTestId('aligned-a')).toHaveCount(24);
  await expect(page.getByTestId('aligned-b')).toHaveCount(24);
  await expect(page.getByTestId('movement').first()).toHaveText(/^(▲\d+|▼\d+|not in [AB]'s (first 24|answer))$/);

  // An item of A's page that B's page lacks: beyond B's first 24 (B has more), not gone; its rank in B on demand.
  const beyond = page.getByTestId('aligned-a').filter({ has: page.getByTestId('movement').filter({ hasText: "not in B's first 24" }) });
  const beyondId = await beyond.first().getAttribute('data-id');
  const row = page.locator(`[data-testid="aligned-a"][data-id="${beyondId}"]`);
  await row.getByRole('button', { name: 'Find in B' }).click();
  await expect(row.getByTestId('movement')).toHaveText(/^B #\d+$/);
  // The same rank the service gives when asked for B's whole list.
  const lookedUp = Number(((await row.getByTestId('movement').textContent()) ?? '').slice(3).replace(/,/g, ''));
  const whole = await fetch(`${await localDemoUrl(page)}/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      token: 'demo-search-token-0001',
      query: 'jacket',
      configurationId: 'bestsellers',
      options: { offset: 0, limit: 1000, customResponseMask: 'id' },
    }),
  }).then((r) => r.json() as Promise<{ items: { id: string }[] }>);
  expect(lookedUp).toBeGreaterThan(24);
  expect(whole.items.findIndex((item) => item.id === beyondId) + 1).toBe(lookedUp);

  // Hovering an item lights it up on both sides and says both ranks.
  const shared = page
    .getByTestId('aligned-a')
    .filter({ has: page.getByTestId('movement').filter({ hasText: /^[▲▼]/ }) })
    .first();
  const id = await shared.getAttribute('data-id');
  await shared.hover();
  await expect(page.locator(`[data-testid="aligned-b"][data-id="${id}"]`)).toHaveClass(/is-hovered/);
  await expect(shared).toHaveAttribute('title', /^A #\d+ · score [\d.]+ → B #\d+ · score [\d.]+$/);
  await shootThemes(app, 'compare-1-side-by-side');
  expect(await app.axe()).toEqual([]);

  await page.getByRole('radio', { name: 'Facets' }).click();
  await expect(page.getByTestId('facet-diff')).toBeVisible();
  await page.getByRole('radio', { name: 'Raw diff' }).click();
  await expect(page.getByTestId('json-diff').locator('.monaco-diff-editor')).toBeVisible();
  await shootThemes(app, 'compare-2-raw-diff');
  await page.getByRole('radio', { name: 'Results' }).click();

  // The repro bundle: both requests, both answers, the diff.
  const bundle = await download(page, () => page.getByRole('button', { name: 'Repro bundle' }).click());
  const repro = JSON.parse(bundle.text);
  expect(repro).toMatchObject({
    format: 'search-workbench-repro',
    query: 'jacket',
    a: { label: 'default' },
    b: { label: 'bestsellers', request: { configurationId: 'bestsellers' } },
  });
  expect(repro.a.curl).toMatch(/^curl /);
  expect(repro.diff.metrics.rbo).toBeCloseTo(rbo, 3);

  // Swap: B becomes A.
  await page.getByRole('button', { name: 'Swap' }).click();
  await expect(side(page, 'A').getByLabel('Side A label')).toHaveValue('bestsellers');
  await expect(side(page, 'A').getByLabel('Configuration')).toHaveValue('bestsellers');

  // Pin a past answer as side A: only B is sent.
  await side(page, 'A').getByRole('button', { name: 'Pin from history' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /jacket/ })
    .first()
    .click();
  await expect(side(page, 'A')).toContainText('Pinned answer from History');
  const before = await page.evaluate(async () => ((await window.workbench.history.list({})).ok ? 1 : 0));
  expect(before).toBe(1);
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.getByTestId('metrics-bar')).toBeVisible();
  expect(await app.problems()).toEqual([]);
});

test('batch: 50 queries with progress, the most-changed query opened side by side, HTML and CSV reports', async ({ app }) => {
  const { page } = app;
  const base = await localDemoUrl(page);
  await openArea(page, 'Compare');
  await side(page, 'A').getByLabel('Side A label').fill('default');
  await side(page, 'B').getByLabel('Side B label').fill('new arrivals');
  await side(page, 'B').getByLabel('Configuration').fill('new-arrivals');
  await page.getByRole('radio', { name: 'Batch' }).click();
  const words = ['jacket', 'running shoe', 'hoodie', 'sneaker', 'dress', 'socks', 'backpack', 'sandal', 'fleece', 'tee'];
  const mods = ['', 'black', 'women', 'men', 'kids'];
  const queries = Array.from({ length: 50 }, (_, i) => `${mods[Math.floor(i / 10)]} ${words[i % 10]}`.trim());
  await page.getByLabel('Name').fill('default vs new arrivals');
  // A CSV list through the file picker first (header plus two rows), then the 50 typed in.
  await page.getByTestId('batch-file').setInputFiles({
    name: 'queries.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('query,filter\njacket,price < 100\nhoodie,\n'),
  });
  await expect(page.getByTestId('batch-count')).toContainText('2 queries');
  await page.getByLabel('Queries').fill(queries.join('\n'));
  await expect(page.getByTestId('batch-count')).toHaveText('50 queries');
  await page.getByLabel('Concurrency').fill('2');
  await shootThemes(app, 'compare-3-batch-form');

  // Slow the service a little so the progress is there to see.
  await fetch(`${base}/__emulator/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ endpoints: ['search'], latencyMs: 40 }),
  });
  // The start is held until the form has said it is starting: what shows between Run and the run's progress.
  let release: () => void = () => {};
  const held = new Promise<void>((done) => (release = done));
  await page.route(/\/__workbench\/invoke\/compare%3Astart/, async (route) => {
    await held;
    await route.continue();
  });
  try {
    await page.getByRole('button', { name: 'Run 50 on both sides' }).click();
    await expect(page.getByTestId('batch-starting')).toContainText('Starting: 50 queries on both sides');
    release();
    await expect(page.getByTestId('batch-status')).toHaveText('running');
    await expect(page.getByRole('progressbar', { name: 'Batch progress' })).toBeVisible();
    await expect(page.getByTestId('batch-status')).toHaveText('done', { timeout: 60_000 });
  } finally {
    await fetch(`${base}/__emulator/faults`, { method: 'DELETE' });
  }
  await expect(page.getByTestId('batch-progress')).toContainText('50 done');
  await expect(page.getByTestId('triage-row')).not.toHaveCount(0);
  await shootThemes(app, 'compare-4-batch-results');
  expect(await app.axe()).toEqual([]);

  // Exports: CSV with a row per query, and a self-contained HTML report.
  const csv = await download(page, () => page.getByRole('button', { name: 'CSV' }).click());
  expect(csv.name).toBe('default-vs-new-arrivals.csv');
  expect(csv.text.trim().split(/\r\n/)).toHaveLength(51);
  const html = await download(page, () => page.getByRole('button', { name: 'HTML report' }).click());
  expect(html.name).toBe('default-vs-new-arrivals.html');
  const report = await page.context().newPage();
  const requests: string[] = [];
  report.on('request', (r) => requests.push(r.url()));
  await report.goto(`file://${html.path}`);
  await expect(report.getByRole('heading', { level: 1 })).toHaveText('default vs new arrivals');
  await expect(report.getByRole('heading', { name: 'Most changed queries' })).toBeVisible();
  expect(requests).toEqual([`file://${html.path}`]);
  await shootPage(report, `${app.transport}-compare-5-html-report.png`);
  await report.close();

  // The most changed query opens side by side with its stored answers.
  const first = page.getByTestId('triage-row').first();
  const query = (await first.locator('.triage__query').textContent())!;
  await first.click();
  await expect(page.getByRole('textbox', { name: 'Query' })).toHaveValue(query);
  await expect(page.getByTestId('metrics-bar')).toBeVisible();
  await expect(page.getByText(`default vs new arrivals · query`).first()).toBeVisible();
  expect(await app.problems()).toEqual([]);
});

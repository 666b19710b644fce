import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, openArea, shootThemes, test } from './fixtures';

// A new install's workspace has the Local demo's week of shopper traffic. The walk: the overview (its figures the
// command line's over the same files), a query's page, the zero-result worklist saved as a query set and opened in
// Search as it was served, then one configuration only.

const ROOT = join(import.meta.dirname, '../..');
const DEMO = join(ROOT, 'examples', 'workspace', 'traffic');

async function cliReport(...args: string[]): Promise<{ rows: { group: string | null; searches: number; ctrAtK: number }[] }> {
  const { stdout } = await promisify(execFile)(process.execPath, [
    join(ROOT, 'out/cli/index.js'),
    'traffic',
    'report',
    '--store',
    DEMO,
    ...args,
  ]);
  return JSON.parse(stdout);
}

test('traffic: the demo week — overview, a query, the zero-result worklist into a query set and into Search', async ({ app }) => {
  const { page } = app;
  await expect.poll(() => existsSync(join(app.dataDir, 'workspace', 'traffic', 'searches')), { timeout: 30_000 }).toBe(true);
  await openArea(page, 'Workspace');
  const panel = page.getByTestId('traffic-panel');
  const tiles = panel.getByTestId('traffic-tiles');
  await expect(tiles).toBeVisible({ timeout: 30_000 });

  // The figures on screen are what `traffic report` gives for the same files.
  const byConfig = await cliReport('--by', 'configuration');
  const searches = byConfig.rows.reduce((n, r) => n + r.searches, 0);
  await expect(tiles).toContainText(searches.toLocaleString('en-US'));
  // One bar a day (a session that starts late on the last day may end on the next).
  await expect(panel.getByTestId('traffic-day-chart').locator('rect')).toHaveCount((await cliReport('--by', 'day')).rows.length);
  const top = (await cliReport('--limit', '1')).rows[0]!;
  const first = panel.getByTestId('traffic-query-row').first();
  await expect(first).toContainText(top.group!);
  await expect(first).toContainText(top.searches.toLocaleString('en-US'));
  await panel.scrollIntoViewIfNeeded();
  await shootThemes(app, 'traffic-1-overview');
  expect(await app.axe()).toEqual([]);

  // A query's page: its figures, where shoppers clicked, its first page as served.
  await first.click();
  const queryPage = panel.getByTestId('traffic-query-page');
  await expect(queryPage.getByRole('heading', { name: top.group! })).toBeVisible();
  await expect(queryPage.getByTestId('traffic-position-chart').locator('rect').first()).toBeVisible();
  await expect(queryPage.locator('ol li').first()).toHaveText(/^SKU-\d+$/);
  await queryPage.scrollIntoViewIfNeeded();
  await shootThemes(app, 'traffic-2-query');
  expect(await app.axe()).toEqual([]);
  await queryPage.getByRole('button', { name: "Close the query's page" }).click();

  // The zero-result worklist: saved as a query set with each query's frequency, and opened in Search as served.
  await panel.getByRole('radio', { name: 'Zero results' }).click();
  const worklist = panel.getByTestId('traffic-worklist-zero-results');
  await expect(worklist.locator('tbody tr').first()).toBeVisible();
  const rows = await worklist.locator('tbody tr').count();
  await shootThemes(app, 'traffic-3-zero-results');
  expect(await app.axe()).toEqual([]);
  await worklist.getByRole('button', { name: 'Save as query set' }).click();
  await expect(worklist.getByRole('status')).toContainText(`Saved ${rows} queries as zero-result-queries.json`);
  await expect(page.getByRole('region', { name: 'Query sets' })).toContainText('zero-result-queries.json');
  const query = (await worklist.locator('tbody tr').first().locator('td').first().textContent())!;
  await worklist.locator('tbody tr').first().getByRole('button', { name: 'Open in Search' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search');
  await expect(page.getByRole('textbox', { name: 'Query' })).toHaveValue(query);

  // One configuration only: its searches, as the command line counts them.
  await openArea(page, 'Workspace');
  await panel.getByLabel('Configuration').selectOption('new-arrivals');
  const arrivals = byConfig.rows.find((r) => r.group === 'new-arrivals')!;
  await expect(tiles).toContainText(arrivals.searches.toLocaleString('en-US'));
  await expect(tiles).toContainText(`${(arrivals.ctrAtK * 100).toFixed(1)}%`);
});

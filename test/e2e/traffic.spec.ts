import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, openArea, shootThemes, test, SMOKE } from './fixtures';

// A new install's workspace has the Local demo's week of shopper traffic. The walk: the overview (its figures the
// command line's over the same files), a query's page, the zero-result worklist saved as a query set and opened in
// Search as it was served, then one configuration only.

const ROOT = join(import.meta.dirname, '../..');
const DEMO = join(ROOT, 'examples', 'workspace', 'traffic');

async function cliReport(
  ...args: string[]
): Promise<{ rows: { group: string | null; searches: number; ctrAtK: number; revenuePerSearch: number }[] }> {
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

test(
  'traffic: the demo week — overview, a query, the zero-result worklist into a query set and into Search',
  { tag: SMOKE },
  async ({ app }) => {
    const { page } = app;
    await expect.poll(() => existsSync(join(app.dataDir, 'workspace', 'traffic', 'searches')), { timeout: 30_000 }).toBe(true);
    await openArea(page, 'Shoppers');
    const panel = page.getByTestId('traffic-panel');
    const tiles = panel.getByTestId('traffic-tiles');
    await expect(tiles).toBeVisible({ timeout: 30_000 });

    // The figures on screen are what `traffic report` gives for the same files.
    const byConfig = await cliReport('--by', 'configuration');
    const searches = byConfig.rows.reduce((n, r) => n + r.searches, 0);
    await expect(tiles).toContainText(searches.toLocaleString('en-US'));
    // Revenue in the currency the Local demo's shoppers pay in (its profile's), to the cent of the command line's.
    const revenue = byConfig.rows.reduce((n, r) => n + r.revenuePerSearch * r.searches, 0) / searches;
    await expect(tiles.locator('.traffic-tile').filter({ hasText: 'revenue / search' })).toContainText(`€${revenue.toFixed(2)}`);
    // The funnel over the range: searched → clicked → added to cart → bought, each with its share and count.
    const funnel = panel.getByRole('list', { name: 'The search funnel over the range' });
    await expect(funnel.getByRole('listitem')).toHaveCount(4);
    await expect(funnel.getByRole('listitem').first()).toContainText(`100.0% · ${searches.toLocaleString('en-US')} searches`);
    await expect(funnel.getByRole('listitem').last()).toContainText(/^bought.*% of added to cart$/);
    // One bar a day (a session that starts late on the last day may end on the next); a day with few searches is drawn
    // hollow and named as uncertain, not as a 100% spike on the line; hovering a day gives its values.
    const dayRows = (await cliReport('--by', 'day')).rows;
    const chart = panel.getByTestId('traffic-day-chart');
    await expect(chart.locator('.day-chart__searches g[aria-label="bar"] rect')).toHaveCount(dayRows.length);
    const thin = dayRows.filter((r) => r.searches < 30).map((r) => r.group!.slice(5));
    expect(thin.length).toBeGreaterThan(0);
    await expect(chart.getByTestId('traffic-thin-days')).toHaveText(`fewer than 30 searches: uncertain (${thin.join(', ')})`);
    await expect(chart.locator('.day-chart__ctr g[aria-label="line"] path')).toHaveCount(1);
    const box = (await chart.locator('.day-chart__ctr svg').boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
    await expect(chart.locator('.day-chart__ctr g[aria-label="tip"]')).toContainText(/searches\W*CTR@10 \d+\.\d% \(95%: /);
    const top = (await cliReport('--limit', '1')).rows[0]!;
    const first = panel.getByTestId('traffic-query-row').first();
    await expect(first).toContainText(top.group!);
    await expect(first).toContainText(top.searches.toLocaleString('en-US'));
    await panel.scrollIntoViewIfNeeded();
    await shootThemes(app, 'traffic-1-overview');
    expect(await app.axe()).toEqual([]);

    // The table is one Tab stop, as Search's results: the arrows move the focus from row to row, Enter opens a page.
    const queryRows = panel.getByTestId('traffic-query-row');
    await expect(queryRows.nth(1)).toHaveAttribute('tabindex', '-1');
    await first.focus();
    await page.keyboard.press('ArrowDown');
    await expect(queryRows.nth(1)).toBeFocused();
    await expect(queryRows.nth(1)).toHaveAttribute('tabindex', '0');
    await expect(first).toHaveAttribute('tabindex', '-1');
    await page.keyboard.press('ArrowUp');
    await expect(first).toBeFocused();
    // A query's page: its figures, where shoppers clicked, its first page as served.
    await page.keyboard.press('Enter');
    const queryPage = panel.getByTestId('traffic-query-page');
    await expect(queryPage.getByRole('heading', { name: top.group! })).toBeVisible();
    await expect(queryPage.getByTestId('traffic-position-chart').locator('rect').first()).toBeVisible();
    // Items are shown as Search shows them — image, title, id and brand — looked up by the ids the log gave.
    // (These tests run the emulator on a smaller catalog than the demo week was drawn from: the items it lacks are
    // said, and shown by their ids.)
    const servedFirst = queryPage
      .locator('ol:not(.traffic-funnel) li')
      .filter({ has: page.locator('.item-cell__title') })
      .first();
    await expect(servedFirst.locator('.item-cell__title')).toHaveText(/\w/);
    await expect(queryPage.getByTestId('item-lookup-note')).toHaveText(
      /^\d+ items here are not in the catalog now: they are shown by their ids\.$/,
    );
    await expect(servedFirst.locator('.item-cell__id')).toHaveText(/^SKU-\d+ · \S/);
    await expect(servedFirst.locator('img.thumb')).toBeVisible();
    // What shoppers clicked and bought: sorted by any figure, exported whole as a CSV.
    const items = queryPage.getByRole('table', { name: `Clicked and bought after ${top.group}` });
    await items.getByRole('button', { name: 'Bought', exact: true }).click();
    await expect(items.getByRole('columnheader', { name: /Bought/ })).toHaveAttribute('aria-sort', 'descending');
    const bought = (await items.locator('tbody tr td:nth-child(4)').allTextContents()).map((t) => Number(t.replace(/,/g, '')));
    expect(bought).toEqual([...bought].sort((a, b) => b - a));
    await items.getByRole('button', { name: 'Bought', exact: true }).click();
    await expect(items.getByRole('columnheader', { name: /Bought/ })).toHaveAttribute('aria-sort', 'ascending');
    const pending = page.waitForEvent('download');
    await queryPage.getByRole('button', { name: `Export the items of ${top.group} as CSV` }).click();
    const download = await pending;
    const csv = (await readFile((await download.path())!, 'utf8')).trim().split('\n');
    expect(csv[0]).toBe('Item,Clicks,Carts,Bought,Revenue');
    expect(csv.length - 1).toBeGreaterThanOrEqual(await items.locator('tbody tr').count());
    const exportedBought = csv.slice(1).map((line) => Number(line.split(',')[3]));
    expect(exportedBought).toEqual([...exportedBought].sort((a, b) => a - b));
    await expect(queryPage.getByRole('list', { name: `The search funnel of ${top.group}` }).getByRole('listitem')).toHaveCount(4);
    await queryPage.scrollIntoViewIfNeeded();
    await shootThemes(app, 'traffic-2-query');
    expect(await app.axe()).toEqual([]);
    // An item shoppers clicked opens in the item drawer, as an item of a result list does: its ratings for the query.
    const clicked = items.getByRole('button', { name: /SKU-\d+/ }).first();
    const clickedId = /SKU-\d+/.exec((await clicked.textContent())!)![0];
    await clicked.click();
    const drawer = page.getByTestId('item-drawer');
    await expect(drawer).toContainText(clickedId);
    await expect(page.getByRole('dialog', { name: clickedId })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
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
    // Shoppers is a screen of its own: the saved set is one click away in the Workspace, and back.
    await worklist.getByRole('button', { name: 'Show in Workspace' }).click();
    await expect(page.getByRole('region', { name: 'Query sets' })).toContainText('zero-result-queries.json');
    await page.keyboard.press('Control+9');
    const query = (await worklist.locator('tbody tr').first().locator('td').first().textContent())!;
    await worklist.locator('tbody tr').first().getByRole('button', { name: 'Open in Search' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search');
    await expect(page.getByRole('textbox', { name: 'Query' })).toHaveValue(query);

    // One configuration only: its searches, as the command line counts them.
    await openArea(page, 'Shoppers');
    await panel.getByLabel('Configuration').selectOption('new-arrivals');
    const arrivals = byConfig.rows.find((r) => r.group === 'new-arrivals')!;
    await expect(tiles).toContainText(arrivals.searches.toLocaleString('en-US'));
    await expect(tiles).toContainText(`${(arrivals.ctrAtK * 100).toFixed(1)}%`);
    // The searches logged with no segment are a segment of their own, as the command line's --segment '(none)' reads them.
    await panel.getByLabel('Configuration').selectOption('');
    await panel.getByLabel('Segment').selectOption('(none)');
    const unsegmented = (await cliReport('--by', 'day', '--segment', '(none)')).rows.reduce((n, r) => n + r.searches, 0);
    expect(unsegmented).toBeGreaterThan(0);
    await expect(tiles.locator('.traffic-tile').first()).toContainText(unsegmented.toLocaleString('en-US'));
    await panel.getByLabel('Segment').selectOption('');
    await panel.getByLabel('Configuration').selectOption('new-arrivals');

    // From after To: said by the dates in the screen's words (not the command line's flags), nothing asked, and the
    // figures marked as the last range read.
    const from = panel.getByLabel('From', { exact: true });
    await from.fill('2026-11-07');
    await panel.getByLabel('To', { exact: true }).fill('2026-11-02');
    await expect(panel.getByTestId('traffic-dates-problem')).toHaveText(
      'From (2026-11-07) is after To (2026-11-02): pick a first day on or before the last.',
    );
    await expect(panel.getByTestId('traffic-stale')).toBeVisible();
    await expect(tiles).toHaveClass(/is-stale/);
    await expect(panel).not.toContainText('--from');
    await panel.getByLabel('To', { exact: true }).fill('');
    await expect(panel.getByTestId('traffic-stale')).toHaveCount(0);
    await from.fill('');

    // This period against the last one: the whole week has nothing before it; two days are set against the two before.
    await expect(panel.getByTestId('traffic-previous')).toHaveText(
      'Against the days just before (2026-10-24 to 2026-10-31): the store has no search then.',
    );
    await from.fill('2026-11-05');
    await panel.getByLabel('To', { exact: true }).fill('2026-11-06');
    await expect(panel.getByTestId('traffic-previous')).toHaveText(
      'Each figure against 2026-11-03 to 2026-11-04, the days just before, under the same filters.',
    );
    await expect(tiles.locator('.traffic-tile__previous').first()).toHaveText(/^[+−]\d+\.\d% vs last period$/);
    await panel.getByLabel('To', { exact: true }).fill('');
    await from.fill('');

    // The sample's size as typed: cleared, it is said and nothing is saved (it used to snap to 1: typing 50 gave
    // 150); asked for more queries than there are, the set is named by what it holds.
    await panel.getByRole('radio', { name: 'Top', exact: true }).click();
    const size = panel.getByRole('textbox', { name: 'Queries' });
    await size.fill('');
    await expect(panel.getByRole('alert').filter({ hasText: 'Queries:' })).toHaveText('Queries: a whole number from 1 to 100,000.');
    await expect(panel.getByRole('button', { name: 'Save sample as query set' })).toBeDisabled();
    await size.fill('100000');
    await panel.getByRole('button', { name: 'Save sample as query set' }).click();
    const saved = panel.getByRole('status').filter({ hasText: 'Saved' });
    await expect(saved).toHaveText(/^Saved ([\d]+) queries as traffic-sample-top-(\d+)-of-100000-asked\.json$/);
    const [, kept, named] = /^Saved (\d+) queries as traffic-sample-top-(\d+)-/.exec((await saved.textContent())!)!;
    expect(named).toBe(kept);
  },
);

test('ratings from clicks: PBM fitted on the demo week, saved as a judgment list, counted by an experiment', async ({ app }) => {
  const { page } = app;
  await expect.poll(() => existsSync(join(app.dataDir, 'workspace', 'traffic', 'searches')), { timeout: 30_000 }).toBe(true);
  await openArea(page, 'Shoppers');
  const panel = page.getByTestId('traffic-panel');
  await expect(panel.getByTestId('traffic-tiles')).toBeVisible({ timeout: 30_000 });
  await panel.getByRole('radio', { name: 'Ratings from clicks' }).click();
  const clicks = panel.getByTestId('click-ratings');
  // Auto, the default: PBM and DBN scored on held-out searches; the demo's shoppers follow DBN, and it is chosen.
  await expect(clicks.getByRole('radio', { name: 'Auto' })).toBeChecked();
  await clicks.getByRole('button', { name: 'Fit' }).click();
  await expect(clicks.getByTestId('click-summary')).toContainText('DBN on', { timeout: 60_000 });
  const selection = clicks.getByTestId('click-selection');
  await expect(selection.getByRole('row', { name: /DBN ✓/ })).toBeVisible();
  await expect(selection.getByRole('row', { name: /^PBM / })).toBeVisible();
  await clicks.scrollIntoViewIfNeeded();
  await shootThemes(app, 'click-models-0-auto');
  // A width no interval can be refused by: the message beside the field, nothing sent.
  await clicks.getByLabel('Widest interval rated').fill('wide');
  await expect(clicks.getByRole('alert')).toContainText('Widest interval: the widest interval is a number above 0, got "wide".');
  await expect(clicks.getByRole('button', { name: 'Fit' })).toBeDisabled();
  await clicks.getByLabel('Widest interval rated').fill('0.3');

  await clicks.getByRole('radio', { name: 'PBM' }).click();
  await clicks.getByRole('button', { name: 'Fit' }).click();
  await expect(clicks.getByTestId('click-summary')).toContainText('PBM on', { timeout: 60_000 });
  // The position curve: ten ranks, the first looked at always; every item with its estimate, interval and rating.
  await expect(clicks.getByTestId('click-position-chart').locator('rect')).toHaveCount(10);
  await expect(clicks.getByTestId('click-items').locator('tbody tr').first()).toBeVisible();
  await expect(clicks.getByLabel('Threshold for rating 3')).not.toHaveValue('');
  // Thresholds that do not go up are refused as the command line refuses them, before anything is sent.
  const third = await clicks.getByLabel('Threshold for rating 3').inputValue();
  await clicks.getByLabel('Threshold for rating 3').fill('0.0001');
  await expect(clicks.getByRole('alert')).toContainText("Thresholds: the thresholds go up: rating 3's (0.0001) is not above rating 2's");
  await expect(clicks.getByRole('button', { name: 'Rate with these' })).toBeDisabled();
  await clicks.getByLabel('Threshold for rating 3').fill(third);
  await clicks.getByLabel('Filter by query').fill('running shoes');
  await expect(clicks.getByTestId('click-items').locator('tbody tr').first()).toContainText('running shoes');
  await clicks.scrollIntoViewIfNeeded();
  await shootThemes(app, 'click-models-1-ratings');
  expect(await app.axe()).toEqual([]);

  await clicks.getByRole('button', { name: 'Save as judgment list' }).click();
  await expect(clicks.getByRole('status').filter({ hasText: 'clicks’ ratings in' })).toContainText(
    /Saved [\d,]+ clicks’ ratings in clicks-pbm\.json/,
  );
  await clicks.getByRole('button', { name: 'Show in Workspace' }).click();
  await expect(page.getByRole('region', { name: 'Judgment lists' })).toContainText('clicks-pbm.json');

  // In Search, with the clicks' list active, a result the shoppers rated shows their rating beside the person's (a
  // query shoppers searched often: only items whose interval is narrow enough are rated).
  await openArea(page, 'Search');
  const query = page.getByRole('textbox', { name: 'Query' });
  await query.fill('trail running shoes');
  await query.press('Enter');
  await expect(page.getByTestId('result-row').first()).toBeVisible();
  await page.getByRole('combobox', { name: 'Judgment list' }).selectOption('clicks-pbm.json');
  const shoppers = page.getByTestId('result-row').getByTestId('clicks-rating').first();
  await expect(shoppers).toBeVisible();
  await expect(shoppers).toHaveAttribute(
    'title',
    /Shoppers' rating by PBM, \d of 3: estimate [\d.]+ \(95% [\d.]+–[\d.]+\), [\d,]+ impressions/,
  );
  await shootThemes(app, 'click-models-2-search');
  await openArea(page, 'Workspace');

  // An experiment measured on the clicks' ratings alone.
  const experiments = page.getByRole('region', { name: 'Experiments' });
  await experiments.getByRole('button', { name: 'New', exact: true }).click();
  const form = experiments.getByRole('form', { name: 'New experiment' });
  await form.getByLabel('Experiment name').fill('Clicks trial');
  await form.getByLabel('Query set').selectOption('demo-shopper-queries.json');
  await form.getByLabel('Judgment list').selectOption('clicks-pbm.json');
  await form.getByRole('radiogroup', { name: 'Ratings' }).getByRole('radio', { name: 'clicks’', exact: true }).click();
  await form.getByLabel('Side B configuration').fill('new-arrivals');
  await form.getByRole('button', { name: 'Create experiment' }).click();
  const trial = experiments.getByRole('listitem').filter({ hasText: 'clicks-trial.json' });
  await trial.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByTestId('batch-status')).toHaveText('done', { timeout: 60_000 });
  const quality = page.getByTestId('quality-panel');
  await expect(quality.getByTestId('ratings-counted')).toHaveText(
    "clicks' ratings only (shoppers' behaviour through a click model; people's left out)",
  );
  await expect(quality.getByTestId('quality-table')).toBeVisible();
});

test('imports: a log whose search id the demo week holds for another search is a conflict, not kept; the import is listed and taken out again', async ({
  app,
}) => {
  const { page } = app;
  await expect.poll(() => existsSync(join(app.dataDir, 'workspace', 'traffic', 'searches')), { timeout: 30_000 }).toBe(true);
  // The demo week's first search is "iphone case"; this log reuses its id for a tent search, with a click on an item
  // that search never showed — and one search of its own.
  const log = join(app.dataDir, 'other-shop.jsonl');
  const query = (id: string, text: string, hits: string[]) => ({
    query_id: id,
    user_query: text,
    timestamp: '2026-11-03T10:00:00Z',
    query_attributes: { session_id: `other-${id}` },
    query_response_hit_ids: hits,
  });
  const click = (id: string, doc: string) => ({
    action_name: 'click',
    query_id: id,
    timestamp: '2026-11-03T10:00:09Z',
    event_attributes: { object: { object_id: doc }, position: { ordinal: 1 } },
  });
  const rows = [query('s-0000a676-1434-1', 'tent', ['SKU-T']), click('s-0000a676-1434-1', 'SKU-T'), query('other-1', 'tent', ['SKU-T'])];
  await writeFile(log, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');

  await openArea(page, 'Shoppers');
  const panel = page.getByTestId('traffic-panel');
  const tiles = panel.getByTestId('traffic-tiles');
  await expect(tiles).toContainText('38,235');
  const imports = panel.getByRole('region', { name: 'Imports' });
  await expect(imports.getByRole('listitem')).toHaveCount(2);
  await panel.getByLabel('Import a log (UBI, tracker activities or CSV)').fill(log);
  await panel.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(panel.locator('.traffic-imported')).toContainText(
    '1 search not kept, with 1 event: the store holds its id for a different search (a conflict; e.g. s-0000a676-1434-1)',
  );
  await expect(panel.locator('.traffic-imported')).toContainText('kept 1 search and 0 events');
  await expect(tiles).toContainText('38,236');
  const row = imports.getByRole('listitem').filter({ hasText: 'other-shop.jsonl' });
  await expect(row).toContainText('1 search, 0 events · 2026-11-03');
  await shootThemes(app, 'traffic-imports');
  expect(await app.axe()).toEqual([]);

  await row.getByRole('button', { name: 'Remove other-shop.jsonl' }).click();
  await row.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(imports.getByRole('status')).toHaveText('Removed other-shop.jsonl: 1 search, 0 events taken out.');
  await expect(imports.getByRole('listitem')).toHaveCount(2);
  await expect(tiles).toContainText('38,235');
  expect(await app.problems()).toEqual([]);
});

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { demoExperimentRow, expect, runDemoExperiment, shootThemes, test } from './fixtures';

// The demo experiment (default against new-arrivals) estimated on the demo week's shopper traffic: every estimator's
// B − A with its interval, the interleaving replay and the coverage, then again with DBN as the click model.

test('on traffic: the demo experiment’s B estimated on the traffic logged under A, by every estimator, with PBM and DBN', async ({
  app,
}) => {
  const { page } = app;
  await expect.poll(() => existsSync(join(app.dataDir, 'workspace', 'traffic', 'searches')), { timeout: 30_000 }).toBe(true);
  const demo = await demoExperimentRow(page);
  await demo.getByRole('button', { name: 'On traffic', exact: true }).click();
  const panel = page.getByTestId('on-traffic');
  // Opened from a button far below it: scrolled to, its heading focused (before, nothing visible happened).
  const heading = panel.getByRole('heading', { name: 'On traffic: demo-default-vs-new-arrivals' });
  await expect(heading).toBeInViewport();
  await expect(heading).toBeFocused();
  const table = panel.getByRole('table', { name: 'Clicks@10 per search on traffic' });
  await expect(table).toBeVisible({ timeout: 120_000 });
  for (const estimator of ['model', 'ips', 'snips', 'dr']) await expect(panel.getByTestId(`on-traffic-${estimator}`)).toBeVisible();
  // A headline the diagnostics support; IPS, whose support the log lacks (new-arrivals' items missing from most
  // logged pages), marked unreliable with the reason; the weights' diagnostics stated.
  const headline = panel.getByTestId('on-traffic-headline');
  await expect(headline).toContainText(/^(Doubly robust|Model): B − A [−+]\d\.\d{3} .* — the headline, because/);
  await expect(headline).toContainText(/Unreliable here: IPS — in \d+% of B's places the logged searches did not show B's item/);
  const named = (await headline.textContent())!.startsWith('Model') ? 'model' : 'dr';
  await expect(panel.getByTestId(`on-traffic-${named}`)).toContainText('headline');
  await expect(panel.getByTestId('on-traffic-ips')).toContainText('unreliable');
  await expect(panel.getByTestId('on-traffic-support')).toContainText(/worth [\d,]+ equally weighted ones \(effective sample size\)/);
  // A is the log's default (side A names no configuration), B the experiment's new-arrivals.
  await expect(panel).toContainText('had B (new-arrivals) answered');
  await expect(panel).toContainText('logged under A (default');
  await expect(panel.getByTestId('on-traffic-interleaving')).toContainText(/B won [\d,]+ searches, lost [\d,]+, tied [\d,]+/);
  await expect(panel.getByLabel(/^Coverage \d+%$/)).toBeVisible();
  // One dot a row of the estimators' table, on one axis.
  const deltas = panel.getByRole('figure', { name: 'B − A in clicks@10 per search by each estimator, with 95% intervals' });
  await expect(deltas.locator('g[aria-label="dot"] circle')).toHaveCount(
    await panel.getByRole('table', { name: 'Clicks@10 per search on traffic' }).locator('tbody tr').count(),
  );
  // Click-through, add-to-carts and purchases by the model (the demo week has conversions), and the queries B loses clicks on.
  for (const outcome of ['ctr', 'carts', 'purchases']) await expect(panel.getByTestId(`on-traffic-outcome-${outcome}`)).toBeVisible();
  await expect(panel.getByTestId('on-traffic-losers')).toContainText(/B loses (clicks on [\d,]+ of [\d,]+ queries|no query's clicks)/);
  await panel.scrollIntoViewIfNeeded();
  await shootThemes(app, 'estimates-1-on-traffic');
  expect(await app.axe()).toEqual([]);

  // DBN as the model that says where shoppers look: estimated again.
  const pbmModel = await panel.getByTestId('on-traffic-model').locator('td').nth(1).textContent();
  await panel.getByRole('radio', { name: 'DBN' }).click();
  await expect(panel).toContainText('DBN fitted on the whole store', { timeout: 120_000 });
  await expect(table).toBeVisible();
  expect(await panel.getByTestId('on-traffic-model').locator('td').nth(1).textContent()).not.toBe(pbmModel);
});

test('on traffic in a batch: B − A beside the judgment metrics, and the triage table marks the queries B loses clicks on', async ({
  app,
}) => {
  const { page } = app;
  await expect.poll(() => existsSync(join(app.dataDir, 'workspace', 'traffic', 'searches')), { timeout: 30_000 }).toBe(true);
  await runDemoExperiment(page);
  const triage = page.getByRole('table', { name: 'Queries, most changed first' });
  await expect(triage.getByRole('columnheader', { name: 'Clicks@10 on traffic' })).toHaveCount(0);
  await page.getByRole('button', { name: 'On traffic', exact: true }).click();
  const panel = page.getByTestId('on-traffic');
  await expect(panel.getByRole('heading', { name: 'On traffic: Demo: default vs new-arrivals · run 1' })).toBeVisible();
  await expect(panel.getByRole('table', { name: 'Clicks@10 per search on traffic' })).toBeVisible({ timeout: 120_000 });
  // The triage table gains the column; the filter keeps only the queries B loses clicks on, each marked.
  await expect(triage.getByRole('columnheader', { name: 'Clicks@10 on traffic' })).toBeVisible();
  await page.getByRole('button', { name: 'Loses clicks@10 on traffic' }).click();
  const rows = triage.getByTestId('triage-row');
  await expect(rows.first()).toBeVisible();
  const shown = await rows.count();
  for (let i = 0; i < Math.min(shown, 5); i++) await expect(rows.nth(i).getByText('loses clicks', { exact: true })).toBeVisible();
  // Ordered by the traffic's column: B's biggest losses first, then its gains first.
  const values = async () =>
    (await triage.getByTestId('triage-traffic').allTextContents()).map((t) =>
      Number(t.replace('loses clicks', '').trim().replace('−', '-')),
    );
  await page.getByRole('combobox', { name: 'Order the queries by' }).selectOption('traffic');
  await expect(page.getByText(/by Δ clicks@10 on traffic, B’s biggest losses first/)).toBeVisible();
  const losses = await values();
  expect(losses.length).toBeGreaterThan(1);
  expect(losses).toEqual([...losses].sort((a, b) => a - b));
  await page.getByRole('radio', { name: 'B better first' }).click();
  await page.getByRole('button', { name: 'All', exact: true }).click();
  const gains = await values();
  expect(gains).toEqual([...gains].sort((a, b) => b - a));
  await panel.scrollIntoViewIfNeeded();
  await shootThemes(app, 'estimates-2-batch-on-traffic');
  await triage.scrollIntoViewIfNeeded();
  await shootThemes(app, 'estimates-3-triage-on-traffic');
  expect(await app.axe()).toEqual([]);
});

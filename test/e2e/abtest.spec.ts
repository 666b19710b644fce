import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, openArea, shootThemes, test, SMOKE } from './fixtures';

// A/B tests on the Tests screen: support finds which variation a customer got and runs the customer's storefront search
// in it; QA reads the demo's running test from the demo week's traffic (simulated under it) and plans a new one.

/** Opens the Tests screen and the demo test (a workspace file written with the demo files) from its row. */
async function openDemoTest(page: Page) {
  await openArea(page, 'Tests');
  const row = page.getByRole('region', { name: 'A/B tests' }).getByRole('listitem').filter({ hasText: 'demo-ranking-test.json' });
  await expect(row).toContainText('control 50% / new-arrivals 50%');
  await row.getByRole('button', { name: 'Open Demo: default against new-arrivals' }).click();
  const panel = page.getByTestId('abtest-panel');
  // The panel opens under the list: it is scrolled to, and its heading takes the focus.
  const heading = panel.getByRole('heading', { name: /Demo: default against new-arrivals/ });
  await expect(heading).toBeInViewport();
  await expect(heading).toBeFocused();
  return panel;
}

test(
  'support: a customer’s variation from their id, and their storefront search reproduced and run in it',
  { tag: SMOKE },
  async ({ app }) => {
    const { page } = app;
    const panel = await openDemoTest(page);
    const lookup = panel.getByRole('region', { name: 'Which variation' });
    // customer-1001 falls in bucket 96 of demo-ranking-nov: the new-arrivals half (buckets 51–100).
    await lookup.getByRole('textbox', { name: 'User or session id' }).fill('customer-1001');
    const answer = panel.getByTestId('abtest-assignment');
    await expect(answer).toContainText('Bucket96');
    await expect(answer).toContainText('Variationnew-arrivals');
    await expect(answer).toContainText('Configurationnew-arrivals');
    await lookup
      .getByRole('textbox', { name: 'Customer URL' })
      .fill('https://demo-shop.example.com/search.php?search_query=rain+jacket&sort=price:desc');
    const reproduced = panel.getByTestId('abtest-reproduced');
    await expect(reproduced).toContainText('"configurationId": "new-arrivals"');
    await expect(reproduced).toContainText('"query": "rain jacket"');
    await expect(reproduced).toContainText('configurationId new-arrivals: variation new-arrivals of test demo-ranking-nov, bucket 96.');
    await lookup.scrollIntoViewIfNeeded();
    await shootThemes(app, 'abtest-1-lookup');
    expect(await app.axe()).toEqual([]);

    // Another customer, in the control: the same URL, the control's configuration.
    await lookup.getByRole('textbox', { name: 'User or session id' }).fill('customer-4711');
    await expect(answer).toContainText('Variationcontrol');
    await expect(reproduced).toContainText('"configurationId": "default"');

    // Back to the first customer, and run it: a Search tab with their configuration, answered.
    await lookup.getByRole('textbox', { name: 'User or session id' }).fill('customer-1001');
    await expect(reproduced).toContainText('"configurationId": "new-arrivals"');
    await reproduced.getByRole('button', { name: 'Run as this customer' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search');
    await expect(page.getByRole('textbox', { name: 'Query' })).toHaveValue('rain jacket');
    await expect(page.getByLabel('Configuration', { exact: true }).first()).toHaveValue('new-arrivals');
    await expect(page.getByTestId('result-count')).toBeVisible();
  },
);

test('QA: the running demo test read from the traffic — SRM, lifts both ways, the daily chart — and a new test planned', async ({
  app,
}) => {
  const { page } = app;
  await expect.poll(() => existsSync(join(app.dataDir, 'workspace', 'traffic', 'searches')), { timeout: 30_000 }).toBe(true);
  const panel = await openDemoTest(page);
  const readout = panel.getByTestId('abtest-readout');
  await expect(readout).toBeVisible({ timeout: 60_000 });
  // Simulated under the test: users split as the weights say, every search tied by its logged variation.
  await expect(panel.getByTestId('abtest-srm')).toContainText('Sample ratio as the weights say');
  await expect(readout).toContainText(/[\d,]+ searches tied by the variation they were logged with, 0 by bucketing the user id/);
  const variations = readout.getByRole('table', { name: 'Variations' });
  await expect(variations.getByRole('row')).toHaveCount(3);
  const lifts = readout.getByRole('table', { name: 'Lifts over the control' });
  await expect(lifts.getByRole('row', { name: /new-arrivals/ })).toContainText(/[−+]\d+\.\d%/);
  await expect(panel.getByTestId('abtest-chart')).toBeVisible();
  // The demo week starts with the test: no pre-period, so CUPED says it has nothing to regress on; the guardrails are
  // the two metrics not read; the segments are broken down with Holm's correction.
  await expect(panel.getByTestId('abtest-cuped')).toContainText('no user of the test searched in the 14 days before its start');
  await expect(panel.getByTestId('abtest-guardrails').getByRole('listitem')).toHaveCount(2);
  await expect(panel.getByTestId('abtest-guardrails')).toContainText(
    /Guardrail conversion \(new-arrivals\): [−+]\d+\.\d% .* — (holds|breached)/,
  );
  const segments = readout.getByRole('table', { name: 'Lift by segment' });
  await expect(segments.getByRole('row', { name: /premium/ })).toContainText(/[−+]\d+\.\d%/);
  // Conversion at +5%: the test has not reached its planned size yet.
  await panel.getByRole('radio', { name: 'conversion' }).click();
  // Read again on conversion (the table's last column says which metric it shows).
  await expect(variations.getByRole('columnheader', { name: 'conversion, 95% interval' })).toBeVisible();
  await expect(panel.getByTestId('abtest-reached')).toContainText(/^\s*\d+% of the planned size/);
  // A running test's size is said once, by its readout: no second planner size on the panel.
  await expect(panel.getByTestId('abtest-plan')).toHaveCount(0);
  await expect(panel.getByText(/users per variation/)).toHaveCount(1);
  // Revenue: its column says it is winsorized, beside the uncapped Revenue / search.
  await panel.getByRole('radio', { name: 'revenue per search' }).click();
  await expect(variations.getByRole('columnheader', { name: 'revenue per search (winsorized), 95% interval' })).toBeVisible();
  await panel.getByRole('radio', { name: 'conversion' }).click();
  await expect(variations.getByRole('columnheader', { name: 'conversion, 95% interval' })).toBeVisible();
  await readout.scrollIntoViewIfNeeded();
  await shootThemes(app, 'abtest-2-readout');
  expect(await app.axe()).toEqual([]);

  // Editing the running demo test: changing its weights warns that it reshuffles who is in which variation.
  await page.getByRole('region', { name: 'A/B tests' }).getByRole('button', { name: 'Edit Demo: default against new-arrivals' }).click();
  const edit = panel.getByRole('form', { name: 'Edit Demo: default against new-arrivals' });
  await expect(edit.getByTestId('abtest-reshuffle')).toHaveCount(0);
  await edit.getByRole('textbox', { name: 'Variation 1 weight' }).fill('60');
  await expect(edit.getByTestId('abtest-reshuffle')).toContainText(
    'This test is running: changing its variations or weights reshuffles which variation each user gets',
  );
  await edit.getByRole('button', { name: 'Cancel' }).click();

  // A new test, its weights wrong first: said by field, not saved; then saved, listed, and planned on the traffic.
  await page.getByRole('region', { name: 'A/B tests' }).getByRole('button', { name: 'New', exact: true }).click();
  const form = panel.getByRole('form', { name: 'New A/B test' });
  await form.getByRole('textbox', { name: 'Name' }).fill('Bestsellers trial');
  await form.getByRole('textbox', { name: 'Test id' }).fill('bestsellers-dec');
  // A month from today, whatever day the suite runs.
  const start = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  await form.getByRole('textbox', { name: 'Start' }).fill(start);
  await form.getByRole('textbox', { name: 'Variation 2 id' }).fill('bestsellers');
  await form.getByRole('combobox', { name: 'Variation 2 configuration' }).fill('bestsellers');
  await form.getByRole('textbox', { name: 'Variation 2 weight' }).fill('40');
  await expect(form.getByTestId('abtest-weights')).toHaveText('Weights add up to 90% — make them 100');
  await form.getByRole('textbox', { name: 'End (optional)' }).fill('2026-02-30');
  await form.getByRole('textbox', { name: 'Variation 2 id' }).fill('control');
  const columns = await form
    .locator('.abtest-form__variations col')
    .evaluateAll((cols) => cols.map((c) => c.getBoundingClientRect().width));
  await form.getByRole('button', { name: 'Create test' }).click();
  // Each problem in the form's words, counted from 1, its field marked; the table keeps its columns.
  const issues = form.getByRole('alert');
  await expect(issues).toContainText('Weights: the weights add up to 90, not 100');
  await expect(issues).toContainText('Variation 2 id: "control" is there twice: variation ids are unique');
  await expect(issues).toContainText('End: 2026-02-30 is not a day: February 2026 has 28 days');
  await expect(issues).not.toContainText('variations[');
  await expect(form.getByRole('textbox', { name: 'Variation 2 id' })).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByRole('textbox', { name: 'End (optional)' })).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByRole('textbox', { name: 'Variation 1 id' })).not.toHaveAttribute('aria-invalid', 'true');
  expect(
    await form.locator('.abtest-form__variations col').evaluateAll((cols) => cols.map((c) => c.getBoundingClientRect().width)),
  ).toEqual(columns);
  await shootThemes(app, 'abtest-editor-issues');
  await form.getByRole('textbox', { name: 'End (optional)' }).fill('');
  await form.getByRole('textbox', { name: 'Variation 2 id' }).fill('bestsellers');
  await form.getByRole('textbox', { name: 'Variation 1 weight' }).fill('60');
  await form.getByRole('textbox', { name: 'Variation 2 weight' }).press('ControlOrMeta+Enter');
  await expect(panel.getByRole('heading', { name: /Bestsellers trial/ })).toBeVisible();
  await expect(panel.getByRole('heading', { name: new RegExp(`starts ${start}`) })).toBeVisible();
  await expect(panel.getByTestId('abtest-not-started')).toContainText(`starts ${start}: nothing to read yet`);
  await expect(
    page.getByRole('region', { name: 'A/B tests' }).getByRole('listitem').filter({ hasText: 'bestsellers-trial.json' }),
  ).toContainText('control 60% / bestsellers 40%');
  await expect(panel.getByTestId('abtest-plan')).toContainText(
    /From the traffic of 2026-11-01 to 2026-11-0\d .* users per variation .* days/,
  );
  await panel.getByRole('region', { name: 'Planner' }).scrollIntoViewIfNeeded();
  await shootThemes(app, 'abtest-3-planner');
});

import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { demoExperimentRow, expect, shootThemes, test } from './fixtures';

// The demo experiment run three times on Local demo, its judgment list changed between runs (as a git pull or
// another editor would change it): the runs over time with intervals, a pinned baseline, a flagged run and the
// queries that lost most, then every run re-scored with today's list.

test('runs over time: three runs of the demo experiment, a baseline, a flagged run, re-scored with today’s judgments', async ({ app }) => {
  const { page } = app;
  const list = join(app.dataDir, 'workspace', 'judgments', 'demo-judgments.json');
  await expect.poll(() => existsSync(list), { timeout: 30_000 }).toBe(true);
  const original = await readFile(list, 'utf8');

  const run = async (n: number) => {
    const demo = await demoExperimentRow(page);
    await demo.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(page.getByRole('heading', { name: `Demo: default vs new-arrivals · run ${n}` })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('batch-status')).toHaveText('done', { timeout: 60_000 });
  };
  await run(1);
  // Between runs 1 and 2 a stricter reviewer demotes every other 3 to 1 (relevant is from 2): half the best items stop counting.
  const lowered = JSON.parse(original) as { ratings: { rating: number }[] };
  let threes = 0;
  for (const r of lowered.ratings) if (r.rating === 3 && threes++ % 2 === 0) r.rating = 1;
  await writeFile(list, JSON.stringify(lowered, null, 2));
  await run(2);
  await writeFile(list, original);
  await run(3);

  const demo = await demoExperimentRow(page);
  await demo.getByRole('button', { name: 'Runs', exact: true }).click();
  const panel = page.getByTestId('runs-panel');
  await expect(panel.getByTestId('runs-row')).toHaveCount(3);
  // The chart draws each run's B mean (and A's) once: three runs, three points a side.
  await expect(panel.locator('g.runs-chart__b circle')).toHaveCount(3);
  await expect(panel.locator('g.runs-chart__a circle')).toHaveCount(3);
  await expect(panel.getByTestId('runs-judgments-changed')).toContainText('The judgment list changed between runs');
  await panel.getByRole('radio', { name: 'P@10' }).click();
  await expect(panel).toContainText('Pin a run as the baseline');

  // Run 1 as the baseline: run 2, scored with the stricter list, is significantly worse; run 3 is not.
  await panel.getByTestId('runs-row').nth(0).getByRole('button', { name: 'Pin as baseline' }).click();
  await expect(panel.getByTestId('runs-row').nth(0).getByRole('button', { name: 'Unpin' })).toBeVisible();
  await expect(panel.getByTestId('runs-row').nth(1)).toHaveClass(/is-flagged/);
  await expect(panel.locator('g.runs-chart__flag circle')).toHaveCount(1);
  await expect(panel.getByTestId('runs-row').nth(1)).toContainText('worse');
  await expect(panel.getByTestId('runs-row').nth(2)).not.toHaveClass(/is-flagged/);
  await expect(panel.getByRole('region', { name: 'Queries of run 2 against the baseline' })).toBeVisible();
  await panel.scrollIntoViewIfNeeded();
  await shootThemes(app, 'runs-1-flagged');
  expect(await app.axe()).toEqual([]);

  // Re-scored with today's list (the original again): the rankings did not change, so nothing is worse.
  await panel.getByRole('button', { name: "Re-score all with today's list" }).click();
  await expect(panel.getByTestId('runs-judgments-changed')).toContainText("Every run is scored with today's");
  await expect(panel.locator('tr.is-flagged')).toHaveCount(0);
  await shootThemes(app, 'runs-2-rescored');

  // The query that lost most opens run 2 side by side.
  await panel.getByRole('button', { name: 'Score each with its own list' }).click();
  await expect(panel.getByTestId('runs-row').nth(1)).toHaveClass(/is-flagged/);
  const chip = panel.getByRole('region', { name: 'Queries of run 2 against the baseline' }).locator('.chip').first();
  const query = (await chip.textContent())!.replace(/\s+[−+]\d\.\d+$/, '').trim();
  await chip.click();
  await expect(page.getByRole('textbox', { name: 'Query' })).toHaveValue(query);
  expect(await app.problems()).toEqual([]);
});

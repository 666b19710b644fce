import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, openArea, shootThemes, test } from './fixtures';

// Explain on Local demo: three differences between the sides (configuration and two context variables) for one
// query — the budget before anything is sent, the ranked parts, one difference's own side by side and back — and
// the same over a batch's query set, kept with it and one click from the queries where a difference mattered.

const side = (page: Page, key: 'A' | 'B') => page.getByRole('region', { name: `Side ${key}` });
const shares = async (page: Page) =>
  (await page.getByTestId('explain-row').locator('.explain-row__share').allTextContents()).map((t) =>
    Number(t.replace('−', '-').replace('%', '')),
  );

async function threeDifferences(page: Page) {
  await openArea(page, 'Compare');
  await side(page, 'A').getByLabel('Side A label').fill('default');
  await side(page, 'B').getByLabel('Side B label').fill('bestsellers, premium, rain');
  await side(page, 'B').getByLabel('Configuration').fill('bestsellers');
  await side(page, 'B').getByLabel('Context variables (JSON)').fill('{"segment": "premium", "weather": "rain"}');
}

test('explain one query: the budget first, the parts ranked, one difference side by side and back', async ({ app }) => {
  const { page } = app;
  await threeDifferences(page);
  await page.getByRole('textbox', { name: 'Query' }).fill('rain jacket');
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.getByTestId('metrics-bar')).toBeVisible();

  await page.getByRole('radio', { name: 'Explain' }).click();
  const panel = page.getByTestId('explain-panel');
  // The two answers on screen are A and B: only the six in between are sent.
  await expect(panel.getByTestId('explain-budget')).toHaveText('3 differences → 8 requests (2 answers on screen reused)');
  await panel.getByRole('button', { name: 'Explain', exact: true }).click();
  await expect(panel.getByTestId('explain-row')).toHaveCount(3);
  await expect(panel.getByTestId('explain-sentence')).toContainText('of the change');
  await expect(panel.getByTestId('explain-foot')).toContainText('8 distinct requests (2 answers reused)');
  // Largest part first, and the parts share out the whole change.
  const parts = await shares(page);
  expect(parts.reduce((s, x) => s + x, 0)).toBeGreaterThanOrEqual(98);
  expect(parts.reduce((s, x) => s + x, 0)).toBeLessThanOrEqual(102);
  expect(Math.abs(parts[0]!)).toBeGreaterThanOrEqual(Math.abs(parts[2]!));
  await shootThemes(app, 'explain-1-query');
  expect(await app.axe()).toEqual([]);

  // One difference on its own: A against A with only it, side by side.
  const first = panel.getByTestId('explain-row').first();
  const name = (await first.locator('.explain-row__name').textContent())!;
  await first.getByRole('button', { name: 'A vs A + this' }).click();
  const banner = page.getByTestId('explain-banner');
  await expect(banner).toContainText(`A + ${name}`);
  await expect(side(page, 'B').getByLabel('Side B label')).toHaveValue(`A + ${name}`);
  await expect(page.getByTestId('metrics-bar')).toBeVisible();
  await expect(page.getByTestId('aligned-b').first()).toBeVisible();
  await shootThemes(app, 'explain-2-difference');
  await banner.getByRole('button', { name: 'Back to A vs B' }).click();
  await expect(side(page, 'B').getByLabel('Side B label')).toHaveValue('bestsellers, premium, rain');
  await expect(page.getByTestId('explain-banner')).toHaveCount(0);
  await expect(panel.getByTestId('explain-row')).toHaveCount(3);

  // Clicks on traffic as the measure: the same three differences, by the click model fitted on the demo week.
  await expect.poll(() => existsSync(join(app.dataDir, 'workspace', 'traffic', 'searches')), { timeout: 30_000 }).toBe(true);
  await panel.getByRole('radio', { name: 'Clicks on traffic' }).click();
  await panel.getByRole('button', { name: 'Explain', exact: true }).click();
  await expect(panel.getByTestId('explain-foot')).toContainText('change in clicks@10 on traffic: whole change', { timeout: 60_000 });
  await expect(panel.getByTestId('explain-row')).toHaveCount(3);
  expect(await app.problems()).toEqual([]);
});

test('explain the demo query set: the mean part per difference with its interval, kept with the batch, queries one click away', async ({
  app,
}) => {
  const { page } = app;
  // The demo shopper queries the new install's workspace holds, imported as the query set file it is.
  const file = join(app.dataDir, 'workspace', 'query-sets', 'demo-shopper-queries.json');
  await expect.poll(() => existsSync(file), { timeout: 30_000 }).toBe(true);
  const queries = (JSON.parse(await readFile(file, 'utf8')) as { queries: unknown[] }).queries.length;
  await threeDifferences(page);
  await page.getByRole('radio', { name: 'Batch' }).click();
  await page.getByTestId('batch-file').setInputFiles(file);
  await expect(page.getByTestId('batch-count')).toHaveText(`${queries} queries (query set) from demo-shopper-queries.json`);
  await page.getByRole('button', { name: `Run ${queries} on both sides` }).click();
  await expect(page.getByTestId('batch-status')).toHaveText('done', { timeout: 90_000 });

  const section = page.getByTestId('batch-explain');
  await expect(section.getByTestId('explain-budget')).toHaveText(`3 differences → ${queries * 6} more requests (A and B are the batch’s)`);
  await section.getByRole('button', { name: 'Explain', exact: true }).click();
  await expect(section.getByTestId('explain-row')).toHaveCount(3, { timeout: 60_000 });
  // Every query is either in the means or counted as left out (empty on both sides, as the batch's own measures).
  const foot = (await section.getByTestId('explain-foot').textContent())!;
  const meaned = Number(/mean over (\d+) queries/.exec(foot)?.[1]);
  expect(meaned).toBeGreaterThan(queries / 2);
  if (meaned < queries) expect(foot).toContain(`Left out of the means: ${queries - meaned} quer`);
  else expect(foot).not.toContain('Left out');
  await expect(section.getByTestId('explain-row').first()).toContainText('95% CI');
  await expect(section.getByRole('button', { name: 'Explain again' })).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await shootThemes(app, 'explain-3-batch');

  // A query where the first difference mattered most opens side by side.
  const chip = section.getByTestId('explain-row').first().locator('.explain-row__queries .chip').first();
  const query = (await chip.textContent())!.replace(/\s+−?\d\.\d+$/, '').trim();
  await chip.click();
  await expect(page.getByRole('textbox', { name: 'Query' })).toHaveValue(query);
  await expect(page.getByTestId('metrics-bar')).toBeVisible();
  expect(await app.problems()).toEqual([]);
});

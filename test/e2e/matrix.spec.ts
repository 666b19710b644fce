import { readFile } from 'node:fs/promises';
import { byTag, parseHtml, words } from '../helpers/html';
import { expect, openArea, shootThemes, test } from './fixtures';

// The context matrix on Local demo: a 3×2 grid of context variables for one query on one configuration, then on
// two; the budget before sending, each cell against the baseline coloured by change, a cell opened against the
// baseline side by side, and what cannot be sent said beside its field.

test('context matrix: 3×2 cells on one configuration, then two; a cell opened against the baseline side by side', async ({ app }) => {
  const { page } = app;
  await openArea(page, 'Compare');
  await page.getByRole('radio', { name: 'Context matrix' }).click();
  const form = page.getByRole('form', { name: 'Context matrix' });
  await expect(form.getByLabel('Queries, one per line')).toHaveValue('rain jacket');
  await expect(page.getByTestId('matrix-budget')).toHaveText('6 cells × 1 query = 6 requests');
  await expect(form.getByText('emulator only')).toBeVisible(); // the clock axis, offered on Local demo
  await form.getByRole('button', { name: 'Run matrix' }).click();

  const grid = page.getByRole('region', { name: 'Matrix cells' });
  const cells = grid.getByTestId('matrix-cell');
  await expect(cells).toHaveCount(6);
  await expect(grid.getByText('6 cells × 1 query · 6 requests')).toBeVisible();
  const row = (...labels: string[]) =>
    cells
      .filter({ has: page.getByRole('rowheader', { name: labels[0], exact: true }) })
      .filter({ has: page.getByRole('rowheader', { name: labels[1], exact: true }) });
  await expect(row('none', 'sun').locator('.matrix-change')).toHaveText('baseline');
  // Outlet alone moves nothing; premium does; outlet in the rain does (the trigger on the two together).
  await expect(row('outlet', 'sun').locator('.matrix-change')).toHaveText('0.000');
  await expect(row('premium', 'sun').locator('.matrix-change')).not.toHaveText('0.000');
  await expect(row('outlet', 'rain').locator('.matrix-change')).toHaveClass(/band-(mid|high)/);
  await expect(row('premium', 'sun').locator('.matrix-top li')).toHaveCount(10);
  await shootThemes(app, 'matrix-1-one-configuration');

  // Two configurations: one more axis, 12 cells.
  await form.getByLabel('Configurations').fill('default, bestsellers');
  await expect(page.getByTestId('matrix-budget')).toHaveText('12 cells × 1 query = 12 requests');
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(cells).toHaveCount(12);
  await expect(grid.getByRole('columnheader', { name: 'Configuration' })).toBeVisible();
  await expect(grid.getByText('12 cells × 1 query · 12 requests')).toBeVisible();
  await shootThemes(app, 'matrix-2-two-configurations');
  expect(await app.axe()).toEqual([]);

  // The HTML export, drawn from components in the window itself (its renderer loads on the first export).
  const pending = page.waitForEvent('download');
  await grid.getByRole('button', { name: 'HTML' }).click();
  const download = await pending;
  expect(download.suggestedFilename()).toBe('context-matrix.html');
  const report = parseHtml(await readFile((await download.path())!, 'utf8'));
  expect(byTag(report, 'h1').map(words)).toEqual(['Context matrix']);
  expect(byTag(report, 'tbody')[0]!.children).toHaveLength(12);
  expect(byTag(report, 'script')).toEqual([]);

  // A cell against the baseline, side by side: A is the baseline cell, B the cell.
  await grid.getByRole('button', { name: 'Open default · segment=premium · weather=sun against the baseline' }).click();
  await expect(page.getByRole('radio', { name: 'Side by side' })).toBeChecked();
  await expect(page.getByRole('region', { name: 'Side A' }).getByLabel('Side A label')).toHaveValue(
    'Baseline: default · segment=none · weather=sun',
  );
  await expect(page.getByRole('region', { name: 'Side B' }).getByLabel('Context variables (JSON)')).toContainText('premium');
  await expect(page.getByTestId('metrics-bar')).toBeVisible();

  // What cannot be sent is said beside its field, and nothing runs.
  await page.getByRole('radio', { name: 'Context matrix' }).click();
  await form.getByLabel('Axis 1 variable').fill('$SEARCH_HOUR');
  await expect(form.getByRole('alert').first()).toContainText('$SEARCH_HOUR is a system variable');
  await expect(form.getByRole('button', { name: 'Run matrix' })).toBeDisabled();
  await expect(page.getByTestId('matrix-budget')).toHaveText('Fix the fields above to see the budget.');
  expect(await app.problems()).toEqual([]);
});

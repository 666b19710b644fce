import type { Page } from '@playwright/test';
import { expect, openArea, shootThemes, test } from './fixtures';

// Compare for product suggest and autocomplete on Local demo: two configurations side by side (groups aligned by
// value, suggestions aligned by text), then a batch of each with its triage; a batch row opened side by side.

const side = (page: Page, key: 'A' | 'B') => page.getByRole('region', { name: `Side ${key}` });

async function twoConfigurations(page: Page): Promise<void> {
  await openArea(page, 'Compare');
  await side(page, 'A').getByLabel('Side A label').fill('default');
  await side(page, 'B').getByLabel('Side B label').fill('bestsellers');
  await side(page, 'B').getByLabel('Configuration').fill('bestsellers');
}

async function runBatch(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Run [\d,]+ on both sides$/ }).click();
  await expect(page.getByTestId('batch-status')).toHaveText('done', { timeout: 60_000 });
}

test('product suggest: two configurations side by side, group by group, then a batch with its triage', async ({ app }) => {
  const { page } = app;
  await twoConfigurations(page);
  await page.getByRole('radio', { name: 'Product suggest' }).click();
  // Nothing to group by yet: said beside the field, and nothing is sent.
  await page.getByLabel('Values').fill('');
  await expect(page.locator('#group-values-problem')).toHaveText('Give the values of category to group by, comma-separated.');
  await expect(page.getByTestId('compare-blocked')).toContainText('Not sent: Give the values of category');
  await page.getByLabel('Values').fill('Jackets, Hiking Boots, Backpacks');
  await page.getByLabel('Size').fill('4');
  await page.getByRole('textbox', { name: /Query/ }).fill('waterproof');
  await page.keyboard.press('ControlOrMeta+Enter');

  const metrics = page.getByTestId('suggest-metrics');
  await expect(metrics).toBeVisible();
  await expect(metrics.getByText(/of 3$/)).toBeVisible(); // groups changed, of the three asked
  const groups = page.getByTestId('suggest-group');
  await expect(groups).toHaveCount(3);
  const jackets = groups.filter({ has: page.getByRole('heading', { name: 'Jackets', exact: true }) });
  await expect(jackets.getByText(/4 shown · cap 4 \(cut at the cap\)/).first()).toBeVisible();
  await expect(jackets.getByRole('list', { name: 'Item on A' }).getByRole('listitem')).toHaveCount(4);
  await expect(jackets.getByRole('list', { name: 'Item on B' }).getByRole('listitem')).toHaveCount(4);
  await shootThemes(app, 'compare-kinds-1-suggest');

  // A batch of queries, the same sides and grouping.
  await page.getByRole('radio', { name: 'Batch' }).click();
  await expect(page.getByRole('heading', { name: 'New batch · Product suggest' })).toBeVisible();
  await page.getByLabel('Queries', { exact: true }).fill('waterproof\nhoodie\nrain jacket\nblack\nzzzz nothing');
  await expect(page.getByTestId('batch-count')).toHaveText('5 queries');
  await runBatch(page);
  await expect(page.getByTestId('batch-progress')).toContainText('Product suggest');
  await expect(page.getByRole('button', { name: 'Nothing suggested on one side' })).toBeVisible();
  await page.getByRole('button', { name: 'Empty on both sides' }).click();
  await expect(page.getByRole('table', { name: /most changed first/ }).getByText('zzzz nothing')).toBeVisible();
  await page.getByRole('button', { name: 'All', exact: true }).click();
  await shootThemes(app, 'compare-kinds-2-suggest-batch');
  expect(await app.axe()).toEqual([]);

  // A row opened side by side: the suggest view with the batch's grouping and stored answers.
  await page
    .getByRole('table', { name: /most changed first/ })
    .getByText('black', { exact: true })
    .click();
  await expect(page.getByRole('radio', { name: 'Side by side' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Product suggest' })).toBeChecked();
  await expect(page.getByLabel('Values')).toHaveValue('Jackets, Hiking Boots, Backpacks');
  await expect(groups).toHaveCount(3);
  await expect(page.getByText(/· stored · .* query 4/).first()).toBeVisible();
  expect(await app.problems()).toEqual([]);
});

test('autocomplete: two configurations on one prefix, then the demo query set’s prefixes in a batch', async ({ app }) => {
  const { page } = app;
  await twoConfigurations(page);
  await page.getByRole('radio', { name: 'Autocomplete' }).click();
  await page.getByRole('textbox', { name: /Query/ }).fill('ru');
  await page.keyboard.press('ControlOrMeta+Enter');
  const metrics = page.getByTestId('autocomplete-metrics');
  await expect(metrics).toBeVisible();
  const rows = page.getByRole('list', { name: 'Suggestion on A' }).getByRole('listitem');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThan(1);
  // Bestsellers orders autocomplete by results: some suggestion moved.
  await expect(page.getByTestId('autocomplete-rows').locator('li.m-up, li.m-down, li.m-new').first()).toBeVisible();
  await shootThemes(app, 'compare-kinds-3-autocomplete');

  // Every prefix of length 1 to 4 of the demo query set, each once.
  await page.getByRole('radio', { name: 'Batch' }).click();
  await page.getByLabel('Prefixes from a query set').selectOption('demo-shopper-queries.json');
  await page.getByRole('button', { name: 'Make prefixes' }).click();
  // The query set is read from main first: the list is there once its name and a count above zero are.
  await expect(page.getByLabel('Name')).toHaveValue(/^Prefixes 1–4 of /);
  await expect(page.getByTestId('batch-count')).toHaveText(/^[1-9][\d,]* prefixes$/);
  const prefixes = await page.getByLabel('Prefixes', { exact: true }).inputValue();
  const list = prefixes.split('\n');
  expect(new Set(list).size).toBe(list.length);
  expect(list.every((p) => p.length >= 1 && p.length <= 4)).toBe(true);
  await expect(page.getByLabel('Name')).toHaveValue(/^Prefixes 1–4 of /);
  await runBatch(page);
  await expect(page.getByTestId('batch-progress')).toContainText(`${list.length} done`);
  const table = page.getByRole('table', { name: /most changed first/ });
  await expect(table.getByRole('columnheader', { name: 'Prefix' })).toBeVisible();
  await page.getByRole('button', { name: 'One side suggests nothing' }).click();
  await page.getByRole('button', { name: 'First suggestion changed' }).click();
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await shootThemes(app, 'compare-kinds-4-autocomplete-batch');
  expect(await app.axe()).toEqual([]);
  expect(await app.problems()).toEqual([]);
});

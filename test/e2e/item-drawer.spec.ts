import type { Page } from '@playwright/test';
import { expect, openArea, pasteAndSend, shootThemes, test } from './fixtures';

// The item drawer: a result opens as the item the answer returned — rank and score (on each side when
// comparing), every judgment list's rating for the query with who and when, every attribute, masked ones named.

async function searchFor(page: Page, query: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Query' });
  await box.fill(query);
  await box.press('Enter');
  await expect(page.getByTestId('result-row').first()).toBeVisible();
}

test('a click on a result opens the item: rank, score, ratings with who and when, every attribute; Escape closes it', async ({ app }) => {
  const { page } = app;
  await searchFor(page, 'rain jacket');
  // Rate the second result in the demo list, so one list has a rating with who and when.
  await page.getByRole('combobox', { name: 'Judgment list' }).selectOption('demo-judgments.json');
  const second = page.getByTestId('result-row').nth(1);
  const id = (await second.getAttribute('data-id'))!;
  // The rating column is there once the list has been read: only then do the digit keys rate.
  await expect(second.getByTestId('rating')).toBeVisible();
  await second.focus();
  await page.keyboard.press('2');
  await expect(second.getByTestId('rating')).toHaveAttribute('data-rating', '2');

  await second.click();
  const drawer = page.getByTestId('item-drawer');
  await expect(drawer).toBeVisible();
  await expect(drawer).toContainText(id);
  const placement = drawer.getByTestId('item-placements').getByRole('row', { name: /This answer/ });
  await expect(placement).toContainText('#2');
  await expect(placement).toContainText(/\d+\.\d{3}/);
  const ratings = drawer.getByTestId('item-ratings');
  await expect(ratings.getByRole('listitem').filter({ hasText: 'Demo judgments' })).toContainText(/2\/3.*just now/);
  const attributes = drawer.getByTestId('item-attributes');
  for (const name of ['title', 'brand', 'price', 'category'])
    await expect(attributes.getByRole('rowheader', { name, exact: true })).toBeVisible();
  await expect(drawer.getByTestId('item-masked')).toHaveCount(0);
  await shootThemes(app, 'item-1-drawer');
  expect(await app.axe()).toEqual([]);

  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect(second).toBeFocused();
  // Enter on the focused row opens it too.
  await page.keyboard.press('Enter');
  await expect(drawer).toContainText(id);
  await page.getByRole('button', { name: /^Close / }).click();
  await expect(drawer).toHaveCount(0);
  expect(await app.problems()).toEqual([]);
});

test('with a response mask, the drawer names the catalog attributes the mask left out', async ({ app }) => {
  const { page } = app;
  await pasteAndSend(
    page,
    '{"token":"demo-search-token-0001","query":"backpack","options":{"customResponseMask":"id, product(title, price)"}}',
  );
  await page.getByTestId('result-row').first().click();
  const drawer = page.getByTestId('item-drawer');
  await expect(drawer.getByTestId('item-attributes').getByRole('row')).toHaveCount(2);
  const masked = drawer.getByTestId('item-masked');
  await expect(masked).toContainText('id, product(title, price)');
  await expect(masked).toContainText(/left out \d+ of the catalog's attributes: .*brand.*colour/);
  expect(await app.problems()).toEqual([]);
});

test('comparing, the drawer gives the item’s rank and score on each side', async ({ app }) => {
  const { page } = app;
  await openArea(page, 'Compare');
  await page.getByRole('region', { name: 'Side A' }).getByLabel('Side A label').fill('default');
  await page.getByRole('region', { name: 'Side B' }).getByLabel('Side B label').fill('bestsellers');
  await page.getByRole('region', { name: 'Side B' }).getByLabel('Configuration').fill('bestsellers');
  await page.getByRole('textbox', { name: 'Query' }).fill('jacket');
  await page.keyboard.press('ControlOrMeta+Enter');
  const first = page.getByTestId('aligned-a').first();
  await expect(first).toBeVisible();
  await first.click();
  const placements = page.getByTestId('item-drawer').getByTestId('item-placements');
  await expect(placements.getByRole('row', { name: /A \(default\)/ })).toContainText('#1');
  await expect(placements.getByRole('row', { name: /B \(bestsellers\)/ })).toContainText(/#\d+|not on its page/);
  await shootThemes(app, 'item-2-compare');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('item-drawer')).toHaveCount(0);
  expect(await app.problems()).toEqual([]);
});

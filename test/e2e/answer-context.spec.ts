import { expect, openArea, runDemoExperiment, pasteAndSend, shootThemes, test } from './fixtures';

// What is shown beside an answer belongs to that answer: a page past the end says so, an empty answer has no
// order to check, and an experiment's figures follow the ratings they are computed from.

test('a storefront URL for a page past the end says so, keeps the pager, and leads back to the last page', async ({ app }) => {
  const { page } = app;
  await pasteAndSend(page, 'https://demo-shop.example.com/search.php?search_query=red+dress&page=2&facets=brand:Korvo');
  const pastEnd = page.getByTestId('past-end');
  await expect(pastEnd).toBeVisible();
  const count = Number((await page.getByTestId('result-count').locator('strong').textContent())!.replace(/,/g, ''));
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(32);
  await expect(pastEnd).toContainText(`Page 2 is past the ${count} result${count === 1 ? '' : 's'}`);
  await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText('Page 2 of 1');
  await shootThemes(app, 'past-end-1');
  await pastEnd.getByRole('button', { name: 'Go to page 1' }).click();
  await expect(page.getByTestId('result-row')).toHaveCount(count);
  await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText('Page 1 of 1');
  await expect(pastEnd).toHaveCount(0);
  expect(await app.axe()).toEqual([]);
  expect(await app.problems()).toEqual([]);
});

test('a sorted answer with no items has nothing to check, rather than attributes "masked out"', async ({ app }) => {
  const { page } = app;
  await pasteAndSend(
    page,
    '{"token":"demo-search-token-0001","query":"qqzx vvkq","options":{"sortBy":[{"attribute":"price","order":"asc"}]}}',
  );
  await expect(page.getByTestId('result-count')).toContainText('0');
  const inspector = page.getByTestId('sort-inspector');
  await expect(inspector.getByTestId('order-check')).toHaveText('No products in this answer: nothing to check.');
  await expect(inspector).not.toContainText('masked out');
  expect(await app.problems()).toEqual([]);
});

test("an experiment's figures follow its ratings without Recompute: rated side by side, measured again from the stored rankings", async ({
  app,
}) => {
  const { page } = app;
  await runDemoExperiment(page);
  const ndcg = page.getByTestId('quality-row-ndcg');
  await expect(ndcg).toBeVisible();
  const before = (await ndcg.textContent())!;

  // Rate side A's top result of the first query to the other end of the scale, side by side.
  await page.getByTestId('triage-row').first().click();
  await page.getByRole('combobox', { name: 'Judgment list' }).selectOption('demo-judgments.json');
  const top = page.getByTestId('aligned-a').first();
  await expect(top.getByTestId('rating')).toBeVisible();
  const was = await top.getByTestId('rating').getAttribute('data-rating');
  const next = was === '3' ? '0' : '3';
  await top.focus();
  await page.keyboard.press(next);
  await expect(top.getByTestId('rating')).toHaveAttribute('data-rating', next);

  // Back to the batch: the figures moved, and no Recompute was pressed.
  await page.getByRole('radiogroup', { name: 'Mode' }).getByRole('radio', { name: 'Batch' }).click();
  await expect(ndcg).not.toHaveText(before);
  await expect(page.getByTestId('quality-panel')).not.toContainText('measuring');
  expect(await app.problems()).toEqual([]);
});

test('Suggest opens without errors on an untouched form; they show once a send is tried; a long token ends in an ellipsis', async ({
  app,
}) => {
  const { page } = app;
  await openArea(page, 'Suggest');
  const builder = page.locator('[aria-label="Suggest request"]');
  await expect(builder.getByLabel('Search token')).toHaveValue(/demo-search-token/);
  await expect(builder.locator('.diag--error')).toHaveCount(0);
  await shootThemes(app, 'suggest-0-untouched');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(builder.locator('.diag--error').first()).toBeVisible();
  await expect(builder.locator('.diag--error').filter({ hasText: 'groupBy needs the attribute' })).toHaveCount(1);

  // The token field: a value longer than the field ends in an ellipsis and is shown whole on hover.
  const token = builder.getByLabel('Search token');
  await token.fill('demo-search-token-0001-with-a-much-longer-suffix-than-fits');
  await page.getByLabel('Items per group (size)').focus();
  expect(await token.evaluate((el) => getComputedStyle(el).textOverflow)).toBe('ellipsis');
  await expect(token).toHaveAttribute('title', 'demo-search-token-0001-with-a-much-longer-suffix-than-fits');
  expect(await app.problems()).toEqual([]);
});

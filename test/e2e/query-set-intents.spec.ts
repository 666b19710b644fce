import { expect, openArea, shootThemes, test } from './fixtures';

// Intents in the query-set view: proposed from the Local demo catalog's facet values for the queries that have
// none, kept one by one or the page's at once, edited as one line (a line that does not read is said and nothing
// is saved), and written into the query set file.

test('query-set intents: propose from the catalog, keep one, edit one, keep the rest at once', async ({ app }) => {
  const { page } = app;
  await openArea(page, 'Workspace');
  const querySets = page.getByRole('region', { name: 'Query sets' });
  await querySets.getByRole('button', { name: 'New' }).click();
  await querySets.getByLabel('Query set name').fill('Shopper words');
  await querySets
    .getByLabel('Queries, one per line (or CSV with a query column)')
    .fill('black hoodie\nred dress\nwomens jackets\nnavy backpack\nzzzz qqqq\n');
  await querySets.getByRole('button', { name: 'Create query set' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Created “Shopper words” with 5 queries.' })).toBeVisible();
  await querySets.getByRole('listitem').filter({ hasText: 'shopper-words.json' }).getByRole('button', { name: 'Queries' }).click();
  const view = querySets.getByRole('region', { name: 'Queries of Shopper words' });
  const intents = view.getByRole('group', { name: 'Intents' });
  await expect(intents).toContainText('5 queries on this page without an intent');
  const row = (query: string) => view.getByRole('listitem').filter({ hasText: query });

  await intents.getByRole('button', { name: 'Propose intents' }).click();
  await expect(intents).toContainText("4 proposed on this page from Local demo's catalog");
  await expect(row('black hoodie').getByTestId('query-intent')).toHaveText(/^proposed: category Hoodies · colour Black/);
  await expect(row('zzzz qqqq').getByTestId('query-intent')).toHaveText('no catalog value in the query');
  await shootThemes(app, 'query-set-intents-1-proposed');

  // Keep one: it is the query's own now, no longer a proposal.
  await row('black hoodie').getByRole('button', { name: 'Keep the proposed intent of “black hoodie”' }).click();
  await expect(row('black hoodie').getByTestId('query-intent')).toHaveText('category Hoodies · colour Black');
  await expect(intents).toContainText('3 proposed on this page');

  // Edit one: a line that does not read is said beside it; a good one is saved.
  await row('red dress').getByRole('button', { name: 'Add an intent of “red dress”' }).click();
  const line = view.getByRole('textbox', { name: 'Intent of “red dress”' });
  await expect(line).toHaveValue(/category: Dresses/);
  await line.fill('colour Red');
  await line.press('Enter');
  await expect(view.getByRole('alert')).toContainText('"colour Red"');
  await line.fill('category: Dresses; colour: Red, Burgundy');
  await line.press('Enter');
  await expect(row('red dress').getByTestId('query-intent')).toHaveText('category Dresses · colour Red or Burgundy');

  // The rest at once.
  await intents.getByRole('button', { name: 'Keep all 2 proposed' }).click();
  await expect(row('womens jackets').getByTestId('query-intent')).toHaveText(/^category Jackets · gender Women/);
  await expect(intents).toContainText('1 query on this page without an intent: no catalog value in the text');
  await shootThemes(app, 'query-set-intents-2-kept');

  // Written into the query set file, where rules, the judging queue and the CLI read them.
  const saved = await page.evaluate(() => window.workbench.querySets.read({ file: 'shopper-words.json' }));
  expect(saved.ok && saved.value.queries.map((q) => [q.query, q.intent ?? null])).toEqual([
    ['black hoodie', { category: 'Hoodies', colour: 'Black' }],
    ['red dress', { category: 'Dresses', colour: ['Red', 'Burgundy'] }],
    ['womens jackets', expect.objectContaining({ category: 'Jackets', gender: 'Women' })],
    ['navy backpack', expect.objectContaining({ colour: 'Navy' })],
    ['zzzz qqqq', null],
  ]);
  expect(await app.axe()).toEqual([]);
  expect(await app.problems()).toEqual([]);
});

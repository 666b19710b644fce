import { readFile } from 'node:fs/promises';
import { expect, openArea, shootThemes, test, SMOKE } from './fixtures';

test(
  'workspace: a query set from a pasted list, judgments imported from Quepid CSV and exported as TREC qrels',
  { tag: SMOKE },
  async ({ app }) => {
    const { page } = app;
    await openArea(page, 'Workspace');
    const querySets = page.getByRole('region', { name: 'Query sets' });
    // A new install has the Local demo's files: its query set, judgments and experiment.
    await expect(querySets).toContainText('Demo shopper queries');

    await querySets.getByRole('button', { name: 'New' }).click();
    await querySets.getByLabel('Query set name').fill('Top searches');
    await querySets.getByLabel('Queries, one per line (or CSV with a query column)').fill('red dress\nwinter jacket\nnike running shoes\n');
    await querySets.getByRole('button', { name: 'Create query set' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Created “Top searches” with 3 queries.' })).toBeVisible();
    await expect(querySets.getByText('top-searches.json · 3 queries')).toBeVisible();
    await querySets.getByRole('listitem').filter({ hasText: 'top-searches.json' }).getByRole('button', { name: 'Queries' }).click();
    await expect(querySets.getByRole('region', { name: 'Queries of Top searches' }).locator('li')).toHaveCount(3);

    const judgments = page.getByRole('region', { name: 'Judgment lists' });
    await judgments.getByRole('button', { name: 'New' }).click();
    await judgments.getByLabel('Judgment list name').fill('QA ratings');
    // A rating that is not a whole number: nothing is imported, and the line is named.
    await judgments.getByTestId('judgments-file').setInputFiles({
      name: 'bad.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('query,docid,rating\nred dress,A1,3\nred dress,A2,high\n'),
    });
    await expect(
      page.getByRole('alert').filter({ hasText: 'bad.csv: line 3: the rating "high" is not a whole number. Nothing was imported.' }),
    ).toBeVisible();
    // As Quepid exports it: a query nobody rated yet is a `query,,` row, kept as a query, not an error.
    await judgments.getByTestId('judgments-file').setInputFiles({
      name: 'ratings.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        'query,docid,rating\nred dress,A1,3.0\nred dress,A2,0\nRed Dress,A1,2\nwinter jacket,J9,2\nnike running shoes,,\n',
      ),
    });
    await expect(
      page.getByRole('status').filter({
        hasText:
          'Imported 3 ratings on 2 queries from ratings.csv (Quepid CSV); 1 duplicate row (the last one won); 1 query with no rating yet, kept with the rest in the query set qa-ratings-queries.json.',
      }),
    ).toBeVisible();
    await expect(querySets.getByText('qa-ratings-queries.json · 3 queries')).toBeVisible();
    await expect(judgments.getByText('3 ratings on 2 queries · scale 0–3')).toBeVisible();
    await shootThemes(app, 'workspace-1-query-set-and-judgments');
    await judgments.scrollIntoViewIfNeeded();
    await shootThemes(app, 'interop-1-judgments-import');

    const pending = page.waitForEvent('download');
    const item = judgments.getByRole('listitem').filter({ hasText: 'qa-ratings.json' });
    await item.getByLabel('Format to export QA ratings in').selectOption('TREC qrels');
    await item.getByRole('button', { name: 'Export' }).click();
    const download = await pending;
    expect(download.suggestedFilename()).toBe('qa-ratings.qrels');
    expect(await readFile((await download.path())!, 'utf8')).toBe('red_dress 0 A1 2\nred_dress 0 A2 0\nwinter_jacket 0 J9 2\n');

    await judgments.getByRole('button', { name: 'Delete QA ratings' }).click();
    await judgments.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(judgments.getByText('qa-ratings.json')).toHaveCount(0);
    await expect(judgments).toContainText('Demo judgments');
    expect(await app.axe()).toEqual([]);
    expect(await app.problems()).toEqual([]);
  },
);

test('workspace: a query set of 100,000 queries from a JSON Lines file, paged through and searched', async ({ app }) => {
  const { page } = app;
  await openArea(page, 'Workspace');
  const querySets = page.getByRole('region', { name: 'Query sets' });
  await querySets.getByRole('button', { name: 'New' }).click();
  await querySets.getByLabel('Query set name').fill('Log top 100k');
  await querySets.getByRole('radio', { name: 'File' }).click();
  const lines = Array.from({ length: 100_000 }, (_, i) =>
    JSON.stringify({ query: `query ${i + 1}`, ...(i % 5000 === 42 ? { note: 'seasonal peak', filter: 'stock > 0' } : {}) }),
  );
  await querySets.getByTestId('query-set-file').setInputFiles({
    name: 'log.jsonl',
    mimeType: 'application/x-ndjson',
    buffer: Buffer.from(lines.join('\n')),
  });
  await expect(page.getByRole('status').filter({ hasText: 'Created “Log top 100k” with 100,000 queries.' })).toBeVisible();
  await querySets.getByRole('listitem').filter({ hasText: 'log-top-100k.json' }).getByRole('button', { name: 'Queries' }).click();
  const view = querySets.getByRole('region', { name: 'Queries of Log top 100k' });
  // One page at a time: 200 rows, never the whole set.
  await expect(view.locator('li')).toHaveCount(200);
  const pager = view.getByRole('group', { name: 'Pages of the query set' }).first();
  await expect(pager).toContainText('1–200 of 100,000');
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager).toContainText('201–400 of 100,000');
  await expect(view.locator('li').first()).toHaveText('query 201');
  await view.getByLabel('Find in the queries and notes').fill('seasonal');
  await view.getByLabel('Find in the queries and notes').press('Enter');
  await expect(pager).toContainText('1–20 of 20 matching “seasonal”');
  await expect(view.locator('li').first()).toContainText('query 43');
  await expect(view.locator('li').first()).toContainText('seasonal peak');
  await expect(view.locator('li').first().locator('.badge')).toHaveText('filter');
  await shootThemes(app, 'workspace-2-query-set-100k');
  // Clearing the find box shows the whole set again, from its start.
  await view.getByLabel('Find in the queries and notes').fill('');
  await expect(pager).toContainText('1–200 of 100,000');
  expect(await app.axe()).toEqual([]);
  expect(await app.problems()).toEqual([]);
});

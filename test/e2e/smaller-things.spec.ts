import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Locator } from '@playwright/test';
import { expect, openArea, shootThemes, test } from './fixtures';

// What a new user tripped over on the way, each fixed where it starts: the header saying "default" once, rating
// from the item drawer (and a digit above the scale said, not ignored), workspace messages beside the form they
// concern that end when the screen is left, a disabled Create that says why, a lone `query` line asked about,
// names shown whole, the suite's results at the page's width, and a run's note with its batch.

/** Elements whose text is cut (wider than their box): a cut name has no tooltip to show the rest. */
async function cut(locator: Locator): Promise<string[]> {
  return locator.evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent ?? ''));
}

test('Search: the header says default once; rating from a row and from the item drawer, a digit above the scale said', async ({ app }) => {
  const { page } = app;
  const query = page.getByRole('textbox', { name: 'Query' });
  await query.fill('rain jacket');
  await query.press('Enter');
  await expect(page.getByTestId('answer-configuration')).toHaveText('config default');

  await page.getByRole('combobox', { name: 'Judgment list' }).selectOption('demo-judgments.json');
  const row = page.getByTestId('result-row').first();
  await expect(row.getByTestId('rating')).toBeVisible();
  await row.focus();
  // 7 on a 0–3 list: said, and nothing rated; the next rating takes the notice away.
  const before = await row.getByTestId('rating').textContent();
  await page.keyboard.press('7');
  const notices = page.getByRole('region', { name: 'Notices' });
  await expect(notices).toContainText('7 is above the scale of “Demo judgments” (0–3): nothing was rated. Press 0–3.');
  await expect(row.getByTestId('rating')).toHaveText(before!);
  await page.keyboard.press('1');
  await expect(row.getByTestId('rating')).toHaveAttribute('data-rating', '1');
  await expect(notices).toHaveCount(0);

  // The drawer shows the item's rating and rates it: by a button, by a digit; 9 is said beside the scale.
  await row.click();
  const drawer = page.getByTestId('item-drawer');
  const rate = drawer.getByRole('group', { name: 'Rate in Demo judgments' });
  await expect(rate.getByRole('button', { name: '1', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await rate.getByRole('button', { name: '2', exact: true }).click();
  await expect(rate.getByRole('button', { name: '2', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(drawer.getByTestId('item-ratings').getByRole('listitem').filter({ hasText: 'Demo judgments' })).toContainText('2/3');
  await page.keyboard.press('9');
  await expect(drawer.getByTestId('item-rate-refused')).toHaveText(
    '9 is above the scale of “Demo judgments” (0–3): nothing was rated. Press 0–3.',
  );
  await expect(rate.getByRole('button', { name: '2', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('3');
  await expect(rate.getByRole('button', { name: '3', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(drawer.getByTestId('item-rate-refused')).toHaveCount(0);
  await shootThemes(app, 'item-3-rate-in-drawer');
  expect(await app.axe()).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(row.getByTestId('rating')).toHaveAttribute('data-rating', '3');
  expect(await app.problems()).toEqual([]);
});

test('Workspace: messages beside their form, gone with the screen; Create says why it waits and asks about a header; names whole', async ({
  app,
}) => {
  const { page } = app;
  await openArea(page, 'Workspace');
  const sets = page.getByRole('region', { name: 'Query sets' });
  await sets.getByRole('button', { name: 'New' }).click();
  const form = sets.getByRole('form', { name: 'New query set' });
  const create = form.getByRole('button', { name: 'Create query set' });
  await expect(create).toBeDisabled();
  await expect(form.getByTestId('query-set-blocked')).toHaveText(
    'Paste at least one query above (one per line, or CSV with a query column) to create the set.',
  );
  await expect(create).toHaveAccessibleDescription(/Paste at least one query/);

  // A lone header line: asked about before anything is written; a second press means it.
  const text = form.getByRole('textbox', { name: /Queries, one per line/ });
  await text.fill('query,filter');
  await create.click();
  await expect(form.getByTestId('query-set-header-question')).toContainText(
    'The list’s only line is query,filter: is that a column header?',
  );
  await expect(sets.getByTestId('ws-message')).toHaveCount(0);
  await create.click();
  // The service's refusal shows in the Query sets card, under the form it concerns, not at the top of the screen.
  await expect(sets.getByTestId('ws-message')).toHaveText(/^There is no query in pasted list/);
  await shootThemes(app, 'workspace-3-message-beside-form');
  await text.fill('query');
  await create.click();
  await expect(form.getByTestId('query-set-header-question')).toContainText(
    'If query is the one query you mean, press Create query set again.',
  );
  await create.click();
  await expect(sets.getByTestId('ws-message')).toHaveText('Created “Pasted queries” with 1 query.');
  await expect(sets.getByRole('listitem').filter({ hasText: 'Pasted queries' })).toBeVisible();

  // Leaving the screen ends the message.
  await openArea(page, 'Search');
  await openArea(page, 'Workspace');
  await expect(page.getByTestId('ws-message')).toHaveCount(0);

  // Names and files whole, wrapped where the card is narrow; the suite's results take the page's width.
  await expect(page.getByRole('region', { name: 'Experiments' }).getByRole('listitem')).toHaveCount(1);
  expect(await cut(page.locator('.ws-item__name, .ws-item__meta'))).toEqual([]);
  const grid = (await page.locator('.ws-grid').boundingBox())!;
  const suite = (await page.getByTestId('suite-panel').boundingBox())!;
  expect(suite.width).toBeGreaterThan(grid.width - 2);

  // A new experiment starts from Compare's sides and shows every override it will write: side B's context variables
  // too (they were written into the file unseen), editable, checked like Compare's; the list names the difference.
  await openArea(page, 'Compare');
  await page.getByRole('region', { name: 'Side A' }).getByLabel('Side A label').fill('default');
  const sideB = page.getByRole('region', { name: 'Side B' });
  await sideB.getByLabel('Side B label').fill('new-arrivals');
  await sideB.getByLabel('Configuration').fill('new-arrivals');
  await sideB.getByLabel('Context variables (JSON)').fill('{"segment":"premium"}');
  await openArea(page, 'Workspace');
  const experiments = page.getByRole('region', { name: 'Experiments' });
  await experiments.getByRole('button', { name: 'New', exact: true }).click();
  const newExperiment = experiments.getByRole('form', { name: 'New experiment' });
  const variablesB = newExperiment.getByLabel('Side B context variables');
  await expect(variablesB).toHaveValue('{"segment":"premium"}');
  const differences = newExperiment.getByLabel('What differs between the sides');
  await expect(differences).toHaveText('B differs from A in: configuration default → new-arrivals; variable segment unset → premium.');
  await shootThemes(app, 'experiment-new-every-override');
  // "By searches" on a set that carries no searches says it weighs every query 1, and where weighted sets come from.
  await expect(newExperiment.getByTestId('experiment-unweighted')).toHaveCount(0);
  await newExperiment.getByRole('radio', { name: 'by searches' }).click();
  await expect(newExperiment.getByTestId('experiment-unweighted')).toContainText('This query set carries no searches per query');
  await newExperiment.getByRole('radio', { name: 'once each' }).click();
  await variablesB.fill('{"segment": "premium",, }');
  await expect(newExperiment.getByRole('button', { name: 'Create experiment' })).toBeDisabled();
  await expect(newExperiment.getByRole('status')).toHaveText("Not created: side B's context variables are not a JSON object (see side B).");
  await expect(newExperiment).toContainText('Context variables are not valid JSON');
  await variablesB.fill('{"segment": "premium"}');
  await newExperiment.getByLabel('Experiment name').fill('Premium arrivals');
  await newExperiment.getByRole('button', { name: 'Create experiment' }).click();
  await expect(experiments.getByRole('listitem').filter({ hasText: 'premium-arrivals.json' })).toContainText(
    'default vs new-arrivals (and variable segment unset → premium) · demo-shopper-queries.json',
  );
  expect(await app.problems()).toEqual([]);
});

test('an experiment run: what was changed to run it is said with its batch; the workspace does not keep announcing it', async ({ app }) => {
  const { page } = app;
  // The demo experiment asking for fewer items than its k: the run asks for k, and says so.
  const demo = JSON.parse(await readFile(resolve('examples/workspace/experiments/demo-default-vs-new-arrivals.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  await openArea(page, 'Workspace');
  const experiments = page.getByRole('region', { name: 'Experiments' });
  // The demo workspace is written on the first visit; the shorter experiment joins it, then is read in.
  await expect(experiments.getByRole('listitem')).toHaveCount(1);
  await writeFile(
    join(app.dataDir, 'workspace', 'experiments', 'short-lists.json'),
    `${JSON.stringify({ ...demo, name: 'Demo: default vs new-arrivals, 5 items', limit: 5 }, null, 2)}\n`,
  );
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(experiments.getByRole('listitem')).toHaveCount(2);
  for (const file of ['short-lists.json', 'demo-default-vs-new-arrivals.json']) {
    await openArea(page, 'Workspace');
    await experiments.getByRole('listitem').filter({ hasText: file }).getByRole('button', { name: 'Run', exact: true }).click();
    await expect(page.getByTestId('batch-status')).toHaveText('done', { timeout: 60_000 });
    if (file === 'short-lists.json') {
      await expect(page.getByTestId('batch-note')).toHaveText(
        'Each query asks for 10 items instead of 5, so nDCG@10 and the other measures have an item at every judged position.',
      );
      await expect(page.getByRole('region', { name: 'Notices' })).toHaveCount(0);
      await shootThemes(app, 'experiment-3-run-note');
    } else await expect(page.getByTestId('batch-note')).toHaveCount(0);
  }
  // The run finished: back in the workspace, nothing says it "started".
  await openArea(page, 'Workspace');
  await expect(page.getByText(/Started a run/)).toHaveCount(0);

  // Compare's batch list: the two batches, each name whole.
  await openArea(page, 'Compare');
  await page.getByRole('button', { name: 'All batches' }).click();
  const names = page.locator('.batch-item__name');
  await expect(names).toHaveCount(2);
  expect(await cut(names)).toEqual([]);
  await expect(names.filter({ hasText: '5 items' })).toHaveCount(1);
  expect(await app.problems()).toEqual([]);
});

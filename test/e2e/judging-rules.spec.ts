import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { demoExperimentRow, expect, runDemoExperiment, shootThemes, test } from './fixtures';

// The demo rules attached to the demo judgments: the pooled queue shows each card's suggestion with its rule and
// the query's intent; Enter confirms a suggestion, a digit overrides it, and the bulk confirm is a button of its own.

const RULES = resolve(import.meta.dirname, '../../examples/rules/demo-rules.json');

test('judging with rules and two raters: attach the demo rules, confirm and override as ann, a second opinion as bob, the agreement view', async ({
  app,
}) => {
  const { page } = app;
  await runDemoExperiment(page);
  await (await demoExperimentRow(page)).getByRole('button', { name: 'Judge' }).click();
  const progress = page.getByTestId('judging-progress');
  await expect(progress).toHaveText(/^\d[\d,]* of [\d,]+ rated/);
  await expect(page.getByTestId('judge-suggestion')).toHaveCount(0);
  const switchRater = async (name: string) => {
    await page.getByLabel('Rater name').fill(name);
    await page.getByRole('button', { name: 'Switch rater' }).click();
    await expect(page.getByLabel('Rater name')).toHaveValue(name);
    await expect(page.getByRole('button', { name: 'Switch rater' })).toBeDisabled();
  };
  await switchRater('ann');

  await page.getByTestId('judging-rules-file').setInputFiles(RULES);
  await expect(page.getByTestId('judging-rules')).toHaveText('15 rating rules');
  // The query set's intent for the query on screen, as the rules read it.
  await expect(page.getByTestId('judging-intent')).toContainText(/category /);
  // The intent is editable as one line (saved into the query set); Escape leaves it as it was.
  await page.getByTestId('judging-intent').getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('textbox', { name: 'Intent' })).toHaveValue(/^category: .+/);
  await page.getByRole('textbox', { name: 'Intent' }).press('Escape');
  await expect(page.getByTestId('judging-intent')).toContainText(/category /);
  const cards = page.getByTestId('judge-card');
  const suggested = cards.filter({ has: page.getByTestId('judge-suggestion') });
  await expect(suggested.first()).toBeVisible();
  await expect(suggested.first().getByTestId('judge-suggestion')).toHaveText(/^suggested \d — rule .+$/);
  await expect(page.getByRole('button', { name: /^Confirm (all \d+ suggestions|the suggestion) for this query$/ })).toBeVisible();
  await shootThemes(app, 'judging-rules-1-suggestions');

  const ratedAt = async () => Number(/^([\d,]+) of/.exec((await progress.textContent())!)![1]!.replace(/,/g, ''));
  const start = await ratedAt();
  const query = (await page.getByTestId('judging-query').textContent())!;

  // Enter on a card with a suggestion confirms it: the card leaves the queue, rated as suggested.
  const first = suggested.first();
  const id = (await first.getAttribute('data-id'))!;
  const rating = /suggested (\d)/.exec((await first.getByTestId('judge-suggestion').textContent())!)![1]!;
  await first.click();
  await page.keyboard.press('Enter');
  await expect(progress).toHaveText(new RegExp(`^${(start + 1).toLocaleString('en-US')} of`));
  await expect(cards.filter({ has: page.locator(`[data-id="${id}"]`) })).toHaveCount(0);

  // A digit overrides the next suggestion.
  const next = suggested.first();
  const overriddenId = (await next.getAttribute('data-id'))!;
  const suggestedNext = Number(/suggested (\d)/.exec((await next.getByTestId('judge-suggestion').textContent())!)![1]!);
  const override = String(suggestedNext === 0 ? 1 : 0);
  await next.click();
  await page.keyboard.press(override);
  await expect(progress).toHaveText(new RegExp(`^${(start + 2).toLocaleString('en-US')} of`));

  // Both ratings are people's ratings now (no rule), as given.
  const list = JSON.parse(await readFile(join(app.dataDir, 'workspace', 'judgments', 'demo-judgments.json'), 'utf8')) as {
    ratings: { query: string; itemId: string; rating: number; rule?: string }[];
  };
  const confirmed = list.ratings.find((r) => r.query === query && r.itemId === id)!;
  expect(confirmed).toMatchObject({ rating: Number(rating) });
  expect(confirmed.rule).toBeUndefined();
  expect(list.ratings.find((r) => r.query === query && r.itemId === overriddenId)).toMatchObject({ rating: Number(override) });
  await shootThemes(app, 'judging-rules-2-confirmed-and-overridden');
  // The rest of the query by the bulk button (never the default): the query is done.
  const bulk = page.getByRole('button', { name: /^Confirm (all \d+ suggestions|the suggestion) for this query$/ });
  const rest = await cards.count();
  await bulk.click();
  await expect(progress).toHaveText(new RegExp(`^${(start + 2 + rest).toLocaleString('en-US')} of`));
  await expect(page.getByTestId('judging-query')).not.toHaveText(query);

  // A second rater: bob, a second opinion on ann's items — the same items, ann's ratings unseen.
  await switchRater('bob');
  await page.getByRole('radio', { name: 'Second opinion' }).click();
  await page.getByLabel('Second opinion on the items of').selectOption('ann');
  await expect(page.getByTestId('judging-query')).toHaveText(query);
  await expect(cards).toHaveCount(2 + rest);
  await expect(cards.first().getByText('second opinion')).toBeVisible();
  await expect(cards.first().getByTestId('judge-suggestion')).toBeVisible(); // the rules' suggestion, never ann's rating
  await shootThemes(app, 'judging-rules-3-second-opinion');
  for (const key of ['3', '1', '2', '2', '3', '1'].slice(0, 2 + rest)) {
    const id = await cards.first().getAttribute('data-id');
    await cards.first().click();
    await page.keyboard.press(key);
    await expect(page.locator(`[data-testid="judge-card"][data-id="${id}"]`)).toHaveCount(0);
  }
  // And 30 of the demo rule's items, so a pair has enough shared items for figures.
  await page.getByLabel('Second opinion on the items of').selectOption('demo rule');
  for (let i = 0; i < 30; i++) {
    const card = cards.first();
    const id = await card.getAttribute('data-id');
    await card.click();
    await page.keyboard.press(['3', '2', '3', '1', '0', '3'][i % 6]!);
    await expect(page.locator(`[data-testid="judge-card"][data-id="${id}"]`)).toHaveCount(0);
  }

  // The agreement view of the demo judgments.
  await page.locator('.judging__head').getByRole('button', { name: 'Workspace' }).click();
  await page
    .getByRole('region', { name: 'Judgment lists' })
    .getByRole('listitem')
    .filter({ hasText: 'demo-judgments.json' })
    .getByRole('button', { name: 'Agreement' })
    .click();
  const pairs = page.getByTestId('agreement-pair');
  await expect(pairs.filter({ hasText: 'ann · bob' })).toContainText(`${2 + rest} shared — ${30 - 2 - rest} more needed`);
  await expect(pairs.filter({ hasText: 'bob · demo rule' })).toContainText(/^bob · demo rule30\d/);
  await expect(page.getByTestId('agreement-alpha')).toContainText(/^Krippendorff’s alpha \(ordinal, all raters\)-?\d\.\d{3} 95% CI/);
  const disagreement = page.getByTestId('agreement-disagreement').first();
  await expect(disagreement).toBeVisible();
  await disagreement.getByRole('button', { name: '2', exact: true }).click();
  await expect(page.getByRole('heading', { name: /^Disagreements \(\d+, 1 decided\)$/ })).toBeVisible();
  await shootThemes(app, 'judging-rules-4-agreement');
  expect(await app.axe()).toEqual([]);
  expect(await app.problems()).toEqual([]);
});

import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { demoExperimentRow, expect, shootThemes, test } from './fixtures';

// The demo rules attached to the demo judgments: the pooled queue shows each card's suggestion with its rule and
// the query's intent; Enter confirms a suggestion, a digit overrides it, and the bulk confirm is a button of its own.

const RULES = resolve(import.meta.dirname, '../../examples/rules/demo-rules.json');

test('judging with rules: attach the demo rules, confirm a suggestion with Enter, override one with a digit', async ({ app }) => {
  const { page } = app;
  const demo = await demoExperimentRow(page);
  await demo.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByTestId('batch-status')).toHaveText('done', { timeout: 60_000 });
  await (await demoExperimentRow(page)).getByRole('button', { name: 'Judge' }).click();
  const progress = page.getByTestId('judging-progress');
  await expect(progress).toHaveText(/^\d[\d,]* of [\d,]+ rated/);
  await expect(page.getByTestId('judge-suggestion')).toHaveCount(0);

  await page.getByTestId('judging-rules-file').setInputFiles(RULES);
  await expect(page.getByTestId('judging-rules')).toHaveText('15 rating rules');
  // The query set's intent for the query on screen, as the rules read it.
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
  expect(await app.axe()).toEqual([]);
  expect(await app.problems()).toEqual([]);
});

import { expect, openArea, shootThemes, test } from './fixtures';

// The catalog a new install gets: the demo experiment's figures are those a user sees.
test.use({ hostEnv: { SEARCH_WORKBENCH_DEMO_ITEMS: '20000' } });
// A whole session of work in one test: run, compare, rate in place, rate ten more.
test.setTimeout(240_000);

test('judging on Local demo: run the demo experiment, rate in place side by side, rate 10 pooled items by keyboard, figures follow', async ({
  app,
}) => {
  const { page } = app;
  await openArea(page, 'Workspace');
  const experiments = page.getByRole('region', { name: 'Experiments' });
  const demo = experiments.getByRole('listitem').filter({ hasText: 'demo-default-vs-new-arrivals.json' });
  await expect(demo).toContainText('Demo: default vs new-arrivals');
  await expect(page.getByRole('region', { name: 'Query sets' })).toContainText('demo-shopper-queries.json · 114 queries');

  // 1. Run the demo experiment: a significant metric and a non-significant one.
  await demo.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Demo: default vs new-arrivals · run 1' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('batch-status')).toHaveText('done', { timeout: 60_000 });
  const quality = page.getByTestId('quality-panel');
  await expect(quality.getByTestId('quality-row-ndcg')).toHaveClass(/is-significant/);
  await expect(quality.getByTestId('quality-row-rr')).not.toHaveClass(/is-significant/);
  await expect(quality.getByTestId('quality-sentence')).toHaveText(
    /^B \(new-arrivals\) is worse on nDCG@10 by 0\.\d{3} \(95% CI −0\.\d{3} to −0\.\d{3}, .*\d+ wins \/ \d+ losses \/ \d+ ties for B \(new-arrivals\)\)\.$/,
  );
  await page.getByRole('heading', { name: 'Demo: default vs new-arrivals · run 1' }).scrollIntoViewIfNeeded();
  await shootThemes(app, 'judging-1-demo-experiment');

  // 2. The most-degraded query, side by side, with the demo judgments' ratings on both sides.
  await page.getByLabel('Order the queries by').selectOption('ndcg');
  await expect(page.getByRole('radio', { name: 'B worse first' })).toHaveAttribute('aria-checked', 'true');
  const worst = page.getByTestId('triage-row').first();
  await expect(worst.locator('.delta')).toHaveClass(/delta--down/);
  const worstQuery = (await worst.locator('.triage__query').textContent())!;
  await worst.click();
  await expect(page.getByRole('textbox', { name: 'Query' })).toHaveValue(worstQuery);
  await page.getByRole('combobox', { name: 'Judgment list' }).selectOption('demo-judgments.json');
  const rowsA = page.getByTestId('aligned-a');
  await expect(rowsA.first().getByTestId('rating')).toBeVisible();
  await expect(page.getByTestId('aligned-b').first().getByTestId('rating')).toBeVisible();
  // Rating in place: focus a result and press a digit; Backspace clears.
  const target = rowsA.first();
  const before = await target.getByTestId('rating').getAttribute('data-rating');
  const next = before === '1' ? '2' : '1';
  await target.focus();
  await page.keyboard.press(next);
  await expect(target.getByTestId('rating')).toHaveAttribute('data-rating', next);
  await page.keyboard.press('Backspace');
  await expect(target.getByTestId('rating')).toHaveText('unrated');
  await page.keyboard.press(before ?? '0');
  await expect(target.getByTestId('rating')).toHaveAttribute('data-rating', before ?? '0');
  await shootThemes(app, 'judging-2-side-by-side-rated');

  // Rating in place on the Search screen too: the same list (kept in settings), a rating column, keys on a row.
  await openArea(page, 'Search');
  const query = page.getByRole('textbox', { name: 'Query' });
  await query.fill('rain jacket');
  await query.press('Enter');
  const row = page.getByTestId('result-row').first();
  await expect(row.getByTestId('rating')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Judgment list' })).toHaveValue('demo-judgments.json');
  const was = await row.getByTestId('rating').getAttribute('data-rating');
  await row.focus();
  await page.keyboard.press('Backspace');
  await expect(row.getByTestId('rating')).toHaveText('unrated');
  await page.keyboard.press(was ?? '2');
  await expect(row.getByTestId('rating')).toHaveAttribute('data-rating', was ?? '2');
  await shootThemes(app, 'judging-2b-search-rated');

  // 3. The pooled queue: both sides' top 10 still unrated, one query at a time.
  await openArea(page, 'Workspace');
  await demo.getByRole('button', { name: 'Judge' }).click();
  const progress = page.getByTestId('judging-progress');
  await expect(progress).toHaveText(/^\d[\d,]* of [\d,]+ rated · \d+ left in \d+ queries$/);
  const ratedAt = async () => Number(/^([\d,]+) of/.exec((await progress.textContent())!)![1]!.replace(/,/g, ''));
  const start = await ratedAt();
  await expect(page.getByLabel('Information need')).toHaveValue(/^Exactly this: /);
  const strip = page.getByTestId('judging-quality');
  await expect(strip).toContainText(/over \d+ judged queries/);
  const stripBefore = (await strip.textContent())!;
  await shootThemes(app, 'judging-3-queue');

  // 4. Ten ratings by keyboard: each card leaves the queue and the focus moves on to the next.
  const keys = ['3', '2', '0', '1', '3', '3', '2', '0', '1', '2'];
  for (const [i, key] of keys.entries()) {
    await expect(page.locator('.judge-card.is-focused')).toBeFocused();
    await page.keyboard.press(key);
    await expect(progress).toHaveText(new RegExp(`^${(start + i + 1).toLocaleString('en-US')} of `));
  }
  // 5. The figures, recomputed from the stored rankings with the new ratings, have moved.
  await expect(strip).not.toHaveText(stripBefore);
  await expect(strip).not.toContainText('measuring');
  await shootThemes(app, 'judging-4-after-ten-ratings');

  // Undo takes the last one back into the queue.
  await page.keyboard.press('ControlOrMeta+z');
  await expect(progress).toHaveText(new RegExp(`^${(start + 9).toLocaleString('en-US')} of `));
  expect(await app.axe()).toEqual([]);
  expect(await app.problems()).toEqual([]);
});

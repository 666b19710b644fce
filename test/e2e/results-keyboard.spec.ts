import { copyFrom, expect, openArea, pasteAndSend, searchFor, shootThemes, test } from './fixtures';

// What has the focus is what the keys act on: undo takes back a rating (never the query box's text), lists
// are one Tab stop moved with the arrow keys, and what is copied is the request of the answer on screen.

test('Ctrl+Z on a rated result takes the rating back and leaves the query, the answer and what is copied in step', async ({ app }) => {
  const { page } = app;
  const query = page.getByRole('textbox', { name: 'Query' });
  await query.fill('tent');
  await query.press('Enter');
  await expect(page.getByTestId('result-row').first()).toBeVisible();
  await query.fill('backpack');
  await query.press('Enter');
  await expect(page.getByTestId('result-row').first()).toContainText(/backpack/i);
  await page.getByRole('combobox', { name: 'Judgment list' }).selectOption('demo-judgments.json');

  const row = page.getByTestId('result-row').first();
  const badge = row.getByTestId('rating');
  await expect(badge).toBeVisible();
  const before = await badge.getAttribute('data-rating');
  const next = before === '2' ? '3' : '2';
  await row.focus();
  await page.keyboard.press(next);
  await expect(badge).toHaveAttribute('data-rating', next);
  await page.keyboard.press('ControlOrMeta+z');
  if (before === null) await expect(badge).toHaveText('unrated');
  else await expect(badge).toHaveAttribute('data-rating', before);
  // The query box was not touched by the undo, and the focus stayed on the row.
  await expect(query).toHaveValue('backpack');
  await expect(row).toBeFocused();
  // Nothing left to undo here: a second Ctrl+Z still leaves the query box alone.
  await page.keyboard.press('ControlOrMeta+z');
  await expect(query).toHaveValue('backpack');

  // Copies are of the request whose answer is on screen; unsent edits are said, not copied.
  expect(JSON.parse(await copyFrom(page, 'JSON body')).query).toBe('backpack');
  await query.fill('tent');
  await expect(page.getByTestId('share-edited')).toBeVisible();
  expect(JSON.parse(await copyFrom(page, 'JSON body')).query).toBe('backpack');
  await shootThemes(app, 'undo-1-search-rated-undone');
  await openArea(page, 'URL tools');
  await expect(page.getByTestId('share-edited')).toContainText('edits not sent yet');
  await expect(page.getByRole('region', { name: 'Share the current request' })).toContainText('"query": "backpack"');
  await shootThemes(app, 'undo-2-url-tools-answer-shown');
  expect(await app.axe()).toEqual([]);
  expect(await app.problems()).toEqual([]);
});

test('results and facets are one Tab stop each; arrow keys, Home, End and Page keys move the focus; rating keys act on it', async ({
  app,
}) => {
  const { page } = app;
  await searchFor(page, 'jacket');
  const rows = page.getByTestId('result-row');
  const ids = await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-id')));
  expect(ids.length).toBeGreaterThan(5);
  // One Tab stop: only the first row is reachable by Tab.
  await expect(rows.first()).toHaveAttribute('tabindex', '0');
  expect(await page.locator('[data-testid="result-row"][tabindex="0"]').count()).toBe(1);

  await rows.first().focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.locator(`[data-testid="result-row"][data-id="${ids[1]}"]`)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await expect(page.locator(`[data-testid="result-row"][data-id="${ids[1]}"]`)).toBeFocused();
  // End: the last of the 24 on the page, scrolled into view; Home: back to the first.
  await page.keyboard.press('End');
  const last = page.locator('[data-testid="result-row"]:focus');
  await expect(last).toHaveAttribute('aria-rowindex', '25');
  await expect(last).toBeInViewport();
  await page.keyboard.press('PageUp');
  await expect(page.locator('[data-testid="result-row"]:focus')).toHaveAttribute('aria-rowindex', '17');
  await page.keyboard.press('Home');
  await expect(page.locator(`[data-testid="result-row"][data-id="${ids[0]}"]`)).toBeFocused();
  await page.keyboard.press('PageDown');
  await expect(page.locator('[data-testid="result-row"]:focus')).toHaveAttribute('aria-rowindex', '10');
  // The row moved to is now the one Tab stop: Tab leaves the list, Shift+Tab comes back to it.
  expect(await page.locator('[data-testid="result-row"][tabindex="0"]').getAttribute('aria-rowindex')).toBe('10');
  await page.keyboard.press('Tab');
  await expect(page.locator('[data-testid="result-row"]:focus')).toHaveCount(0);
  await page.keyboard.press('Shift+Tab');
  await expect(page.locator('[data-testid="result-row"]:focus')).toHaveAttribute('aria-rowindex', '10');

  // With a judgment list, the rating keys act on the focused row.
  await page.getByRole('combobox', { name: 'Judgment list' }).selectOption('demo-judgments.json');
  await rows.first().focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const third = page.locator(`[data-testid="result-row"][data-id="${ids[2]}"]`);
  await expect(third).toBeFocused();
  const was = await third.getByTestId('rating').getAttribute('data-rating');
  await page.keyboard.press(was === '1' ? '2' : '1');
  await expect(third.getByTestId('rating')).toHaveAttribute('data-rating', was === '1' ? '2' : '1');
  await page.keyboard.press('ControlOrMeta+z');
  if (was === null) await expect(third.getByTestId('rating')).toHaveText('unrated');
  else await expect(third.getByTestId('rating')).toHaveAttribute('data-rating', was);

  // The grid: ← → by one card, ↓ by a row of cards.
  await page.getByRole('radiogroup', { name: 'Layout' }).getByRole('radio', { name: 'Grid' }).click();
  const cards = page.getByTestId('result-card');
  await cards.first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(cards.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(cards.first()).toBeFocused();
  expect(await page.locator('[data-testid="result-card"][tabindex="0"]').count()).toBe(1);

  // Facets: every value is one list, one Tab stop; ↓ moves to the next value, across facets too; Space toggles.
  const facets = page.getByTestId('facet-inspector');
  const values = facets.locator('button.facet-value');
  expect(await facets.locator('button.facet-value[tabindex="0"]').count()).toBe(1);
  await values.first().focus();
  await page.keyboard.press('ArrowDown');
  await expect(values.nth(1)).toBeFocused();
  await page.keyboard.press('End');
  await expect(values.last()).toBeFocused();
  await page.keyboard.press('Home');
  await expect(values.first()).toBeFocused();
  await page.keyboard.press('Space');
  await expect(values.first()).toHaveAttribute('aria-pressed', 'true');
  await shootThemes(app, 'keyboard-1-focused-lists');
  expect(await app.axe()).toEqual([]);
  expect(await app.problems()).toEqual([]);
});

test('notes of a pasted storefront URL go with the request they explain', async ({ app }) => {
  const { page } = app;
  await pasteAndSend(page, 'https://demo-shop.example.com/search.php?search_query=rain+jacket&utm_source=mail');
  // The notes are folded to one line by default: opened to read them.
  await page.getByRole('button', { name: /How the pasted URL was read/ }).click();
  await expect(page.getByTestId('storefront-steps')).toContainText('search_query=rain jacket → query "rain jacket"');
  await expect(page.getByTestId('import-notes')).toContainText('utm_source=mail');
  await expect(page.getByTestId('result-count')).toBeVisible();

  const query = page.getByRole('textbox', { name: 'Query' });
  await query.fill('backpack');
  // Edited but not sent: the notes still explain the answer on screen.
  await expect(page.getByTestId('storefront-steps')).toBeVisible();
  await query.press('Enter');
  await expect(page.getByTestId('result-row').first()).toContainText(/backpack/i);
  await expect(page.getByTestId('storefront-steps')).toHaveCount(0);
  await expect(page.getByTestId('import-notes')).toHaveCount(0);
  expect(await app.problems()).toEqual([]);
});

import type { Page } from '@playwright/test';
import { expect, mainSettings, openArea, pasteAndSend, shootThemes, test } from './fixtures';

// Results get the room: at 1440×900, after a pasted storefront URL (only 3½ rows showed) and on a saved request
// with expectations (5 rows), the paste notes, the Expectations panel and "Copy request as" are folded to one line
// each — their state kept — and the results list shows at least 12 whole rows. A sort column truncates its value,
// with the whole value on hover, instead of wrapping over the next rows.

/** Rows of the results list whose whole height is inside the list's visible part. */
async function wholeRowsShown(page: Page): Promise<number> {
  return page.getByTestId('results-scroller').evaluate((scroller) => {
    const view = scroller.getBoundingClientRect();
    return Array.from(scroller.querySelectorAll('[data-testid="result-row"]')).filter((row) => {
      const box = row.getBoundingClientRect();
      return box.top >= view.top - 0.5 && box.bottom <= view.bottom + 0.5;
    }).length;
  });
}

test('at 1440×900 the results keep at least 12 rows after a pasted storefront URL and with expectations', async ({ app }) => {
  const { page } = app;
  expect(page.viewportSize()).toEqual({ width: 1440, height: 900 });
  await page.getByRole('textbox', { name: 'Query' }).waitFor();
  await pasteAndSend(
    page,
    'https://demo-shop.example.com/search.php?search_query=jacket&sort=price:desc&page=1&pageSize=24&utm_source=mail',
  );
  await expect(page.getByTestId('result-row').first()).toBeVisible();
  // Each panel is one line, saying what it holds.
  await expect(page.getByRole('button', { name: /How the pasted URL was read/ })).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('button', { name: /How the pasted URL was read/ })).toContainText(
    '1 note: Unknown parameter, not sent: utm_source=mail',
  );
  await expect(page.getByRole('button', { name: /^Copy request as/ })).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('button', { name: 'Show the expectations' })).toBeVisible();
  await shootThemes(app, 'results-room-1-pasted');
  // Measured once the layout has settled: a panel folds with a transition, and a row count taken mid-way is short.
  await expect.poll(() => wholeRowsShown(page)).toBeGreaterThanOrEqual(12);

  // With expectations on the answer, still 12 rows: the panel's line says how they fare.
  await page.getByRole('button', { name: 'Expect…' }).click();
  await page.getByRole('menuitem').first().click();
  await page.getByRole('button', { name: 'Fold the expectations' }).click();
  await expect(page.getByTestId('expect-summary')).toHaveText('all pass on this answer');
  await expect.poll(() => wholeRowsShown(page)).toBeGreaterThanOrEqual(12);

  // Opened, a panel stays open: kept in the settings, found as left after a reload.
  await page.getByRole('button', { name: /How the pasted URL was read/ }).click();
  await expect(page.getByTestId('storefront-steps')).toBeVisible();
  // Reloaded once main holds it: a reload aborts an update still on its way, as closing the window would not.
  await expect.poll(async () => (await mainSettings(page))?.folds['search-notes']).toBe(true);
  await page.reload();
  await page.getByRole('textbox', { name: 'Query' }).waitFor();
  await pasteAndSend(page, 'https://demo-shop.example.com/search.php?search_query=boots');
  await expect(page.getByTestId('storefront-steps')).toBeVisible();
  expect(await app.problems()).toEqual([]);
});

test('a sort column on title truncates its value, the whole value on hover', async ({ app }) => {
  const { page } = app;
  await page.getByRole('textbox', { name: 'Query' }).fill('jacket');
  await page.getByRole('button', { name: 'Add sort' }).click();
  await page.getByLabel('Sort 1 attribute').fill('title');
  await page.keyboard.press('ControlOrMeta+Enter');
  const cell = page.getByTestId('result-row').first().locator('.col-sort');
  await expect(cell).toBeVisible();
  const title = await page.getByTestId('result-row').first().locator('.result-title').textContent();
  await expect(cell).toHaveAttribute('title', title!);
  // One line: the cell is no taller than a line of text, and the row keeps its height.
  const box = (await cell.boundingBox())!;
  expect(box.height).toBeLessThanOrEqual(20);
  const rows = page.getByTestId('result-row');
  const first = (await rows.nth(0).boundingBox())!;
  const second = (await rows.nth(1).boundingBox())!;
  expect(second.y - first.y).toBeCloseTo(first.height, 0);
  await shootThemes(app, 'results-room-2-title-sort');
  await openArea(page, 'Search');
});

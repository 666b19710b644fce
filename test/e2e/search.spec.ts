import type { Page } from '@playwright/test';
import { copyFrom, expect, shootThemes, test, SMOKE } from './fixtures';

const count = async (page: Page) =>
  Number(((await page.getByTestId('result-count').locator('strong').textContent()) ?? '').replace(/[^\d]/g, ''));
const facetValue = (page: Page, facet: string, value: string) =>
  page.getByRole('region', { name: `Facet ${facet}` }).getByRole('button', { name: new RegExp(`^${value}\\s`) });
const facetCount = async (page: Page, facet: string, value: string) =>
  Number(((await facetValue(page, facet, value).locator('.facet-value__count').textContent()) ?? '').replace(/[^\d]/g, ''));

async function editor(page: Page, testId: string) {
  const box = page.getByTestId(testId);
  await box.locator('.monaco-editor').waitFor();
  return box;
}

async function typeInEditor(page: Page, testId: string, text: string) {
  const box = await editor(page, testId);
  await box.locator('.monaco-editor').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(text, { delay: 10 });
  return box;
}

const shoot = (app: Parameters<typeof shootThemes>[0], name: string) => shootThemes(app, `search-${name}`);

test('a merchandiser session on the Search screen', { tag: SMOKE }, async ({ app }) => {
  const { page } = app;
  const query = page.getByRole('textbox', { name: 'Query' });
  await query.waitFor();

  // Type a query and send: results, count and facets.
  await query.fill('jacket');
  await query.press('Enter');
  await expect(page.getByTestId('result-row').first()).toBeVisible();
  const all = await count(page);
  expect(all).toBeGreaterThan(20);
  await expect(page.getByTestId('facet-inspector')).toBeVisible();
  await shoot(app, '1-results');

  // Two values of one facet combine with OR, a second facet with AND.
  const korvo = await facetCount(page, 'Brand', 'Korvo');
  const halden = await facetCount(page, 'Brand', 'Halden');
  await facetValue(page, 'Brand', 'Korvo').click();
  await expect.poll(() => count(page)).toBe(korvo);
  await facetValue(page, 'Brand', 'Halden').click();
  await expect.poll(() => count(page)).toBe(korvo + halden);
  const black = await facetCount(page, 'Colour', 'Black');
  expect(black).toBeGreaterThan(0);
  await facetValue(page, 'Colour', 'Black').click();
  await expect.poll(() => count(page)).toBe(black);
  for (const text of await page.getByTestId('result-row').locator('.result-id').allTextContents())
    expect(text).toMatch(/· (Korvo|Halden)$/);
  await expect(facetValue(page, 'Brand', 'Korvo')).toHaveAttribute('aria-pressed', 'true');
  await shoot(app, '2-facets');

  // Every request sent is in History, newest first, with its status and answer count; closing it changes nothing.
  await page.getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: 'History' });
  await expect(history.locator('.history-item').first()).toContainText('jacket');
  await expect(history.locator('.history-item')).toHaveCount(4);
  await shootThemes(app, 'history-1-drawer');
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();

  // An invalid filter: the marker and message sit where the problem is; a completion fixes it.
  const filter = await typeInEditor(page, 'filter-editor', 'colour = ');
  await expect(page.getByText("Expected a value after '=' at line 1, column 8")).toBeVisible();
  await expect(filter.locator('.squiggly-error')).toHaveCount(1);
  // Text that cannot be read cannot be laid out: Format waits for the fix.
  await expect(page.getByTestId('filter-editor-tools').getByRole('button', { name: 'Format' })).toBeDisabled();
  await shoot(app, '3-filter-error');
  await filter.locator('.monaco-editor .view-lines').click();
  await page.keyboard.press('End');
  await page.keyboard.press('Control+Space');
  const suggest = page.locator('.suggest-widget.visible');
  await expect(suggest).toBeVisible();
  await suggest.getByRole('option', { name: /^Black,/ }).click();
  await expect(page.getByText("Expected a value after '=' at line 1, column 8")).toHaveCount(0);
  await expect(filter.locator('.squiggly-error')).toHaveCount(0);
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect.poll(() => count(page)).toBe(black);

  // A response mask: only the selected fields come back, and the preview showed it first.
  await page.getByRole('button', { name: 'Response mask' }).click();
  const mask = await typeInEditor(page, 'mask-editor', 'id,product(price)');
  const formatMask = page.getByTestId('mask-editor-tools').getByRole('button', { name: 'Format' });
  await expect(formatMask).toBeEnabled();
  // The platform's format shortcut inside the editor lays the mask out as Format would.
  await page.keyboard.press('Shift+Alt+F');
  await expect(mask.locator('.view-lines')).toHaveText('id, product(price)');
  await expect(formatMask).toBeDisabled();
  await expect(page.getByTestId('mask-preview')).toContainText('"price"');
  await expect(page.getByTestId('mask-preview')).not.toContainText('description');
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.getByText('no title in answer').first()).toBeVisible();
  const stored = await page.evaluate(async () => {
    const list = await window.workbench.history.list({ limit: 1 });
    if (!list.ok) return null;
    const entry = await window.workbench.history.get({ id: list.value[0]!.id });
    return entry.ok ? (entry.value.response as { items: Record<string, unknown>[] }).items : null;
  });
  expect(stored?.length).toBeGreaterThan(0);
  for (const item of stored ?? []) {
    expect(Object.keys(item).sort()).toEqual(['id', 'product']);
    expect(Object.keys(item.product as object)).toEqual(['price']);
  }
  await shoot(app, '4-mask');
  await typeInEditor(page, 'mask-editor', '');

  // Sort by price: the order check passes.
  await page.getByRole('button', { name: 'Add sort' }).click();
  await page.getByRole('combobox', { name: 'Sort 1 attribute' }).fill('price');
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.getByTestId('order-check')).toHaveText(/follows the sort chain/);
  const prices = (await page.getByTestId('cell-price').allTextContents()).map((t) => Number(t.replace(/,/g, '')));
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
  await shoot(app, '5-sort');
  const ids = await page.getByTestId('result-row').locator('.result-id').allTextContents();

  // Copy as cURL, and as a GET URL; pasting the URL gives the same request and the same results.
  const curl = await copyFrom(page, 'cURL');
  expect(curl).toMatch(/^curl /);
  expect(curl).toContain('/search');
  expect(curl).toContain('"query":"jacket"');
  expect(curl).toContain("--data-raw '");
  // The mask was emptied above: left out, not sent as "".
  expect(curl).not.toContain('"customResponseMask"');
  const url = await copyFrom(page, 'GET URL');
  expect(url).toMatch(/\/search\/demo-search-token-0001\?encoded=/);
  await page.keyboard.press('ControlOrMeta+Shift+V');
  await page.getByRole('textbox', { name: 'URL, cURL or JSON' }).fill(`  "${url}&utm_source=ticket"  `);
  await shoot(app, '6-paste');
  await page.getByRole('button', { name: 'Open and send' }).click();
  await expect(page.getByTestId('import-notes')).toContainText('Extra query parameters');
  await expect(page.getByRole('tab', { selected: true })).toHaveText(/jacket/);
  await expect(page.getByRole('radio', { name: 'GET', exact: true })).toHaveAttribute('aria-checked', 'true');
  await expect.poll(async () => page.getByTestId('result-row').locator('.result-id').allTextContents()).toEqual(ids);
  await shoot(app, '7-pasted');

  expect(await app.axe()).toEqual([]);
  expect(await app.problems()).toEqual([]);
});

test('a failed request never leaves the previous answer looking current', async ({ app }) => {
  const { page } = app;
  const query = page.getByRole('textbox', { name: 'Query' });
  await query.fill('jacket');
  await query.press('Enter');
  await expect(page.getByTestId('result-row').first()).toBeVisible();
  await expect(page.getByTestId('stale-answer')).toHaveCount(0);

  // A sort on an attribute the service cannot sort by: a 400 beside the earlier answer.
  await page.getByRole('button', { name: 'Add sort' }).click();
  await page.getByRole('combobox', { name: 'Sort 1 attribute' }).fill('description');
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.getByTestId('stale-answer')).toHaveText('previous answer (before the failed request)');
  await expect(page.getByTestId('inspectors-stale')).toBeVisible();
  // The order check is not run against a request the answer did not come from, and there is no pager to page it.
  await expect(page.getByTestId('order-check')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Pages' })).toHaveCount(0);
  expect(await app.axe()).toEqual([]);

  // A good request clears the marks.
  await page.getByRole('combobox', { name: 'Sort 1 attribute' }).fill('price');
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.getByTestId('order-check')).toHaveText(/follows the sort chain/);
  await expect(page.getByTestId('stale-answer')).toHaveCount(0);
  await expect(page.getByTestId('inspectors-stale')).toHaveCount(0);
});

import { expect, localDemoUrl, openArea, shootThemes, test } from './fixtures';

const DEMO_TOKEN = 'demo-search-token-0001';
const OUTLET_TOKEN = 'outlet-search-token-0001';

async function post(url: string, body: unknown): Promise<unknown> {
  const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

test('suggest: 50 values × size 5 is explained before sending and gives 2 items in each of 50 groups', async ({ app }) => {
  const { page } = app;
  await openArea(page, 'Suggest');

  // Only single-valued facetable attributes are offered: brand is, tags (a list) and price (buckets) are not.
  const attribute = page.getByLabel('Group by attribute');
  await expect(attribute.locator('option', { hasText: /^brand/ })).toHaveCount(1);
  await expect(attribute.locator('option', { hasText: /^tags/ })).toHaveCount(0);
  await expect(attribute.locator('option', { hasText: /^price/ })).toHaveCount(0);
  await attribute.selectOption('brand');

  // Every brand seen in the facet, picked in one go, then 30 more typed (values with no item).
  const offer = page.getByRole('list', { name: 'Values of brand' });
  await expect(offer.getByRole('button').first()).toBeVisible();
  const seen = await offer.getByRole('button').count();
  expect(seen).toBeGreaterThanOrEqual(10);
  await page.getByRole('button', { name: `Add all ${seen}` }).click();
  const missing = Array.from({ length: 50 - seen }, (_, i) => `No Such Brand ${i + 1}`);
  await page.getByLabel(/^Values \(/).fill(missing.join('\n'));
  await page.getByLabel(/^Values \(/).press('Enter');
  await expect(page.getByTestId('group-values').getByRole('listitem')).toHaveCount(50);
  await page.getByLabel('Items per group (size)').fill('5');

  // The plan, before anything is sent.
  const plan = page.getByTestId('group-plan');
  await expect(plan).toContainText('50 groups');
  await expect(plan).toContainText('2 per group');
  await expect(plan).toContainText('over the 100-item total: the service returns 2 items per group (100 ÷ 50, rounded down), 50 groups');
  const sentBefore = await page.evaluate(async () => {
    const h = await window.workbench.history.list({ kind: 'suggest' });
    return h.ok ? h.value.length : -1;
  });
  expect(sentBefore).toBe(0);
  await shootThemes(app, 'suggest-1-plan');

  await page.keyboard.press('ControlOrMeta+Enter');
  const groups = page.getByTestId('suggest-group');
  await expect(groups).toHaveCount(50);
  await expect(page.getByTestId('group-count')).toContainText('50 groups');
  for (let i = 0; i < 50; i++) {
    const group = groups.nth(i);
    const items = await group.getByTestId('group-item').count();
    if (i < seen) {
      expect(items, `group ${i + 1}`).toBe(2);
      await expect(group.locator('.group-column__note')).toContainText('caps every group at 2');
      await expect(group.getByTestId('group-item').first()).toContainText('score');
      await expect(group.getByTestId('group-item').first()).toContainText(/brand:/);
    } else {
      expect(items, `group ${i + 1}`).toBe(0);
      await expect(group).toContainText('Empty group');
      await expect(group).toContainText('0 of 0');
    }
  }
  // Group order follows the values as asked.
  await expect(groups.nth(seen)).toHaveAttribute('aria-label', 'Group No Such Brand 1');
  await shootThemes(app, 'suggest-2-groups');
  expect(await app.axe()).toEqual([]);

  // A smaller ask: three values, size 3: full groups, no note.
  await page.getByRole('button', { name: 'Clear all' }).click();
  await page.getByRole('list', { name: 'Values of brand' }).getByRole('button').nth(0).click();
  await page.getByRole('list', { name: 'Values of brand' }).getByRole('button').nth(0).click();
  await page.getByLabel('Items per group (size)').fill('3');
  await expect(plan).toContainText('within the 100-item total');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(groups).toHaveCount(2);
  await expect(groups.first().getByTestId('group-item')).toHaveCount(3);
  await expect(groups.first().locator('.group-column__note')).toHaveCount(0);
  expect(await app.problems()).toEqual([]);
});

test('autocomplete: live prefixed suggestions in view order; a pick searches; the outlet tenant is not activated', async ({ app }) => {
  const { page } = app;
  const base = await localDemoUrl(page);
  await openArea(page, 'Autocomplete');
  const box = page.getByRole('combobox', { name: 'Typed query' });
  // Opened with a click, the field is ready for typing (keyboard moves through the navigation keep their place).
  await expect(box).toBeFocused();
  await box.pressSequentially('wom', { delay: 60 });

  const options = page.getByTestId('suggestion');
  await expect(options.first()).toBeVisible();
  await expect(page.getByTestId('suggestion-count')).toContainText('for “wom”');
  await expect(options).toHaveCount(10);
  const shown = await options.locator('.ac-option__text').allTextContents();
  for (const s of shown) expect(s.toLowerCase().startsWith('wom')).toBe(true);
  for (const mark of await options.locator('mark').allTextContents()) expect(mark.toLowerCase()).toBe('wom');
  await expect(options.first().locator('.ac-count')).toHaveText(/^\d[\d,]*$/);

  // The same order the service gives, which is by views: make the last one the most viewed and it comes first.
  const direct = (await post(`${base}/search/autocomplete`, { token: DEMO_TOKEN, query: 'wom' })) as {
    suggestions: { suggestion: string }[];
  };
  expect(shown).toEqual(direct.suggestions.map((s) => s.suggestion));
  const last = shown[shown.length - 1]!;
  const top = async () =>
    ((await post(`${base}/search/autocomplete`, { token: DEMO_TOKEN, query: 'wom' })) as { suggestions: { suggestion: string }[] })
      .suggestions[0]?.suggestion;
  for (let round = 0; round < 40 && (await top()) !== last; round++)
    await Promise.all(Array.from({ length: 50 }, () => post(`${base}/search`, { token: DEMO_TOKEN, query: last })));
  expect(await top()).toBe(last);
  await box.press('Backspace');
  await box.press('m');
  await expect(options.first().locator('.ac-option__text')).toHaveText(last);
  await shootThemes(app, 'autocomplete-1-suggestions');
  expect(await app.axe()).toEqual([]);

  // The stats say requests were sent and stale ones cancelled, and nothing went to the history.
  await expect(page.getByTestId('ac-stats')).toContainText('Requests sent');
  const recorded = await page.evaluate(async () => {
    const h = await window.workbench.history.list({ kind: 'autocomplete' });
    return h.ok ? h.value.length : -1;
  });
  expect(recorded).toBe(0);

  // The second tenant has autocomplete off: the service's message and the three prerequisites.
  await page.getByLabel('Search token').fill(OUTLET_TOKEN);
  const notActivated = page.getByTestId('autocomplete-not-activated');
  await expect(notActivated).toBeVisible();
  await expect(notActivated).toContainText('not activated');
  await expect(notActivated.locator('.prerequisites > li')).toHaveCount(3);
  await expect(notActivated).toContainText('Search in place');
  await expect(notActivated).toContainText('Usage tracking');
  await expect(notActivated).toContainText('Operator activation');
  await shootThemes(app, 'autocomplete-2-not-activated');
  expect(await app.axe()).toEqual([]);

  // Back to the demo tenant; pick a suggestion with the keyboard: a search opens and runs. The list may show the
  // earlier answer for "wom" while the new one is on its way: what the shopper arrowed to stays picked when it lands.
  await page.getByLabel('Search token').fill(DEMO_TOKEN);
  await expect(options.first()).toBeVisible();
  await box.press('ArrowDown');
  const picked = options.filter({ hasText: last });
  await expect(picked).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await picked.getAttribute('id'))!);
  await box.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search');
  await expect(page.getByRole('textbox', { name: 'Query' })).toHaveValue(last);
  await expect(page.getByTestId('result-row').first()).toBeVisible();
  expect(await app.problems()).toEqual([]);
});

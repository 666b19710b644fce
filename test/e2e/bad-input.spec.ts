import type { Page } from '@playwright/test';
import { copyFrom, expect, openArea, searchFor, shootThemes, test } from './fixtures';

// Bad input stops the send, visibly: Compare says at its Send button why nothing was sent and marks the answers on
// screen as the earlier request's; an unknown configuration id is said before sending, with the closest one; a
// suite whose every request fails the same way says it once.

const side = (page: Page, key: 'A' | 'B') => page.getByRole('region', { name: `Side ${key}` });

test('Compare refuses to send invalid variables, says why at the button, and marks the earlier answers as such', async ({ app }) => {
  const { page } = app;
  await openArea(page, 'Compare');
  await side(page, 'B').getByLabel('Configuration').fill('bestsellers');
  const query = page.getByRole('textbox', { name: 'Query' });
  await query.fill('jacket');
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.getByTestId('metrics-bar')).toBeVisible();
  await expect(page.getByTestId('compare-stale')).toHaveCount(0);

  // The placeholder is no plausible value: nothing in grey reads as B's variables.
  const variablesA = side(page, 'A').getByLabel('Context variables (JSON)');
  await expect(variablesA).toHaveAttribute('placeholder', /^none \(e\.g\./);
  await variablesA.fill('{"segment": premium}');
  await query.fill('rain jacket');
  await page.keyboard.press('ControlOrMeta+Enter');
  const blocked = page.getByTestId('compare-blocked');
  await expect(blocked).toHaveText("Not sent: side A's context variables are not a JSON object (see side A).");
  await expect(blocked).toHaveAttribute('role', 'alert');
  // The answers on screen are "jacket"'s, and say so.
  await expect(page.getByTestId('compare-stale')).toContainText('These answers are for the earlier request (“jacket” as it was sent)');
  await shootThemes(app, 'bad-input-1-compare-not-sent');

  // Fixed, it sends, and the marks go.
  await variablesA.fill('{"segment": "premium"}');
  await expect(blocked).toHaveCount(0);
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.getByTestId('compare-stale')).toHaveCount(0);
  expect(await app.axe()).toEqual([]);
  expect(await app.problems()).toEqual([]);
});

test('Search refuses to send context variables that are not usable, says why at Send and beside the field; fixed, it sends them', async ({
  app,
}) => {
  const { page } = app;
  const query = await searchFor(page, 'jacket');
  const sent = async () => {
    await page.getByRole('button', { name: 'History' }).click();
    const items = page.getByRole('dialog', { name: 'History' }).locator('.history-item');
    await expect(items.first()).toBeVisible();
    const n = await items.count();
    await page.keyboard.press('Escape');
    return n;
  };
  const before = await sent();

  // Typed with a stray comma (as a user would, no editor help): Ctrl+Enter sends nothing, and says so at Send.
  await page.getByRole('button', { name: 'Context variables', exact: true }).click();
  const box = page.getByTestId('context-variables');
  await box.locator('.monaco-editor').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.insertText('{"segment": "premium",, }');
  await query.fill('rain jacket');
  await page.keyboard.press('ControlOrMeta+Enter');
  const blocked = page.getByTestId('search-blocked');
  await expect(blocked).toContainText('Not sent: Context variables are not valid JSON');
  await expect(blocked).toHaveAttribute('role', 'alert');
  await expect(page.getByTestId('variables-problem')).toContainText('Nothing is sent until it is fixed.');
  await query.press('Enter');
  expect(await sent()).toBe(before);
  await page.getByTestId('search-blocked').scrollIntoViewIfNeeded();
  await shootThemes(app, 'bad-input-2-search-not-sent');
  expect(await app.axe()).toEqual([]);

  // Fixed: the marks go, and the request goes with the variables as typed.
  await box.locator('.monaco-editor').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.insertText('{"segment": "premium"}');
  await expect(blocked).toHaveCount(0);
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect.poll(sent).toBe(before + 1);
  const curl = await copyFrom(page, 'cURL');
  expect(curl).toContain('"variables":{"segment":"premium"}');
  expect(await app.problems()).toEqual([]);
});

test('an unknown configuration id is said before sending, with the known ones and the closest; a suite failing the same way says it once', async ({
  app,
}) => {
  const { page } = app;
  await openArea(page, 'Compare');
  await side(page, 'B').getByLabel('Configuration').fill('bestsellerz');
  await expect(side(page, 'B')).toContainText('"bestsellerz" is not a configuration of Local demo');
  await expect(side(page, 'B')).toContainText('did you mean bestsellers?');

  await openArea(page, 'Search');
  await page.getByLabel('Configuration', { exact: true }).first().fill('bestsellerz');
  await expect(page.getByText('did you mean bestsellers?').first()).toBeVisible();

  await openArea(page, 'Workspace');
  const suite = page.getByTestId('suite-panel');
  await suite.getByLabel('Configuration id').fill('bestsellerz');
  await expect(suite).toContainText('did you mean bestsellers?');
  await suite.getByRole('button', { name: 'Run suite' }).click();
  const cause = page.getByTestId('suite-one-cause');
  await expect(cause).toContainText(/^All 12 requests could not run, for one reason: /);
  await expect(page.getByTestId('suite-case')).toHaveCount(0);
  await expect(suite.getByRole('button', { name: /^Resume/ })).toHaveCount(0);
  await cause.scrollIntoViewIfNeeded();
  await shootThemes(app, 'bad-input-2-suite-one-cause');

  // A batch whose every query fails on side B for the same reason: said once, and no rerun that repeats it.
  await openArea(page, 'Compare');
  await page.getByRole('radio', { name: 'Batch' }).click();
  await page.getByLabel('Queries').fill('jacket\nboots\ntent\nsocks');
  await page.getByRole('button', { name: 'Run 4 on both sides' }).click();
  const batchCause = page.getByTestId('batch-one-cause');
  await expect(batchCause).toContainText(/^All 4 queries failed, for one reason — B: /);
  await expect(batchCause).toContainText('bestsellerz');
  await expect(page.getByRole('button', { name: /^Rerun/ })).toHaveCount(0);
  expect(await app.problems()).toEqual([]);
});

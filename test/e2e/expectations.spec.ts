import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, localDemoUrl, openArea, shootThemes, test } from './fixtures';

// The demo suite is written for the Local demo catalog a user gets (20,000 items).
test.use({ hostEnv: { SEARCH_WORKBENCH_DEMO_ITEMS: '20000' } });

// Expectations in the app: the demo suite's request opened from the workspace shows its expectations with live
// badges; "Expect…" on a result and on the answer adds more; edited as JSON with the place of a mistake; saved back
// into the file; and the workspace's suite run on bestsellers lists the failures first, each opening the request as
// it ran with the failing items pointed out.

test('expectations: live badges, Expect… from a result and the answer, JSON editing, saved with the request', async ({ app }) => {
  const { page } = app;
  await openArea(page, 'Workspace');
  const requests = page.getByRole('region', { name: 'Requests' });
  await requests.getByRole('listitem').filter({ hasText: 'demo-suite-hiking-boots.json' }).getByRole('button', { name: 'Open' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search');
  const panel = page.getByTestId('expectations');
  // Folded to its one line by default (the results keep the room); opened, it is remembered.
  await expect(panel.getByTestId('expectation')).toHaveCount(0);
  await panel.getByRole('button', { name: 'Show the expectations' }).click();
  await expect(panel.getByTestId('expectation')).toHaveCount(3);
  await expect(panel.getByTestId('expectation').first()).toContainText('not checked');
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(panel.getByTestId('expect-summary')).toHaveText('all pass on this answer');
  await expect(panel.locator('[data-status="passed"]')).toHaveCount(3);
  await expect(panel.getByTestId('expectation').first()).toContainText('No tent among the boots');

  // From a result: the second item must stay in the top 3.
  const second = page.getByTestId('result-row').nth(1);
  const id = (await second.getAttribute('data-id'))!;
  await second.click();
  const drawer = page.getByTestId('item-drawer');
  await drawer.getByRole('button', { name: 'Must stay in the top 3' }).click();
  // Expected now, so no longer offered; the drawer says so.
  await expect(drawer.getByRole('button', { name: 'Must stay in the top 3' })).toHaveCount(0);
  await expect(drawer.getByTestId('item-expect')).toContainText('1 of its choices is expected already.');
  await page.keyboard.press('Escape');
  await expect(panel.getByTestId('expectation')).toHaveCount(4);
  await expect(panel.getByTestId('expectation').nth(3)).toContainText(`${id} in the top 3`);
  await expect(panel.getByTestId('expectation').nth(3)).toContainText(`${id} is at rank 2, within the top 3`);

  // From the answer: "not empty" is already expected, so it is left out; the menu opens inside the window (the
  // panel is at the bottom of the results, so it opens upwards); a time limit is added.
  await panel.getByRole('button', { name: 'Expect…' }).click();
  const menu = panel.getByRole('menu', { name: 'Expect of this answer' });
  await expect(menu.getByRole('menuitem').first()).toBeVisible();
  await expect(panel.getByRole('menuitem', { name: 'Must not be empty' })).toHaveCount(0);
  const box = (await menu.boundingBox())!;
  const view = page.viewportSize()!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(view.height);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(view.width);
  await shootThemes(app, 'expect-0-menu-inside');
  await panel.getByRole('menuitem', { name: /^Answers within \d+ ms \(reported\)$/ }).click();
  await expect(panel.getByTestId('expectation')).toHaveCount(5);

  // As JSON: a k over the limit is refused with its place; a fixed one applies.
  await panel.getByRole('button', { name: 'Edit as JSON' }).click();
  const json = panel.getByRole('textbox', { name: /expect/ });
  const list = JSON.parse(await json.inputValue()) as Record<string, unknown>[];
  list.push({ type: 'inTop', id, k: 5000 });
  await json.fill(JSON.stringify(list, null, 2));
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(panel.getByRole('alert')).toHaveText('[5].k: k must be at most 1000');
  list[5] = { type: 'notInTop', id: 'SKU-113224', k: 3, name: 'No tent in the top 3' };
  await json.fill(JSON.stringify(list, null, 2));
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(panel.getByTestId('expectation')).toHaveCount(6);
  await expect(panel.getByTestId('expectation').nth(5)).toContainText('No tent in the top 3');
  await shootThemes(app, 'expect-1-panel');
  expect(await app.axe()).toEqual([]);

  // Saved into the file it came from: read back, the six are there.
  await panel.getByRole('button', { name: 'Save to demo-suite-hiking-boots.json' }).click();
  await expect
    .poll(async () =>
      page.evaluate(async () => {
        const read = await window.workbench.saved.read({ file: 'demo-suite-hiking-boots.json' });
        return read.ok ? (read.value.expect ?? []).length : -1;
      }),
    )
    .toBe(6);
  // Saving the expectations keeps the request's own name: the tab, the file and the list still say it.
  await expect(page.getByRole('tab', { selected: true })).toContainText('Hiking boots: boots only');
  expect(
    await page.evaluate(async () => {
      const read = await window.workbench.saved.read({ file: 'demo-suite-hiking-boots.json' });
      return read.ok ? read.value.name : null;
    }),
  ).toBe('Hiking boots: boots only');
  await shootThemes(app, 'expect-6-saved-keeps-name');
  expect(await app.problems()).toEqual([]);
});

test('a suite run on bestsellers: failures first, each opening the request as it ran with the failing items pointed out', async ({
  app,
}) => {
  const { page } = app;
  await openArea(page, 'Workspace');
  const suite = page.getByTestId('suite-panel');
  await suite.getByRole('textbox', { name: 'Configuration id' }).fill('bestsellers');
  await suite.getByRole('button', { name: 'Run suite' }).click();
  await expect(suite.getByTestId('suite-summary')).toContainText('29 assertions: 25 passed, 4 failed, 0 could not run · 12 requests');
  const cases = suite.getByTestId('suite-case');
  await expect(cases).toHaveCount(12);
  for (let i = 0; i < 3; i++) await expect(cases.nth(i)).toContainText('failed');
  await expect(cases.nth(3)).toContainText('passed');
  const trail = cases.filter({ hasText: 'Trail running shoes' });
  await expect(trail).toContainText('expected Nothing out of stock in the top 10 — 1 of the top 10 match stock = 0');
  // A failure says what was expected and what was seen; it never states the expectation as a fact.
  await expect(cases.filter({ hasText: 'failed' }).filter({ hasText: 'Backpack' })).toContainText(
    /expected SKU-115970 at rank 1 — SKU-115970 is not in the answer's first 24 items; rank 1 is SKU-/,
  );
  await trail.scrollIntoViewIfNeeded();
  await shootThemes(app, 'expect-2-suite-failures');
  expect(await app.axe()).toEqual([]);

  await trail.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search');
  const highlighted = page.locator('[data-testid="result-row"][data-highlighted="true"]');
  await expect(highlighted).toHaveCount(1);
  await expect(page.getByTestId('expectations').getByTestId('expect-summary')).toHaveText('2 failed on this answer');
  await shootThemes(app, 'expect-3-opened-failure');
  expect(await app.problems()).toEqual([]);
});

test('Suggest and Autocomplete: a saved request opens in its screen with its expectations, Expect… adds, Save writes back', async ({
  app,
}) => {
  const { page } = app;
  const openFile = async (file: string) => {
    await openArea(page, 'Workspace');
    const requests = page.getByRole('region', { name: 'Requests' });
    await requests.getByRole('listitem').filter({ hasText: file }).getByRole('button', { name: 'Open' }).click();
  };
  const savedExpect = (file: string) =>
    page.evaluate(async (f) => {
      const read = await window.workbench.saved.read({ file: f });
      return read.ok ? (read.value.expect ?? []).map((a) => a.type) : null;
    }, file);

  // Suggest: opened and sent; its three expectations pass; "Expect…" offers each group with what it has.
  await openFile('demo-suite-suggest-back.json');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Suggest');
  const panel = page.getByTestId('expectations');
  await expect(panel.getByTestId('expect-summary')).toHaveText('all pass on this answer');
  await expect(panel.locator('[data-status="passed"]')).toHaveCount(3);
  await panel.getByRole('button', { name: 'Expect…' }).click();
  await panel.getByRole('menuitem', { name: /^Group “Jackets” keeps at least \d+ items?$/ }).click();
  await expect(panel.getByTestId('expectation')).toHaveCount(4);
  await expect(panel.getByTestId('expectation').nth(3)).toContainText(/group “Jackets” has \d+ items?/);
  await expect(panel.locator('[data-status="passed"]')).toHaveCount(4);
  await shootThemes(app, 'expect-4-suggest');
  expect(await app.axe()).toEqual([]);
  await panel.getByRole('button', { name: 'Save to demo-suite-suggest-back.json' }).click();
  await expect.poll(() => savedExpect('demo-suite-suggest-back.json')).toEqual(['group', 'group', 'notEmpty', 'group']);

  // Autocomplete: opened, asked at once; "Expect…" offers the suggestions where they stand.
  await openFile('demo-suite-autocomplete-back.json');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Autocomplete');
  await expect(page.getByRole('combobox', { name: 'Typed query' })).toHaveValue('back');
  await expect(page.getByText('Saved · demo-suite-autocomplete-back.json')).toBeVisible();
  await expect(panel.getByTestId('expect-summary')).toHaveText('all pass on this answer');
  await panel.getByRole('button', { name: 'Expect…' }).click();
  await expect(panel.getByRole('menuitem', { name: 'Must suggest something' })).toBeVisible();
  await expect(panel.getByRole('menuitem', { name: '“backpack” stays within the first 3' })).toHaveCount(0);
  await panel.getByRole('menuitem', { name: 'Must suggest something' }).click();
  await expect(panel.getByTestId('expectation')).toHaveCount(4);
  // Typing on: the expectations wait for the answer to what is typed now, then check it.
  await page.getByRole('combobox', { name: 'Typed query' }).fill('backp');
  await expect(panel.getByTestId('expect-summary')).toHaveText(/on this answer$/);
  await expect(panel.getByTestId('expectation').nth(3)).toContainText('suggestions');
  await shootThemes(app, 'expect-5-autocomplete');
  expect(await app.axe()).toEqual([]);
  await panel.getByRole('button', { name: 'Save to demo-suite-autocomplete-back.json' }).click();
  await expect.poll(() => savedExpect('demo-suite-autocomplete-back.json')).toEqual(['suggestion', 'suggestion', 'time', 'notEmpty']);
  expect(await app.problems()).toEqual([]);
});

test('a suite run opens a suggest and an autocomplete request in their screens; a cancelled run resumes', async ({ app }) => {
  const { page } = app;
  await openArea(page, 'Workspace');
  const suite = page.getByTestId('suite-panel');
  await suite.getByRole('button', { name: 'Run suite' }).click();
  await expect(suite.getByTestId('suite-summary')).toContainText('29 assertions: 29 passed');
  await expect(suite.getByRole('button', { name: /^Resume/ })).toHaveCount(0);
  await suite.getByTestId('suite-case').filter({ hasText: 'Suggest “back”' }).getByRole('button', { name: 'Open' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Suggest');
  await expect(page.getByTestId('expectations').getByTestId('expect-summary')).toHaveText('all pass on this answer');
  await openArea(page, 'Workspace');
  await suite.getByTestId('suite-case').filter({ hasText: 'Autocomplete “back”' }).getByRole('button', { name: 'Open' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Autocomplete');
  await expect(page.getByTestId('expectations').getByTestId('expect-summary')).toHaveText('all pass on this answer');

  // A folder of its own (three of the demo suite's files) with the searches held by the emulator: the suggest and
  // autocomplete requests answer, Cancel stops the held search, and Resume runs only that one.
  const folder = await mkdtemp(join(tmpdir(), 'wb-e2e-suite-'));
  for (const file of ['demo-suite-suggest-back.json', 'demo-suite-autocomplete-back.json', 'demo-suite-backpack.json'])
    await cp(resolve('examples/workspace/requests', file), join(folder, file));
  await openArea(page, 'Workspace');
  await suite.getByRole('textbox', { name: 'Folder' }).fill(folder);
  const base = await localDemoUrl(page);
  const faults = (body?: object) =>
    fetch(`${base}/__emulator/faults`, {
      method: body ? 'POST' : 'DELETE',
      ...(body ? { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) } : {}),
    });
  await faults({ endpoints: ['search'], latencyMs: 120_000 });
  try {
    await suite.getByRole('button', { name: 'Run suite' }).click();
    await expect(suite.getByRole('status')).toContainText('2 of 3 requests');
    await suite.getByRole('button', { name: 'Cancel' }).click();
    await expect(suite.getByTestId('suite-summary')).toContainText('6 assertions: 6 passed, 0 failed, 0 could not run · 2 requests');
    await expect(suite.getByTestId('suite-summary')).toContainText(`cancelled before the end · ${folder}`);
  } finally {
    await faults();
  }
  await suite.getByRole('button', { name: 'Resume (1 left)' }).click();
  await expect(suite.getByTestId('suite-summary')).toContainText('· 3 requests');
  await expect(suite.getByTestId('suite-summary')).not.toContainText('cancelled');
  await expect(suite.getByTestId('suite-case')).toHaveCount(3);
  await expect(suite.getByRole('button', { name: /^Resume/ })).toHaveCount(0);
  await rm(folder, { recursive: true, force: true });

  // A folder that does not exist: the reason, with the fix.
  await suite.getByRole('textbox', { name: 'Folder' }).fill('/no/such/suite');
  await suite.getByRole('button', { name: 'Run suite' }).click();
  await expect(suite.getByText('The suite folder /no/such/suite does not exist: pick an existing folder.')).toBeVisible();
  expect(await app.problems()).toEqual([]);
});

import { AREAS } from '../../src/renderer/src/shell/areas';
import { expect, mainSettings, shootThemes, test, SMOKE, THEME_RULES } from './fixtures';

test.describe('app shell', () => {
  test(
    'opens ready, visits every area in both themes, with no console errors, CSP violations or serious a11y findings',
    { tag: SMOKE },
    async ({ app }) => {
      const { page } = app;
      await expect(page.getByTestId('transport')).toHaveText(app.transport === 'browser' ? 'Browser mode' : 'Desktop');

      for (const theme of ['dark', 'light'] as const) {
        await page.getByRole('radio', { name: theme === 'dark' ? 'Dark theme' : 'Light theme' }).click();
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        for (const area of AREAS) {
          await page.getByRole('navigation', { name: 'Workbench areas' }).getByRole('button', { name: area.label, exact: true }).click();
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(area.label);
          await expect(page.locator('main')).toHaveAttribute('data-area', area.id);
          // Every rule in the first theme; in the second only the rules a theme can change (colours).
          expect(await app.axe(theme === 'dark' ? undefined : THEME_RULES), `accessibility on ${area.label} (${theme})`).toEqual([]);
          await app.screenshot(`shell-${area.id}-${theme}`);
        }
      }
      // The scan finds what it is there to find: a button with no name, planted and then taken away.
      await page.evaluate(() => document.querySelector('main')?.append(Object.assign(document.createElement('button'), { id: 'planted' })));
      expect((await app.axe()).join('\n')).toMatch(/critical: button-name .*#planted/);
      await page.evaluate(() => document.getElementById('planted')?.remove());
      expect(await app.problems()).toEqual([]);
    },
  );

  test('keyboard: Ctrl+number jumps between areas and arrow keys move through the navigation', async ({ app }) => {
    const { page } = app;
    await page.keyboard.press('Control+3');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Suggest');
    await page.getByRole('button', { name: 'Suggest', exact: true }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('button', { name: 'Autocomplete', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Autocomplete');
    await page.keyboard.press('End');
    await expect(page.getByRole('button', { name: 'Settings', exact: true })).toBeFocused();
    // The screens people work in daily have their own: Shoppers on 9, Tests on 0; Settings on Ctrl+, as elsewhere.
    for (const [keys, screen] of [
      ['Control+9', 'Shoppers'],
      ['Control+0', 'Tests'],
      ['Control+,', 'Settings'],
      ['Control+8', 'Workspace'],
    ] as const) {
      await page.keyboard.press(keys);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(screen);
    }
    expect(await app.problems()).toEqual([]);
  });

  test('the first screen loads no Monaco; the editors swap it in later without moving', async ({ app }) => {
    const { page } = app;
    // Scripts requested until the Query box is in the page, and the filter editor's box as first drawn.
    await page.addInitScript(() => {
      const w = window as unknown as { __queryAt?: number; __filterBox?: { top: number; height: number } };
      new MutationObserver(() => {
        if (w.__queryAt === undefined && document.querySelector('.query-bar__input')) w.__queryAt = performance.now();
        const box = document.querySelector('[data-testid="filter-editor"]');
        if (!w.__filterBox && box) {
          const r = box.getBoundingClientRect();
          w.__filterBox = { top: r.top, height: r.height };
        }
      }).observe(document, { subtree: true, childList: true });
    });
    await app.reload();
    const filter = page.getByTestId('filter-editor');
    await filter.locator('.monaco-editor').waitFor(); // swapped in when the browser was idle
    const { early, light } = await page.evaluate(() => {
      const w = window as unknown as { __queryAt: number; __filterBox: { top: number; height: number } };
      return {
        early: performance
          .getEntriesByType('resource')
          .filter((e) => e.startTime <= w.__queryAt)
          .map((e) => new URL(e.name).pathname),
        light: w.__filterBox,
      };
    });
    expect(early.filter((f) => f.endsWith('.js')).length).toBeGreaterThan(0);
    expect(early.filter((f) => /monaco|MonacoCodeEditor|worker/i.test(f))).toEqual([]);
    const now = await filter.boundingBox();
    expect({ top: now!.y, height: now!.height }).toEqual({ top: light.top, height: light.height });
    expect(await app.problems()).toEqual([]);
  });

  test('the chosen theme is kept by main and survives a reload', async ({ app }) => {
    const { page } = app;
    await page.getByRole('radio', { name: 'Light theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    // Reloaded once main holds it: a reload aborts an update still on its way.
    await expect.poll(async () => (await mainSettings(page))?.theme).toBe('light');
    await app.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(page.getByRole('radio', { name: 'Light theme' })).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('radio', { name: 'Follow system theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });

  test('split panes: dragged, moved with the keys, folded and unfolded, and found as left after a reload', async ({ app }) => {
    const { page } = app;
    const builder = page.getByTestId('search-builder-pane');
    const separator = page.getByTestId('search-builder-separator');
    const width = async () => Math.round((await builder.boundingBox())!.width);
    await page.getByRole('textbox', { name: 'Query' }).waitFor();
    expect(await width()).toBe(440);

    // Drag the separator 200 px to the right: the builder (and its filter editor) get the room.
    const box = (await separator.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + 200);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 100, box.y + 200);
    await page.mouse.move(box.x + box.width / 2 + 200, box.y + 200);
    await page.mouse.up();
    await expect.poll(width).toBe(640);
    await expect(separator).toHaveAttribute('aria-valuenow', '640');
    expect(Math.round((await page.getByTestId('filter-editor').boundingBox())!.width)).toBeGreaterThan(560);

    // The keyboard moves it too (a window splitter's arrow keys).
    await separator.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(separator).toHaveAttribute('aria-valuenow', '616');

    // Folded to a strip, the answer gets the screen; the strip brings it back.
    await page.getByRole('button', { name: 'Hide the inspectors' }).click();
    await expect(page.getByTestId('search-inspectors-pane')).toHaveClass(/is-collapsed/);
    await expect(page.getByRole('complementary', { name: 'Inspectors' })).toHaveCount(0);

    // Main keeps the layout: once it holds it (a reload aborts what is still on its way), a reload finds it as it was left.
    await expect
      .poll(async () => (await mainSettings(page))?.paneLayouts.search)
      .toEqual({ widths: { builder: 616 }, collapsed: ['inspectors'] });
    await app.reload();
    await page.getByRole('textbox', { name: 'Query' }).waitFor();
    expect(await width()).toBe(616);
    await page.getByRole('button', { name: 'Show the inspectors' }).click();
    await expect(page.getByRole('complementary', { name: 'Inspectors' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Query' }).fill('jacket');
    await page.getByRole('textbox', { name: 'Query' }).press('Enter');
    await expect(page.getByTestId('result-row').first()).toBeVisible();
    await shootThemes(app, 'search-resized-panes');
    expect(await app.problems()).toEqual([]);
  });

  test('command palette: screens, actions and recent requests by name; the shortcuts sheet; Ctrl+B folds the builder', async ({ app }) => {
    const { page } = app;
    const query = page.getByRole('textbox', { name: 'Query' });
    await query.fill('parka');
    await query.press('Enter');
    await expect(page.getByTestId('result-row').first()).toBeVisible();

    // Ctrl+K from inside an editor too: the palette opens over Monaco, which does not swallow the keys.
    await page.getByTestId('filter-editor').locator('.monaco-editor').click();
    await page.keyboard.press('ControlOrMeta+K');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    const input = palette.getByRole('combobox', { name: 'Command' });
    await expect(input).toBeFocused();
    await expect(palette.getByRole('option', { name: /Go to Compare/ })).toContainText('Ctrl2');
    await expect(palette.getByRole('option', { name: /“parka”/ })).toBeVisible();
    await shootThemes(app, 'command-palette');

    await input.fill('comp');
    await expect(palette.getByRole('option').first()).toContainText('Go to Compare');
    await page.keyboard.press('Enter');
    await expect(palette).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compare');

    // A recent request by its query, from another screen: it opens in a Search tab with its answer.
    await page.keyboard.press('ControlOrMeta+K');
    await input.fill('parka');
    await expect(palette.getByRole('option', { name: /“parka”/ })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search');
    await expect(page.getByRole('tab', { selected: true })).toContainText('parka');

    // Compare's views by name from any screen: Explain, Context matrix and Batch each open where they are.
    for (const [typed, title, check] of [
      [
        'explain',
        'Explain which difference moved what',
        () => page.getByRole('radiogroup', { name: 'View' }).getByRole('radio', { name: 'Explain' }),
      ],
      ['context matrix', 'Context matrix', () => page.getByRole('form', { name: 'Context matrix' })],
      [
        'batch',
        'Batch: a query set on both sides',
        () => page.getByRole('radiogroup', { name: 'Mode' }).getByRole('radio', { name: 'Batch' }),
      ],
    ] as const) {
      await page.keyboard.press('ControlOrMeta+1');
      await page.keyboard.press('ControlOrMeta+K');
      await input.fill(typed);
      await expect(palette.getByRole('option').first()).toContainText(title);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compare');
      if (typed === 'context matrix') await expect(check()).toBeVisible();
      else await expect(check()).toHaveAttribute('aria-checked', 'true');
    }
    await page.keyboard.press('ControlOrMeta+1');

    // Arrow keys move, Escape closes, nothing runs.
    await page.keyboard.press('ControlOrMeta+K');
    await input.fill('theme light');
    await page.keyboard.press('Escape');
    await expect(palette).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

    // Ctrl+B folds the builder and brings it back; the palette lists it with its keys.
    await page.keyboard.press('ControlOrMeta+B');
    await expect(page.getByTestId('search-builder-pane')).toHaveClass(/is-collapsed/);
    await page.keyboard.press('ControlOrMeta+B');
    await expect(query).toBeVisible();

    // Ctrl+/ shows every shortcut, from the same commands.
    await page.keyboard.press('ControlOrMeta+/');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(sheet).toContainText('Show or hide the request builder');
    await expect(sheet).toContainText('Format the filter or mask');
    await expect(sheet).toContainText('Paste a URL or cURL command');
    expect(await app.axe(), 'accessibility of the shortcuts sheet').toEqual([]);
    await page.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0);
    expect(await app.problems()).toEqual([]);
  });

  test('browser mode: the launch URL opens one tab once; a reload keeps the session; another tab is told what to do', async ({
    app,
  }, testInfo) => {
    testInfo.skip(app.transport !== 'browser', 'The desktop app has no launch URL.');
    const { page } = app;
    // The launch token is gone from the address bar, and nothing is stored in cookies.
    expect(new URL(page.url()).search).toBe('');
    expect(await page.context().cookies()).toEqual([]);
    await app.reload();
    await expect(page.getByTestId('transport')).toHaveText('Browser mode');

    const other = await page.context().newPage();
    await other.goto(new URL('/', page.url()).href);
    await expect(other.getByRole('alert')).toContainText('This tab has no workbench session: a new tab needs a fresh launch URL.');
    await expect(other.getByRole('alert')).toContainText('Press Enter in the terminal running `serve`');
    // The launch URL from the browser history opens nothing either.
    await other.goto(app.launchUrl!);
    await expect(other.getByRole('alert')).toContainText('This launch link was used already');
    await expect(other.getByTestId('transport')).toHaveCount(0);
    await other.close();
    expect(await app.problems()).toEqual([]);
  });
});

import { AREAS } from '../../src/renderer/src/shell/areas';
import { expect, test } from './fixtures';

test.describe('app shell', () => {
  test('opens ready, visits every area in both themes, with no console errors, CSP violations or serious a11y findings', async ({
    app,
  }) => {
    const { page } = app;
    await expect(page.getByTestId('transport')).toHaveText(app.transport === 'browser' ? 'Browser mode' : 'Desktop');

    for (const theme of ['dark', 'light'] as const) {
      await page.getByRole('radio', { name: theme === 'dark' ? 'Dark theme' : 'Light theme' }).click();
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      for (const area of AREAS) {
        await page.getByRole('navigation', { name: 'Workbench areas' }).getByRole('button', { name: area.label, exact: true }).click();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(area.label);
        await expect(page.locator('main')).toHaveAttribute('data-area', area.id);
        expect(await app.axe(), `accessibility on ${area.label} (${theme})`).toEqual([]);
        await app.screenshot(`shell-${area.id}-${theme}`);
      }
    }
    expect(await app.problems()).toEqual([]);
  });

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
    expect(await app.problems()).toEqual([]);
  });

  test('the chosen theme is kept by main and survives a reload', async ({ app }) => {
    const { page } = app;
    await page.getByRole('radio', { name: 'Light theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await app.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(page.getByRole('radio', { name: 'Light theme' })).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('radio', { name: 'Follow system theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
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

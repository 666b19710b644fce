/// <reference lib="dom" />
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, test as base, type Browser, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { chromiumArgs, chromiumExecutable } from '../../playwright.config';
import { findElectron } from '../../src/cli/commands/app';
import { E2E_ENV, forgetKeychain, keychainServiceFor, recordProblems, ROOT, waitReady, WorkerApps } from './browser-apps';

export { ROOT };
/**
 * The journeys the full machine's run repeats on the system's Chromium with a real keychain (`npm run test:smoke`):
 * one per screen at most. The fresh machine's `npm test` runs every journey, these included.
 */
export const SMOKE = '@smoke';
/**
 * The axe rules whose outcome a theme can change: a screen scanned with every rule in one theme needs only these
 * in the other (the structure, names and roles are the same in both).
 */
export const THEME_RULES = ['color-contrast', 'link-in-text-block'];
export const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');
/**
 * Screenshots feed the guides and nothing asserts on them, so a test run takes none: `npm run docs:screenshots`
 * runs the suite with this set and writes them to test-results/screenshots/.
 */
const SHOOT = process.env.SEARCH_WORKBENCH_SCREENSHOTS === '1';

export interface Workbench {
  page: Page;
  transport: 'browser' | 'electron';
  /** Console errors and CSP violations seen so far; tests assert it stays empty. */
  problems: () => Promise<string[]>;
  /** Serious or critical axe-core findings on the current screen (`rules`: only these rules). */
  axe: (rules?: string[]) => Promise<string[]>;
  screenshot: (name: string) => Promise<void>;
  reload: () => Promise<void>;
  /** Browser mode: the launch URL the host printed (used once already, by this page). */
  launchUrl?: string;
  /** The app's data folder (its workspace is `workspace/` in it). */
  dataDir: string;
}

/** One test's app in the desktop shell (Electron), or undefined with the reason when no Electron binary exists. */
async function launchElectronApp(
  hostEnv: Record<string, string>,
): Promise<{ page: Page; dataDir: string; sink: string[]; dispose: () => Promise<void> } | { skip: string }> {
  const lookup = findElectron({ tryDownload: false });
  // Said once per reason in `npm test`'s closing summary; the same spec runs in browser mode.
  if (!lookup.found) return { skip: `No Electron binary: ${lookup.reason}` };
  const dataDir = await mkdtemp(join(tmpdir(), 'wb-e2e-electron-'));
  const keychainService = keychainServiceFor(dataDir);
  const electronApp = await electron.launch({
    executablePath: lookup.path,
    args: [ROOT],
    env: { ...E2E_ENV, SEARCH_WORKBENCH_SECRETS_SERVICE: keychainService, ...hostEnv, SEARCH_WORKBENCH_DATA_DIR: dataDir },
  });
  const page = await electronApp.firstWindow();
  const sink: string[] = [];
  await recordProblems(page, sink);
  await page.reload();
  await waitReady(page);
  const dispose = async () => {
    await electronApp.close();
    await forgetKeychain(keychainService);
    await rm(dataDir, { recursive: true, force: true });
  };
  return { page, dataDir, sink, dispose };
}

export const test = base.extend<{ app: Workbench; hostEnv: Record<string, string> }, { workerApps: WorkerApps }>({
  /** Extra environment for main (the browser-mode host, or Electron). */
  hostEnv: [{}, { option: true }],
  /**
   * One Chromium per worker, launched when the worker's first browser-mode test asks (the Electron project never
   * does), and the worker's apps in it: each test gets a fresh context on its own host
   * (test/e2e/browser-apps.ts).
   */
  workerApps: [
    async ({ playwright }, use) => {
      let launched: Promise<Browser> | undefined;
      const apps = new WorkerApps(
        () => (launched ??= playwright.chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs })),
      );
      await use(apps);
      await apps.close();
      if (launched) await (await launched).close();
    },
    { scope: 'worker' },
  ],
  app: async ({ workerApps, hostEnv }, use, testInfo) => {
    const transport = testInfo.project.name === 'electron' ? 'electron' : 'browser';
    let launched: { page: Page; dataDir: string; sink: string[]; launchUrl?: string; hostLog?: () => string };
    let finish: () => Promise<void>;
    if (transport === 'electron') {
      const electronApp = await launchElectronApp(hostEnv);
      if ('skip' in electronApp) {
        testInfo.skip(true, electronApp.skip);
        return;
      }
      launched = electronApp;
      finish = electronApp.dispose;
    } else {
      const browserApp = await workerApps.take(hostEnv);
      launched = browserApp;
      // Its host is closed while the worker's next test runs; the worker's end waits for it.
      finish = () => workerApps.retire(browserApp);
    }
    const { page, dataDir, sink, launchUrl, hostLog } = launched;

    const workbench: Workbench = {
      page,
      transport,
      dataDir,
      ...(launchUrl ? { launchUrl } : {}),
      problems: async () => {
        const csp = await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
        return [...sink, ...csp.map((v) => `csp: ${v}`)];
      },
      axe: async (rules) => {
        // Colours are measured once transitions (a focus, a hover) have ended; endless ones (a spinner) are not waited for.
        await page.evaluate(() =>
          Promise.all(
            document
              .getAnimations()
              .filter((a) => a.effect?.getTiming().iterations !== Infinity)
              .map((a) => a.finished.catch(() => undefined)),
          ),
        );
        // axe.run in the page itself (the app has no frames to stitch together, which is what the default mode opens
        // a blank page for), with full detail for violations only: a scan of a busy screen went from about 4 s to 1 s.
        const builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
        const results = await (rules ? builder.withRules(rules) : builder).analyze();
        return results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map(
            (v) =>
              `${v.impact}: ${v.id} — ${v.help} (${v.nodes
                .map((n) => n.target.join(' '))
                .slice(0, 3)
                .join(', ')})`,
          );
      },
      screenshot: async (name) => {
        if (!SHOOT) return;
        // Transitions (a theme switch fades colours) are finished first, so a shot shows the settled screen.
        await page.screenshot({ path: join(SCREENSHOTS, `${transport}-${name}.png`), animations: 'disabled' });
      },
      reload: async () => {
        await page.reload();
        await waitReady(page);
      },
    };
    await use(workbench);
    // What main printed goes with a failed test's trace: the cause of a screen that never came is often there.
    if (testInfo.status !== testInfo.expectedStatus && hostLog?.())
      await testInfo.attach('host.log', { body: hostLog(), contentType: 'text/plain' });
    await finish();
  },
});

export const expect = test.expect;

/** A screenshot of another page (an exported report) under test-results/screenshots/, when screenshots are asked for. */
export async function shootPage(target: Page, file: string): Promise<void> {
  if (SHOOT) await target.screenshot({ path: join(SCREENSHOTS, file), fullPage: false });
}

/** Screenshots in both themes; the theme is switched through main so dialogs and focus stay as they are. */
export async function shootThemes(app: Pick<Workbench, 'page' | 'screenshot'>, name: string): Promise<void> {
  if (!SHOOT) return;
  const theme = async (t: 'dark' | 'light') => {
    await app.page.evaluate((value) => window.workbench.settings.update({ theme: value }), t);
    await expect(app.page.locator('html')).toHaveAttribute('data-theme', t);
  };
  await theme('dark');
  await app.screenshot(`${name}-dark`);
  await theme('light');
  await app.screenshot(`${name}-light`);
  await theme('dark');
}

/**
 * The settings main holds (not the screen's optimistic copy): a test waits for them before a reload, which aborts an
 * update still on its way.
 */
export async function mainSettings(page: Page) {
  return page.evaluate(async () => {
    const settings = await window.workbench.settings.get();
    return settings.ok ? settings.value : null;
  });
}

/** Where Local demo's embedded service listens (its operator endpoints answer on loopback). */
export async function localDemoUrl(page: Page): Promise<string> {
  let url = '';
  await expect
    .poll(
      async () => {
        const info = await page.evaluate(() => window.workbench.app.info());
        url = info.ok ? (info.value.localDemo.url ?? '') : '';
        return info.ok ? info.value.localDemo.state : 'error';
      },
      { timeout: 30_000 },
    )
    .toBe('ready');
  return url;
}

/** Pastes a URL, devtools copy or JSON body anywhere (Ctrl/Cmd+Shift+V), opens it and sends it. */
export async function pasteAndSend(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Query' }).waitFor();
  await page.keyboard.press('ControlOrMeta+Shift+V');
  await page.getByRole('textbox', { name: 'URL, cURL or JSON' }).fill(text);
  await page.getByRole('button', { name: 'Open and send' }).click();
}

/** Goes to an area through the navigation rail. */
/** On Search: a query typed and sent, its first results on screen; the query box, for what comes next. */
export async function searchFor(page: Page, query: string): Promise<Locator> {
  const box = page.getByRole('textbox', { name: 'Query' });
  await box.fill(query);
  await box.press('Enter');
  await expect(page.getByTestId('result-row').first()).toBeVisible();
  return box;
}

export async function openArea(page: Page, label: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Workbench areas' }).getByRole('button', { name: label, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(label);
}

/** Runs the demo experiment from its row (its first run on a new install) and waits for the run to be done. */
export async function runDemoExperiment(page: Page): Promise<void> {
  await (await demoExperimentRow(page)).getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByTestId('batch-status')).toHaveText('done', { timeout: 60_000 });
}

/** Opens the Workspace and answers the demo experiment's row in the Experiments card. */
export async function demoExperimentRow(page: Page): Promise<Locator> {
  await openArea(page, 'Workspace');
  return page.getByRole('region', { name: 'Experiments' }).getByRole('listitem').filter({ hasText: 'demo-default-vs-new-arrivals.json' });
}

/**
 * Clicks a copy button and returns what it put on the clipboard — read only once the button
 * says "Copied", since the text may come from main first and the write is asynchronous.
 */
export async function copyFrom(page: Page, label: string): Promise<string> {
  // A copy button in a folded panel on screen ("Copy request as" is folded by default): the panel is opened first.
  const hidden = page.getByRole('button', { name: label, exact: true, includeHidden: true });
  for (const toggle of await page.locator('.fold:not(.is-open)', { has: hidden }).locator('.fold__toggle').all())
    if (await toggle.isVisible()) await toggle.click();
  const button = page.getByRole('button', { name: label, exact: true });
  const handle = await button.elementHandle();
  await button.click();
  // The answer is read in the same poll that saw it: the button says it for 1.5 s only, and a busy machine can take
  // longer than that between two round trips.
  const answer = await page.waitForFunction((el) => {
    const text = el?.textContent ?? '';
    return /Copied|Copy failed/.test(text) ? text : false;
  }, handle);
  expect(await answer.jsonValue(), `the "${label}" button's answer`).toContain('Copied');
  return page.evaluate(() => navigator.clipboard.readText());
}

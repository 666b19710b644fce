/// <reference lib="dom" />
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { _electron as electron, test as base, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import type keytarModule from 'keytar';
import { chromiumArgs, chromiumExecutable } from '../../playwright.config';
import { findElectron } from '../../src/cli/commands/app';

export const ROOT = resolve(import.meta.dirname, '../..');
export const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');

/** A smaller Local demo catalog and a keychain entry name of their own, so end-to-end runs never touch the app's real keys. */
export const E2E_ENV = { ...process.env, SEARCH_WORKBENCH_DEMO_ITEMS: '3000', SEARCH_WORKBENCH_SECRETS_SERVICE: 'search-workbench-e2e' };

/**
 * The keychain service of one test's app: tests run side by side, and two apps writing the Local demo's key
 * under one name would each sign with the other's key.
 */
function keychainServiceFor(dataDir: string): string {
  return `${E2E_ENV.SEARCH_WORKBENCH_SECRETS_SERVICE}-${basename(dataDir)}`;
}

/** Removes what a test's app stored in the keychain, where a keychain answers (keytar is optional). */
async function forgetKeychain(service: string): Promise<void> {
  let keytar: typeof keytarModule;
  try {
    keytar = (await import('keytar')).default;
  } catch {
    return;
  }
  const entries = await keytar.findCredentials(service).catch(() => []);
  for (const { account } of entries) await keytar.deletePassword(service, account).catch(() => false);
}

export interface Workbench {
  page: Page;
  transport: 'browser' | 'electron';
  /** Console errors and CSP violations seen so far; tests assert it stays empty. */
  problems: () => Promise<string[]>;
  /** Serious or critical axe-core findings on the current screen. */
  axe: () => Promise<string[]>;
  screenshot: (name: string) => Promise<void>;
  reload: () => Promise<void>;
  /** Browser mode: the launch URL the host printed (used once already, by this page). */
  launchUrl?: string;
  /** The app's data folder (its workspace is `workspace/` in it). */
  dataDir: string;
}

async function recordProblems(page: Page, sink: string[]): Promise<void> {
  page.on('console', (msg) => {
    if (msg.type() === 'error') sink.push(`console: ${msg.text()}${msg.location().url ? ` (${msg.location().url})` : ''}`);
  });
  page.on('pageerror', (err) => sink.push(`pageerror: ${err.message}`));
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e: SecurityPolicyViolationEvent) =>
      w.__cspViolations.push(`${e.violatedDirective} blocked ${e.blockedURI}`),
    );
  });
}

async function waitReady(page: Page): Promise<void> {
  await page.locator('html[data-app-state="ready"]').waitFor({ state: 'attached', timeout: 30_000 });
}

/** The browser-mode host: its process, the launch URL it printed, and everything it has printed so far. */
function startHost(dataDir: string, extraEnv: Record<string, string>): Promise<{ child: ChildProcess; url: string; log: () => string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'out/cli/index.js'), 'serve', '--port', '0', '--data-dir', dataDir], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...E2E_ENV, ...extraEnv },
    });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`browser-mode host did not print its URL:\n${out}`)), 30_000);
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /(http:\/\/127\.0\.0\.1:\d+\/\?launch=\S+)/.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        resolvePromise({ child, url: match[1], log: () => out });
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`browser-mode host exited with ${code}:\n${out}`)));
  });
}

export const test = base.extend<{ app: Workbench; hostEnv: Record<string, string> }>({
  /** Extra environment for main (the browser-mode host, or Electron). */
  hostEnv: [{}, { option: true }],
  app: async ({ playwright, hostEnv }, use, testInfo) => {
    const transport = testInfo.project.name === 'electron' ? 'electron' : 'browser';
    const dataDir = await mkdtemp(join(tmpdir(), `wb-e2e-${transport}-`));
    const sink: string[] = [];
    let page: Page;
    let cleanup: () => Promise<void>;
    let launchUrl: string | undefined;
    let hostLog = (): string => '';
    const keychain = { SEARCH_WORKBENCH_SECRETS_SERVICE: keychainServiceFor(dataDir) };

    if (transport === 'electron') {
      const lookup = findElectron({ tryDownload: false });
      if (!lookup.found) {
        // Said once per reason in `npm test`'s closing summary; the same spec runs in browser mode.
        testInfo.skip(true, `No Electron binary: ${lookup.reason}`);
        return;
      }
      const electronApp = await electron.launch({
        executablePath: lookup.path,
        args: [ROOT],
        env: { ...E2E_ENV, ...keychain, ...hostEnv, SEARCH_WORKBENCH_DATA_DIR: dataDir },
      });
      page = await electronApp.firstWindow();
      await recordProblems(page, sink);
      await page.reload();
      cleanup = () => electronApp.close();
    } else {
      const host = await startHost(dataDir, { ...keychain, ...hostEnv });
      hostLog = host.log;
      const browser = await playwright.chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });
      const context = await browser.newContext({
        viewport: { width: 1440, height: 900 },
        colorScheme: 'dark',
        permissions: ['clipboard-read', 'clipboard-write'],
      });
      page = await context.newPage();
      await recordProblems(page, sink);
      launchUrl = host.url;
      await page.goto(host.url);
      cleanup = async () => {
        await browser.close();
        // Waits for the host to be gone before its data folder is removed: it may still be writing into it.
        if (host.child.exitCode === null && host.child.signalCode === null) {
          const exited = new Promise((resolve) => host.child.once('exit', resolve));
          host.child.kill('SIGTERM');
          await exited;
        }
      };
    }
    await waitReady(page);

    const workbench: Workbench = {
      page,
      transport,
      dataDir,
      ...(launchUrl ? { launchUrl } : {}),
      problems: async () => {
        const csp = await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
        return [...sink, ...csp.map((v) => `csp: ${v}`)];
      },
      axe: async () => {
        const results = await new AxeBuilder({ page }).analyze();
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
        // Transitions (a theme switch fades colours) are finished first, so a shot shows the settled screen.
        await page.screenshot({ path: join(SCREENSHOTS, `${transport}-${name}.png`), animations: 'disabled' });
      },
      reload: async () => {
        await page.reload();
        await waitReady(page);
      },
    };
    await use(workbench);
    await cleanup();
    // What main printed goes with a failed test's trace: the cause of a screen that never came is often there.
    if (testInfo.status !== testInfo.expectedStatus && hostLog())
      await testInfo.attach('host.log', { body: hostLog(), contentType: 'text/plain' });
    await forgetKeychain(keychain.SEARCH_WORKBENCH_SECRETS_SERVICE);
    await rm(dataDir, { recursive: true, force: true });
  },
});

export const expect = test.expect;

/** Screenshots in both themes; the theme is switched through main so dialogs and focus stay as they are. */
export async function shootThemes(app: Pick<Workbench, 'page' | 'screenshot'>, name: string): Promise<void> {
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
  await page.waitForFunction((el) => /Copied|Copy failed/.test(el?.textContent ?? ''), handle);
  expect(await handle!.textContent(), `the "${label}" button's answer`).toContain('Copied');
  return page.evaluate(() => navigator.clipboard.readText());
}

/// <reference lib="dom" />
/**
 * The app in browser mode for one end-to-end test: its own host (a `serve` process on its own data folder and
 * keychain entry) and a fresh context in the worker's Chromium, loaded to its ready signal.
 *
 * Nothing is shared between tests: every app has its own host, data folder and context; only the worker's
 * Chromium is shared (WorkerApps hands out and takes back one worker's apps).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type keytarModule from 'keytar';

export const ROOT = resolve(import.meta.dirname, '../..');

/** A smaller Local demo catalog and a keychain entry name of their own, so end-to-end runs never touch the app's real keys. */
export const E2E_ENV = { ...process.env, SEARCH_WORKBENCH_DEMO_ITEMS: '3000', SEARCH_WORKBENCH_SECRETS_SERVICE: 'search-workbench-e2e' };

/**
 * The keychain service of one test's app: tests run side by side, and two apps writing the Local demo's key
 * under one name would each sign with the other's key.
 */
export function keychainServiceFor(dataDir: string): string {
  return `${E2E_ENV.SEARCH_WORKBENCH_SECRETS_SERVICE}-${basename(dataDir)}`;
}

/** Removes what a test's app stored in the keychain, where a keychain answers (keytar is optional). */
export async function forgetKeychain(service: string): Promise<void> {
  let keytar: typeof keytarModule;
  try {
    keytar = (await import('keytar')).default;
  } catch {
    return;
  }
  const entries = await keytar.findCredentials(service).catch(() => []);
  for (const { account } of entries) await keytar.deletePassword(service, account).catch(() => false);
}

/** Console errors, page errors and CSP violations go to `sink`; tests assert it stays empty. */
export async function recordProblems(page: Page, sink: string[]): Promise<void> {
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

export async function waitReady(page: Page): Promise<void> {
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

async function stopHost(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

export interface BrowserApp {
  page: Page;
  dataDir: string;
  /** The launch URL the host printed (used once already, by this page). */
  launchUrl: string;
  /** Console errors and CSP violations seen so far. */
  sink: string[];
  /** Everything the host has printed. */
  hostLog: () => string;
  /** Closes the context, waits for the host to be gone (it may still be writing), then removes its data and keys. */
  dispose: () => Promise<void>;
}

/** A host on a new data folder with a keychain entry of its own, started and printing its launch URL. */
interface Host {
  dataDir: string;
  url: string;
  log: () => string;
  /** Stops the host, then removes its keychain entry and data folder. */
  dispose: () => Promise<void>;
}

async function launchHost(hostEnv: Record<string, string>): Promise<Host> {
  const dataDir = await mkdtemp(join(tmpdir(), 'wb-e2e-browser-'));
  const keychainService = keychainServiceFor(dataDir);
  let child: ChildProcess | undefined;
  const dispose = async () => {
    // Waits for the host to be gone before its data folder is removed: it may still be writing into it.
    if (child) await stopHost(child);
    await forgetKeychain(keychainService);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const host = await startHost(dataDir, { SEARCH_WORKBENCH_SECRETS_SERVICE: keychainService, ...hostEnv });
    child = host.child;
    return { dataDir, url: host.url, log: host.log, dispose };
  } catch (err) {
    await dispose();
    throw err;
  }
}

/** A fresh context and page in `browser` on `host`, loaded to the app's ready signal; disposing it disposes the host. */
async function openApp(browser: Browser, host: Host): Promise<BrowserApp> {
  let context: BrowserContext | undefined;
  // Closing a context twice is harmless: retire closes it first, in the test's own teardown.
  const dispose = async () => {
    await context?.close();
    await host.dispose();
  };
  try {
    context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      colorScheme: 'dark',
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const page = await context.newPage();
    const sink: string[] = [];
    await recordProblems(page, sink);
    await page.goto(host.url);
    await waitReady(page);
    return { page, dataDir: host.dataDir, launchUrl: host.url, sink, hostLog: host.log, dispose };
  } catch (err) {
    await dispose();
    throw err;
  }
}

/** One worker's apps: `take` answers a ready app for a test on a new host; `retire` closes it after the test. */
export class WorkerApps {
  constructor(private readonly browser: () => Promise<Browser>) {}

  async take(hostEnv: Record<string, string>): Promise<BrowserApp> {
    return openApp(await this.browser(), await launchHost(hostEnv));
  }

  /** Closes a finished app: its context, then its host, its keychain entry and its data folder. */
  async retire(app: BrowserApp): Promise<void> {
    await app.dispose();
  }

  /** Nothing outlives its test; kept so the worker's teardown has one place to wait in. */
  async close(): Promise<void> {}
}

/**
 * `npm run test:e2e`: finds a Chromium — CHROMIUM_PATH, the system's, Playwright's own (downloaded when
 * missing and the network allows), then the Chromium packaged in npm — says which one and why the earlier
 * places were passed over, writes that to test-results/e2e-browser.json for the summary, and runs Playwright.
 * With no browser anywhere it stops with the one command to run. `--prepare` stops once the browser is found (or
 * fetched), so `npm test` can do that beside its other steps. `--screenshots` makes the journeys write the
 * guides' screenshots to test-results/screenshots/ (npm run docs:screenshots); a plain run takes none.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { findInstalledChromium, INSTALL_COMMAND, noChromiumMessage, type ChromiumChoice } from './chromium';
import { packagedChromium, packagedUnsupported } from './packaged-chromium';

const ROOT = resolve(import.meta.dirname, '../..');
export const BROWSER_REPORT = join(ROOT, 'test-results', 'e2e-browser.json');
const say = (line: string) => process.stdout.write(`${line}\n`);

function isBrowser(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
const probe = () => ({ env: process.env, platform: process.platform, isBrowser, playwrightPath: chromium.executablePath() });

/** "Chromium 153.0.8010.0", as the binary says it (Windows' chrome.exe prints nothing: then no version). */
function versionOf(path: string): string | undefined {
  const run = spawnSync(path, ['--version'], { encoding: 'utf8', timeout: 15_000 });
  return run.stdout?.trim().split('\n').pop() || undefined;
}

async function choose(): Promise<{ choice?: ChromiumChoice; passedOver: string[]; fatal?: string }> {
  const installed = findInstalledChromium(probe());
  if (installed.choice || installed.fatal) return installed;
  const passedOver = [...installed.passedOver];

  say(`No Chromium installed; trying ${INSTALL_COMMAND} …`);
  const download = spawnSync('npx', ['playwright', 'install', 'chromium'], { encoding: 'utf8', shell: process.platform === 'win32' });
  const again = findInstalledChromium(probe());
  if (again.choice) return { choice: again.choice, passedOver };
  const why = `${download.stderr ?? ''}${download.stdout ?? ''}`
    .split('\n')
    .find((l) => /error/i.test(l))
    ?.trim();
  passedOver.push(`Playwright's download: ${INSTALL_COMMAND} failed${why ? ` (${why})` : ''}`);

  const unsupported = packagedUnsupported(process.platform, process.arch);
  if (unsupported) return { passedOver: [...passedOver, `the Chromium packaged in npm: ${unsupported}`] };
  const packaged = await packagedChromium(ROOT, say);
  if ('error' in packaged) return { passedOver: [...passedOver, `the Chromium packaged in npm: ${packaged.error}`] };
  return { choice: { path: packaged.path, source: 'packaged', label: packaged.label }, passedOver };
}

const { choice, passedOver, fatal } = await choose();
if (!choice) {
  process.stderr.write(`\n${fatal ?? noChromiumMessage(process.platform, passedOver)}\n`);
  process.exit(3);
}
const version = versionOf(choice.path);
const summary = `${version ?? 'Chromium'} at ${choice.label}`;
say(`End-to-end tests drive ${summary}.`);
for (const line of passedOver) say(`  passed over: ${line}`);
mkdirSync(join(ROOT, 'test-results'), { recursive: true });
writeFileSync(BROWSER_REPORT, `${JSON.stringify({ ...choice, version, summary, passedOver }, null, 2)}\n`);

// `--prepare`: only find (or fetch) the browser and say which — `npm test` does it while lint and the build run.
const args = process.argv.slice(2);
if (args.includes('--prepare')) process.exit(0);
// `--screenshots` (npm run docs:screenshots): the browser-mode journeys write the guides' screenshots as they go.
const screenshots = args.includes('--screenshots');
const run = spawnSync('npx', ['playwright', 'test', ...args.filter((a) => a !== '--screenshots')], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: choice.path, ...(screenshots ? { SEARCH_WORKBENCH_SCREENSHOTS: '1' } : {}) },
  shell: process.platform === 'win32',
});
process.exit(run.status ?? 1);

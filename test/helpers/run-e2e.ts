/**
 * `npm run test:e2e`: finds a Chromium (see chromium.ts) and says which, tries
 * Playwright's own download when there is none and the network allows, and
 * otherwise stops before the end-to-end step with the one command to run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { findChromium, INSTALL_COMMAND, type ChromiumChoice } from './chromium';

const say = (line: string) => process.stdout.write(`${line}\n`);
const probe = () => ({ env: process.env, platform: process.platform, exists: existsSync, playwrightPath: chromium.executablePath() });

let choice: ChromiumChoice = findChromium(probe());
if (!choice.ok && !process.env.CHROMIUM_PATH) {
  say(`No Chromium found; trying ${INSTALL_COMMAND} …`);
  spawnSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit', shell: process.platform === 'win32' });
  choice = findChromium(probe());
}
if (!choice.ok) {
  process.stderr.write(`\n${choice.message}\n`);
  process.exit(1);
}
say(`End-to-end tests drive Chromium at ${choice.label}.`);
const run = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: choice.path },
  shell: process.platform === 'win32',
});
process.exit(run.status ?? 1);

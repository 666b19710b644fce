import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/**
 * The Chromium `npm run test:e2e` found (test/helpers/run-e2e.ts sets CHROMIUM_PATH); run directly, Debian's
 * where it exists, otherwise Playwright's own download.
 */
export const chromiumExecutable = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results/e2e',
  // Every step waits on what it expects to see (10 s each); the test's own limit only stops a hung test. The longest
  // specs take ~40 s on an idle 2-core machine and ~90 s with a second suite running beside them, so the limit sits
  // well above both: a slow machine is not a failure.
  timeout: 240_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // Two workers whether or not CI is set: a new user's `npm test` runs at the speed CI measures. Each worker keeps
  // one Chromium and gives every test a fresh context and its own host (test/e2e/fixtures.ts).
  workers: 2,
  forbidOnly: !!process.env.CI,
  // The list as tests run; the counts and skip reasons for `npm test`'s summary; JUnit for CI.
  reporter: [
    ['list'],
    ['./test/setup/playwright-summary.ts'],
    ...(process.env.CI ? [['junit', { outputFile: 'test-results/e2e-junit.xml' }] as const] : []),
  ],
  // A failed test keeps its trace (each action with its locator, timing and error, the console and the network) and
  // a screenshot of the screen it failed on. The trace leaves out DOM snapshots and screencast frames: recording
  // them for every test, passed or not, cost about a third of the suite's time.
  use: {
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    screenshot: 'only-on-failure',
    viewport: { width: 1440, height: 900 },
  },
  projects: [
    // Browser mode: the real renderer against the real services through the loopback host.
    { name: 'browser' },
    // The desktop app through Playwright's Electron support, where an Electron binary exists.
    { name: 'electron' },
  ],
});

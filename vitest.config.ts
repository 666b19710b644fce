import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * `npm run test:unit`: three projects on every core the machine has (two here; Vitest's own default is one fewer).
 *
 * - pure: the cores of src/shared and the renderer's units. They share no state, so they run in worker threads
 *   without a fresh module graph per file (40 s isolated against 14 s on the shared cores alone).
 * - unit: the rest of test/unit — main, preload, the CLI, the lint and docs rules — in threads without isolation
 *   too (17 s isolated against 9 s); mocked: the four files that mock a module (`electron`, keytar), each isolated,
 *   in a child process of its own (what they load natively, keytar and libsecret, ends with it).
 *   A new file that calls vi.mock belongs in MOCKING (a test in test/unit/lint keeps the list whole).
 * - integration: test/integration and test/security, in child processes (DuckDB and keytar are native), two of
 *   them, each running its share of files one after another in one module graph — no file mocks a module, and
 *   each starts and stops what it uses (an emulator, a host, a temp folder) in its own hooks. Re-importing the
 *   services for every file took longer than most files' tests (206 s isolated against 128 s).
 *
 * The long statistical validations (many seeds, tens of thousands of sessions) are not here: `npm run validate`
 * (vitest.validate.config.ts) runs them, and .ci/run runs that on the full machine.
 */
/** The unit files that mock a module (`electron`, keytar): each gets a module graph of its own. */
export const MOCKING = [
  'test/unit/main/electron/glue.test.ts',
  'test/unit/main/electron/lifecycle.test.ts',
  'test/unit/main/secrets/keychain-timeout.test.ts',
  'test/unit/preload/preload.test.ts',
];

const shared = {
  resolve: { alias: { '@shared': resolve(import.meta.dirname, 'src/shared'), '@report': resolve(import.meta.dirname, 'src/report') } },
};

export const reporters = process.env.CI
  ? ['default', 'junit', './test/setup/vitest-summary.ts']
  : ['default', './test/setup/vitest-summary.ts'];

export default defineConfig({
  // The renderer imports src/shared as @shared (its unit tests load renderer modules).
  ...shared,
  test: {
    environment: 'node',
    setupFiles: ['test/setup/fast-check.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    // The default summary, then each test skipped with a reason and the slowest files (test/setup/vitest-summary.ts).
    reporters,
    outputFile: { junit: 'test-results/vitest-junit.xml' },
    passWithNoTests: false,
    projects: [
      {
        extends: true,
        test: {
          name: 'pure',
          include: ['test/unit/shared/**/*.test.ts', 'test/unit/renderer/**/*.test.ts'],
          pool: 'threads',
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          exclude: ['test/unit/shared/**', 'test/unit/renderer/**', ...MOCKING],
          pool: 'threads',
          isolate: false,
        },
      },
      // In child processes: the glue tests start main, whose keychain check loads keytar and with it libsecret, and
      // GLib's thread would otherwise live on in Vitest's own process (seen in runs that did not exit after their summary).
      { extends: true, test: { name: 'mocked', include: MOCKING, pool: 'forks' } },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts', 'test/security/**/*.test.ts'],
          pool: 'forks',
          isolate: false,
        },
      },
    ],
  },
});

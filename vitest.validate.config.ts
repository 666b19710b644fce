import { defineConfig } from 'vitest/config';
import base from './vitest.config';

/**
 * `npm run validate`: the long statistical validations — many seeds, tens of thousands of simulated sessions,
 * interval coverage across seeds — that `npm test` runs at a smaller size. .ci/run runs them on the full machine,
 * so they still gate a landing. Each file in its own process, both cores busy.
 */
export default defineConfig({
  resolve: base.resolve,
  test: {
    name: 'validate',
    include: ['test/validate/**/*.test.ts'],
    environment: 'node',
    setupFiles: base.test?.setupFiles,
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 600_000,
    hookTimeout: 60_000,
    passWithNoTests: false,
    // Its own summary file, so a validate run never overwrites what `npm test` wrote.
    reporters: ['default', ['./test/setup/vitest-summary.ts', { file: 'test-results/validate-summary.json' }]],
  },
});

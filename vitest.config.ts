import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The renderer imports src/shared as @shared (its unit tests load renderer modules).
  resolve: { alias: { '@shared': resolve(import.meta.dirname, 'src/shared') } },
  test: {
    include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts', 'test/security/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['test/setup/fast-check.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // The default summary, then each test skipped with a reason (a keychain test without a keychain).
    reporters: process.env.CI ? ['default', 'junit', './test/setup/vitest-summary.ts'] : ['default', './test/setup/vitest-summary.ts'],
    outputFile: { junit: 'test-results/vitest-junit.xml' },
    passWithNoTests: false,
  },
});

/**
 * `npm test`: lint and format, typecheck and build, Vitest, then the end-to-end suite — and one summary at
 * the end with each suite's passed / failed / skipped counts, the browser the end-to-end suite ran in, and
 * every skip with its reason.
 *
 * Lint is reported and the run goes on; a failed build stops the suites (the integration and end-to-end tests
 * run the built app); a failed Vitest run still lets the end-to-end suite run, so one run shows both.
 *
 * `SEARCH_WORKBENCH_TEST_SCOPE=machine` runs only what a machine's own installs can change (.ci/run's second run,
 * after the fresh machine ran everything): the build, the Vitest files that reach the OS (MACHINE_TESTS) and the
 * end-to-end suite (the app's keychain, the system's Chromium, Electron where a binary exists). Lint and the pure
 * tests give the same answer on every machine, so they are not repeated.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { formatSummary, type StepOutcome, type SuiteStep, type SuiteSummary } from './test-summary';

const ROOT = resolve(import.meta.dirname, '../..');
const RESULTS = join(ROOT, 'test-results');

/** The Vitest files whose outcome depends on what the machine has installed: the OS keychain (keytar built against libsecret, a Secret Service answering on D-Bus). */
const MACHINE_TESTS = ['test/integration/services/secrets.test.ts'];
const machineOnly = process.env.SEARCH_WORKBENCH_TEST_SCOPE === 'machine';

function npmRun(script: string, args: readonly string[] = []): { exitCode: number; seconds: number } {
  const started = performance.now();
  const extra = args.length ? ['--', ...args] : [];
  const run = spawnSync('npm', ['run', '--silent', script, ...extra], { cwd: ROOT, stdio: 'inherit', shell: process.platform === 'win32' });
  return { exitCode: run.status ?? 1, seconds: (performance.now() - started) / 1000 };
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

function step(name: string, script: string): StepOutcome {
  process.stdout.write(`\n==> ${name} (npm run ${script})\n`);
  const { exitCode, seconds } = npmRun(script);
  return { name, state: exitCode === 0 ? 'passed' : 'failed', seconds, exitCode };
}

function suite(name: string, script: string, summaryFile: string, args: readonly string[] = []): SuiteStep {
  rmSync(summaryFile, { force: true });
  process.stdout.write(`\n==> ${name} (npm run ${script}${args.length ? ` -- ${args.join(' ')}` : ''})\n`);
  const { exitCode, seconds } = npmRun(script, args);
  return { name, exitCode, seconds, summary: readJson<SuiteSummary>(summaryFile) };
}

if (machineOnly)
  process.stdout.write(
    `SEARCH_WORKBENCH_TEST_SCOPE=machine: lint and the pure tests are left out (they answer the same on every machine); Vitest runs ${MACHINE_TESTS.join(', ')}\n`,
  );
const steps: StepOutcome[] = machineOnly ? [] : [step('lint + format', 'lint')];
const build = step('typecheck + build', 'build');
steps.push(build);
const suites: SuiteStep[] = [];
if (build.state === 'passed') {
  const vitest = join(RESULTS, 'vitest-summary.json');
  suites.push(
    machineOnly
      ? suite('unit + integration (what reaches the OS)', 'test:unit', vitest, MACHINE_TESTS)
      : suite('unit + integration', 'test:unit', vitest),
  );
  const browserFile = join(RESULTS, 'e2e-browser.json');
  rmSync(browserFile, { force: true });
  const e2e = suite('end-to-end', 'test:e2e', join(RESULTS, 'e2e-summary.json'));
  const browser = readJson<{ summary: string }>(browserFile);
  e2e.detail = browser ? `in ${browser.summary}` : 'no browser to drive (the reason is printed above)';
  suites.push(e2e);
} else {
  steps.push({ name: 'test suites', state: 'not run', why: 'the build failed (the integration and end-to-end tests run the built app)' });
}

const { text, passed } = formatSummary(steps, suites);
process.stdout.write(text);
if (!existsSync(RESULTS)) process.stdout.write('(no test-results folder was written)\n');
process.exit(passed ? 0 : 1);

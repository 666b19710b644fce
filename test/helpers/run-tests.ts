/**
 * `npm test`: lint and format, the typecheck and the build side by side, Vitest, then the end-to-end suite — and
 * one summary at the end with each suite's passed / failed / skipped counts, the browser the end-to-end suite ran
 * in, every skip with its reason, and the slowest files of each suite.
 *
 * Lint and the typecheck are reported and the run goes on; a failed build stops the suites (the integration and
 * end-to-end tests run the built app); a failed Vitest run still lets the end-to-end suite run, so one run shows
 * both.
 *
 * `SEARCH_WORKBENCH_TEST_SCOPE=machine` runs only what a machine's own installs can change (.ci/run's second run,
 * after the fresh machine ran everything): the bundles (the typecheck answers the same everywhere), the Vitest
 * files that reach the OS (MACHINE_TESTS) and the end-to-end smoke — one journey per screen, tagged @smoke — on
 * the system's Chromium with the machine's keychain (Electron too where a binary exists).
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { npmRun, type Ran } from './npm-run';
import { formatSummary, type StepOutcome, type SuiteStep, type SuiteSummary } from './test-summary';

const ROOT = resolve(import.meta.dirname, '../..');
const RESULTS = join(ROOT, 'test-results');

/** The Vitest files whose outcome depends on what the machine has installed: the OS keychain (keytar built against libsecret, a Secret Service answering on D-Bus). */
const MACHINE_TESTS = ['test/integration/services/secrets.test.ts'];
const machineOnly = process.env.SEARCH_WORKBENCH_TEST_SCOPE === 'machine';

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

const heading = (name: string, script: string, args: readonly string[] = []) =>
  process.stdout.write(`\n==> ${name} (npm run ${script}${args.length ? ` -- ${args.join(' ')}` : ''})\n`);

const outcome = (name: string, ran: Ran): StepOutcome => ({
  name,
  state: ran.exitCode === 0 ? 'passed' : 'failed',
  seconds: ran.seconds,
  exitCode: ran.exitCode,
});

async function step(name: string, script: string): Promise<StepOutcome> {
  heading(name, script);
  return outcome(name, await npmRun(script));
}

/** A step run beside the others (lint beside the typecheck: each keeps one core busy); its output printed when awaited. */
function besideStep(name: string, script: string): () => Promise<StepOutcome> {
  const running = npmRun(script, [], true);
  return async () => {
    const ran = await running;
    heading(`${name}, run beside the steps above`, script);
    process.stdout.write(ran.output);
    return outcome(name, ran);
  };
}

async function suite(name: string, script: string, summaryFile: string, args: readonly string[] = []): Promise<SuiteStep> {
  rmSync(summaryFile, { force: true });
  heading(name, script, args);
  const { exitCode, seconds, stuck } = await npmRun(script, args, false, summaryFile);
  return {
    name,
    exitCode,
    seconds,
    summary: readJson<SuiteSummary>(summaryFile),
    ...(stuck ? { detail: 'stopped: it did not exit after its summary' } : {}),
  };
}

if (machineOnly)
  process.stdout.write(
    `SEARCH_WORKBENCH_TEST_SCOPE=machine: lint, the typecheck, the pure tests and the journeys not tagged @smoke are left out (they answer the same on every machine); Vitest runs ${MACHINE_TESTS.join(', ')}\n`,
  );
// The end-to-end suite's browser is found (and, on a machine with none, fetched from the npm registry) while the
// rest runs: it waits on the network, not on a core.
const browserFile = join(RESULTS, 'e2e-browser.json');
rmSync(browserFile, { force: true });
const browserReady = npmRun('test:e2e', ['--prepare'], true);
// Lint, the typecheck and the bundles need nothing of each other: each keeps a core busy, so they run side by side.
const lint = machineOnly ? undefined : besideStep('lint + format', 'lint');
const bundles = besideStep('build', 'build:bundles');
const steps: StepOutcome[] = [];
if (!machineOnly) steps.push(await step('typecheck', 'typecheck'));
if (lint) steps.push(await lint());
const build = await bundles();
steps.push(build);
const suites: SuiteStep[] = [];
if (build.state === 'passed') {
  const vitest = join(RESULTS, 'vitest-summary.json');
  suites.push(
    machineOnly
      ? await suite('unit + integration (what reaches the OS)', 'test:unit', vitest, MACHINE_TESTS)
      : await suite('unit + integration', 'test:unit', vitest),
  );
  const prepared = await browserReady;
  heading('the end-to-end browser, found beside the steps above', 'test:e2e', ['--prepare']);
  process.stdout.write(prepared.output);
  const e2e = machineOnly
    ? await suite('end-to-end smoke', 'test:e2e', join(RESULTS, 'e2e-summary.json'), ['--grep', '@smoke'])
    : await suite('end-to-end', 'test:e2e', join(RESULTS, 'e2e-summary.json'));
  const browser = readJson<{ summary: string }>(browserFile);
  e2e.detail = browser ? `in ${browser.summary}` : 'no browser to drive (the reason is printed above)';
  suites.push(e2e);
} else {
  await browserReady;
  steps.push({ name: 'test suites', state: 'not run', why: 'the build failed (the integration and end-to-end tests run the built app)' });
}

const { text, passed } = formatSummary(steps, suites);
process.stdout.write(text);
if (!existsSync(RESULTS)) process.stdout.write('(no test-results folder was written)\n');
process.exit(passed ? 0 : 1);

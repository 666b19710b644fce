/**
 * `npm test`: lint and format, typecheck and build, Vitest, then the end-to-end suite — and one summary at
 * the end with each suite's passed / failed / skipped counts, the browser the end-to-end suite ran in, and
 * every skip with its reason.
 *
 * Lint is reported and the run goes on; a failed build stops the suites (the integration and end-to-end tests
 * run the built app); a failed Vitest run still lets the end-to-end suite run, so one run shows both.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { formatSummary, type StepOutcome, type SuiteStep, type SuiteSummary } from './test-summary';

const ROOT = resolve(import.meta.dirname, '../..');
const RESULTS = join(ROOT, 'test-results');

function npmRun(script: string): { exitCode: number; seconds: number } {
  const started = performance.now();
  const run = spawnSync('npm', ['run', '--silent', script], { cwd: ROOT, stdio: 'inherit', shell: process.platform === 'win32' });
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

function suite(name: string, script: string, summaryFile: string): SuiteStep {
  rmSync(summaryFile, { force: true });
  process.stdout.write(`\n==> ${name} (npm run ${script})\n`);
  const { exitCode, seconds } = npmRun(script);
  return { name, exitCode, seconds, summary: readJson<SuiteSummary>(summaryFile) };
}

const steps: StepOutcome[] = [step('lint + format', 'lint'), step('typecheck + build', 'build')];
const suites: SuiteStep[] = [];
if (steps[1]!.state === 'passed') {
  suites.push(suite('unit + integration', 'test:unit', join(RESULTS, 'vitest-summary.json')));
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

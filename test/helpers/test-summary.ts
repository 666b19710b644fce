/**
 * The one summary `npm test` ends with: each step's outcome, the unit/integration and end-to-end counts,
 * the browser the end-to-end suite ran in, and every skip with its reason (grouped, so 22 Electron skips
 * are one line). Pure: the reporters write SuiteSummary files, run-tests.ts reads them and prints this.
 */

export interface SuiteSummary {
  passed: number;
  failed: number;
  skipped: number;
  /** Passed only on a retry (Playwright). */
  flaky?: number;
  files?: number;
  /** Errors outside any test (an unhandled rejection, a file that failed to load). */
  errors: number;
  interrupted: boolean;
  skips: { name: string; reason: string }[];
  /** The slowest test files, slowest first (at most SLOWEST_FILES), so the next slow file is seen the day it lands. */
  slowest?: { file: string; seconds: number }[];
}

export const SLOWEST_FILES = 15;

/** The `count` slowest of (file, seconds) pairs, slowest first. */
export function slowestFiles(
  times: readonly { file: string; seconds: number }[],
  count = SLOWEST_FILES,
): { file: string; seconds: number }[] {
  return [...times].sort((a, b) => b.seconds - a.seconds || a.file.localeCompare(b.file)).slice(0, count);
}

export type StepOutcome =
  { name: string; state: 'passed' | 'failed'; seconds: number; exitCode: number } | { name: string; state: 'not run'; why: string };

export interface SuiteStep {
  name: string;
  exitCode: number | undefined;
  seconds: number;
  /** What its reporter wrote, or undefined when it wrote nothing (it crashed, or never ran). */
  summary: SuiteSummary | undefined;
  /** A line to add (the browser the end-to-end suite drove). */
  detail?: string;
}

export function countsOf(outcomes: readonly string[]): Pick<SuiteSummary, 'passed' | 'failed' | 'skipped'> {
  const count = (state: string) => outcomes.filter((o) => o === state).length;
  return { passed: count('passed'), failed: count('failed'), skipped: count('skipped') };
}

/** A suite passed when its runner exited 0, its reporter reported, at least one test ran and none failed. */
export function suitePassed(step: SuiteStep): boolean {
  const s = step.summary;
  return step.exitCode === 0 && !!s && s.passed > 0 && s.failed === 0 && s.errors === 0 && !s.interrupted;
}

/** Skips grouped by reason, most frequent first: "22 × No Electron binary: …". */
export function groupSkips(skips: readonly { reason: string }[]): { reason: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const { reason } of skips) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return [...counts].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
}

export function formatSeconds(seconds: number): string {
  if (seconds < 59.95) return `${seconds.toFixed(1)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
}

function suiteLine(step: SuiteStep): string {
  const s = step.summary;
  if (!s) return `did not report (exit code ${step.exitCode ?? 'none'})`;
  const parts = [`${s.passed} passed`, `${s.failed} failed`, `${s.skipped} skipped`];
  if (s.flaky) parts.push(`${s.flaky} flaky`);
  if (s.errors) parts.push(`${s.errors} error${s.errors === 1 ? '' : 's'} outside tests`);
  if (s.interrupted) parts.push('interrupted');
  if (s.passed === 0 && s.failed === 0) parts.push('no test ran');
  const files = s.files ? `, ${s.files} files` : '';
  return `${parts.join(', ')} (${formatSeconds(step.seconds)}${files})`;
}

/** The closing summary, one line a step and one line a skip reason; `passed` is the whole run's verdict. */
export function formatSummary(steps: readonly StepOutcome[], suites: readonly SuiteStep[]): { text: string; passed: boolean } {
  const width = Math.max(...[...steps, ...suites].map((s) => s.name.length));
  const pad = (name: string) => name.padEnd(width);
  const lines = ['', '── npm test: summary ──'];
  for (const step of steps)
    lines.push(
      `${pad(step.name)}  ${step.state === 'not run' ? `not run: ${step.why}` : `${step.state} (${formatSeconds(step.seconds)})`}`,
    );
  for (const suite of suites) {
    lines.push(`${pad(suite.name)}  ${suitePassed(suite) ? '' : 'FAILED: '}${suiteLine(suite)}`);
    if (suite.detail) lines.push(`${pad('')}  ${suite.detail}`);
  }
  const skipLines = suites.flatMap((suite) =>
    groupSkips(suite.summary?.skips ?? []).map((g) => `  ${suite.name}: ${g.count} × ${g.reason}`),
  );
  if (skipLines.length > 0) lines.push('skipped, with the reason:', ...skipLines);
  for (const suite of suites) {
    const slowest = suite.summary?.slowest ?? [];
    if (slowest.length === 0) continue;
    lines.push(`${suite.name}: the ${slowest.length} slowest files`);
    for (const { file, seconds } of slowest) lines.push(`  ${formatSeconds(seconds).padStart(9)}  ${file}`);
  }
  const passed = steps.every((s) => s.state === 'passed') && suites.length > 0 && suites.every(suitePassed);
  lines.push(passed ? 'npm test passed.' : 'npm test FAILED.');
  return { text: `${lines.join('\n')}\n`, passed };
}

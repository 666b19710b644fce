import { visible } from '../text';
import { outcomeLine } from './labels';
import type { CaseResult, SuiteSummary } from './run';

/*
 * A suite run's reports: `pretty` for people, `json` (one object per assertion) for scripts, `junit` (the
 * common Ant/Surefire shape) for CI servers, which show each assertion as a test case.
 */

export type ReporterName = 'pretty' | 'json' | 'junit';
export const REPORTERS: readonly ReporterName[] = ['pretty', 'json', 'junit'];

export interface SuiteRun {
  /** Where it ran, in words ("http://127.0.0.1:8787, configuration bestsellers"). */
  target: string;
  results: CaseResult[];
  skipped: { file: string; reason: string }[];
  /** Files that could not be read (each message names the file, the index and the limit). */
  fileErrors: { file: string; message: string }[];
  summary: SuiteSummary;
  seconds: number;
  startedAt: string;
}

const statusOf = (r: CaseResult, a: CaseResult['assertions'][number]): 'passed' | 'failed' | 'error' => (r.error ? 'error' : a.status);

/** Requests with a failure or an error first, then in the order they ran. */
function failuresFirst(results: readonly CaseResult[]): CaseResult[] {
  const bad = (r: CaseResult) => (r.error || r.assertions.some((a) => a.status === 'failed') ? 0 : 1);
  return results
    .map((r, i) => ({ r, i }))
    .sort((x, y) => bad(x.r) - bad(y.r) || x.i - y.i)
    .map((x) => x.r);
}

export function prettyReport(run: SuiteRun): string {
  const s = run.summary;
  // Every name, label and message comes from a file (or what a service answered): its control characters are shown, not run.
  const v = visible;
  const lines = [`Search Workbench test: ${s.requests} requests, ${s.assertions} assertions against ${v(run.target)}`, ''];
  for (const e of run.fileErrors) lines.push(`! ${v(e.message)}`);
  if (run.fileErrors.length) lines.push('');
  for (const r of failuresFirst(run.results)) {
    const ms = r.ms !== null ? ` (${Math.round(r.ms)} ms)` : '';
    // A request whose every assertion passed plainly is one line; the rest show each assertion with what was seen.
    if (!r.error && !r.note && r.assertions.every((a) => a.status === 'passed' && !a.warning)) {
      lines.push(`✓ ${v(r.file)} — ${v(r.name)}: ${r.assertions.length} passed${ms}`);
      continue;
    }
    lines.push(`${r.error ? '!' : r.assertions.some((a) => a.status === 'failed') ? '✗' : '⚠'} ${v(r.file)} — ${v(r.name)}${ms}`);
    if (r.note) lines.push(`  note: ${v(r.note)}`);
    if (r.error) lines.push(`  ! could not run: ${v(r.error)}`);
    for (const a of r.assertions) {
      const mark = r.error ? '!' : a.status === 'failed' ? '✗' : a.warning ? '⚠' : '✓';
      lines.push(`  ${mark} ${r.error ? v(a.label) : v(outcomeLine(a))}`);
    }
    if (r.error || r.assertions.some((a) => a.status === 'failed')) lines.push(`    ${v(r.url)}`);
  }
  if (run.skipped.length) {
    lines.push(
      '',
      `skipped ${run.skipped.length} file${run.skipped.length === 1 ? '' : 's'} that ${run.skipped.length === 1 ? 'is' : 'are'} not part of a suite:`,
    );
    for (const k of run.skipped) lines.push(`  - ${v(k.file)}: ${v(k.reason)}`);
  }
  lines.push(
    '',
    `${s.assertions} assertions: ${s.passed} passed, ${s.failed} failed, ${s.errors} could not run${s.warnings ? `, ${s.warnings} with a warning` : ''} · ${s.requests} requests in ${run.seconds.toFixed(1)} s · exit ${s.exitCode}`,
  );
  return `${lines.join('\n')}\n`;
}

/** One object per assertion: file, request, name, type, status (passed / failed / error), message, url. */
export function jsonReport(run: SuiteRun): string {
  const rows = run.results.flatMap((r) =>
    r.assertions.map((a) => ({
      file: r.file,
      request: r.name,
      name: a.label,
      type: a.type,
      status: statusOf(r, a),
      message: r.error ? `the request could not run: ${r.error}` : a.status === 'failed' ? outcomeLine(a) : a.message,
      url: r.url,
      ...(a.warning && !r.error ? { warning: true } : {}),
    })),
  );
  const errors = run.fileErrors.map((e) => ({
    file: e.file,
    request: null,
    name: null,
    type: null,
    status: 'error',
    message: e.message,
    url: null,
  }));
  return `${JSON.stringify([...errors, ...rows], null, 2)}\n`;
}

/**
 * Text XML 1.0 can hold: escaped, and without the control characters it forbids. In an attribute, a line break
 * or tab is written as a character reference (`&#10;`): a parser reads it back as written (a raw one is read as
 * a space), and no raw line of a name lands in the file.
 */
function xml(text: string, attribute = true): string {
  const escaped = text
    // eslint-disable-next-line no-control-regex -- the point is to remove them
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
  return attribute ? escaped.replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;') : escaped;
}

const secs = (ms: number | null) => ((ms ?? 0) / 1000).toFixed(3);

/**
 * JUnit XML: one `<testsuite>` per file (named by its path relative to the run's folder), one `<testcase>` per
 * assertion (classname: the request's name; name: the assertion's label), `<failure>` with what was seen and the
 * request to reproduce it, `<error>` for a request that could not run or a file that could not be read.
 */
export function junitReport(run: SuiteRun): string {
  const byFile = new Map<string, CaseResult[]>();
  for (const r of run.results) {
    const results = byFile.get(r.file);
    if (results) results.push(r);
    else byFile.set(r.file, [r]);
  }
  const suites: string[] = [];
  // The total: the run's wall time, or the suites' times added up when more (requests run side by side, so
  // suites overlap) — never less than one suite's, as CI servers that add the suites expect.
  let total = 0;
  for (const [file, results] of byFile) {
    const cases = results.flatMap((r) =>
      r.assertions.map((a) => {
        const share = r.assertions.length ? (r.ms ?? 0) / r.assertions.length : 0;
        const head = `    <testcase classname="${xml(r.name)}" name="${xml(a.label)}" time="${secs(share)}">`;
        if (r.error)
          return `${head}\n      <error message="${xml(`the request could not run: ${r.error}`)}" type="request">${xml(`${r.error}\n${r.url}`, false)}</error>\n    </testcase>`;
        if (a.status === 'failed')
          return `${head}\n      <failure message="${xml(outcomeLine(a))}" type="${a.type}">${xml(`${outcomeLine(a)}\n${r.url}`, false)}</failure>\n    </testcase>`;
        return `${head}</testcase>`;
      }),
    );
    const tests = results.reduce((n, r) => n + r.assertions.length, 0);
    const failures = results.reduce((n, r) => n + (r.error ? 0 : r.assertions.filter((a) => a.status === 'failed').length), 0);
    const errors = results.reduce((n, r) => n + (r.error ? r.assertions.length : 0), 0);
    const time = results.reduce((t, r) => t + (r.ms ?? 0), 0);
    total += time;
    suites.push(
      `  <testsuite name="${xml(file)}" tests="${tests}" failures="${failures}" errors="${errors}" skipped="0" time="${secs(time)}" timestamp="${xml(run.startedAt)}">\n${cases.join('\n')}\n  </testsuite>`,
    );
  }
  for (const e of run.fileErrors)
    suites.push(
      `  <testsuite name="${xml(e.file)}" tests="1" failures="0" errors="1" skipped="0" time="0.000" timestamp="${xml(run.startedAt)}">\n    <testcase classname="${xml(e.file)}" name="the file can be read" time="0.000">\n      <error message="${xml(e.message)}" type="file">${xml(e.message, false)}</error>\n    </testcase>\n  </testsuite>`,
    );
  const s = run.summary;
  const fileErrors = run.fileErrors.length;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="search-workbench test" tests="${s.assertions + fileErrors}" failures="${s.failed}" errors="${s.errors + fileErrors}" time="${secs(Math.max(total, run.seconds * 1000))}">\n${suites.join('\n')}\n</testsuites>\n`;
}

export function reportAs(name: ReporterName, run: SuiteRun): string {
  return name === 'json' ? jsonReport(run) : name === 'junit' ? junitReport(run) : prettyReport(run);
}

import XMLBuilder, { type XmlBuilderOptions } from 'fast-xml-builder';
import { visible } from '../text';
import { outcomeLine } from './labels';
import type { CaseResult, SuiteSummary } from './run';

/*
 * A suite run's reports: `pretty` for people, `json` (one object per assertion) for scripts, `junit` (the
 * common Ant/Surefire shape) for CI servers, which show each assertion as a test case.
 */

export const REPORTERS = ['pretty', 'json', 'junit'] as const;
export type ReporterName = (typeof REPORTERS)[number];

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

/** Text XML 1.0 can hold: without the control characters it forbids (the builder escapes the rest). */
// eslint-disable-next-line no-control-regex -- the point is to remove them
const xmlText = (text: string): string => text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');

/**
 * The builder's escapes: the predefined entities, and a line break or tab as a character reference (`&#10;`), so
 * that a parser reads an attribute back as written (a raw one reads as a space) and no raw line of a name lands in
 * the file. `entities` is a real option of the builder that its types leave out (fast-xml-parser issue 655).
 */
const junitOptions: XmlBuilderOptions & { entities: { regex: RegExp; val: string }[] } = {
  ignoreAttributes: false,
  format: true,
  indentBy: '  ',
  suppressEmptyNode: true,
  entities: [
    { regex: /&/g, val: '&amp;' },
    { regex: /</g, val: '&lt;' },
    { regex: />/g, val: '&gt;' },
    { regex: /"/g, val: '&quot;' },
    { regex: /\n/g, val: '&#10;' },
    { regex: /\r/g, val: '&#13;' },
    { regex: /\t/g, val: '&#9;' },
  ],
};
const junitXml = new XMLBuilder(junitOptions);

const secs = (ms: number | null) => ((ms ?? 0) / 1000).toFixed(3);

/** An element for the builder: attributes (text with forbidden characters removed), then children, then text. */
function element(attributes: Record<string, string | number>, children: Record<string, unknown> = {}, text?: string) {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(attributes)) out[`@_${name}`] = typeof value === 'string' ? xmlText(value) : String(value);
  Object.assign(out, children);
  if (text !== undefined) out['#text'] = xmlText(text);
  return out;
}

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
  const suites: Record<string, unknown>[] = [];
  // The total: the run's wall time, or the suites' times added up when more (requests run side by side, so
  // suites overlap) — never less than one suite's, as CI servers that add the suites expect.
  let total = 0;
  for (const [file, results] of byFile) {
    const testcase = results.flatMap((r) =>
      r.assertions.map((a) => {
        const share = r.assertions.length ? (r.ms ?? 0) / r.assertions.length : 0;
        const head = { classname: r.name, name: a.label, time: secs(share) };
        if (r.error)
          return element(head, {
            error: element({ message: `the request could not run: ${r.error}`, type: 'request' }, {}, `${r.error}\n${r.url}`),
          });
        if (a.status === 'failed')
          return element(head, { failure: element({ message: outcomeLine(a), type: a.type }, {}, `${outcomeLine(a)}\n${r.url}`) });
        return element(head);
      }),
    );
    const tests = results.reduce((n, r) => n + r.assertions.length, 0);
    const failures = results.reduce((n, r) => n + (r.error ? 0 : r.assertions.filter((a) => a.status === 'failed').length), 0);
    const errors = results.reduce((n, r) => n + (r.error ? r.assertions.length : 0), 0);
    const time = results.reduce((t, r) => t + (r.ms ?? 0), 0);
    total += time;
    suites.push(element({ name: file, tests, failures, errors, skipped: 0, time: secs(time), timestamp: run.startedAt }, { testcase }));
  }
  for (const e of run.fileErrors)
    suites.push(
      element(
        { name: e.file, tests: 1, failures: 0, errors: 1, skipped: 0, time: '0.000', timestamp: run.startedAt },
        {
          testcase: element(
            { classname: e.file, name: 'the file can be read', time: '0.000' },
            { error: element({ message: e.message, type: 'file' }, {}, e.message) },
          ),
        },
      ),
    );
  const s = run.summary;
  const fileErrors = run.fileErrors.length;
  const testsuites = element(
    {
      name: 'search-workbench test',
      tests: s.assertions + fileErrors,
      failures: s.failed,
      errors: s.errors + fileErrors,
      time: secs(Math.max(total, run.seconds * 1000)),
    },
    { testsuite: suites },
  );
  return junitXml.build({ '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' }, testsuites });
}

export function reportAs(name: ReporterName, run: SuiteRun): string {
  return name === 'json' ? jsonReport(run) : name === 'junit' ? junitReport(run) : prettyReport(run);
}

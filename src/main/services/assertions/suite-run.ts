import type { SuiteRun } from '../../../shared/assertions/report';
import { summarizeSuite } from '../../../shared/assertions/run';
import type { SuiteCase } from '../../../shared/assertions/suite';
import { collectSuite } from './collect';
import { runSuiteCases, type SuiteRunOptions } from './runner';

export interface SuiteRunRequest extends SuiteRunOptions {
  /** Files and folders of the suite, relative to `root`. */
  paths: readonly string[];
  /** The run's folder: files are named relative to it. */
  root: string;
}

export interface SuiteRunOutcome {
  run: SuiteRun;
  /** Time spent checking assertions (ms), apart from the service's. */
  checkMs: number;
  stopped: boolean;
}

/** The target in words, for reports: address, and the configuration when one replaces the requests' own. */
export function describeTarget(target: SuiteRunOptions['target']): string {
  return `${target.baseUrl}${target.configurationId ? `, configuration ${target.configurationId}` : ", each request's own configuration"}`;
}

/**
 * Reads a suite (files and folders), runs every case it holds against the target, and gathers what a report
 * needs: results failures-first ready, the files skipped and why, the files that could not be read, the exit code.
 */
export async function runSuite(request: SuiteRunRequest): Promise<SuiteRunOutcome> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const { files } = await collectSuite(request.paths, request.root);
  const cases: SuiteCase[] = [];
  const skipped: SuiteRun['skipped'] = [];
  const fileErrors: SuiteRun['fileErrors'] = [];
  for (const f of files) {
    if (f.status === 'cases') cases.push(...f.cases);
    else if (f.status === 'skipped') skipped.push({ file: f.file, reason: f.reason });
    else fileErrors.push({ file: f.file, message: f.message });
  }
  if (cases.length === 0 && fileErrors.length === 0)
    fileErrors.push({
      file: request.paths.join(' '),
      message: `No assertions found in ${request.paths.join(', ')}: a suite is request files and query sets with an "expect" array.`,
    });
  const outcome = await runSuiteCases(cases, request);
  const run: SuiteRun = {
    target: describeTarget(request.target),
    results: outcome.results,
    skipped,
    fileErrors,
    summary: summarizeSuite(outcome.results, { skippedFiles: skipped.length, fileErrors: fileErrors.length }),
    seconds: (performance.now() - started) / 1000,
    startedAt,
  };
  return { run, checkMs: outcome.checkMs, stopped: outcome.stopped };
}

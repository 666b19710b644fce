import { createHash } from 'node:crypto';
import { type SuiteRun, summarizeSuite, type CaseResult, type SuiteCase } from '../../../shared/assertions';
import { inShard, type Shard } from '../../../shared/runs';
import { canonicalJson } from '../../../shared/workspace';
import { collectSuite } from './collect';
import { runSuiteCases, type SuiteRunOptions } from './runner';

export interface SuiteRunRequest extends SuiteRunOptions {
  /** Files and folders of the suite, relative to `root`. */
  paths: readonly string[];
  /** The run's folder: files are named relative to it. */
  root: string;
  /** A run that stopped (cancelled, or requests that could not run): only its missing and failed-to-run cases run again. */
  resume?: SuiteRunState;
  /** Only the cases whose query text hashes to this shard (`test --shard i/n`). */
  shard?: Shard;
}

/** The text a case's request asks, for sharding: the same hash a compare shard uses. */
const caseQuery = (c: SuiteCase): string => {
  const query = (c.request as { query?: unknown }).query;
  return typeof query === 'string' ? query : '';
};

/**
 * Where a run got to, to resume it: what it ran (the suite's cases and the target, as a hash) and each case's
 * result by its place (null: not run yet). A case that could not run is run again on resume.
 */
export interface SuiteRunState {
  fingerprint: string;
  results: (CaseResult | null)[];
}

export interface SuiteRunOutcome {
  run: SuiteRun;
  /** Time spent checking assertions (ms), apart from the service's. */
  checkMs: number;
  stopped: boolean;
  state: SuiteRunState;
  /** Cases a resume would run: not run yet, or could not run. */
  left: number;
}

/** Resuming a run whose suite files or target changed since it stopped: it has to start over. */
export class SuiteChangedError extends Error {}

/** The cases a resume runs: those without a result, and those whose request could not run. */
const toRun = (state: SuiteRunState): number[] => state.results.flatMap((r, i) => (r === null || r.error !== undefined ? [i] : []));

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
  let cases: SuiteCase[] = [];
  const skipped: SuiteRun['skipped'] = [];
  const fileErrors: SuiteRun['fileErrors'] = [];
  for (const f of files) {
    if (f.status === 'cases') cases.push(...f.cases);
    else if (f.status === 'skipped') skipped.push({ file: f.file, reason: f.reason });
    else fileErrors.push({ file: f.file, message: f.message });
  }
  const found = cases.length;
  if (request.shard) cases = inShard(cases, request.shard, caseQuery);
  if (found === 0 && fileErrors.length === 0)
    fileErrors.push({
      file: request.paths.join(' '),
      message: `No assertions found in ${request.paths.join(', ')}: a suite is request files and query sets with an "expect" array.`,
    });
  const fingerprint = createHash('sha256')
    .update(canonicalJson({ cases, target: request.target }))
    .digest('hex');
  if (request.resume && request.resume.fingerprint !== fingerprint)
    throw new SuiteChangedError('The suite’s files or its target changed since the run stopped: run it from the start.');
  const state: SuiteRunState = request.resume
    ? { fingerprint, results: [...request.resume.results] }
    : { fingerprint, results: cases.map(() => null) };
  const indices = toRun(state);
  const before = state.results.filter((r) => r !== null && r.error === undefined);
  const already = {
    done: before.length,
    failed: before.reduce((n, r) => n + r!.assertions.filter((a) => a.status === 'failed').length, 0),
  };
  const outcome = await runSuiteCases(
    indices.map((i) => cases[i]!),
    {
      ...request,
      onResult: (result, index) => {
        state.results[indices[index]!] = result;
        request.onResult?.(result, indices[index]!);
      },
      // Progress counts the whole suite: what an earlier part of the run did, and this part.
      onProgress: (p) =>
        request.onProgress?.({ total: cases.length, done: already.done + p.done, failed: already.failed + p.failed, errors: p.errors }),
    },
  );
  const results = state.results.filter((r): r is CaseResult => r !== null);
  const run: SuiteRun = {
    target: describeTarget(request.target),
    results,
    skipped,
    fileErrors,
    summary: summarizeSuite(results, { skippedFiles: skipped.length, fileErrors: fileErrors.length }),
    seconds: (performance.now() - started) / 1000,
    startedAt,
  };
  return { run, checkMs: outcome.checkMs, stopped: outcome.stopped, state, left: toRun(state).length };
}

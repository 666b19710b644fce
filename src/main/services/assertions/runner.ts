import { setMaxListeners } from 'node:events';
import {
  evaluateAssertion,
  type AnswerUnderTest,
  labelOf,
  reproduction,
  requestToRun,
  type CaseResult,
  type SuiteTarget,
  type SuiteCase,
} from '../../../shared/assertions';
import type { KindedRequest, RequestEnvelope } from '../../../shared/request';
import type { SearchClient } from '../search';
import { PacedRetry, sendFailure, type PacedRetryOptions, type SendFailure } from '../pacing';

/** What one request of a suite came back with: the answer to check, or why there is none. */
export type CaseSent = { ok: true; answer: AnswerUnderTest; status: number } | SendFailure;

export type CaseSender = (request: KindedRequest, transport: SuiteCase['transport'], signal: AbortSignal) => Promise<CaseSent>;

/** Sends a suite's requests through the app's search client; failures come back with their status and Retry-After. */
export function caseSender(client: SearchClient, baseUrl: string): CaseSender {
  return async (sent, transport, signal) => {
    try {
      // Only a search may go as a GET; suggest and autocomplete are always POSTed.
      const envelope: RequestEnvelope = sent.kind === 'search' ? { ...sent, transport } : { ...sent, transport: 'post' };
      const outcome = await client.send(baseUrl, envelope, { signal, lean: true });
      const mask = sent.request.options?.customResponseMask;
      const answer = {
        kind: outcome.kind,
        response: outcome.response,
        ms: outcome.exchange.timings.totalMs,
        ...(typeof mask === 'string' && mask ? { mask } : {}),
      } as AnswerUnderTest;
      return { ok: true, answer, status: outcome.exchange.status ?? 200 };
    } catch (err) {
      return sendFailure(err);
    }
  };
}

export interface SuiteProgress {
  total: number;
  done: number;
  /** Assertions failed so far, and requests that could not run. */
  failed: number;
  errors: number;
}

export interface SuiteRunOptions extends Omit<PacedRetryOptions, 'pace'> {
  target: SuiteTarget;
  send: CaseSender;
  /** Requests in flight at once; with `pace: 'auto'` the ceiling, the pace set by the service's refusals. */
  concurrency: number;
  pace?: 'auto';
  signal?: AbortSignal;
  onProgress?: (progress: SuiteProgress) => void;
  onResult?: (result: CaseResult, index: number) => void;
}

export interface SuiteOutcome {
  /** In the order of the cases. */
  results: CaseResult[];
  /** Time spent checking assertions (ms), apart from the service's: what the suite itself costs. */
  checkMs: number;
  /** The run was stopped before every case ran: the missing ones have no result. */
  stopped: boolean;
}

/**
 * Runs a suite's cases: bounded concurrency (or the adaptive pace), each request retried within bounds as batches
 * are, its assertions checked on the answer as it comes. A request that cannot run makes its assertions errors,
 * with the reason; the rest carry on.
 */
export async function runSuiteCases(cases: readonly SuiteCase[], options: SuiteRunOptions): Promise<SuiteOutcome> {
  const abort = new AbortController();
  setMaxListeners(0, abort.signal);
  const stop = () => abort.abort();
  options.signal?.addEventListener('abort', stop, { once: true });
  if (options.signal?.aborted) abort.abort();
  const sender = new PacedRetry(options);
  const results: (CaseResult | undefined)[] = new Array(cases.length);
  const progress: SuiteProgress = { total: cases.length, done: 0, failed: 0, errors: 0 };
  let checkMs = 0;
  let next = 0;

  const runOne = async (index: number): Promise<void> => {
    const c = cases[index]!;
    const { note, ...run } = requestToRun(c, options.target);
    const url = reproduction(run, c.transport, options.target.baseUrl);
    const { value: sent, attempts, tooLongMs } = await sender.send(() => options.send(run, c.transport, abort.signal), abort.signal);
    if (abort.signal.aborted) return;
    const base = { file: c.file, name: c.name, url, ...run, ...(note ? { note } : {}) };
    let result: CaseResult;
    if (sent.ok) {
      const started = performance.now();
      const assertions = c.assertions.map((a, i) => ({ ...evaluateAssertion(a, sent.answer), type: a.type, index: i }));
      checkMs += performance.now() - started;
      result = { ...base, ms: sent.answer.ms, assertions };
      progress.failed += assertions.filter((a) => a.status === 'failed').length;
    } else {
      const why = tooLongMs !== undefined ? sender.tooLongMessage(tooLongMs, 'run the suite again later') : sent.error.message;
      const tries = attempts > 1 ? ` (after ${attempts} tries)` : '';
      result = {
        ...base,
        ms: sent.ms,
        error: `${why}${tries}`,
        // Nothing to check: each assertion is an error that says why.
        assertions: c.assertions.map((a, i) => ({
          label: labelOf(a),
          status: 'failed' as const,
          message: `the request could not run: ${why}${tries}`,
          type: a.type,
          index: i,
        })),
      };
      progress.errors += 1;
    }
    results[index] = result;
    progress.done += 1;
    options.onResult?.(result, index);
    options.onProgress?.({ ...progress });
  };

  const worker = async () => {
    while (!abort.signal.aborted && next < cases.length) await runOne(next++);
  };
  try {
    const n = Math.max(1, Math.min(options.concurrency, cases.length || 1));
    await Promise.all(Array.from({ length: n }, worker));
  } finally {
    options.signal?.removeEventListener('abort', stop);
  }
  const done = results.filter((r): r is CaseResult => r !== undefined);
  return { results: done, checkMs, stopped: done.length < cases.length };
}

import { toCurl } from '../curl';
import { buildHttpRequest, type KindedRequest, type Transport, LIMITS, encodeSearchUrl, type AssertionType } from '../request';
import { depthNeeded, type AssertionOutcome } from './evaluate';
import type { SuiteCase } from './suite';

/** Where a suite runs: given on the command line or in the app, never by a suite file. */
export interface SuiteTarget {
  baseUrl: string;
  /** Replaces every request's token when given (the command line always gives one; the app runs its own files with theirs). */
  token?: string;
  /** Replaces every request's configuration id when given. */
  configurationId?: string;
}

/** A request with the target's token (and configuration, when given) in place of its own. */
function retarget<R extends { token: string; configurationId?: string }>(request: R, target: SuiteTarget): R {
  return {
    ...structuredClone(request),
    ...(target.token ? { token: target.token } : {}),
    ...(target.configurationId ? { configurationId: target.configurationId } : {}),
  };
}

/**
 * The request a case sends: the target's token (and configuration, when given), and as many items (or
 * suggestions) as its assertions need; `note` says when that is more than the request asked for.
 */
export function requestToRun(c: SuiteCase, target: SuiteTarget): KindedRequest & { note?: string } {
  const needed = depthNeeded(c.assertions);
  switch (c.kind) {
    case 'search': {
      const search = retarget(c.request, target);
      const asked = search.options?.limit ?? LIMITS.limit.default;
      const offset = search.options?.offset ?? 0;
      const limit = Math.min(LIMITS.limit.max, Math.max(asked, needed - offset));
      if (limit <= asked) return { kind: 'search', request: search };
      search.options = { ...search.options, limit };
      return {
        kind: 'search',
        request: search,
        note: `asked for ${limit} items (the request asks for ${asked}) to check the top ${needed}`,
      };
    }
    case 'autocomplete': {
      const auto = retarget(c.request, target);
      const asked = auto.options?.numberOfSuggestions ?? LIMITS.numberOfSuggestions.default;
      const wanted = Math.min(LIMITS.numberOfSuggestions.max, needed);
      if (wanted <= asked) return { kind: 'autocomplete', request: auto };
      auto.options = { ...auto.options, numberOfSuggestions: wanted };
      return {
        kind: 'autocomplete',
        request: auto,
        note: `asked for ${wanted} suggestions (the request asks for ${asked}) to check the first ${needed}`,
      };
    }
    case 'suggest':
      return { kind: 'suggest', request: retarget(c.request, target) };
  }
}

/** How the request reads for a person reproducing it: the GET URL of a search, cURL otherwise. */
export function reproduction(sent: KindedRequest, transport: Transport, baseUrl: string): string {
  if (sent.kind === 'search') return encodeSearchUrl(baseUrl, sent.request);
  return toCurl(buildHttpRequest(sent.kind, baseUrl, sent.request, transport));
}

/** One assertion's outcome within a run, with its place. */
export interface CaseAssertion extends AssertionOutcome {
  type: AssertionType;
  /** Its index in the request's (or the query's) `expect`. */
  index: number;
}

/**
 * One case of a run: its assertions' outcomes, or the reason the request could not run; with the request as sent
 * (the target's token and configuration in it) and its kind, to open it in its screen.
 */
export type CaseResult = {
  file: string;
  name: string;
  /** The request as sent, reproduced (GET URL or cURL). */
  url: string;
  ms: number | null;
  /** Set when the request could not run (unreachable, an error answer after retries): its assertions are errors. */
  error?: string;
  note?: string;
  assertions: CaseAssertion[];
} & KindedRequest;

export interface SuiteSummary {
  requests: number;
  assertions: number;
  passed: number;
  failed: number;
  /** Assertions whose request could not run. */
  errors: number;
  /** Passed with something to report (a slow answer without `fail: true`). */
  warnings: number;
  skippedFiles: number;
  /** 0 every assertion passed, 1 one failed, 3 a request or a file could not run (3 wins over 1). */
  exitCode: 0 | 1 | 3;
}

export function summarizeSuite(results: readonly CaseResult[], opts: { skippedFiles: number; fileErrors: number }): SuiteSummary {
  const all = results.flatMap((r) => r.assertions.map((a) => ({ a, error: !!r.error })));
  const errors = all.filter((x) => x.error).length;
  const failed = all.filter((x) => !x.error && x.a.status === 'failed').length;
  const couldNotRun = opts.fileErrors > 0 || results.some((r) => r.error);
  return {
    requests: results.length,
    assertions: all.length,
    passed: all.length - errors - failed,
    failed,
    errors,
    warnings: all.filter((x) => !x.error && x.a.warning).length,
    skippedFiles: opts.skippedFiles,
    exitCode: couldNotRun ? 3 : failed > 0 ? 1 : 0,
  };
}

import type { z } from 'zod';
import { requestFor } from '../compare';
import {
  type KindedRequest,
  type RequestKind,
  kindedRequest,
  type Transport,
  ASSERTION_KINDS,
  ASSERTION_LIMITS,
  type Assertion,
} from '../request';
import { WORKSPACE_FORMATS, querySetSchema, requestFileSchema } from '../workspace';
import { issuePath } from '../zod';
import { anAssertion } from './labels';

/**
 * A suite is files: workspace request files and JSON query sets that carry `expect`. This reads one file's text
 * (untrusted: it arrives in pull requests) into the cases it holds, or says why it is skipped (not one of the
 * app's files, or one without expectations) or refused (over a limit, or one of the app's files that does not
 * parse) — naming the file, the assertion's index and the limit.
 */

/** One request of a suite (its kind and request, tied together) and its expectations. */
export type SuiteCase = {
  /** The file, as the run names it (relative to its folder). */
  file: string;
  /** The request file's name, or the query set's name and the query. */
  name: string;
  transport: Transport;
  assertions: Assertion[];
} & KindedRequest;

export type SuiteFile =
  | { status: 'cases'; file: string; cases: SuiteCase[] }
  | { status: 'skipped'; file: string; reason: string }
  | { status: 'error'; file: string; message: string };

/** Query-set entries become search requests from this template: the first page, as deep as the assertions need. */
const QUERY_SET_TEMPLATE = { options: { offset: 0, limit: 24 } };

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'it does not have the expected shape';
  const path = issuePath(issue.path).replace(/^expect\[(\d+)\]/, 'expect[$1]');
  return `${path ? `${path}: ` : ''}${issue.message}`;
}

function kindProblems(file: string, where: string, kind: RequestKind, assertions: readonly Assertion[]): string | null {
  const wrong = assertions.findIndex((a) => !ASSERTION_KINDS[a.type].includes(kind));
  if (wrong < 0) return null;
  const a = assertions[wrong]!;
  return `${file}: ${where}expect[${wrong}]: ${anAssertion(a.type)} checks a ${ASSERTION_KINDS[a.type].join(' or ')} answer, and this request is ${kind}.`;
}

export function readSuiteFile(file: string, text: string, bytes = text.length): SuiteFile {
  if (bytes > ASSERTION_LIMITS.fileBytes)
    return { status: 'error', file, message: `${file} is ${(bytes / 1024 / 1024).toFixed(1)} MB, over the 1 MB a suite file may be.` };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    // One of the app's files that does not parse cannot run; any other file that is not JSON is not part of a suite.
    const ours = /"format"\s*:\s*"search-workbench-(request|query-set)"/.test(text.slice(0, 4096));
    return ours
      ? { status: 'error', file, message: `${file} is not valid JSON (${(err as Error).message}).` }
      : { status: 'skipped', file, reason: 'not valid JSON, and not a Search Workbench file' };
  }
  const format = json && typeof json === 'object' && !Array.isArray(json) ? (json as { format?: unknown }).format : undefined;
  if (format === WORKSPACE_FORMATS.requests) {
    const parsed = requestFileSchema.safeParse(json);
    if (!parsed.success) return { status: 'error', file, message: `${file}: ${firstIssue(parsed.error)}.` };
    const assertions = parsed.data.expect ?? [];
    if (assertions.length === 0) return { status: 'skipped', file, reason: 'a request file without expectations' };
    const wrongKind = kindProblems(file, '', parsed.data.kind, assertions);
    if (wrongKind) return { status: 'error', file, message: wrongKind };
    return {
      status: 'cases',
      file,
      cases: [
        {
          file,
          name: parsed.data.name,
          transport: parsed.data.transport,
          assertions,
          ...kindedRequest(parsed.data),
        },
      ],
    };
  }
  if (format === WORKSPACE_FORMATS['query-sets']) {
    const parsed = querySetSchema.safeParse(json);
    if (!parsed.success) return { status: 'error', file, message: `${file}: ${firstIssue(parsed.error)}.` };
    const total = parsed.data.queries.reduce((n, q) => n + (q.expect?.length ?? 0), 0);
    if (total > ASSERTION_LIMITS.perFile)
      return {
        status: 'error',
        file,
        message: `${file} has ${total.toLocaleString('en-US')} assertions, over the ${ASSERTION_LIMITS.perFile.toLocaleString('en-US')} one file may hold.`,
      };
    const cases: SuiteCase[] = [];
    for (const [i, entry] of parsed.data.queries.entries()) {
      if (!entry.expect?.length) continue;
      const wrongKind = kindProblems(file, `queries[${i}].`, 'search', entry.expect);
      if (wrongKind) return { status: 'error', file, message: wrongKind };
      const request = requestFor(QUERY_SET_TEMPLATE, { label: 'suite', overrides: {} }, { ...entry, line: i + 1 });
      cases.push({
        file,
        name: `${parsed.data.name}: ${entry.query}`,
        kind: 'search',
        transport: 'post',
        request,
        assertions: entry.expect,
      });
    }
    return cases.length ? { status: 'cases', file, cases } : { status: 'skipped', file, reason: 'a query set without expectations' };
  }
  return {
    status: 'skipped',
    file,
    reason:
      typeof format === 'string'
        ? `not a request file or a query set ("format": "${format}")`
        : 'not a Search Workbench file (no "format")',
  };
}

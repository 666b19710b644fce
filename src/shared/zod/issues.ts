import type { z } from 'zod';

/** One problem with an input: where, and what is wrong. */
export interface ErrorIssue {
  /** Dotted path of the offending field, '' for the whole input. */
  path: string;
  message: string;
}

/** Dotted JSON path for an issue: `options.sortBy[1].order`. */
export function issuePath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

export function zodIssues(error: z.ZodError): ErrorIssue[] {
  return error.issues.map((issue) => ({ path: issuePath(issue.path), message: issue.message }));
}

/** One readable sentence for the first few issues, naming each field. */
export function describeIssues(issues: ErrorIssue[], limit = 3): string {
  const shown = issues.slice(0, limit).map((i) => (i.path ? `${i.path}: ${i.message}` : i.message));
  const more = issues.length > limit ? ` (and ${issues.length - limit} more)` : '';
  return shown.join('; ') + more;
}

/** Text that ends a sentence with one full stop: "…not string "ten"." stays as it is, "…not an object" gets one. */
export function asSentence(text: string): string {
  return /[.!?…]["')\]]?$/.test(text.trimEnd()) ? text.trimEnd() : `${text.trimEnd()}.`;
}

/** Diagnostics shared by the languages and the request model. */

export type Severity = 'error' | 'warning' | 'info';

/** A problem inside one text (a filter, a mask), as character offsets [start, end). */
export interface TextDiagnostic {
  severity: Severity;
  code: string;
  message: string;
  start: number;
  end: number;
}

export type JsonPath = (string | number)[];

/** A change to a request expressed as data, so fixes can cross IPC and be applied anywhere. */
export type JsonEdit = { op: 'set'; path: JsonPath; value: unknown } | { op: 'remove'; path: JsonPath };

export interface Fix {
  title: string;
  edits: JsonEdit[];
}

/** A problem with one field of a request. */
export interface RequestDiagnostic {
  /** Dotted path such as `options.sortBy[1].order`. */
  path: string;
  severity: Severity;
  code: string;
  message: string;
  /** For language fields (filter, mask): where in the text. */
  range?: { start: number; end: number };
  fix?: Fix;
}

export function hasErrors(diagnostics: readonly { severity: Severity }[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

export function formatPath(path: JsonPath): string {
  let out = '';
  for (const key of path) out += typeof key === 'number' ? `[${key}]` : out === '' ? key : `.${key}`;
  return out;
}

/** 1-based line and column of a character offset, as editors show them. */
export function textPosition(source: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(Math.max(offset, 0), source.length);
  for (let i = 0; i < end; i++) {
    if (source.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

/** "line 1, column 8": where a diagnostic points, in the words an editor's status bar uses. */
export function describePosition(source: string, offset: number): string {
  const { line, column } = textPosition(source, offset);
  return `line ${line}, column ${column}`;
}

/** One diagnostic as a compiler prints it: `1:7: error: message`. */
export function formatTextDiagnostic(source: string, d: TextDiagnostic): string {
  const { line, column } = textPosition(source, d.start);
  return `${line}:${column}: ${d.severity}: ${d.message}`;
}

/**
 * When every one of many attempts failed, and for one and the same reason: that reason and how many — to say once
 * ("all 12 requests failed: …") rather than as twelve identical errors. Null when any succeeded or the reasons differ.
 */
export function oneCause(errors: readonly (string | null | undefined)[]): { message: string; count: number } | null {
  if (errors.length < 2) return null;
  const first = errors[0];
  if (!first) return null;
  return errors.every((e) => e === first) ? { message: first, count: errors.length } : null;
}

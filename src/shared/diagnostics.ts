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

import type { Fix, JsonPath, RequestDiagnostic, Severity } from '../diagnostics';
import { formatPath } from '../diagnostics';
import { describeValue } from '../json-value';

export type Obj = Record<string, unknown>;

/** Gathers a request's diagnostics, each at its JSON path. */
export class Collector {
  readonly list: RequestDiagnostic[] = [];
  add(
    path: JsonPath,
    severity: Severity,
    code: string,
    message: string,
    extra: { fix?: Fix; range?: { start: number; end: number } } = {},
  ) {
    this.list.push({ path: formatPath(path), severity, code, message, ...extra });
  }
}

/** A text field; `required` is the message when it is missing (or, for the token, blank). */
export function checkString(c: Collector, obj: Obj, key: string, path: JsonPath, required: string | undefined): void {
  const v = obj[key];
  if (v === undefined) {
    if (required) c.add([...path, key], 'error', 'required', required);
    return;
  }
  if (typeof v !== 'string') c.add([...path, key], 'error', 'type', `${key} must be text, not ${describeValue(v)}.`);
  else if (required && key === 'token' && v.trim() === '') c.add([...path, key], 'error', 'required', required);
}

/** Fields the service does not know: a warning each, with a fix that removes it. */
export function checkUnknown(c: Collector, obj: Obj, known: string[], path: JsonPath, where: string): void {
  for (const key of Object.keys(obj)) {
    if (!known.includes(key)) {
      c.add([...path, key], 'warning', 'unknown-field', `${where} has no field '${key}'; the service will ignore it.`, {
        fix: { title: `Remove '${key}'`, edits: [{ op: 'remove', path: [...path, key] }] },
      });
    }
  }
}

export function checkInteger(c: Collector, value: unknown, path: JsonPath, name: string): value is number {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    c.add(path, 'error', 'type', `${name} must be a whole number, not ${describeValue(value)}.`);
    return false;
  }
  return true;
}

/**
 * Typed outcomes that cross the process boundary. Handlers never let a stack
 * trace reach the renderer: every failure becomes a `WorkbenchError` value.
 */

export type ErrorCode =
  | 'validation' // the input did not match the channel's schema, or a value is out of range
  | 'unknown-channel' // no such channel in the contract
  | 'forbidden' // the caller is not the app's own window
  | 'not-found'
  | 'conflict'
  | 'network' // connection refused, reset, DNS, TLS
  | 'timeout' // a deadline passed
  | 'http' // the service answered with an error status
  | 'auth' // token grant or bearer token rejected
  | 'cancelled'
  | 'storage' // a file could not be read or written
  | 'internal';

export interface ErrorIssue {
  /** Dotted path of the offending field, '' for the whole input. */
  path: string;
  message: string;
}

export interface ErrorDetails {
  issues?: ErrorIssue[];
  /** HTTP status when the service answered. */
  status?: number;
  /** The service's own error message, verbatim. */
  serviceMessage?: string;
  /** The field the error concerns, when there is one. */
  field?: string;
  [key: string]: unknown;
}

export interface WorkbenchError {
  code: ErrorCode;
  /** A sentence for people: what happened, where, and what to do next. */
  message: string;
  details?: ErrorDetails;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: WorkbenchError };

/** Thrown inside main-process code; the router turns it into a `Result`. */
export class WorkbenchFailure extends Error {
  readonly error: WorkbenchError;
  constructor(error: WorkbenchError) {
    super(error.message);
    this.name = 'WorkbenchFailure';
    this.error = error;
  }
}

export function failure(code: ErrorCode, message: string, details?: ErrorDetails): WorkbenchFailure {
  return new WorkbenchFailure(details ? { code, message, details } : { code, message });
}

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function isWorkbenchError(value: unknown): value is WorkbenchError {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.code === 'string' && typeof v.message === 'string';
}

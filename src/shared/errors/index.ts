/**
 * The workbench's errors, in the core: what a service throws (`failure`, `WorkbenchFailure`) and what the transport
 * carries to the screen as a value (`WorkbenchError`), with the HTTP exchange that failed. The IPC contract re-exports
 * them; services import them from here, not from the transport.
 */
import type { ErrorIssue } from '../zod';

export type { ErrorIssue };

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

export interface ErrorDetails {
  issues?: ErrorIssue[];
  /** HTTP status when the service answered. */
  status?: number;
  /** The service's own error message, verbatim. */
  serviceMessage?: string;
  /** The field the error concerns, when there is one. */
  field?: string;
  /** What went wrong on the connection (deadline, connect, reset, truncated…), for network errors. */
  reason?: string;
  /** The HTTP exchange that failed, when there was one (never with secrets: the redactor has run). */
  exchange?: ExchangeRecord;
}

/** One HTTP call as the user sees it: what went out, what came back, how long it took. Secrets redacted. */
export interface ExchangeRecord {
  id: string;
  startedAt: string;
  method: string;
  url: string;
  requestHeaders: [string, string][];
  requestBody?: string;
  status?: number;
  responseHeaders: [string, string][];
  responseBody?: string;
  /** Response body size in bytes. */
  size: number;
  timings: {
    /** Time to open the connection (0 when reused, null when unknown). */
    connectMs: number | null;
    /** Time until the response headers arrived. */
    firstByteMs: number | null;
    totalMs: number;
    reusedConnection: boolean | null;
  };
  viaProxy: string | null;
  /** The service's own error message, when it sent one. */
  serviceMessage?: string;
  error?: WorkbenchError;
}

export interface WorkbenchError {
  code: ErrorCode;
  /** A sentence for people: what happened, where, and what to do next. */
  message: string;
  details?: ErrorDetails;
}

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

export function isWorkbenchError(value: unknown): value is WorkbenchError {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.code === 'string' && typeof v.message === 'string';
}

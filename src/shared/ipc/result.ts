/**
 * Typed outcomes that cross the process boundary. Handlers never let a stack
 * trace reach the renderer: every failure becomes a `WorkbenchError` value
 * (the errors themselves live in the core, src/shared/errors).
 */
import type { WorkbenchError } from '../errors';

export {
  type ErrorCode,
  type ErrorDetails,
  type ErrorIssue,
  type ExchangeRecord,
  failure,
  isWorkbenchError,
  type WorkbenchError,
  WorkbenchFailure,
} from '../errors';

export type Result<T> = { ok: true; value: T } | { ok: false; error: WorkbenchError };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

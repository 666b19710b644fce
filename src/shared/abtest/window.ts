import { PRE_PERIOD_DAYS } from './analysis';
import { testSpan } from './test';

const plain = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');

/**
 * A test's window as the store's timestamps (UTC, written as DuckDB reads a TIMESTAMP): its start, and its end — a
 * date's whole day — or far ahead while it runs.
 */
export function testWindow(test: { start: string; end?: string | undefined }): { start: string; end: string } {
  const span = testSpan(test);
  return { start: plain(span.start), end: span.end === null ? '9999-12-31 00:00:00.000' : plain(span.end) };
}

/** Where a test's pre-period begins: PRE_PERIOD_DAYS before its start, written as `testWindow` writes. */
export const preWindowStart = (start: string): string => plain(Date.parse(`${start.replace(' ', 'T')}Z`) - PRE_PERIOD_DAYS * 86_400_000);

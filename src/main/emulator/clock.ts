import { badRequest } from './errors';

/**
 * The emulator's own per-request clock (Local demo only: the service has no such header). The context matrix
 * uses it as an axis — the hour `$SEARCH_HOUR` reads — without changing the clock of any other request.
 */
export const CLOCK_HEADER = 'x-emulator-clock';

/**
 * The time one request runs at: the emulator's clock, or what `x-emulator-clock` says — an hour 0–23 (today at
 * HH:30 UTC, the hour `$SEARCH_HOUR` then reads), or an ISO 8601 date-time with its offset.
 */
export function requestClock(header: string | string[] | undefined, now: Date): Date {
  if (header === undefined) return now;
  const text = (Array.isArray(header) ? (header[0] ?? '') : header).trim();
  if (/^\d{1,2}$/.test(text) && Number(text) <= 23) {
    const at = new Date(now.getTime());
    at.setUTCHours(Number(text), 30, 0, 0);
    return at;
  }
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(text) && !Number.isNaN(Date.parse(text)))
    return new Date(Date.parse(text));
  throw badRequest(
    'invalid-clock',
    `${CLOCK_HEADER} is an hour 0–23 or an ISO 8601 date-time with its offset (e.g. 2026-11-25T20:30:00Z), got ${JSON.stringify(text)}. It is the emulator's own header; the service has none.`,
    CLOCK_HEADER,
  );
}

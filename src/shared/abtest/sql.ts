import { ACTIONS } from '../traffic';
import { testSpan } from './test';

/**
 * Each user's days in a test, from the traffic store's searches and events: per (user, day since the start) the
 * searches, sessions, searches with a click in the first k, with an add-to-cart, with a purchase, and the purchases'
 * revenue — and the variation the searches were logged with for this test, when they were. The user is UBI's
 * `user_id`, else `client_id` (what the storefront buckets by); a search logged in the test without either counts its
 * session as the user. Parameters: $test, $start, $end (timestamps; the end exclusive) and $k.
 */
export const USER_DAYS_SQL = `WITH acts AS (
  SELECT search_id,
    bool_or(action = '${ACTIONS.click}' AND position BETWEEN 1 AND $k) AS clicked,
    bool_or(action = '${ACTIONS.addToCart}') AS carted,
    bool_or(action = '${ACTIONS.purchase}') AS bought,
    coalesce(sum(value) FILTER (WHERE action = '${ACTIONS.purchase}'), 0) AS revenue
  FROM events WHERE search_id IS NOT NULL GROUP BY search_id
), s AS (
  SELECT search_id, session_id, ts,
    coalesce(user_id, client_id, CASE WHEN ab_test = $test THEN 'session:' || session_id END) AS user_key,
    CASE WHEN ab_test = $test THEN ab_variation END AS logged
  FROM searches WHERE ts >= CAST($start AS TIMESTAMP) AND ts < CAST($end AS TIMESTAMP)
)
SELECT s.user_key AS user_key, max(s.logged) AS logged,
  CAST(date_diff('day', CAST(CAST($start AS TIMESTAMP) AS DATE), CAST(s.ts AS DATE)) AS INTEGER) AS day,
  CAST(count(*) AS INTEGER) AS searches, CAST(count(DISTINCT s.session_id) AS INTEGER) AS sessions,
  CAST(count(*) FILTER (WHERE a.clicked) AS INTEGER) AS clicked,
  CAST(count(*) FILTER (WHERE a.carted) AS INTEGER) AS carted,
  CAST(count(*) FILTER (WHERE a.bought) AS INTEGER) AS bought,
  CAST(coalesce(sum(a.revenue), 0) AS DOUBLE) AS revenue
FROM s LEFT JOIN acts a ON a.search_id = s.search_id
WHERE s.user_key IS NOT NULL
GROUP BY s.user_key, day`;

/** How many searches in the days have a user or client id, and how many were logged in the test: whether it can be read. */
export const USER_COVERAGE_SQL = `SELECT CAST(count(*) AS INTEGER) AS searches,
  CAST(count(coalesce(user_id, client_id)) AS INTEGER) AS identified,
  CAST(count(*) FILTER (WHERE ab_test = $test) AS INTEGER) AS logged
FROM searches WHERE ts >= CAST($start AS TIMESTAMP) AND ts < CAST($end AS TIMESTAMP)`;

/**
 * A test's window as the store's timestamps (UTC, written as DuckDB reads a TIMESTAMP): its start, and its end — a
 * date's whole day — or far ahead while it runs.
 */
export function testWindow(test: { start: string; end?: string | undefined }): { start: string; end: string } {
  const plain = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
  const span = testSpan(test);
  return { start: plain(span.start), end: span.end === null ? '9999-12-31 00:00:00.000' : plain(span.end) };
}

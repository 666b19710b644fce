import { ACTIONS } from '../../../shared/traffic';

/** A test's window as the store's timestamps (UTC), the end exclusive: `testWindow` in the A/B core. */
export interface StoreWindow {
  start: string;
  end: string;
}

/**
 * Each user's days from $from to $end (searches and events of those days only), day 0 the day of $start — days
 * before it are negative: the pre-period CUPED reads. See `UserDayRow`. Parameters $test, $from, $start, $end, $k.
 */
export const USER_DAYS_SQL = `WITH s AS (
  SELECT search_id, session_id, ts, segment,
    coalesce(user_id, client_id, CASE WHEN ab_test = $test THEN 'session:' || session_id END) AS user_key,
    CASE WHEN ab_test = $test THEN ab_variation END AS logged,
    -- A session is counted once, on the day it began (one crossing midnight is not two).
    CAST(min(ts) OVER (PARTITION BY session_id) AS DATE) = CAST(ts AS DATE) AS session_day
  FROM searches WHERE ts >= CAST($from AS TIMESTAMP) AND ts < CAST($end AS TIMESTAMP)
), acts AS (
  SELECT search_id,
    bool_or(action = '${ACTIONS.click}' AND position BETWEEN 1 AND $k) AS clicked,
    bool_or(action = '${ACTIONS.addToCart}') AS carted,
    bool_or(action = '${ACTIONS.purchase}') AS bought,
    coalesce(sum(value) FILTER (WHERE action = '${ACTIONS.purchase}'), 0) AS revenue
  FROM events WHERE search_id IN (SELECT search_id FROM s) GROUP BY search_id
)
SELECT s.user_key AS user_key, max(s.logged) AS logged, arg_min(s.segment, s.ts) AS segment,
  CAST(date_diff('day', CAST(CAST($start AS TIMESTAMP) AS DATE), CAST(s.ts AS DATE)) AS INTEGER) AS day,
  CAST(count(*) AS INTEGER) AS searches, CAST(count(DISTINCT s.session_id) FILTER (WHERE s.session_day) AS INTEGER) AS sessions,
  CAST(count(*) FILTER (WHERE a.clicked) AS INTEGER) AS clicked,
  CAST(count(*) FILTER (WHERE a.carted) AS INTEGER) AS carted,
  CAST(count(*) FILTER (WHERE a.bought) AS INTEGER) AS bought,
  CAST(coalesce(sum(a.revenue), 0) AS DOUBLE) AS revenue
FROM s LEFT JOIN acts a ON a.search_id = s.search_id
WHERE s.user_key IS NOT NULL
GROUP BY s.user_key, day`;

/**
 * The traffic views: what a merchandiser reads first, defined once for the app, the command line and the guide.
 *
 * - a **search** is one query request (a second page is a search of its own);
 * - **ctrAtK**: the share of searches with at least one click at a position ≤ k;
 * - **zeroResultRate**: the share of searches that showed no item;
 * - **noClickRate**: the share of all searches that showed items and got no click;
 * - **addToCartRate**, **conversionRate**: the share of searches with at least one add-to-cart, or purchase, tied to
 *   them;
 * - **revenuePerSearch**: the purchase value tied to searches, over searches;
 * - **meanClickPosition**: the mean rank of clicks (of those whose rank is known).
 *
 * The SQL below is what the app runs in DuckDB over the store's Parquet files, and what a warehouse would run over
 * the same files as two tables, `searches` and `events` (docs/guide/traffic.md).
 */

export const TRAFFIC_GROUPS = ['query', 'segment', 'configuration', 'day'] as const;

/** The segment of the searches logged with none: how reports name their group, and how a filter asks for them. */
export const NO_SEGMENT = '(none)';
export type TrafficGroup = (typeof TRAFFIC_GROUPS)[number];

export interface TrafficFilter {
  /** First and last day, inclusive (YYYY-MM-DD). */
  from?: string;
  to?: string;
  segment?: string;
  configuration?: string;
  query?: string;
}

export interface TrafficRow {
  group: string | null;
  searches: number;
  sessions: number;
  clicks: number;
  ctrAtK: number;
  zeroResultRate: number;
  noClickRate: number;
  addToCartRate: number;
  conversionRate: number;
  revenuePerSearch: number;
  meanClickPosition: number | null;
}

export interface TrafficReport {
  k: number;
  by: TrafficGroup;
  rows: TrafficRow[];
}

/** The columns of a report row, in order, as the CLI's CSV and the app's table name them. */
export const TRAFFIC_COLUMNS = [
  'group',
  'searches',
  'sessions',
  'clicks',
  'ctrAtK',
  'zeroResultRate',
  'noClickRate',
  'addToCartRate',
  'conversionRate',
  'revenuePerSearch',
  'meanClickPosition',
] as const satisfies readonly (keyof TrafficRow)[];

const GROUP_COLUMN: Record<TrafficGroup | 'all', string> = {
  all: "'all'",
  query: 's.query',
  segment: 's.segment',
  configuration: 's.configuration_id',
  day: 'CAST(s.day AS VARCHAR)',
};

/** A query's parameters: the SQL has `$name` placeholders, never the values. */
export interface Sql {
  text: string;
  params: Record<string, string | number>;
}

/** The WHERE clause of searches under a filter, and its parameters. */
export function searchWhere(filter: TrafficFilter): Sql {
  const parts: string[] = [];
  const params: Record<string, string | number> = {};
  if (filter.from) {
    parts.push('s.day >= CAST($from AS DATE)');
    params.from = filter.from;
  }
  if (filter.to) {
    parts.push('s.day <= CAST($to AS DATE)');
    params.to = filter.to;
  }
  for (const [key, column] of [
    ['segment', 's.segment'],
    ['configuration', 's.configuration_id'],
    ['query', 's.query'],
  ] as const) {
    const value = filter[key];
    if (value === undefined) continue;
    // The searches logged with no segment are a segment of their own, "(none)", as every report names them.
    if (key === 'segment' && value === NO_SEGMENT) {
      parts.push(`${column} IS NULL`);
      continue;
    }
    parts.push(`${column} = $${key}`);
    params[key] = value;
  }
  return { text: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
}

/**
 * Each search with what its shoppers did: clicks, the best rank clicked, add-to-cart, purchase, revenue and the sum of
 * click ranks; the shopper (`user_key`: the user id, else the client id), the A/B test and variation it was logged
 * with, and whether it began its session (`session_first`: one search per session, so a session is counted once). The
 * one place the definitions above become SQL; the app keeps it as a table (`search_outcomes`) made when the store is
 * opened or grows, as a warehouse would keep a materialised view, so that every view reads one row per search instead
 * of every action. The page's hit ids stay in `searches`.
 */
export const SEARCH_OUTCOMES_SQL = `WITH firsts AS (
  SELECT arg_min(search_id, ts) AS search_id FROM searches WHERE session_id IS NOT NULL GROUP BY session_id
), acts AS (
  SELECT search_id,
    count(*) FILTER (WHERE action = 'click') AS clicks,
    min(position) FILTER (WHERE action = 'click') AS best_click_rank,
    bool_or(action = 'add_to_cart') AS carted,
    bool_or(action = 'purchase') AS bought,
    coalesce(sum(value) FILTER (WHERE action = 'purchase'), 0) AS revenue,
    CAST(sum(position) FILTER (WHERE action = 'click') AS BIGINT) AS click_rank_sum,
    count(position) FILTER (WHERE action = 'click') AS click_ranks
  FROM events
  WHERE search_id IS NOT NULL
  GROUP BY search_id
)
SELECT coalesce(s.session_id, s.user_id, s.client_id) AS shopper, s.ts, s.day, s.query, s.configuration_id, s.segment, s.variables,
  s.filter, s.hit_count, coalesce(a.clicks, 0) AS clicks, a.best_click_rank, coalesce(a.carted, false) AS carted,
  coalesce(a.bought, false) AS bought, coalesce(a.revenue, 0) AS revenue, a.click_rank_sum, coalesce(a.click_ranks, 0) AS click_ranks,
  coalesce(s.user_id, s.client_id) AS user_key, s.ab_test, s.ab_variation,
  f.search_id IS NOT NULL AS session_first
FROM searches s LEFT JOIN acts a ON a.search_id = s.search_id LEFT JOIN firsts f ON f.search_id = s.search_id`;

/** The outcomes of the searches under a filter, with whether each got a click at a rank ≤ k. */
export function searchOutcomesSql(filter: TrafficFilter, k: number): Sql {
  const where = searchWhere(filter);
  return {
    text: `SELECT s.*, coalesce(s.best_click_rank <= $k, false) AS clicked_k FROM search_outcomes s
${where.text}`,
    params: { ...where.params, k },
  };
}

/**
 * Each query's sessions over the whole store: the one figure of the largest view (every query) that cannot be summed
 * from smaller parts, kept beside the outcomes so that the view does not count distinct sessions again.
 */
export const QUERY_SESSIONS_SQL = 'SELECT query, count(DISTINCT shopper) AS sessions FROM search_outcomes GROUP BY query';

/** The report: one row per group, most searched first (days in order). */
export function reportSql(by: TrafficGroup | 'all', filter: TrafficFilter, k: number, limit?: number): Sql {
  const outcomes = searchOutcomesSql(filter, k);
  // By query over every day, segment and configuration: each query's sessions are already counted.
  const whole = by === 'query' && [filter.from, filter.to, filter.segment, filter.configuration].every((v) => v === undefined);
  return {
    text: `WITH o AS (${outcomes.text}),
r AS (
  SELECT ${GROUP_COLUMN[by].replace('s.', 'o.')} AS "group",
    count(*) AS searches,
    ${whole ? '' : 'count(DISTINCT o.shopper) AS sessions,'}
    sum(o.clicks) AS clicks,
    count(*) FILTER (WHERE o.clicked_k) / count(*) AS "ctrAtK",
    count(*) FILTER (WHERE o.hit_count = 0) / count(*) AS "zeroResultRate",
    count(*) FILTER (WHERE o.hit_count IS DISTINCT FROM 0 AND o.clicks = 0) / count(*) AS "noClickRate",
    count(*) FILTER (WHERE o.carted) / count(*) AS "addToCartRate",
    count(*) FILTER (WHERE o.bought) / count(*) AS "conversionRate",
    sum(o.revenue) / count(*) AS "revenuePerSearch",
    sum(o.click_rank_sum) / nullif(sum(o.click_ranks), 0) AS "meanClickPosition"
  FROM o
  GROUP BY 1
)
SELECT r.*${whole ? ', coalesce(q.sessions, 0) AS sessions FROM r LEFT JOIN query_sessions q ON q.query IS NOT DISTINCT FROM r."group"' : ' FROM r'}
ORDER BY ${by === 'day' ? '"group" ASC' : 'searches DESC, "group" ASC NULLS LAST'}${limit ? `\nLIMIT ${Math.floor(limit)}` : ''}`,
    params: outcomes.params,
  };
}

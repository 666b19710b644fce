import { type Sql, searchOutcomesSql, searchWhere, type TrafficFilter } from './views';

/**
 * One query's page and the worklists, as SQL over the same two tables as the report (`searches`, `events`).
 */

export interface QueryServed {
  /** The ids its latest first page showed, in order, and what that search ran with. */
  hitIds: string[];
  configurationId: string | null;
  variables: Record<string, unknown> | null;
  filter: string | null;
  at: string;
}

export interface QueryPage {
  query: string;
  served: QueryServed | null;
  /** Clicks at each position 1…20 (a position past 20 counted at 20+ as `rank: 21`). */
  clicksByPosition: { rank: number; clicks: number }[];
  /** The items shoppers acted on after this query, most clicked first (at most 50). */
  items: { docid: string; clicks: number; carts: number; purchases: number; revenue: number }[];
  /** Searches and click-through at k by day. */
  byDay: { day: string; searches: number; ctrAtK: number }[];
}

export const WORKLISTS = ['zero-results', 'no-clicks'] as const;
export type Worklist = (typeof WORKLISTS)[number];

export interface WorklistRow {
  query: string;
  /** All its searches, and those that showed nothing (zero-results) or got no click (no-clicks). */
  searches: number;
  affected: number;
  /** What most of the affected searches ran with (configuration, variables, filter, as one): to open it in Search as served. */
  configurationId: string | null;
  variables: Record<string, unknown> | null;
  filter: string | null;
}

const queryFilter = (filter: TrafficFilter, query: string): TrafficFilter => ({ ...filter, query });

export function clicksByPositionSql(filter: TrafficFilter, query: string): Sql {
  const where = searchWhere(queryFilter(filter, query));
  return {
    text: `SELECT least(e.position, 21) AS rank, count(*) AS clicks
FROM events e JOIN searches s ON s.search_id = e.search_id
${where.text}${where.text ? ' AND' : 'WHERE'} e.action = 'click' AND e.position IS NOT NULL
GROUP BY 1 ORDER BY 1`,
    params: where.params,
  };
}

export function queryItemsSql(filter: TrafficFilter, query: string): Sql {
  const where = searchWhere(queryFilter(filter, query));
  return {
    text: `SELECT e.docid AS docid,
  count(*) FILTER (WHERE e.action = 'click') AS clicks,
  count(*) FILTER (WHERE e.action = 'add_to_cart') AS carts,
  count(*) FILTER (WHERE e.action = 'purchase') AS purchases,
  coalesce(sum(e.value) FILTER (WHERE e.action = 'purchase'), 0) AS revenue
FROM events e JOIN searches s ON s.search_id = e.search_id
${where.text}${where.text ? ' AND' : 'WHERE'} e.docid IS NOT NULL
GROUP BY 1 ORDER BY clicks DESC, purchases DESC, docid LIMIT 50`,
    params: where.params,
  };
}

export function queryByDaySql(filter: TrafficFilter, query: string, k: number): Sql {
  const outcomes = searchOutcomesSql(queryFilter(filter, query), k);
  return {
    text: `WITH o AS (${outcomes.text})
SELECT CAST(o.day AS VARCHAR) AS day, count(*) AS searches, avg(CASE WHEN o.clicked_k THEN 1 ELSE 0 END) AS "ctrAtK"
FROM o GROUP BY 1 ORDER BY 1`,
    params: outcomes.params,
  };
}

/** The latest first page of the query, as served. */
export function servedSql(filter: TrafficFilter, query: string): Sql {
  const where = searchWhere(queryFilter(filter, query));
  return {
    text: `SELECT s.hit_ids, s.configuration_id, s.variables, s.filter, s.ts
FROM searches s
${where.text}${where.text ? ' AND' : 'WHERE'} coalesce(s.page, 1) = 1 AND s.filter IS NULL
ORDER BY s.ts DESC, s.search_id LIMIT 1`,
    params: where.params,
  };
}

/** Queries by how many of their searches showed nothing, or got no click: the worklists, most affected first. */
export function worklistSql(kind: Worklist, filter: TrafficFilter, k: number, limit: number): Sql {
  const outcomes = searchOutcomesSql(filter, k);
  const affected = kind === 'zero-results' ? 'o.hit_count = 0' : 'o.hit_count IS DISTINCT FROM 0 AND o.clicks = 0';
  // The request a query was served with is the one most of its affected searches ran with (the latest of those on a
  // tie), taken whole: not the latest search, often a refinement (price < 100) of the plain one.
  return {
    text: `WITH o AS (${outcomes.text}),
counts AS (
  SELECT o.query AS query, count(*) AS searches, count(*) FILTER (WHERE ${affected}) AS affected FROM o GROUP BY 1
  HAVING count(*) FILTER (WHERE ${affected}) > 0
),
served AS (
  SELECT o.query AS query, o.configuration_id, o.variables, o.filter,
    row_number() OVER (PARTITION BY o.query ORDER BY count(*) DESC, max(o.ts) DESC) AS place
  FROM o WHERE ${affected} GROUP BY o.query, o.configuration_id, o.variables, o.filter
)
SELECT c.query, c.searches, c.affected, s.configuration_id, s.variables, s.filter
FROM counts c JOIN served s ON s.query = c.query AND s.place = 1
ORDER BY c.affected DESC, c.searches DESC, c.query
LIMIT ${Math.floor(limit)}`,
    params: outcomes.params,
  };
}

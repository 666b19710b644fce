import { searchWhere, type TrafficFilter } from '../traffic';
import { MODEL_DEPTH, type PagePattern } from './pages';

/**
 * The page patterns of the traffic store, counted by DuckDB: each first page's query, its first MODEL_DEPTH hit ids
 * and the ranks clicked among them (a bit each), grouped with their count. Only first pages (a second page's ranks
 * start again at 1) with at least one result; the searches the filter keeps.
 */
export function pagePatternsSql(filter: TrafficFilter = {}): { text: string; params: Record<string, string | number> } {
  const where = searchWhere(filter);
  const keep = `coalesce(s.page, 1) = 1 AND len(s.hit_ids) > 0`;
  return {
    text: `WITH clicked AS (
  SELECT search_id, bit_or(CAST(1 AS INTEGER) << (position - 1)) AS clicked
  FROM events
  WHERE action = 'click' AND search_id IS NOT NULL AND position BETWEEN 1 AND ${MODEL_DEPTH}
  GROUP BY search_id
)
SELECT s.query AS query, s.hit_ids[1:${MODEL_DEPTH}] AS ranking, coalesce(c.clicked, 0) AS clicked, count(*) AS count
FROM searches s LEFT JOIN clicked c ON c.search_id = s.search_id
${where.text ? `${where.text} AND ${keep}` : `WHERE ${keep}`}
GROUP BY ALL`,
    params: where.params,
  };
}

/** A row of pagePatternsSql as a pattern. */
export function patternOf(row: Record<string, unknown>): PagePattern {
  return {
    query: String(row.query),
    ranking: (row.ranking as unknown[]).map(String),
    clicked: Number(row.clicked),
    count: Number(row.count),
  };
}

/**
 * The same page patterns, numbered by DuckDB for a large store: the patterns kept in a temporary table, each distinct
 * (query, item) given a number, then read as integer columns — per pattern its depth, clicks and count; per (pattern,
 * rank) the pair's number — and the pairs' text once each. Turning a million patterns' lists of item ids into
 * JavaScript objects costs several times what DuckDB's query does; integers read chunk by chunk do not. `tag` keeps
 * two fits on one store apart.
 */
export function numberedPagesSql(filter: TrafficFilter = {}, tag = '0') {
  const patterns = `wb_patterns_${tag}`;
  const pairs = `wb_pairs_${tag}`;
  const source = pagePatternsSql(filter);
  return {
    setup: [
      {
        text: `CREATE OR REPLACE TEMP TABLE ${patterns} AS SELECT (row_number() OVER ()) - 1 AS pid, * FROM (${source.text})`,
        params: source.params,
      },
      {
        text: `CREATE OR REPLACE TEMP TABLE ${pairs} AS SELECT (row_number() OVER ()) - 1 AS id, query, item FROM (SELECT DISTINCT query, unnest(ranking) AS item FROM ${patterns})`,
        params: {},
      },
    ],
    /** pid, depth, clicked, count: integers. */
    patterns: `SELECT CAST(pid AS INTEGER), CAST(len(ranking) AS INTEGER), CAST(clicked AS INTEGER), CAST(count AS INTEGER) FROM ${patterns}`,
    /** pid, rank (0-based), pair: integers, in no order. */
    cells: `SELECT CAST(c.pid AS INTEGER), CAST(c.r AS INTEGER), CAST(p.id AS INTEGER)
FROM (SELECT pid, query, unnest(ranking) AS item, generate_subscripts(ranking, 1) - 1 AS r FROM ${patterns}) c
JOIN ${pairs} p ON p.query = c.query AND p.item = c.item`,
    /** id, query, item. */
    pairs: `SELECT CAST(id AS INTEGER), query, item FROM ${pairs}`,
    cleanup: [`DROP TABLE IF EXISTS ${patterns}`, `DROP TABLE IF EXISTS ${pairs}`],
  };
}

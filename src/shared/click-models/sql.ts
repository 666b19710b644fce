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

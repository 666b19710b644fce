import { ACTIONS, searchWhere, type TrafficFilter } from '../traffic';
import { MODEL_DEPTH, type PagePattern } from './pages';

/** Each search's ranks clicked among the first MODEL_DEPTH, a bit each (rank r is bit r − 1). */
const CLICKED = `clicked AS (
  SELECT search_id, bit_or(CAST(1 AS INTEGER) << (position - 1)) AS clicked
  FROM events
  WHERE action = 'click' AND search_id IS NOT NULL AND position BETWEEN 1 AND ${MODEL_DEPTH}
  GROUP BY search_id
)`;

/** The searches the models read: first pages (a second page's ranks start again at 1) with a result, as filtered. */
function firstPagesWhere(filter: TrafficFilter): { text: string; params: Record<string, string | number> } {
  const where = searchWhere(filter);
  const keep = `coalesce(s.page, 1) = 1 AND len(s.hit_ids) > 0`;
  return { text: where.text ? `${where.text} AND ${keep}` : `WHERE ${keep}`, params: where.params };
}

/**
 * The page patterns of the traffic store, counted by DuckDB: each first page's query, its first MODEL_DEPTH hit ids
 * and the ranks clicked among them (a bit each), grouped with their count.
 */
export function pagePatternsSql(filter: TrafficFilter = {}): { text: string; params: Record<string, string | number> } {
  const where = firstPagesWhere(filter);
  return {
    text: `WITH ${CLICKED}
SELECT s.query AS query, s.hit_ids[1:${MODEL_DEPTH}] AS ranking, coalesce(c.clicked, 0) AS clicked, count(*) AS count
FROM searches s LEFT JOIN clicked c ON c.search_id = s.search_id
${where.text}
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
 * The same page patterns, numbered by DuckDB for a large store, in three temporary tables read as integer columns:
 * the distinct rankings (query and first MODEL_DEPTH hit ids, numbered in query order), the distinct (query, item)
 * pairs (numbered in query order too, so that one query's pairs lie together in memory while the fits run over its
 * patterns), and each search's ranking number. Patterns are then grouped on integers (ranking number, clicks), not on
 * lists of item ids, and the pairs are looked up once per ranking rather than once per search — on a week of ten
 * million events, a hundred thousand rankings against two million searches. `tag` keeps two fits on one store apart.
 */
export function numberedPagesSql(filter: TrafficFilter = {}, tag = '0', withSearches = false) {
  const where = firstPagesWhere(filter);
  // The replay also reads each search's session, configuration and context (estimates on traffic).
  const more = withSearches
    ? `, coalesce(s.session_id, s.search_id) AS session, s.configuration_id AS configuration, coalesce(s.variables, '') AS variables`
    : '';
  const firstPages = `SELECT s.search_id, s.query, s.hit_ids[1:${MODEL_DEPTH}] AS ranking${more} FROM searches s ${where.text}`;
  const [rankings, pairs, pages] = ['rankings', 'pairs', 'pages'].map((t) => `wb_${t}_${tag}`);
  return {
    setup: [
      { text: `CREATE OR REPLACE TEMP TABLE ${pages} AS ${firstPages}`, params: where.params },
      {
        text: `CREATE OR REPLACE TEMP TABLE ${rankings} AS SELECT (row_number() OVER (ORDER BY query)) - 1 AS rid, query, ranking FROM (SELECT DISTINCT query, ranking FROM ${pages})`,
        params: {},
      },
      {
        text: `CREATE OR REPLACE TEMP TABLE ${pairs} AS SELECT (row_number() OVER (ORDER BY query, item)) - 1 AS id, query, item FROM (SELECT DISTINCT query, unnest(ranking) AS item FROM ${rankings})`,
        params: {},
      },
    ],
    /** rid, depth: integers. */
    rankings: `SELECT CAST(rid AS INTEGER), CAST(len(ranking) AS INTEGER) FROM ${rankings}`,
    /** rid, rank (0-based), pair: integers, in no order. */
    cells: `SELECT CAST(c.rid AS INTEGER), CAST(c.r AS INTEGER), CAST(p.id AS INTEGER)
FROM (SELECT rid, query, unnest(ranking) AS item, generate_subscripts(ranking, 1) - 1 AS r FROM ${rankings}) c
JOIN ${pairs} p ON p.query = c.query AND p.item = c.item`,
    /** rid, clicked, count: integers, one row per pattern, in ranking order. */
    patterns: `WITH ${CLICKED}
SELECT CAST(r.rid AS INTEGER), CAST(coalesce(c.clicked, 0) AS INTEGER), CAST(count(*) AS INTEGER)
FROM ${pages} s JOIN ${rankings} r ON r.query = s.query AND r.ranking = s.ranking
LEFT JOIN clicked c ON c.search_id = s.search_id
GROUP BY ALL ORDER BY 1`,
    /** id, query, item. */
    pairs: `SELECT CAST(id AS INTEGER), query, item FROM ${pairs}`,
    /** With `withSearches`: per first page its ranking number and clicks, and its session, configuration and context. */
    searches: `WITH ${CLICKED}
SELECT r.rid AS rid, coalesce(c.clicked, 0) AS clicked, s.session, s.configuration, s.variables, s.query
FROM ${pages} s JOIN ${rankings} r ON r.query = s.query AND r.ranking = s.ranking
LEFT JOIN clicked c ON c.search_id = s.search_id`,
    /**
     * With `withSearches`: the add-to-carts (kind 0) and purchases (1) on a first page's item among its first
     * MODEL_DEPTH, counted per session and item's pair number — what the replay's conversion rates are read from.
     */
    conversions: `SELECT s.session AS session, CAST(p.id AS INTEGER) AS pair,
  CAST(CASE WHEN e.action = '${ACTIONS.addToCart}' THEN 0 ELSE 1 END AS INTEGER) AS kind, CAST(count(*) AS DOUBLE) AS n
FROM events e JOIN ${pages} s ON s.search_id = e.search_id JOIN ${pairs} p ON p.query = s.query AND p.item = e.docid
WHERE e.action IN ('${ACTIONS.addToCart}', '${ACTIONS.purchase}') AND e.position BETWEEN 1 AND ${MODEL_DEPTH}
GROUP BY ALL`,
    cleanup: [rankings, pairs, pages].map((t) => `DROP TABLE IF EXISTS ${t}`),
  };
}

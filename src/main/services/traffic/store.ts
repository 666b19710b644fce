import { lstat, mkdir, readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import {
  checkFilter,
  type QueryFrequency,
  reportSql,
  QUERY_SESSIONS_SQL,
  SEARCH_OUTCOMES_SQL,
  searchWhere,
  type TrafficFilter,
  type TrafficGroup,
  type TrafficReport,
  type TrafficRow,
  IMPRESSION,
  LIMITS,
} from '../../../shared/traffic';
import { type Duck, openDuck, sqlPath } from './duck';

/**
 * The traffic store: a folder of Parquet files, partitioned by day as a warehouse lays them out —
 * `searches/day=2026-11-01/*.parquet` and `events/day=…/*.parquet` — read in place by DuckDB as two views,
 * `searches` and `events`, with the columns below.
 */
export const SEARCH_COLUMNS = {
  search_id: 'VARCHAR',
  session_id: 'VARCHAR',
  user_id: 'VARCHAR',
  client_id: 'VARCHAR',
  ts: 'TIMESTAMP',
  query: 'VARCHAR',
  configuration_id: 'VARCHAR',
  segment: 'VARCHAR',
  variables: 'VARCHAR',
  hit_ids: 'VARCHAR[]',
  hit_count: 'INTEGER',
  filter: 'VARCHAR',
  page: 'INTEGER',
  ab_test: 'VARCHAR',
  ab_variation: 'VARCHAR',
  application: 'VARCHAR',
  source: 'VARCHAR',
} as const;

export const EVENT_COLUMNS = {
  search_id: 'VARCHAR',
  session_id: 'VARCHAR',
  user_id: 'VARCHAR',
  ts: 'TIMESTAMP',
  action: 'VARCHAR',
  docid: 'VARCHAR',
  position: 'INTEGER',
  value: 'DOUBLE',
  application: 'VARCHAR',
  source: 'VARCHAR',
} as const;

export type Table = 'searches' | 'events';
export const TABLE_COLUMNS: Record<Table, Record<string, string>> = { searches: SEARCH_COLUMNS, events: EVENT_COLUMNS };

export class StoreError extends Error {
  constructor(
    message: string,
    readonly field = 'store',
  ) {
    super(message);
  }
}

/** A store folder: made when missing; refused when the path is something else, or a link. */
export async function ensureStoreDir(dir: string, missing: MissingStore = 'create'): Promise<void> {
  const info = await lstat(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return undefined;
    throw err;
  });
  if (!info) {
    if (missing === 'refuse')
      throw new StoreError(`no traffic store at ${dir}: check the path, or import a log into it first (traffic import --store DIR FILE…).`);
    if (missing === 'create') await mkdir(dir, { recursive: true, mode: 0o755 });
  } else if (info.isSymbolicLink()) throw new StoreError(`${dir} is a symbolic link: give the store's own folder.`);
  else if (!info.isDirectory()) throw new StoreError(`${dir} is not a folder: the store is a folder of Parquet files.`);
}

/** The Parquet files of one table, in a stable order; links and anything not a regular file are passed over. */
export async function tableFiles(dir: string, table: Table): Promise<string[]> {
  const root = join(dir, table);
  const days = await readdir(root, { withFileTypes: true }).catch(() => []);
  const files: string[] = [];
  for (const day of days
    .filter((d) => d.isDirectory() && /^day=\d{4}-\d{2}-\d{2}$/.test(d.name))
    .sort((a, b) => a.name.localeCompare(b.name))) {
    const entries = await readdir(join(root, day.name), { withFileTypes: true });
    for (const f of entries.filter((e) => e.isFile() && e.name.endsWith('.parquet')).sort((a, b) => a.name.localeCompare(b.name)))
      files.push(join(root, day.name, f.name));
  }
  return files;
}

const columnList = (columns: Record<string, string>) =>
  Object.entries(columns)
    .map(([name, type]) => `${name} ${type}`)
    .join(', ');

/**
 * (Re)defines the view of a table over its files (as `name`), with every column of the table: a file written before a
 * column was added reads it as null.
 */
export async function defineView(duck: Duck, dir: string, table: Table, name: string = table): Promise<number> {
  const files = await tableFiles(dir, table);
  await duck.run(`CREATE OR REPLACE TABLE empty_${table} (${columnList(TABLE_COLUMNS[table])}, day DATE)`);
  if (files.length === 0) await duck.run(`CREATE OR REPLACE VIEW ${name} AS SELECT * FROM empty_${table}`);
  else
    await duck.run(
      `CREATE OR REPLACE VIEW ${name} AS SELECT * FROM empty_${table} UNION ALL BY NAME
SELECT * FROM read_parquet([${files.map((f) => sqlPath(f)).join(', ')}], hive_partitioning = true, hive_types = {'day': DATE}, union_by_name = true)`,
    );
  return files.length;
}

/**
 * The `searches` view: each search as logged (`searches_logged`), its page read from its `impression` events where
 * its query request listed no hits (a log that records what was shown as events, as UBI 1.3 does). Hit ids win where
 * the request lists them: they are the page the service answered. The pages from impressions are kept as a table
 * (`search_shown`), made again with the views; a store without impressions reads its searches as logged.
 */
async function defineSearches(duck: Duck, dir: string): Promise<void> {
  await defineView(duck, dir, 'searches', 'searches_logged');
  const [impressions] = await duck.all(`SELECT count(*) AS n FROM events WHERE action = '${IMPRESSION}' AND search_id IS NOT NULL LIMIT 1`);
  if (Number(impressions?.n ?? 0) === 0) {
    await duck.run('DROP TABLE IF EXISTS search_shown');
    await duck.run('CREATE OR REPLACE VIEW searches AS SELECT * FROM searches_logged');
    return;
  }
  await duck.run(`CREATE OR REPLACE TABLE search_shown AS
SELECT search_id, list(docid ORDER BY position NULLS LAST, docid)[1:${LIMITS.hits}] AS shown FROM (
  SELECT e.search_id, e.docid, min(e.position) AS position FROM events e
  WHERE e.action = '${IMPRESSION}' AND e.docid IS NOT NULL
    AND e.search_id IN (SELECT search_id FROM searches_logged WHERE len(hit_ids) = 0)
  GROUP BY e.search_id, e.docid
) GROUP BY search_id`);
  await duck.run(`CREATE OR REPLACE VIEW searches AS
SELECT s.* REPLACE (coalesce(i.shown, s.hit_ids) AS hit_ids, CASE WHEN i.shown IS NULL THEN s.hit_count ELSE CAST(len(i.shown) AS INTEGER) END AS hit_count)
FROM searches_logged s LEFT JOIN search_shown i ON i.search_id = s.search_id`);
}

/** What opening a store does with a folder that does not exist (TrafficStore.open). */
export type MissingStore = 'create' | 'refuse' | 'empty';

/** The store, open for reading: the views defined over what is on disk now (`refresh` after an import). */
export class TrafficStore {
  private constructor(
    readonly dir: string,
    readonly duck: Duck,
  ) {}

  /**
   * `missing`: what a folder that does not exist is — `create`d (an import, a simulation), `refuse`d (the command
   * line reads a store a user named: a mistyped path is said, never made), or read as an `empty` store, not made until
   * something is imported into it (the app's workspace).
   */
  static async open(folder: string, missing: MissingStore = 'create'): Promise<TrafficStore> {
    const dir = resolve(folder);
    await ensureStoreDir(dir, missing);
    const store = new TrafficStore(dir, await openDuck([dir]));
    await store.refresh();
    return store;
  }

  /**
   * The views over what is on disk now, and (unless `outcomes` is false: an import of several files makes it once,
   * after the last) each search's outcome kept as a table, read by every view, and each query's sessions: in order
   * of query and shopper, the shopper held as a 64-bit hash (two sessions of one query share a hash about once in ten
   * billion), since counting distinct sessions is most of the work of a view. The user is kept as a hash too
   * (`user_hash`), the A/B test and variation a search was logged with as a number (`ab`), each pair of them once in
   * `ab_variations`, and the segment as a number too (`segment_id`, its name in `segment_names`): what an A/B readout
   * sums over, a million users in under a second.
   */
  async refresh(options: { outcomes?: boolean } = {}): Promise<void> {
    await defineView(this.duck, this.dir, 'events');
    await defineSearches(this.duck, this.dir);
    if (options.outcomes === false) return;
    await this.duck.run(`CREATE OR REPLACE TABLE ab_variations AS
SELECT CAST(row_number() OVER (ORDER BY ab_test, ab_variation) AS INTEGER) AS id, ab_test, ab_variation
FROM (SELECT DISTINCT ab_test, ab_variation FROM searches WHERE ab_test IS NOT NULL)`);
    await this.duck.run(`CREATE OR REPLACE TABLE segment_names AS
SELECT CAST(row_number() OVER (ORDER BY segment) AS INTEGER) AS id, segment FROM (SELECT DISTINCT segment FROM searches WHERE segment IS NOT NULL)`);
    await this.duck.run(
      `CREATE OR REPLACE TABLE search_outcomes AS SELECT o.* EXCLUDE (user_key, ab_test, ab_variation)
  REPLACE (CASE WHEN o.shopper IS NOT NULL THEN hash(o.shopper) END AS shopper),
  CASE WHEN o.user_key IS NOT NULL THEN hash(o.user_key) END AS user_hash, a.id AS ab, g.id AS segment_id
FROM (${SEARCH_OUTCOMES_SQL}) o LEFT JOIN ab_variations a ON a.ab_test = o.ab_test AND a.ab_variation IS NOT DISTINCT FROM o.ab_variation
  LEFT JOIN segment_names g ON g.segment = o.segment
ORDER BY query, shopper`,
    );
    await this.duck.run(`CREATE OR REPLACE TABLE query_sessions AS ${QUERY_SESSIONS_SQL}`);
  }

  close(): void {
    this.duck.close();
  }

  async report(by: TrafficGroup, filter: TrafficFilter = {}, k = 10, limit?: number): Promise<TrafficReport> {
    const problem = checkFilter(filter);
    if (problem) throw new StoreError(problem.message, problem.field);
    const sql = reportSql(by, filter, k, limit);
    const rows = await this.duck.all(sql.text, sql.params);
    return { k, by, rows: rows.map(reportRow) };
  }

  /** The same report's rows a chunk at a time, in its order: what a report file of any size is written from. */
  async *reportChunks(by: TrafficGroup, filter: TrafficFilter = {}, k = 10, limit?: number): AsyncGenerator<TrafficRow[]> {
    const problem = checkFilter(filter);
    if (problem) throw new StoreError(problem.message, problem.field);
    const sql = reportSql(by, filter, k, limit);
    for await (const rows of this.duck.chunks(sql.text, sql.params)) yield rows.map(reportRow);
  }

  /** The whole range under a filter as one row (null when it holds no search). */
  async total(filter: TrafficFilter = {}, k = 10): Promise<TrafficRow | null> {
    const sql = reportSql('all', filter, k);
    const [row] = await this.duck.all(sql.text, sql.params);
    return row ? { ...reportRow(row), group: null } : null;
  }

  /** Each query's searches under a filter: what a sample is drawn from. */
  async queryFrequencies(filter: TrafficFilter = {}): Promise<QueryFrequency[]> {
    const problem = checkFilter(filter);
    if (problem) throw new StoreError(problem.message, problem.field);
    const where = searchWhere(filter);
    const rows = await this.duck.all(
      `SELECT s.query AS query, count(*) AS searches FROM searches s ${where.text} GROUP BY s.query`,
      where.params,
    );
    return rows.map((r) => ({ query: String(r.query), searches: Number(r.searches) }));
  }

  /** How much the store holds: searches, events, days. */
  /** Whether any search of the store belongs to this session. */
  async hasSession(sessionId: string): Promise<boolean> {
    const [row] = await this.duck.all('SELECT count(*) AS n FROM searches WHERE session_id = $id', { id: sessionId });
    return Number(row?.n ?? 0) > 0;
  }

  async size(): Promise<{ searches: number; events: number; from: string | null; to: string | null }> {
    const [s] = await this.duck.all(
      `SELECT count(*) AS n, CAST(min(day) AS VARCHAR) AS "from", CAST(max(day) AS VARCHAR) AS "to" FROM searches`,
    );
    const [e] = await this.duck.all('SELECT count(*) AS n FROM events');
    return { searches: Number(s?.n ?? 0), events: Number(e?.n ?? 0), from: (s?.from as string) ?? null, to: (s?.to as string) ?? null };
  }
}

function reportRow(r: Record<string, unknown>): TrafficRow {
  const n = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
  return {
    group: r.group === null || r.group === undefined ? null : String(r.group),
    searches: n(r.searches),
    sessions: n(r.sessions),
    clicks: n(r.clicks),
    ctrAtK: n(r.ctrAtK),
    zeroResultRate: n(r.zeroResultRate),
    noClickRate: n(r.noClickRate),
    addToCartRate: n(r.addToCartRate),
    conversionRate: n(r.conversionRate),
    revenuePerSearch: n(r.revenuePerSearch),
    meanClickPosition: r.meanClickPosition === null || r.meanClickPosition === undefined ? null : Number(r.meanClickPosition),
  };
}

import { lstat, mkdir, readdir, rename } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { type FileImport, IMPRESSION, type PositionBase } from '../../../shared/traffic';
import { sqlPath, sqlText } from './duck';
import { type Table, TABLE_COLUMNS, type TrafficStore } from './store';

/**
 * The second half of an import: what a file's rows, written as Parquet in the import's work folder, add to the store
 * — each key once, a search logged more than once as its record with hits, positions counted from 1 — moved into it,
 * with what was folded, repeated, known and left untied counted into the file's result.
 */

/** What makes a row the same row when two files hold it: a search's id; every field of an action. */
const IDENTITY: Record<Table, string[]> = {
  searches: ['search_id'],
  events: Object.keys(TABLE_COLUMNS.events).filter((c) => c !== 'source'),
};

/** Where a table's rows of one reading (DuckDB's or JavaScript's) are written in the work folder. */
export const outDir = (temp: string, table: Table, part: 'sql' | 'js') => join(temp, `out-${table}-${part}`);

/** What settling needs of an import. */
export interface Settling {
  store: TrafficStore;
  temp: string;
  /** The file's mark on its rows (`source`). */
  source: string;
  result: FileImport;
  positions: PositionBase;
}

/**
 * Where each new action's position starts, settled (`Work.positions`): a FROM expression of the rows with every
 * position counted from 1, and what was read as counting from 0. With `auto`, a search counts from 0 when one of its
 * actions has ordinal 0, and so does every search of an application one of whose actions has (a log may mix both).
 */
async function settlePositions(work: Settling, files: string): Promise<string> {
  if (work.positions === '1') return files;
  const duck = work.store.duck;
  const [zeros] = await duck.all(`SELECT count(*) AS n FROM ${files} WHERE position = 0`);
  if (work.positions === 'auto' && Number(zeros?.n ?? 0) === 0) return files;
  const fromZero =
    work.positions === '0'
      ? 'true'
      : `(position = 0 OR search_id IN (SELECT search_id FROM ${files} WHERE position = 0)
    OR application IN (SELECT application FROM ${files} WHERE position = 0))`;
  const [counted] = await duck.all(
    `SELECT count(DISTINCT search_id) AS searches, list(DISTINCT application ORDER BY application) FILTER (WHERE application IS NOT NULL) AS apps
FROM ${files} WHERE position IS NOT NULL AND ${fromZero}`,
  );
  work.result.positions.fromZero = Number(counted?.searches ?? 0);
  work.result.positions.applications = ((counted?.apps as string[] | null) ?? []).slice(0, 10);
  return `(SELECT * REPLACE (CASE WHEN position IS NOT NULL AND ${fromZero} THEN position + 1 ELSE position END AS position) FROM ${files})`;
}

/** The work table of one import's conflicting search ids (its source is hex: a safe name). */
const conflictTable = (work: Settling) => `conflicts_${work.source}`;
/** Conflicting search ids named in the result, at most. */
const CONFLICT_EXAMPLES = 5;

/**
 * The file's searches whose id the store already holds for a different search — another query, or another session
 * or user where both name one — e.g. a second simulation under the same seed, or two logs whose ids overlap. Such a
 * search is not kept (the store's stays), and neither are its actions: they belong to a search the store does not
 * hold. Counted and named in the result; nothing is said when there is none.
 */
async function findConflicts(work: Settling, rows: string): Promise<void> {
  const duck = work.store.duck;
  const table = conflictTable(work);
  await duck.run(`CREATE OR REPLACE TEMP TABLE ${table} AS
SELECT DISTINCT n.search_id FROM ${rows} n JOIN searches_logged o ON o.search_id = n.search_id
WHERE o.query IS DISTINCT FROM n.query
  OR (o.session_id IS NOT NULL AND n.session_id IS NOT NULL AND o.session_id <> n.session_id)
  OR (o.user_id IS NOT NULL AND n.user_id IS NOT NULL AND o.user_id <> n.user_id)`);
  const found = await duck.all(`SELECT search_id, count(*) OVER () AS n FROM ${table} ORDER BY search_id LIMIT ${CONFLICT_EXAMPLES}`);
  if (found.length === 0) return;
  work.result.conflicts = { searches: Number(found[0]?.n ?? 0), events: 0, examples: found.map((r) => String(r.search_id)) };
}

/** Drops an import's work table of conflicts, when it made one. */
export async function forgetConflicts(work: Settling): Promise<void> {
  await work.store.duck.run(`DROP TABLE IF EXISTS ${conflictTable(work)}`);
}

/**
 * What a table's new files hold that the store has not got (by its key: the same file twice, or two files that
 * overlap, count once), moved into the store, with what was folded, repeated and known counted. Usually nothing
 * repeats and the files move as they are; else they are written again: a search logged more than once as its
 * record with hits (the page the shopper saw; a hitless request beside it, such as a facet count, is not a
 * zero-result search), the earliest such; positions counted from 1.
 */
export async function settle(work: Settling, table: Table): Promise<void> {
  const dirs = [];
  for (const part of ['sql', 'js'] as const) {
    // A COPY of no rows leaves a folder without files.
    const files = await readdir(outDir(work.temp, table, part), { recursive: true }).catch(() => []);
    if (files.some((f) => f.endsWith('.parquet'))) dirs.push(outDir(work.temp, table, part));
  }
  if (dirs.length === 0) return;
  const duck = work.store.duck;
  const identity = IDENTITY[table];
  const files = `read_parquet([${dirs.map((d) => sqlPath(d, join('**', '*.parquet'))).join(', ')}], hive_partitioning = true, hive_types = {'day': DATE}, union_by_name = true)`;
  let rows = table === 'events' ? await settlePositions(work, files) : files;
  if (table === 'searches') await findConflicts(work, rows);
  else if (work.result.conflicts) {
    // An action is kept only with the search it belongs to: none whose search id the store holds for another search.
    const [dropped] = await duck.all(`SELECT count(*) AS n FROM ${rows} WHERE search_id IN (SELECT search_id FROM ${conflictTable(work)})`);
    work.result.conflicts.events = Number(dropped?.n ?? 0);
    rows = `(SELECT * FROM ${rows} WHERE search_id IS NULL OR search_id NOT IN (SELECT search_id FROM ${conflictTable(work)}))`;
  }
  // A check by hashes: equal rows always hash alike, so no repeat and no match means none (a collision only sends
  // the files the long way below, which compares the fields themselves).
  const hash = `hash(${identity.join(', ')})`;
  const [check] = await duck.all(
    `SELECT count(*) AS n, count(DISTINCT ${hash}) AS distinct_keys, count(DISTINCT ${hash}) FILTER (WHERE ${hash} IN (SELECT ${hash} FROM ${table})) AS known FROM ${rows}`,
  );
  const n = Number(check?.n ?? 0);
  const distinct = Number(check?.distinct_keys ?? 0);
  const known = Number(check?.known ?? 0);
  // A conflicting search is said as a conflict, not as one the store already had.
  if (table === 'searches')
    Object.assign(work.result.searches, { folded: n - distinct, known: known - (work.result.conflicts?.searches ?? 0) });
  else Object.assign(work.result.events, { repeated: n - distinct, known });
  const counts = work.result[table];
  if (n > 0 && n === distinct && known === 0 && rows === files) {
    for (const dir of dirs) await moveInto(dir, join(work.store.dir, table));
    counts.added = n;
    return;
  }
  const order = table === 'searches' ? 'search_id, len(hit_ids) = 0, ts' : `${identity.join(', ')}, ts`;
  const out = join(work.temp, `out-${table}-settled`);
  const [written] = await duck.all(
    `COPY (
  SELECT * FROM (SELECT DISTINCT ON (${identity.join(', ')}) * FROM ${rows} ORDER BY ${order}) n
  WHERE NOT EXISTS (SELECT 1 FROM ${table} o WHERE ${identity.map((c) => `o.${c} IS NOT DISTINCT FROM n.${c}`).join(' AND ')})
) TO ${sqlText(out)} (FORMAT parquet, COMPRESSION zstd, PARTITION_BY (day), FILENAME_PATTERN ${sqlText(`import-${work.source}-{i}`)})`,
  );
  counts.added = Number(written?.Count ?? 0);
  if (counts.added > 0) await moveInto(out, join(work.store.dir, table));
}

/**
 * Once the store's views hold the file: its actions that name no search the store holds, and the searches whose page
 * its impressions gave (or whose impressions were already there).
 */
export async function afterwards(work: Settling): Promise<void> {
  const duck = work.store.duck;
  const source = sqlText(work.source);
  const [untied] = await duck.all(
    `SELECT count(*) AS n FROM events e WHERE e.source = ${source}
  AND (e.search_id IS NULL OR NOT EXISTS (SELECT 1 FROM searches s WHERE s.search_id = e.search_id))`,
  );
  work.result.events.untied = Number(untied?.n ?? 0);
  const [shown] = await duck.all(`SELECT count(*) AS n FROM duckdb_tables() WHERE table_name = 'search_shown'`);
  if (Number(shown?.n ?? 0) === 0) return;
  const [gave] = await duck.all(
    `SELECT count(*) AS n FROM search_shown i WHERE i.search_id IN (SELECT search_id FROM searches_logged WHERE source = ${source})
  OR i.search_id IN (SELECT search_id FROM events WHERE source = ${source} AND action = '${IMPRESSION}')`,
  );
  work.result.shownByImpressions = Number(gave?.n ?? 0);
}

/** Each new file renamed into its day's folder: no folder on the way may be a link, no file is written over. */
async function moveInto(from: string, to: string): Promise<void> {
  await checkFolder(to);
  for (const day of await readdir(from)) {
    const target = join(to, day);
    await checkFolder(target);
    for (const file of await readdir(join(from, day))) {
      const dest = join(target, file);
      const there = await lstat(dest).catch(() => undefined);
      if (there) throw new Error(`${relative(to, dest)} is already in the store; nothing was written over it.`);
      await rename(join(from, day, file), dest);
    }
  }
}

async function checkFolder(dir: string): Promise<void> {
  const info = await lstat(dir).catch(() => undefined);
  if (!info) await mkdir(dir, { mode: 0o755 });
  else if (!info.isDirectory()) throw new Error(`${dir} is not a folder (a link or a file): the store will not write through it.`);
}

import { mkdir, mkdtemp, open, rm, stat, type FileHandle } from 'node:fs/promises';
import { basename, join } from 'node:path';
import {
  bulkLineSql,
  emptyImport,
  type EventRow,
  type FileImport,
  isBulkAction,
  isObject,
  isUbiEvent,
  linesSql,
  type PositionBase,
  ProblemTally,
  type SearchRow,
  TrafficReader,
  ubiEventsSql,
  ubiSearchesSql,
} from '../../../shared/traffic';
import { streamTextFile } from '../storage';
import { ledgerOf, sourceOf } from './ledger';
import { type Census, censusOf, findLines, identityOf, linkInto, MAX_TRAFFIC_BYTES } from './census';
import { sqlPath, sqlText } from './duck';
import { afterwards, forgetConflicts, outDir, settle } from './settle';
import { ensureStoreDir, type Table, TABLE_COLUMNS, type TrafficStore } from './store';

export { MAX_TRAFFIC_BYTES } from './census';
/** Lines DuckDB leaves to JavaScript, at most, before the whole file is read by JavaScript instead. */
const MAX_OTHER_LINES = 100_000;

export interface ImportProgress {
  file: string;
  bytes: number;
  totalBytes: number;
}

/** Rows written as JSON Lines to a temp file a batch at a time, for DuckDB to read with its columns. */
class RowSpool {
  private lines: string[] = [];
  count = 0;
  private constructor(
    readonly path: string,
    private readonly handle: FileHandle,
  ) {}

  static async create(path: string): Promise<RowSpool> {
    return new RowSpool(path, await open(path, 'wx', 0o600));
  }

  add(row: Record<string, unknown>): void {
    this.lines.push(JSON.stringify(row));
    this.count++;
  }

  async flush(): Promise<void> {
    if (!this.lines.length) return;
    const text = `${this.lines.join('\n')}\n`;
    this.lines = [];
    await this.handle.write(text);
  }

  async close(): Promise<void> {
    await this.flush();
    await this.handle.close();
  }
}

const searchRecord = (s: SearchRow) => ({
  search_id: s.searchId,
  session_id: s.sessionId,
  user_id: s.userId,
  client_id: s.clientId,
  ts: s.ts,
  query: s.query,
  configuration_id: s.configurationId,
  segment: s.segment,
  variables: s.variables,
  hit_ids: s.hitIds,
  hit_count: s.hitCount,
  filter: s.filter,
  page: s.page,
  ab_test: s.abTest,
  ab_variation: s.abVariation,
  application: s.application ?? null,
});

const eventRecord = (e: EventRow) => ({
  search_id: e.searchId,
  session_id: e.sessionId,
  user_id: e.userId,
  ts: e.ts,
  action: e.action,
  docid: e.docid,
  position: e.position,
  value: e.value,
  application: e.application ?? null,
});

/** One import's work folder and what it has read so far. */
interface Work {
  store: TrafficStore;
  path: string;
  /** The file as DuckDB reads it: a link to it (or a copy) in the work folder, the one place outside the store it may read. */
  input: string;
  name: string;
  census: Census;
  temp: string;
  source: string;
  result: FileImport;
  /** The bad lines, counted into `result` as they come. */
  tally: ProblemTally;
  positions: PositionBase;
  progress: (done: number) => void;
}

/** Rows of a table (a SELECT without `source` or `day`) written as Parquet by day into the work folder. */
async function copyRows(work: Work, table: Table, select: string, part: 'sql' | 'js'): Promise<number> {
  const [written] = await work.store.duck.all(
    `COPY (SELECT *, ${sqlText(work.source)} AS source, CAST(ts AS DATE) AS day FROM (${select}))
TO ${sqlText(outDir(work.temp, table, part))} (FORMAT parquet, COMPRESSION zstd, PARTITION_BY (day), FILENAME_PATTERN ${sqlText(`import-${work.source}-${part}-{i}`)})`,
  );
  return Number(written?.Count ?? 0);
}

/**
 * The fast way, for UBI JSON Lines: DuckDB reads the file itself and keeps every line it can vouch for; the few
 * others are found by their length and MD5 and read by JavaScript with their line numbers, which keeps or names each.
 * False when DuckDB's reading of the file does not square with the census (nothing of it is then kept).
 */
async function readBySql(work: Work): Promise<boolean> {
  const { census, store, result } = work;
  const lines = linesSql(sqlPath(work.input));
  const base = work.positions === '1' ? 1 : 0;
  const sql = {
    searches: ubiSearchesSql,
    events: (from: string, mode?: 'rows' | 'others') => ubiEventsSql(from, mode, base),
  };
  let first: unknown;
  try {
    first = JSON.parse(census.firstLine);
  } catch {
    return false;
  }
  const order: Table[] = isUbiEvent(first as Record<string, unknown>) ? ['events', 'searches'] : ['searches', 'events'];
  let vouched = 0;
  let marks: Record<string, unknown>[] = [];
  try {
    // Bulk NDJSON starts with an action line: only then is the file read once more to count them (elsewhere the
    // odd one is left to JavaScript, which skips it too).
    if (isObject(first) && isBulkAction(first)) {
      const [bulk] = await store.duck.all(`SELECT count(*) AS n FROM ${lines} WHERE ${bulkLineSql}`);
      result.bulk = Number(bulk?.n ?? 0);
      vouched += result.bulk;
    }
    for (const [i, table] of order.entries()) {
      if (vouched === census.filled) break;
      const n = await copyRows(work, table, sql[table](lines), 'sql');
      result[table].read += n;
      vouched += n;
      work.progress((i + 1) / 3);
    }
    const others = census.filled - vouched;
    if (others > MAX_OTHER_LINES || others < 0) return false;
    if (others > 0)
      marks = await store.duck.all(
        order.map((t) => `SELECT strlen(line) AS bytes, md5(line) AS md5 FROM (${sql[t](lines, 'others')})`).join('\nUNION ALL\n') +
          `\nLIMIT ${others + 1}`,
      );
    if (marks.length !== others) return false;
  } catch {
    // A file DuckDB cannot read as lines (a line over its limit, bytes that are not UTF-8): JavaScript reads it.
    return false;
  }
  if (marks.length > 0) {
    const found = await readWithJs(work, 'json-lines', (reader) =>
      findLines(
        work.path,
        work.name,
        census.identity,
        marks.map((m) => ({ bytes: Number(m.bytes), md5: String(m.md5) })),
        (text, number) => reader.lineAt(text, number),
      ),
    );
    if (!found) return false;
  }
  // DuckDB read the file by its name: it must be the file the census read.
  if (identityOf(await stat(work.path)) !== census.identity)
    throw new Error(`${work.name} changed while it was imported: import it again.`);
  result.lines = census.lines;
  if (!result.formats.includes('ubi')) result.formats.unshift('ubi');
  return true;
}

/**
 * JavaScript's reading: every line (or the lines `feed` hands it) through the traffic reader, bad ones named, the
 * rows spooled and written as Parquet. False when `feed` says the file was not as expected.
 */
async function readWithJs(
  work: Work,
  part: 'json-lines' | 'whole',
  feed: (reader: TrafficReader, flush: () => Promise<void>) => Promise<boolean>,
): Promise<boolean> {
  const { result, temp } = work;
  const dir = await mkdtemp(join(temp, 'spool-'));
  const searches = await RowSpool.create(join(dir, 'searches.jsonl'));
  const events = await RowSpool.create(join(dir, 'events.jsonl'));
  const reader = new TrafficReader(
    {
      search: (s) => searches.add(searchRecord(s)),
      event: (e) => events.add(eventRecord(e)),
      problem: (p) => work.tally.add(p),
    },
    { positions: work.positions },
  );
  const ok = await feed(reader, async () => {
    await searches.flush();
    await events.flush();
  });
  const read = reader.end();
  await searches.close();
  await events.close();
  if (!ok) return false;
  result.bulk += read.bulk;
  result.formats = [...new Set([...result.formats, ...read.formats])];
  if (part === 'whole') result.lines = read.lines;
  for (const [table, spool] of [
    ['searches', searches],
    ['events', events],
  ] as const) {
    if (spool.count === 0) continue;
    const columns = Object.entries(TABLE_COLUMNS[table])
      .filter(([name]) => name !== 'source')
      .map(([name, type]) => `${name}: '${type}'`)
      .join(', ');
    await copyRows(
      work,
      table,
      `SELECT * FROM read_json(${sqlPath(spool.path)}, format = 'newline_delimited', columns = {${columns}})`,
      'js',
    );
    result[table].read += spool.count;
  }
  return true;
}

/** The whole file through JavaScript: for CSV, the tracker's activities, JSON arrays, and what DuckDB could not read. */
async function readWholeWithJs(work: Work): Promise<void> {
  await readWithJs(work, 'whole', async (reader, flush) => {
    let bytes = 0;
    await streamTextFile(
      work.path,
      async (piece) => {
        if (!piece) return;
        reader.feed(piece);
        bytes += Buffer.byteLength(piece);
        work.progress(bytes / work.census.size);
        await flush();
      },
      { maxBytes: MAX_TRAFFIC_BYTES, name: work.name },
    );
    return true;
  });
}

/**
 * Imports one file into the store. A file seen before (by SHA-256) is not read again. UBI JSON Lines are read by
 * DuckDB (readBySql); anything else, line by line in JavaScript. A bad line is named and skipped, never fatal. Only
 * what the store has not got is kept — a search by its id (records of one id in the file folded into the one with
 * hits), an action by its key, its position counted from 1 (`positions`: where the log's ordinals start; `auto` reads
 * them per search and application) — written as Parquet by day in a temp folder inside the store and renamed into
 * place, one file at a time. `outcomes: false` leaves the store's table of search outcomes to be made again by the
 * caller (`store.refresh()`), once after several files.
 */
export async function importFile(
  store: TrafficStore,
  path: string,
  onProgress?: (p: ImportProgress) => void,
  options: { outcomes?: boolean; positions?: PositionBase } = {},
): Promise<FileImport> {
  const name = basename(path);
  const positions = options.positions ?? 'auto';
  // The census is the first half of the work shown; reading the rows, the second.
  const census = await censusOf(path, name, (bytes, total) => onProgress?.({ file: path, bytes, totalBytes: 2 * total }));
  const ledger = ledgerOf(store.dir);
  const known = (await ledger.load()).value.imports.find((i) => i.sha256 === census.sha256);
  if (known) return { ...emptyImport(path, positions), already: known.at };
  const fresh = () => {
    const result = emptyImport(path, positions);
    return { result, tally: new ProblemTally(result) };
  };
  // A store read as empty until now (the app's, before its first import) is made here.
  await ensureStoreDir(store.dir);
  const temp = await mkdtemp(join(store.dir, '.incoming-'));
  try {
    const progress = (done: number) =>
      onProgress?.({ file: path, bytes: census.size + Math.min(1, done) * census.size, totalBytes: 2 * census.size });
    const input = join(temp, 'input');
    const source = sourceOf(census.sha256);
    const work: Work = { store, path, name, input, census, temp, source, positions, progress, ...fresh() };
    const jsonLines = census.firstLine.trimStart().startsWith('{');
    if (!(jsonLines && (await linkInto(path, input)) && (await readBySql(work)))) {
      // Nothing DuckDB wrote is kept: JavaScript reads the whole file.
      await rm(temp, { recursive: true, force: true });
      await mkdir(temp, { mode: 0o700 });
      Object.assign(work, fresh());
      await readWholeWithJs(work);
    }
    work.tally.finish();
    const r = work.result;
    try {
      await settle(work, 'searches');
      await settle(work, 'events');
    } finally {
      await forgetConflicts(work);
    }
    await store.refresh(options);
    await afterwards(work);
    if (r.searches.read + r.events.read > 0) {
      const { value } = await ledger.load();
      const entry = { sha256: census.sha256, name, at: new Date().toISOString(), searches: r.searches.added, events: r.events.added };
      await ledger.save({ imports: [...value.imports, entry] });
    }
    progress(1);
    return r;
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

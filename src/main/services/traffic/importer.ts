import { createHash } from 'node:crypto';
import { lstat, mkdir, mkdtemp, open, readdir, rename, rm, type FileHandle } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import { z } from 'zod';
import { type EventRow, type FileImport, type SearchRow, TrafficReader } from '../../../shared/traffic';
import { JsonDocument, openInputFile, streamTextFile } from '../storage';
import { sqlText } from './duck';
import { type Table, TABLE_COLUMNS, type TrafficStore } from './store';

/** The largest traffic file read (JSON Lines or CSV are read a piece at a time; a JSON array is read whole). */
export const MAX_TRAFFIC_BYTES = 32 * 1024 ** 3;
/** Bad lines named one by one; the rest are counted. */
export const NAMED_PROBLEMS = 100;

export interface ImportProgress {
  file: string;
  bytes: number;
  totalBytes: number;
}

const ledgerSchema = z.strictObject({
  imports: z.array(
    z.strictObject({
      sha256: z.string(),
      name: z.string(),
      at: z.string(),
      searches: z.number(),
      events: z.number(),
    }),
  ),
});

const ledgerOf = (dir: string) =>
  new JsonDocument({
    file: join(dir, 'imports.json'),
    schema: ledgerSchema,
    version: 1,
    defaults: () => ({ imports: [] }),
  });

async function sha256Of(path: string): Promise<string> {
  const { handle } = await openInputFile(path, { maxBytes: MAX_TRAFFIC_BYTES });
  const hash = createHash('sha256');
  try {
    const buffer = Buffer.alloc(1 << 20);
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      hash.update(buffer.subarray(0, bytesRead));
    }
  } finally {
    await handle.close();
  }
  return hash.digest('hex');
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

const searchRecord = (s: SearchRow, source: string) => ({
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
  source,
});

const eventRecord = (e: EventRow, source: string) => ({
  event_key: e.eventKey,
  search_id: e.searchId,
  session_id: e.sessionId,
  user_id: e.userId,
  ts: e.ts,
  action: e.action,
  docid: e.docid,
  position: e.position,
  value: e.value,
  source,
});

/**
 * Imports one file into the store: read a piece at a time, each line checked (a bad line named and skipped, never
 * fatal), the rows spooled, then DuckDB keeps only what the store has not got (a search by its id, an action by its
 * key: the same file twice, or two files that overlap, count once) and writes it as Parquet by day. The new files
 * are written in a temp folder inside the store and renamed into place, one by one.
 */
export async function importFile(store: TrafficStore, path: string, onProgress?: (p: ImportProgress) => void): Promise<FileImport> {
  const sha256 = await sha256Of(path);
  const ledger = ledgerOf(store.dir);
  const known = (await ledger.load()).value.imports.find((i) => i.sha256 === sha256);
  const result: FileImport = {
    file: path,
    formats: [],
    lines: 0,
    searches: { read: 0, added: 0 },
    events: { read: 0, added: 0, untied: 0 },
    skipped: 0,
    problems: [],
  };
  if (known) return { ...result, already: known.at };
  const temp = await mkdtemp(join(store.dir, '.incoming-'));
  try {
    const source = sha256.slice(0, 16);
    const searches = await RowSpool.create(join(temp, 'searches.jsonl'));
    const events = await RowSpool.create(join(temp, 'events.jsonl'));
    const reader = new TrafficReader({
      search: (s) => searches.add(searchRecord(s, source)),
      event: (e) => {
        if (e.searchId === null) result.events.untied++;
        events.add(eventRecord(e, source));
      },
      problem: (p) => {
        result.skipped++;
        if (result.problems.length < NAMED_PROBLEMS) result.problems.push(p);
      },
    });
    const { size } = await openInputFile(path, { maxBytes: MAX_TRAFFIC_BYTES }).then(async (f) => {
      await f.handle.close();
      return f;
    });
    let bytes = 0;
    await streamTextFile(
      path,
      async (piece) => {
        if (!piece) return;
        reader.feed(piece);
        bytes += Buffer.byteLength(piece);
        onProgress?.({ file: path, bytes, totalBytes: size });
        await searches.flush();
        await events.flush();
      },
      { maxBytes: MAX_TRAFFIC_BYTES, name: basename(path) },
    );
    const read = reader.end();
    await searches.close();
    await events.close();
    result.formats = read.formats;
    result.lines = read.lines;
    result.searches.read = searches.count;
    result.events.read = events.count;
    result.searches.added = await addRows(store, temp, 'searches', 'search_id', source, searches.count);
    result.events.added = await addRows(store, temp, 'events', 'event_key', source, events.count);
    await store.refresh();
    if (result.searches.read + result.events.read > 0) {
      const { value } = await ledger.load();
      const entry = {
        sha256,
        name: basename(path),
        at: new Date().toISOString(),
        searches: result.searches.added,
        events: result.events.added,
      };
      await ledger.save({ imports: [...value.imports, entry] });
    }
    return result;
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

/** The spooled rows of a table the store has not got (by `key`), written as Parquet by day; how many were added. */
async function addRows(store: TrafficStore, temp: string, table: Table, key: string, source: string, count: number): Promise<number> {
  if (count === 0) return 0;
  const duck = store.duck;
  const columns = Object.entries(TABLE_COLUMNS[table])
    .map(([name, type]) => `${name}: '${type}'`)
    .join(', ');
  const out = join(temp, `out-${table}`);
  // One streaming statement, nothing held whole: the spool read, one row per key (the earliest), what the store has
  // not got, written as Parquet by day. DuckDB sorts and joins out of core when the rows outgrow its memory limit.
  const [written] = await duck.all(
    `COPY (
  SELECT n.*, CAST(n.ts AS DATE) AS day
  FROM (
    SELECT DISTINCT ON (${key}) * FROM read_json(${sqlText(join(temp, `${table}.jsonl`))}, format = 'newline_delimited', columns = {${columns}})
    ORDER BY ${key}, ts
  ) n
  WHERE NOT EXISTS (SELECT 1 FROM ${table} o WHERE o.${key} = n.${key})
) TO ${sqlText(out)} (FORMAT parquet, COMPRESSION zstd, PARTITION_BY (day), FILENAME_PATTERN ${sqlText(`import-${source}-{i}`)})`,
  );
  const added = Number(written?.Count ?? 0);
  if (added > 0) await moveInto(out, join(store.dir, table));
  return added;
}

/** Each new file renamed into its day's folder: no folder on the way may be a link, no file is written over. */
async function moveInto(from: string, to: string): Promise<void> {
  for (const dir of [to]) await checkFolder(dir);
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

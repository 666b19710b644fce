import { rmSync } from 'node:fs';
import { mkdtemp, realpath } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';

/**
 * DuckDB, the traffic store's engine: embedded, its engine shipped in the npm package. Loaded on first use, so the
 * app starts without it; one in-memory database per store, reading the store's Parquet files in place.
 */
export interface Duck {
  /** Rows as plain objects: big integers as numbers, dates as YYYY-MM-DD, timestamps as ISO text. */
  all(sql: string, params?: Record<string, string | number | boolean>): Promise<Record<string, unknown>[]>;
  run(sql: string, params?: Record<string, string | number | boolean>): Promise<void>;
  /**
   * Streams a result too large to make into objects, chunk by chunk (about 2,048 rows each): `visit` reads each
   * column's values with `column(c)(i)` (integers as numbers, text as strings) — what turns a million rows into typed
   * arrays without an object per row.
   */
  each(sql: string, visit: (rows: number, column: (c: number) => (row: number) => unknown) => void): Promise<void>;
  /**
   * A result as plain objects a chunk (about 2,048 rows) at a time, for a result too large to hold whole: the
   * connection is this reader's until it has read the last chunk or stopped early.
   */
  chunks(sql: string, params?: Record<string, string | number | boolean>): AsyncGenerator<Record<string, unknown>[]>;
  /**
   * Rows of whole numbers appended to a temporary table of INTEGER columns through DuckDB's appender: what a million
   * values made in JavaScript go back as (a statement's parameters would take thousands of statements).
   */
  appendIntegers(table: string, rows: Iterable<readonly number[]>): Promise<void>;
  close(): void;
}

/**
 * DuckDB for one store. It reads and writes files under `folders` only (the store's folder), spills to a folder of its
 * own, and can neither fetch nor load an extension: external access is off but for those folders, and the
 * configuration is locked so no later statement can turn any of it back on.
 */
export async function openDuck(folders: string[]): Promise<Duck> {
  const { DuckDBInstance: Instance } = await import('@duckdb/node-api');
  // A fresh private folder (mode 0700, a random name) for what a large job spills, removed on close.
  const spill = await mkdtemp(join(tmpdir(), 'search-workbench-duckdb-'));
  // Bounded memory: a larger job spills. 512 MB keeps the whole process under 1 GB through an import of 10 million
  // events and every view after it (npm run bench traffic).
  const instance: DuckDBInstance = await Instance.create(':memory:', {
    threads: '2',
    memory_limit: '512MB',
    preserve_insertion_order: 'false',
    temp_directory: spill,
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
    allow_community_extensions: 'false',
  });
  const connection: DuckDBConnection = await instance.connect();
  // Each folder as written and as sqlPath writes it (a name with `?` or `[` in it): DuckDB holds the path it is given
  // against the list, then each file that path names.
  // And as the system names it without links (macOS's temp folder is a link into /private), should DuckDB check that.
  const real = await Promise.all([...folders, spill].map((f) => realpath(f).catch(() => f)));
  const allowed = [...new Set([...folders, spill, ...real].flatMap((f) => [f, literalPath(f)]))]
    .map((f) => sqlText(f.endsWith(sep) ? f : `${f}${sep}`))
    .join(', ');
  for (const setting of [`SET allowed_directories = [${allowed}]`, 'SET enable_external_access = false', 'SET lock_configuration = true'])
    await connection.run(setting);
  // One statement at a time on the connection: a second statement begun while a result is still streaming ends that
  // result early, and the first reader saw no more rows (two fits side by side each got part of the pages, or none).
  let last: Promise<unknown> = Promise.resolve();
  let closed = false;
  const alone = <T>(work: () => Promise<T>): Promise<T> => {
    const turn = last.then(work, work);
    last = turn.catch(() => undefined);
    return turn;
  };
  return {
    all: (sql, params) => alone(() => readAll(connection, sql, params)),
    run: (sql, params) =>
      alone(async () => {
        await connection.run(sql, params);
      }),
    each: (sql, visit) =>
      alone(async () => {
        const result = await connection.stream(sql);
        for (;;) {
          const chunk = await result.fetchChunk();
          if (!chunk || chunk.rowCount === 0) break;
          visit(chunk.rowCount, (c) => {
            const vector = chunk.getColumnVector(c);
            return (row) => vector.getItem(row);
          });
        }
      }),
    appendIntegers: (table, rows) =>
      alone(async () => {
        const appender = await connection.createAppender(table, 'main', 'temp');
        try {
          for (const row of rows) {
            for (const value of row) appender.appendInteger(value);
            appender.endRow();
          }
          appender.flushSync();
        } finally {
          appender.closeSync();
        }
      }),
    async *chunks(sql, params) {
      let release = () => {};
      const held = new Promise<void>((done) => (release = done));
      await new Promise<void>((begun) => void alone(() => (begun(), held)));
      try {
        const result = await connection.stream(sql, params);
        for await (const rows of result.yieldRowObjectJs())
          yield rows.map((row) => {
            const out: Record<string, unknown> = {};
            for (const name in row) out[name] = plain(row[name]);
            return out;
          });
      } finally {
        release();
      }
    },
    close() {
      if (closed) return;
      closed = true;
      connection.closeSync();
      instance.closeSync();
      rmSync(spill, { recursive: true, force: true });
    },
  };
}

/** A whole result as plain objects. */
async function readAll(connection: DuckDBConnection, sql: string, params?: Record<string, string | number | boolean>) {
  const reader = await connection.runAndReadAll(sql, params);
  // Read by column (twice as fast as by row for a report of 50,000 rows), each column made plain once, then the rows.
  const columns = Object.entries(reader.getColumnsObjectJS()).map(([name, values]) => [name, plainColumn(values)] as const);
  const rows: Record<string, unknown>[] = new Array(reader.currentRowCount);
  for (let i = 0; i < rows.length; i++) {
    const row: Record<string, unknown> = {};
    for (const [name, values] of columns) row[name] = values[i];
    rows[i] = row;
  }
  return rows;
}

/** A column's values as plain JavaScript: left as they are when none needs changing. */
function plainColumn(values: readonly unknown[]): readonly unknown[] {
  const needs = values.some((v) => typeof v === 'bigint' || v instanceof Date || Array.isArray(v));
  return needs ? values.map(plain) : values;
}

function plain(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(plain);
  return value;
}

/** A text value written into SQL where a parameter cannot go (a file path in COPY … TO): quoted, quotes doubled. */
export const sqlText = (text: string): string => `'${text.replaceAll("'", "''")}'`;

/**
 * A file DuckDB is to read, as SQL text it cannot take for more than that file: DuckDB reads a name as a pattern
 * (`*`, `?`, `[…]`), so each of those characters is written as a class matching only itself. `pattern`, a glob of the
 * app's own (`**` + `/*.parquet`), is added after the path, as it is.
 */
export function sqlPath(path: string, pattern?: string): string {
  const literal = literalPath(path);
  return sqlText(pattern ? join(literal, pattern) : literal);
}

/** Absolute (never a leading `~`, the home folder to DuckDB, nor a `scheme://` it would fetch), each of `*?[` a class. */
const literalPath = (path: string): string => resolve(path).replace(/[*?[]/g, (c) => `[${c}]`);

import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
  close(): void;
}

export async function openDuck(): Promise<Duck> {
  const { DuckDBInstance: Instance } = await import('@duckdb/node-api');
  // Bounded memory: a larger job spills to a folder of its own in the system's temp. 512 MB keeps the whole process
  // under 1 GB through an import of 10 million events and every view after it (npm run bench traffic).
  const instance: DuckDBInstance = await Instance.create(':memory:', {
    threads: '2',
    memory_limit: '512MB',
    preserve_insertion_order: 'false',
    temp_directory: join(tmpdir(), `search-workbench-duckdb-${process.pid}`),
  });
  const connection: DuckDBConnection = await instance.connect();
  // One statement at a time on the connection: a second statement begun while a result is still streaming ends that
  // result early, and the first reader saw no more rows (two fits side by side each got part of the pages, or none).
  let last: Promise<unknown> = Promise.resolve();
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
    close() {
      connection.closeSync();
      instance.closeSync();
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

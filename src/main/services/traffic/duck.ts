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
  close(): void;
}

export async function openDuck(): Promise<Duck> {
  const { DuckDBInstance: Instance } = await import('@duckdb/node-api');
  // Bounded memory (a larger job spills to a folder of its own in the system's temp); at 512 MB an import of 10 million
  // events ran out (its de-duplicating sort), so 1 GB.
  const instance: DuckDBInstance = await Instance.create(':memory:', {
    threads: '2',
    memory_limit: '1GB',
    preserve_insertion_order: 'false',
    temp_directory: join(tmpdir(), `search-workbench-duckdb-${process.pid}`),
  });
  const connection: DuckDBConnection = await instance.connect();
  return {
    async all(sql, params) {
      const reader = await connection.runAndReadAll(sql, params);
      return reader.getRowObjectsJS().map((row) => {
        const out: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(row)) out[key] = plain(value);
        return out;
      });
    },
    async run(sql, params) {
      await connection.run(sql, params);
    },
    close() {
      connection.closeSync();
      instance.closeSync();
    },
  };
}

function plain(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(plain);
  return value;
}

/** A text value written into SQL where a parameter cannot go (a file path in COPY … TO): quoted, quotes doubled. */
export const sqlText = (text: string): string => `'${text.replaceAll("'", "''")}'`;

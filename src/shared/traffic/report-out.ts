import { csvLines } from '../csv';
import { TRAFFIC_COLUMNS, type TrafficRow } from './views';

/** A report's rows as they come from the store, a chunk at a time, in the report's order. */
export type RowChunks = AsyncIterable<readonly TrafficRow[]>;

/**
 * The JSON report, `{ k, rows }` with rates as fractions, written a chunk at a time: the text `JSON.stringify` would
 * print with two-space indents, without holding more than one chunk of rows.
 */
export async function* trafficJsonPieces(k: number, chunks: RowChunks): AsyncGenerator<string> {
  let written = 0;
  for await (const rows of chunks) {
    if (!rows.length) continue;
    const objects = rows.map((row) => JSON.stringify(row, null, 2).replace(/^/gm, '    ')).join(',\n');
    yield `${written ? ',\n' : `{\n  "k": ${JSON.stringify(k)},\n  "rows": [\n`}${objects}`;
    written += rows.length;
  }
  yield written ? '\n  ]\n}\n' : `${JSON.stringify({ k, rows: [] }, null, 2)}\n`;
}

/** The CSV report a chunk at a time: one line per group, the columns of the JSON rows; shopper-typed text defused. */
export async function* trafficCsvPieces(chunks: RowChunks): AsyncGenerator<string> {
  yield `${csvLines([TRAFFIC_COLUMNS])}\n`;
  for await (const rows of chunks) if (rows.length) yield `${csvLines(rows.map((r) => TRAFFIC_COLUMNS.map((c) => r[c])))}\n`;
}

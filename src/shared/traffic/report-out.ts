import { csvLines } from '../csv';
import { TRAFFIC_COLUMNS, type TrafficGroup, type TrafficRow } from './views';

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

/**
 * The HTML report from rows as they come, its renderer loaded only when one is written: the page keeps the first
 * HTML_REPORT_ROWS and counts the rest, so a report of a million groups holds ten thousand rows at a time. `rows` is
 * how many groups the report had.
 */
export async function trafficHtmlOf(
  by: TrafficGroup,
  k: number,
  chunks: RowChunks | Iterable<readonly TrafficRow[]>,
  title = 'Shopper traffic',
): Promise<{ text: string; rows: number }> {
  const { HTML_REPORT_ROWS, trafficHtmlPage } = await import('./report-html');
  const shown: TrafficRow[] = [];
  let rows = 0;
  let searches = 0;
  for await (const chunk of chunks)
    for (const row of chunk) {
      rows += 1;
      searches += row.searches;
      if (shown.length < HTML_REPORT_ROWS) shown.push(row);
    }
  return { text: trafficHtmlPage({ by, k, shown, rows, searches }, title), rows };
}

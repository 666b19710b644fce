import { cellOf, COLUMN_LABELS, type RowChunks, TRAFFIC_COLUMNS, type TrafficGroup, type TrafficRow } from '../shared/traffic';
import { renderReport, ReportPage } from './page';

const CSS = `table{border-collapse:collapse;background:var(--surface);border:1px solid var(--border);margin-top:16px;width:100%}
th,td{border:1px solid var(--border);padding:4px 8px;text-align:right}th:first-child,td:first-child{text-align:left}
thead th{font-size:11px;text-transform:uppercase;letter-spacing:.04em;color:var(--muted)}`;

/**
 * Rows an HTML report shows, the first (most searched): a page of a million rows is too big to open, and rendering it
 * took gigabytes. The CSV and JSON keep every row.
 */
export const HTML_REPORT_ROWS = 10_000;

/** What the page shows: the first rows, and how many rows and searches the whole report held. */
export interface HtmlReportRows {
  by: TrafficGroup;
  k: number;
  shown: readonly TrafficRow[];
  rows: number;
  searches: number;
}

function TrafficPage({ report, title }: { report: HtmlReportRows; title: string }) {
  const { shown, searches } = report;
  const left = report.rows - shown.length;
  return (
    <ReportPage title={`${title} — Search Workbench`} css={CSS}>
      <h1>{title}</h1>
      <div className="muted">
        {`${report.rows.toLocaleString('en-US')} ${report.by === 'query' ? 'queries' : `${report.by} groups`} · ${searches.toLocaleString('en-US')} searches · click-through at ${report.k}: the share of searches with a click at a position ≤ ${report.k}`}
      </div>
      {left > 0 && (
        <p className="muted" data-left-out={left}>
          {`The first ${shown.length.toLocaleString('en-US')} rows; ${left.toLocaleString('en-US')} more are left out of this page — the CSV and JSON reports keep every row.`}
        </p>
      )}
      <table>
        <thead>
          <tr>
            {TRAFFIC_COLUMNS.map((c) => (
              <th key={c} scope="col">
                {c === 'group' ? report.by : COLUMN_LABELS[c]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map((row: TrafficRow, i) => (
            <tr key={i}>
              {TRAFFIC_COLUMNS.map((c) => (
                <td key={c}>{cellOf(row, c)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ReportPage>
  );
}

export function trafficHtmlPage(report: HtmlReportRows, title: string): string {
  return renderReport(<TrafficPage report={report} title={title} />);
}

/**
 * The HTML report from rows as they come, the page keeps the first
 * HTML_REPORT_ROWS and counts the rest, so a report of a million groups holds ten thousand rows at a time. `rows` is
 * how many groups the report had.
 */
export async function trafficHtmlOf(
  by: TrafficGroup,
  k: number,
  chunks: RowChunks | Iterable<readonly TrafficRow[]>,
  title = 'Shopper traffic',
): Promise<{ text: string; rows: number }> {
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

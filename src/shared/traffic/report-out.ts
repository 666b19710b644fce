import { csvLines } from '../csv';
import { TRAFFIC_COLUMNS, type TrafficReport, type TrafficRow } from './views';

/** The report as the command line prints it: `{ k, rows }`, rates as fractions. */
export function trafficJson(report: TrafficReport): { k: number; rows: TrafficRow[] } {
  return { k: report.k, rows: report.rows };
}

/** One CSV line per group, the columns of the JSON rows; shopper-typed text defused. */
export function trafficCsv(report: TrafficReport): string {
  return `${csvLines([TRAFFIC_COLUMNS, ...report.rows.map((r) => TRAFFIC_COLUMNS.map((c) => r[c]))])}\n`;
}

/** The HTML report, its renderer loaded only when one is written. */
export async function trafficHtml(report: TrafficReport, title = 'Shopper traffic'): Promise<string> {
  return (await import('./report-html')).trafficHtml(report, title);
}

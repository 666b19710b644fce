import { csvLine } from '../csv';
import type { ContextValue } from '../request';
import { valueLabel, type MatrixAxis, type MatrixCell } from './grid';
import type { MatrixRow } from './measures';

/** A finished (or stopped) matrix: what every export is made from. */
export interface MatrixRun {
  queries: string[];
  axes: MatrixAxis[];
  configurations: string[];
  hours?: number[];
  cells: MatrixCell[];
  baseline: string;
  k: number;
  rows: MatrixRow[];
  /** Requests sent, failed, and whether the run was stopped before its end. */
  requests: number;
  failed: number;
  stopped: boolean;
}

/** One (query, cell) as the JSON report gives it. */
export interface MatrixJsonCell {
  query: string;
  configurationId: string;
  variables: Record<string, ContextValue>;
  hour?: number;
  ids: string[];
  count: number | null;
  /**
   * How far the cell moved from the baseline cell of the same query: 1 − RBO of the first k (0 did not move, 1
   * nothing in common) — the one measure the app's grid, the CSV and the HTML show too; null when either failed.
   */
  change: number | null;
  error?: string;
}

export interface MatrixJson {
  baseline: { key: string; configurationId: string; variables: Record<string, ContextValue>; hour?: number };
  k: number;
  axes: { name: string; values: string[] }[];
  configurations: string[];
  hours?: number[];
  requests: number;
  failed: number;
  stopped: boolean;
  cells: MatrixJsonCell[];
}

const cellParts = (cell: MatrixCell) => ({
  configurationId: cell.configurationId,
  variables: cell.variables,
  ...(cell.hour !== undefined ? { hour: cell.hour } : {}),
});

/** The matrix as JSON: the baseline, then one entry per (query, cell), in the grid's order query by query. */
export function matrixJson(run: MatrixRun): MatrixJson {
  const byKey = new Map(run.cells.map((c) => [c.key, c]));
  const baseline = byKey.get(run.baseline)!;
  return {
    baseline: { key: baseline.key, ...cellParts(baseline) },
    k: run.k,
    axes: run.axes.map((a) => ({ name: a.name, values: a.values.map(valueLabel) })),
    configurations: run.configurations,
    ...(run.hours?.length ? { hours: run.hours } : {}),
    requests: run.requests,
    failed: run.failed,
    stopped: run.stopped,
    cells: run.rows.map((row) => ({
      query: row.query,
      ...cellParts(byKey.get(row.cell)!),
      ids: row.ids,
      count: row.count,
      change: row.rbo === null ? null : 1 - row.rbo,
      ...(row.error !== undefined ? { error: row.error } : {}),
    })),
  };
}

/** One CSV row per (query, cell): the axes as columns, then the measures and the top ids. */
export function matrixCsv(run: MatrixRun): string {
  const byKey = new Map(run.cells.map((c) => [c.key, c]));
  const hours = !!run.hours?.length;
  const header = [
    'query',
    'configuration',
    ...run.axes.map((a) => a.name),
    ...(hours ? ['hour'] : []),
    'baseline',
    'count',
    'change',
    'top_changed',
    'top_ids',
    'error',
  ];
  const lines = [csvLine(header)];
  for (const row of run.rows) {
    const cell = byKey.get(row.cell)!;
    lines.push(
      csvLine([
        row.query,
        cell.configurationId,
        ...run.axes.map((a) => valueLabel(cell.values[a.name] ?? null)),
        ...(hours ? [cell.hour] : []),
        cell.key === run.baseline ? 'yes' : '',
        row.count,
        row.rbo === null ? null : 1 - row.rbo,
        row.topChanged === null ? null : row.topChanged ? 'yes' : 'no',
        row.ids.join(' '),
        row.error,
      ]),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** How far a cell moved from the baseline, as a class of the grid's colour scale. */
export function changeBand(change: number | null): 'same' | 'low' | 'mid' | 'high' | 'none' {
  if (change === null) return 'none';
  if (change < 1e-9) return 'same';
  return change < 0.2 ? 'low' : change < 0.5 ? 'mid' : 'high';
}

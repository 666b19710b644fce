import { csvLine } from '../csv';
import { escapeHtml as esc, reportHead } from '../text/html';
import type { ContextValue } from '../request/types';
import { valueLabel, type MatrixAxis, type MatrixCell } from './grid';
import { cellSummaries, type MatrixRow } from './measures';

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

/** The grid as a self-contained page: rows are the cells, one column per query (or the means over a query set). */
export function matrixHtml(run: MatrixRun): string {
  const summaries = new Map(cellSummaries(run.cells, run.rows).map((s) => [s.cell, s]));
  const byQuery = new Map<string, Map<string, MatrixRow>>();
  for (const row of run.rows) byQuery.set(row.query, (byQuery.get(row.query) ?? new Map()).set(row.cell, row));
  const pct = (x: number | null) => (x === null ? '—' : x.toFixed(3));
  const several = run.queries.length > 1;
  const head = [
    ...(run.configurations.length > 1 ? ['configuration'] : []),
    ...run.axes.map((a) => a.name),
    ...(run.hours?.length ? ['hour (emulator only)'] : []),
    ...(several ? ['mean 1 − RBO', 'top changed'] : []),
    ...run.queries.slice(0, several ? 8 : 1),
  ];
  const body = run.cells
    .map((cell) => {
      const s = summaries.get(cell.key)!;
      const labels = [
        ...(run.configurations.length > 1 ? [cell.configurationId || '(default)'] : []),
        ...run.axes.map((a) => valueLabel(cell.values[a.name] ?? null)),
        ...(run.hours?.length ? [String(cell.hour)] : []),
      ];
      const perQuery = run.queries.slice(0, several ? 8 : 1).map((q) => {
        const row = byQuery.get(q)?.get(cell.key);
        if (!row) return '<td class="none">not run</td>';
        if (row.error) return `<td class="none">${esc(row.error)}</td>`;
        const change = row.rbo === null ? null : 1 - row.rbo;
        return `<td class="b-${changeBand(change)}"><div class="n">${esc(pct(change))} · ${esc(row.count ?? '—')} items</div><ol>${row.ids
          .slice(0, 5)
          .map((id) => `<li>${esc(id)}</li>`)
          .join('')}</ol></td>`;
      });
      return `<tr${cell.key === run.baseline ? ' class="base"' : ''}>${labels.map((l) => `<th scope="row">${esc(l)}</th>`).join('')}${
        several
          ? `<td class="n b-${changeBand(s.meanChange)}">${esc(pct(s.meanChange))}</td><td class="n">${esc(s.topChanged)} of ${esc(s.compared)}</td>`
          : ''
      }${perQuery.join('')}</tr>`;
    })
    .join('\n');
  return `${reportHead('Context matrix — Search Workbench')}
<style>
:root{color-scheme:light dark;--bg:#f4f5f8;--fg:#1a1f29;--muted:#4f5868;--card:#fff;--border:#dfe3ea;--low:#e3f0ff;--mid:#ffe9c7;--high:#ffd3d3}
@media (prefers-color-scheme:dark){:root{--bg:#0f1115;--fg:#e7e9ee;--muted:#a2aab8;--card:#161920;--border:#2b3140;--low:#17304f;--mid:#4a3413;--high:#4f1d1d}}
body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--fg)}
main{max-width:1200px;margin:0 auto;padding:24px}h1{font-size:22px;margin:0 0 4px}.muted{color:var(--muted)}
table{border-collapse:collapse;background:var(--card);border:1px solid var(--border);margin-top:16px}
th,td{text-align:left;padding:6px 10px;border:1px solid var(--border);vertical-align:top}thead th{font-size:11px;text-transform:uppercase;letter-spacing:.04em;color:var(--muted)}
td.n,.n{font-variant-numeric:tabular-nums}ol{margin:4px 0 0;padding-left:18px;font-size:12px}
.b-low{background:var(--low)}.b-mid{background:var(--mid)}.b-high{background:var(--high)}.none{color:var(--muted)}
tr.base th{font-weight:700}tr.base th:first-child::after{content:" (baseline)";font-weight:400;color:var(--muted)}
</style>
</head>
<body>
<main>
<h1>Context matrix</h1>
<div class="muted">${esc(run.cells.length)} cells × ${esc(run.queries.length)} quer${run.queries.length === 1 ? 'y' : 'ies'} · ${esc(run.requests)} requests, ${esc(run.failed)} failed${run.stopped ? ' · stopped before its end' : ''} · change is 1 − RBO of the first ${esc(run.k)} against the baseline cell (${esc(run.baseline)}) of the same query</div>
<table>
<thead><tr>${head.map((h) => `<th scope="col">${esc(h)}</th>`).join('')}</tr></thead>
<tbody>
${body}
</tbody>
</table>
${several && run.queries.length > 8 ? `<p class="muted">The first 8 of ${esc(run.queries.length)} queries are shown per cell; the CSV and JSON exports hold every one.</p>` : ''}
</main>
</body>
</html>
`;
}

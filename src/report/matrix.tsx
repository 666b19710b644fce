import { cellSummaries, changeBand, type MatrixRow, type MatrixRun, valueLabel } from '../shared/matrix';
import { renderReport, ReportPage } from './page';

const CSS = `table{border-collapse:collapse;background:var(--surface);border:1px solid var(--border);margin-top:16px}
th,td{border:1px solid var(--border)}thead th{font-size:11px;text-transform:uppercase;letter-spacing:.04em;color:var(--muted)}
ol{margin:4px 0 0;padding-left:18px;font-size:12px}
.b-low{background:var(--info-bg)}.b-mid{background:var(--warning-bg)}.b-high{background:var(--danger-bg)}.none{color:var(--muted)}
tr.base th{font-weight:700}tr.base th:first-child::after{content:" (baseline)";font-weight:400;color:var(--muted)}`;

const fixed = (x: number | null) => (x === null ? '—' : x.toFixed(3));

/** One (query, cell): how far it moved from the baseline, its count and its first five ids. */
function QueryCell({ row }: { row: MatrixRow | undefined }) {
  if (!row) return <td className="none">not run</td>;
  if (row.error) return <td className="none">{row.error}</td>;
  const change = row.rbo === null ? null : 1 - row.rbo;
  return (
    <td className={`b-${changeBand(change)}`}>
      <div className="n">{`${fixed(change)} · ${row.count ?? '—'} items`}</div>
      <ol>
        {row.ids.slice(0, 5).map((id, i) => (
          <li key={i}>{id}</li>
        ))}
      </ol>
    </td>
  );
}

/** The grid as a page: rows are the cells, one column per query (or the means over a query set first). */
function MatrixReport({ run }: { run: MatrixRun }) {
  const summaries = new Map(cellSummaries(run.cells, run.rows).map((s) => [s.cell, s]));
  const byQuery = new Map<string, Map<string, MatrixRow>>();
  for (const row of run.rows) byQuery.set(row.query, (byQuery.get(row.query) ?? new Map()).set(row.cell, row));
  const several = run.queries.length > 1;
  const shown = run.queries.slice(0, several ? 8 : 1);
  const configurations = run.configurations.length > 1;
  const hours = !!run.hours?.length;
  const head = [
    ...(configurations ? ['configuration'] : []),
    ...run.axes.map((a) => a.name),
    ...(hours ? ['hour (emulator only)'] : []),
    ...(several ? ['mean 1 − RBO', 'top changed'] : []),
    ...shown,
  ];
  return (
    <ReportPage title="Context matrix — Search Workbench" css={CSS} width={1200}>
      <h1>Context matrix</h1>
      <div className="muted">
        {`${run.cells.length} cells × ${run.queries.length} quer${run.queries.length === 1 ? 'y' : 'ies'} · ${run.requests} requests, ${run.failed} failed${run.stopped ? ' · stopped before its end' : ''} · change is 1 − RBO of the first ${run.k} against the baseline cell (${run.baseline}) of the same query`}
      </div>
      <table>
        <thead>
          <tr>
            {head.map((h, i) => (
              <th key={i} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {run.cells.map((cell) => {
            const s = summaries.get(cell.key)!;
            const labels = [
              ...(configurations ? [cell.configurationId || '(default)'] : []),
              ...run.axes.map((a) => valueLabel(cell.values[a.name] ?? null)),
              ...(hours ? [String(cell.hour)] : []),
            ];
            return (
              <tr key={cell.key} className={cell.key === run.baseline ? 'base' : undefined}>
                {labels.map((l, i) => (
                  <th key={i} scope="row">
                    {l}
                  </th>
                ))}
                {several ? (
                  <>
                    <td className={`n b-${changeBand(s.meanChange)}`}>{fixed(s.meanChange)}</td>
                    <td className="n">{`${s.topChanged} of ${s.compared}`}</td>
                  </>
                ) : null}
                {shown.map((q, i) => (
                  <QueryCell key={i} row={byQuery.get(q)?.get(cell.key)} />
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      {several && run.queries.length > 8 ? (
        <p className="muted">{`The first 8 of ${run.queries.length} queries are shown per cell; the CSV and JSON exports hold every one.`}</p>
      ) : null}
    </ReportPage>
  );
}

/** The grid as a self-contained page: no script, nothing fetched, light and dark by the reader's setting. */
export function matrixHtml(run: MatrixRun): string {
  return renderReport(<MatrixReport run={run} />);
}

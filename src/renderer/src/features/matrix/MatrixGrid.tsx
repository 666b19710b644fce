import { Columns2, Download, Grid3x3 } from 'lucide-react';
import { useMemo } from 'react';
import type { Item } from '@shared/request';
import { valueLabel, type MatrixCell, cellSummaries, matrixRows, changeBand, matrixCsv, matrixJson, type MatrixRun } from '@shared/matrix';
import { matrixHtml } from '@report';
import { Button } from '../../components/Button';
import { downloadText } from '../../components/download';
import { EmptyState } from '../../components/EmptyState';
import { ProgressBar } from '../../components/ProgressBar';
import { Thumb } from '../../components/Thumb';
import { useAppStore } from '../../store/store';
import { answerKey, matrixSpecOf } from './matrix-slice';

const CHANGE_WORDS = { same: 'same as the baseline', low: 'a little', mid: 'a lot', high: 'mostly new', none: 'not compared' } as const;

/** The labels of a cell: its configuration (when several), each axis's value, its hour. */
function cellLabels(cell: MatrixCell, run: Pick<MatrixRun, 'axes' | 'configurations' | 'hours'>): string[] {
  return [
    ...(run.configurations.length > 1 ? [cell.configurationId || '(default)'] : []),
    ...run.axes.map((a) => valueLabel(cell.values[a.name] ?? null)),
    ...(run.hours?.length ? [String(cell.hour)] : []),
  ];
}

/** The grid: one row per cell, each with its top k, count and change against the baseline, filled in as answers arrive. */
export function MatrixGrid() {
  const m = useAppStore((s) => s.matrix);
  const done = m.call.result;
  const running = m.call.status === 'sending';
  // While running, the grid is drawn from the answers so far; once done, from the run main answered.
  const view = useMemo(() => {
    if (!running && done) return done;
    const { spec } = matrixSpecOf(m);
    const rows = matrixRows(spec.queries, m.cells, m.baseline, (q, c) => m.answers[answerKey(q, c)], m.k);
    return {
      ...spec,
      cells: m.cells,
      baseline: m.baseline,
      k: m.k,
      rows,
      requests: m.progress?.done ?? 0,
      failed: m.progress?.failed ?? 0,
      stopped: false,
    } as MatrixRun;
  }, [running, done, m]);
  const summaries = useMemo(() => new Map(cellSummaries(view.cells, view.rows).map((s) => [s.cell, s])), [view]);
  if (!view.cells.length)
    return (
      <EmptyState icon={Grid3x3} title="No matrix yet">
        Set the axes (a context variable and its values) and the configurations, then Run matrix: each combination becomes a cell, held
        against the first one (pick another baseline once it has run).
      </EmptyState>
    );
  const query = m.shownQuery && view.queries.includes(m.shownQuery) ? m.shownQuery : (view.queries[0] ?? '');
  const rowOf = new Map(view.rows.filter((r) => r.query === query).map((r) => [r.cell, r]));
  const several = view.queries.length > 1;
  const heads = [
    ...(view.configurations.length > 1 ? ['Configuration'] : []),
    ...view.axes.map((a) => a.name),
    ...(view.hours?.length ? ['Hour (emulator only)'] : []),
  ];
  return (
    <section className="matrix-grid" aria-label="Matrix cells">
      <MatrixGridBar view={view} query={query} running={running} />
      {m.baseline !== (done?.baseline ?? m.baseline) ? (
        <p className="small muted">The baseline picked applies to the next run: Run matrix to hold the cells against it.</p>
      ) : null}
      <div className="matrix-grid__scroll">
        <table className="matrix-table">
          <thead>
            <tr>
              {heads.map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
              <th scope="col" className="n">
                Count
              </th>
              <th scope="col" className="n">
                Change
              </th>
              {several ? (
                <th scope="col" className="n">
                  Mean change · top changed
                </th>
              ) : null}
              <th scope="col">Top {view.k}</th>
              <th scope="col">Side by side</th>
            </tr>
          </thead>
          <tbody>
            {view.cells.map((cell) => (
              <MatrixRow
                key={cell.key}
                cell={cell}
                view={view}
                row={rowOf.get(cell.key)}
                summary={summaries.get(cell.key)}
                query={query}
                running={running}
                several={several}
              />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Above the grid: progress, the totals, the baseline and query pickers, the exports. */
function MatrixGridBar({ view, query, running }: { view: MatrixRun; query: string; running: boolean }) {
  const m = useAppStore((s) => s.matrix);
  const patch = useAppStore((s) => s.patchMatrix);
  const several = view.queries.length > 1;
  const exportAs = async (format: 'csv' | 'json' | 'html') => {
    const text =
      format === 'csv' ? matrixCsv(view) : format === 'html' ? await matrixHtml(view) : `${JSON.stringify(matrixJson(view), null, 2)}\n`;
    downloadText(`context-matrix.${format}`, text, format === 'csv' ? 'text/csv' : format === 'html' ? 'text/html' : 'application/json');
  };
  return (
    <div className="matrix-grid__bar">
      {running && m.progress ? <ProgressBar label="Matrix progress" value={m.progress.done} max={m.progress.total} /> : null}
      <span className="small muted" aria-live="polite">
        {view.cells.length} cells × {view.queries.length} quer{several ? 'ies' : 'y'} · {view.requests} requests
        {view.failed ? `, ${view.failed} failed` : ''}
        {view.stopped ? ' · stopped before its end' : ''} · change = 1 − RBO of the first {view.k} against the baseline
      </span>
      <label className="small">
        Baseline{' '}
        <select
          className="input input--sm"
          aria-label="Baseline cell"
          value={m.baseline}
          disabled={running}
          onChange={(e) => patch({ baseline: e.target.value })}
        >
          {view.cells.map((c) => (
            <option key={c.key} value={c.key}>
              {c.key}
            </option>
          ))}
        </select>
      </label>
      {several ? (
        <label className="small">
          Query{' '}
          <select
            className="input input--sm"
            aria-label="Query shown"
            value={query}
            onChange={(e) => patch({ shownQuery: e.target.value })}
          >
            {view.queries.map((q) => (
              <option key={q} value={q}>
                {q}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <span className="matrix-grid__exports">
        {(['csv', 'json', 'html'] as const).map((f) => (
          <Button
            key={f}
            size="sm"
            variant="ghost"
            icon={<Download size={13} aria-hidden="true" />}
            disabled={running}
            onClick={() => void exportAs(f)}
          >
            {f.toUpperCase()}
          </Button>
        ))}
      </span>
    </div>
  );
}

/** One cell's row: its labels, count, change against the baseline, top items, and the side-by-side button. */
function MatrixRow({
  cell,
  view,
  row,
  summary: s,
  query,
  running,
  several,
}: {
  cell: MatrixCell;
  view: MatrixRun;
  row: MatrixRun['rows'][number] | undefined;
  summary: ReturnType<typeof cellSummaries>[number] | undefined;
  query: string;
  running: boolean;
  several: boolean;
}) {
  const open = useAppStore((st) => st.openMatrixCell);
  const change = row?.rbo === null || row?.rbo === undefined ? null : 1 - row.rbo;
  const band = changeBand(change);
  const isBase = cell.key === view.baseline;
  return (
    <tr className={`matrix-row band-${band}${isBase ? ' is-baseline' : ''}`} data-testid="matrix-cell">
      {cellLabels(cell, view).map((label, i) => (
        <th key={i} scope="row" className="mono">
          {label}
        </th>
      ))}
      <td className="n">{row ? (row.count ?? '—') : running ? '…' : '—'}</td>
      <td className="n">
        {row?.error ? (
          <span className="diag diag--error">{row.error}</span>
        ) : row ? (
          <span className={`matrix-change band-${band}`} title={CHANGE_WORDS[band]}>
            {isBase ? 'baseline' : change === null ? '—' : change.toFixed(3)}
          </span>
        ) : null}
      </td>
      {several ? (
        <td className="n small">
          {s?.meanChange === null || s === undefined ? '—' : `${s.meanChange.toFixed(3)} · ${s.topChanged} of ${s.compared}`}
        </td>
      ) : null}
      <td>
        {row?.top?.[0]?.title ? <div className="matrix-top__title small">1. {row.top[0].title}</div> : null}
        <ol className="matrix-top">
          {(row?.top ?? row?.ids.map((id) => ({ id })) ?? []).map((item, i) => (
            <li key={`${item.id}:${i}`} title={`${i + 1}. ${'title' in item && item.title ? item.title : item.id}`}>
              <Thumb
                item={
                  {
                    id: item.id,
                    product: { ...('imageUrl' in item && item.imageUrl ? { imageUrl: item.imageUrl } : {}) },
                  } as Item
                }
                size={30}
              />
              <span className="matrix-top__rank">{i + 1}</span>
            </li>
          ))}
        </ol>
      </td>
      <td>
        <Button
          size="sm"
          variant="ghost"
          icon={<Columns2 size={13} aria-hidden="true" />}
          disabled={!row || isBase || cell.hour !== undefined}
          title={
            cell.hour !== undefined
              ? 'Side by side runs on the service’s own clock: the hour axis is the emulator’s'
              : `${cell.key} against the baseline, side by side`
          }
          aria-label={`Open ${cell.key} against the baseline`}
          onClick={() => void open(cell.key, query)}
        >
          Open
        </Button>
      </td>
    </tr>
  );
}

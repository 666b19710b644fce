import { Columns2, Download, Grid3x3, Play, Plus, Square, X } from 'lucide-react';
import { useMemo } from 'react';
import type { Item } from '@shared/request/types';
import { buildCells, valueLabel, type MatrixCell, type MatrixProblem } from '@shared/matrix/grid';
import { cellSummaries, matrixRows } from '@shared/matrix/measures';
import { changeBand, matrixCsv, matrixHtml, matrixJson, type MatrixRun } from '@shared/matrix/report';
import { Button } from '../../components/Button';
import { downloadText } from '../../components/download';
import { EmptyState } from '../../components/EmptyState';
import { ProgressBar } from '../../components/ProgressBar';
import { Thumb } from '../../components/Thumb';
import { modKey } from '../../shell/keys';
import { useAppStore } from '../../store/store';
import { answerKey, matrixSpecOf } from './matrix-slice';
import './matrix.css';

/** The problems of one field, under it (errors are announced). */
function Problems({ problems, field }: { problems: MatrixProblem[]; field: (f: string) => boolean }) {
  const mine = problems.filter((p) => field(p.field));
  return (
    <>
      {mine.map((p) => (
        <p key={`${p.field}:${p.message}`} className="diag diag--error" role="alert">
          {p.message}
        </p>
      ))}
    </>
  );
}

/** The grid's form: queries, axes, configurations, the emulator's hours on Local demo, depth; the budget before sending. */
function MatrixForm() {
  const m = useAppStore((s) => s.matrix);
  const patch = useAppStore((s) => s.patchMatrix);
  const setAxis = useAppStore((s) => s.setAxis);
  const addAxis = useAppStore((s) => s.addAxis);
  const removeAxis = useAppStore((s) => s.removeAxis);
  const run = useAppStore((s) => s.runMatrix);
  const cancel = useAppStore((s) => s.cancelMatrix);
  const onDemo = useAppStore((s) => {
    const list = s.profiles;
    return !!list?.profiles.find((p) => p.id === list.activeId)?.builtIn;
  });
  const { spec, problems } = matrixSpecOf(m);
  const cells = problems.length ? 0 : buildCells(spec).length;
  const running = m.call.status === 'sending';
  return (
    <form
      className="matrix-form"
      aria-label="Context matrix"
      onSubmit={(e) => {
        e.preventDefault();
        if (!problems.length && !running) void run();
      }}
    >
      <h2 className="batch-form__title">
        <Grid3x3 size={14} aria-hidden="true" /> Context matrix
      </h2>
      <p className="small muted">
        One query (or up to 50) across every combination of context variables and configurations; each cell held against a baseline cell.
      </p>
      <label className="field__label" htmlFor="matrix-queries">
        Queries, one per line
      </label>
      <textarea
        id="matrix-queries"
        className="input mono matrix-form__queries"
        rows={2}
        value={m.queries}
        onChange={(e) => patch({ queries: e.target.value })}
      />
      <Problems problems={problems} field={(f) => f === 'queries'} />
      <fieldset className="matrix-axes">
        <legend className="field__label">Axes: a custom variable and its values (none: left out)</legend>
        {m.axes.map((axis, i) => (
          <div className="matrix-axis" key={i}>
            <input
              className="input input--sm mono"
              aria-label={`Axis ${i + 1} variable`}
              placeholder="e.g. segment"
              value={axis.name}
              onChange={(e) => setAxis(i, { name: e.target.value })}
            />
            <input
              className="input input--sm mono"
              aria-label={`Axis ${i + 1} values`}
              placeholder="e.g. none, premium, outlet"
              value={axis.values}
              onChange={(e) => setAxis(i, { values: e.target.value })}
            />
            <Button
              size="sm"
              variant="ghost"
              icon={<X size={13} aria-hidden="true" />}
              aria-label={`Remove axis ${i + 1}`}
              onClick={() => removeAxis(i)}
            />
            <Problems problems={problems} field={(f) => f.startsWith(`axes[${i}]`)} />
          </div>
        ))}
        <Button size="sm" variant="ghost" icon={<Plus size={13} aria-hidden="true" />} onClick={addAxis}>
          Add axis
        </Button>
      </fieldset>
      <div className="matrix-form__row">
        <label className="small matrix-form__configs">
          Configurations{' '}
          <input
            className="input input--sm mono"
            aria-label="Configurations"
            placeholder="e.g. default, bestsellers"
            value={m.configurations}
            onChange={(e) => patch({ configurations: e.target.value })}
          />
        </label>
        {onDemo ? (
          <label className="small">
            Hours <span className="badge badge--muted">emulator only</span>{' '}
            <input
              className="input input--sm mono"
              aria-label="Hours of the emulator's clock"
              placeholder="e.g. 9, 21"
              value={m.hours}
              onChange={(e) => patch({ hours: e.target.value })}
            />
          </label>
        ) : null}
        <label className="small">
          Depth k{' '}
          <input
            className="input input--sm"
            type="number"
            min={1}
            max={100}
            aria-label="Depth k"
            value={m.k}
            onChange={(e) => patch({ k: Math.max(1, Math.min(100, Number(e.target.value) || 1)) })}
          />
        </label>
      </div>
      <Problems problems={problems} field={(f) => f.startsWith('configurations') || f.startsWith('hours') || f === 'axes'} />
      <div className="matrix-form__go">
        <span className="small" data-testid="matrix-budget">
          {problems.length
            ? 'Fix the fields above to see the budget.'
            : `${cells} cell${cells === 1 ? '' : 's'} × ${spec.queries.length} quer${spec.queries.length === 1 ? 'y' : 'ies'} = ${cells * spec.queries.length} requests`}
        </span>
        {running ? (
          <Button size="sm" variant="danger" icon={<Square size={12} aria-hidden="true" />} onClick={cancel}>
            Cancel
          </Button>
        ) : (
          <Button
            type="submit"
            size="sm"
            variant="primary"
            icon={<Play size={13} aria-hidden="true" />}
            disabled={problems.length > 0}
            title={`${modKey()}+Enter`}
          >
            Run matrix
          </Button>
        )}
      </div>
      {m.call.error ? (
        <p className="diag diag--error" role="alert">
          {m.call.error.message}
        </p>
      ) : null}
    </form>
  );
}

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
function MatrixGrid() {
  const m = useAppStore((s) => s.matrix);
  const patch = useAppStore((s) => s.patchMatrix);
  const open = useAppStore((s) => s.openMatrixCell);
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
  const exportAs = (format: 'csv' | 'json' | 'html') => {
    const text =
      format === 'csv' ? matrixCsv(view) : format === 'html' ? matrixHtml(view) : `${JSON.stringify(matrixJson(view), null, 2)}\n`;
    downloadText(`context-matrix.${format}`, text, format === 'csv' ? 'text/csv' : format === 'html' ? 'text/html' : 'application/json');
  };
  return (
    <section className="matrix-grid" aria-label="Matrix cells">
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
              onClick={() => exportAs(f)}
            >
              {f.toUpperCase()}
            </Button>
          ))}
        </span>
      </div>
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
            {view.cells.map((cell) => {
              const row = rowOf.get(cell.key);
              const change = row?.rbo === null || row?.rbo === undefined ? null : 1 - row.rbo;
              const band = changeBand(change);
              const s = summaries.get(cell.key);
              const isBase = cell.key === view.baseline;
              return (
                <tr key={cell.key} className={`matrix-row band-${band}${isBase ? ' is-baseline' : ''}`} data-testid="matrix-cell">
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
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Compare's context matrix: the form beside the grid. */
export default function MatrixPanel() {
  return (
    <div className="matrix-home">
      <MatrixForm />
      <MatrixGrid />
    </div>
  );
}

import { History, Pin, PinOff, RefreshCw, TriangleAlert } from 'lucide-react';
import { metricLabel, ratingsCountedText, weightText } from '@shared/compare';
import type { TrendView } from '@shared/runs';
import { queryKey } from '@shared/judgments';
import { METRIC_NAMES, type MetricName } from '@shared/metrics';
import type { SideMean } from '@shared/runs';
import { Button } from '../../components/Button';
import { PanelCard } from '../../components/PanelCard';
import { EmptyState } from '../../components/EmptyState';
import { Segmented } from '../../components/Segmented';
import { useAppStore } from '../../store/store';
import './runs.css';

type Run = TrendView['runs'][number];

const num = (x: number) => x.toFixed(3);
const signed = (x: number) => `${x < 0 ? '−' : '+'}${Math.abs(x).toFixed(3)}`;
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const interval = (m: SideMean) => (m.ci95 ? `${num(m.ci95[0])} … ${num(m.ci95[1])}` : '—');

/**
 * Each run's mean for A and B on one metric, with its 95% interval, on a time axis: a run flagged as worse than
 * the baseline is ringed, the baseline carries a pin.
 */
function TrendChart({ view, metric, label }: { view: TrendView; metric: MetricName; label: string }) {
  const runs = view.runs.filter((r) => r.metrics);
  const width = 640;
  const height = 200;
  const pad = { left: 44, right: 16, top: 14, bottom: 30 };
  const times = runs.map((r) => Date.parse(r.startedAt));
  const t0 = Math.min(...times);
  const t1 = Math.max(...times);
  // Runs at the same minute still stand apart: spread evenly when the clock cannot tell them apart.
  const x = (i: number) =>
    pad.left +
    (runs.length === 1 ? 0.5 : t1 - t0 < runs.length * 1000 ? i / (runs.length - 1) : (times[i]! - t0) / (t1 - t0)) *
      (width - pad.left - pad.right);
  const values = runs.flatMap((r) => {
    const m = r.metrics![metric];
    return [m.a, m.b].flatMap((s) => (s.ci95 ? [s.ci95[0], s.ci95[1], s.mean] : [s.mean]));
  });
  const lo = Math.min(0, ...values);
  const hi = Math.max(1e-9, ...values);
  const y = (v: number) => pad.top + (1 - (v - lo) / (hi - lo)) * (height - pad.top - pad.bottom);
  const ticks = [lo, (lo + hi) / 2, hi];
  const side = (s: SideMean, cx: number, cls: string, title: string) => (
    <g className={cls}>
      {s.ci95 ? <line x1={cx} x2={cx} y1={y(s.ci95[0])} y2={y(s.ci95[1])} className="runs-chart__ci" /> : null}
      <circle cx={cx} cy={y(s.mean)} r={4}>
        <title>{title}</title>
      </circle>
    </g>
  );
  return (
    <svg
      className="runs-chart"
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={`${label} of each run over time, A and B with 95% intervals`}
    >
      {ticks.map((t) => (
        <g key={t}>
          <line x1={pad.left} x2={width - pad.right} y1={y(t)} y2={y(t)} className="runs-chart__grid" />
          <text x={pad.left - 6} y={y(t) + 4} textAnchor="end" className="runs-chart__tick">
            {t.toFixed(2)}
          </text>
        </g>
      ))}
      {runs.map((r, i) => {
        const m = r.metrics![metric];
        const cx = x(i);
        const flagged = m.vsBaseline?.worse;
        return (
          <g key={r.batchId} data-testid="runs-point">
            {flagged ? <circle cx={cx + 4} cy={y(m.b.mean)} r={9} className="runs-chart__flag" /> : null}
            {side(m.a, cx - 4, 'runs-chart__a', `${r.label} A: ${num(m.a.mean)} (95% CI ${interval(m.a)})`)}
            {side(m.b, cx + 4, 'runs-chart__b', `${r.label} B: ${num(m.b.mean)} (95% CI ${interval(m.b)})`)}
            <text x={cx} y={height - 10} textAnchor="middle" className="runs-chart__tick">
              {r.label}
              {r.batchId === view.baseline ? ' (baseline)' : ''}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** The selected run's queries against the baseline's, losses first; each opens that run's side by side. */
function QueryChanges({ run, metric }: { run: Run; metric: MetricName }) {
  const vs = run.metrics?.[metric].vsBaseline;
  const open = async (query: string) => {
    const { setArea, openBatch } = useAppStore.getState();
    setArea('compare');
    await openBatch(run.batchId);
    const batch = useAppStore.getState().compare.batch;
    const index = batch?.results.find((r) => queryKey(r.query) === queryKey(query))?.index;
    if (index !== undefined) await useAppStore.getState().openBatchResult(index);
  };
  if (!vs) return null;
  return (
    <section className="runs-queries" aria-label={`Queries of ${run.label} against the baseline`}>
      <h4 className="small">
        {run.label} against the baseline, per query ({vs.n} paired): lost most first
      </h4>
      <ol className="stack-list runs-queries__list">
        {vs.perQuery.slice(0, 50).map((q) => (
          <li key={q.query}>
            <button type="button" className="chip" onClick={() => void open(q.query)} title="Open this query of the run side by side">
              {q.query} <span className={q.delta < 0 ? 'runs-loss' : 'muted'}>{signed(q.delta)}</span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** An experiment's runs over time: the trend per metric, the baseline, flagged runs and the judgment list's versions. */
export function RunsPanel() {
  const state = useAppStore((s) => s.runs);
  const { closeRuns, setRunsMetric, setRescore, pinBaseline, selectRun, openRuns } = useAppStore.getState();
  const view = state.call.result;
  if (!state.file) return null;
  const label = view ? metricLabel(state.metric, view.quality.k) : '';
  const scored = view?.runs.filter((r) => r.metrics) ?? [];
  const selected = scored.find((r) => r.batchId === state.selected) ?? scored.find((r) => r.metrics?.[state.metric].vsBaseline?.worse);
  return (
    <PanelCard
      className="runs-panel"
      label="Runs over time"
      testId="runs-panel"
      openKey={state.file}
      icon={<History size={16} aria-hidden="true" />}
      title={view ? `${view.name}: runs over time` : 'Runs over time'}
      tools={
        <Button size="sm" variant="ghost" icon={<RefreshCw size={13} aria-hidden="true" />} onClick={() => void openRuns(state.file!)}>
          Reload
        </Button>
      }
      onClose={closeRuns}
      closeLabel="Close the runs"
      error={state.call.error}
    >
      {!view ? (
        <div className="screen-loading" role="status" aria-busy="true" aria-label="Loading the runs" />
      ) : !view.judgments ? (
        <EmptyState icon={History} title="No judgment list">
          This experiment measures no quality: attach a judgment list to see its runs over time.
        </EmptyState>
      ) : scored.length === 0 ? (
        <EmptyState icon={History} title="No finished run yet">
          Press <strong>Run</strong> on the experiment; each finished run becomes a point here
          {view.running ? ` (${view.running} running now)` : ''}.
        </EmptyState>
      ) : (
        <>
          {view.judgmentsChanged ? (
            <div className="panel-card__banner" role="status" data-testid="runs-judgments-changed">
              <TriangleAlert size={15} aria-hidden="true" />
              <span>
                {view.rescored
                  ? `Every run is scored with today's ${view.judgments}, from its stored rankings (no new requests).`
                  : `The judgment list changed between runs: each run is scored with ${view.judgments} as it was when it ran.`}
              </span>
              <Button size="sm" variant={view.rescored ? 'ghost' : 'primary'} onClick={() => void setRescore(!view.rescored)}>
                {view.rescored ? 'Score each with its own list' : "Re-score all with today's list"}
              </Button>
            </div>
          ) : null}
          <Segmented
            label="Metric"
            value={state.metric}
            onChange={setRunsMetric}
            options={METRIC_NAMES.map((m) => ({ value: m, label: metricLabel(m, view.quality.k) }))}
          />
          <TrendChart view={view} metric={state.metric} label={label} />
          <p className="small muted runs-legend">
            <span className="runs-key runs-key--a" /> A ({view.sides.a}) <span className="runs-key runs-key--b" /> B ({view.sides.b}) — mean
            over the judged queries with its 95% bootstrap interval; ratings counted: {ratingsCountedText(view.quality.ratings)};{' '}
            {weightText(view.quality.weight)}.{' '}
            {view.baseline
              ? "Each run's B is held against the baseline run's B, paired by query; a ring marks a run significantly worse (p < 0.05)."
              : 'Pin a run as the baseline to hold the others against it.'}
            {view.running ? ` ${view.running} run${view.running === 1 ? '' : 's'} still running.` : ''}
          </p>
          <table className="runs-table" aria-label={`Runs on ${label}`}>
            <thead>
              <tr>
                <th>Run</th>
                <th>Started</th>
                <th>Judgments</th>
                <th className="n">A</th>
                <th className="n">B</th>
                <th className="n">B vs baseline B</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {scored.map((r) => {
                const m = r.metrics![state.metric];
                const vs = m.vsBaseline;
                const base = r.batchId === view.baseline;
                return (
                  <tr
                    key={r.batchId}
                    data-testid="runs-row"
                    className={vs?.worse ? 'is-flagged' : undefined}
                    aria-selected={selected?.batchId === r.batchId}
                  >
                    <td>
                      {base ? <Pin size={12} aria-label="baseline" /> : null} {r.label}
                    </td>
                    <td className="small">{when(r.startedAt)}</td>
                    <td className="mono small" title={r.judgmentsSha256 ?? 'no snapshot: scored with today’s list'}>
                      {r.judgmentsSha256 ? r.judgmentsSha256.slice(0, 8) : '—'}
                      {r.today ? <span className="muted"> (today’s)</span> : null}
                    </td>
                    <td className="n">
                      {num(m.a.mean)} <span className="muted small nowrap">{interval(m.a)}</span>
                    </td>
                    <td className="n">
                      {num(m.b.mean)} <span className="muted small nowrap">{interval(m.b)}</span>
                    </td>
                    <td className="n">
                      {base ? (
                        <span className="muted">baseline</span>
                      ) : vs ? (
                        <button
                          type="button"
                          className="linklike"
                          onClick={() => selectRun(r.batchId)}
                          title="List this run's queries against the baseline"
                        >
                          {signed(vs.delta)} <span className="muted small">p {vs.p < 0.001 ? '< 0.001' : `= ${vs.p.toFixed(3)}`}</span>
                          {vs.worse ? <strong className="runs-flag"> worse</strong> : null}
                        </button>
                      ) : (
                        <span className="muted">—</span>
                      )}
                    </td>
                    <td>
                      <Button
                        size="sm"
                        variant="ghost"
                        icon={base ? <PinOff size={13} aria-hidden="true" /> : <Pin size={13} aria-hidden="true" />}
                        onClick={() => void pinBaseline(base ? null : r.batchId)}
                      >
                        {base ? 'Unpin' : 'Pin as baseline'}
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {selected ? <QueryChanges run={selected} metric={state.metric} /> : null}
        </>
      )}
    </PanelCard>
  );
}

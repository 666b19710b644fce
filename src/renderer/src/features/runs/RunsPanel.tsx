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
import * as Plot from '@observablehq/plot';
import { themed, usePlot } from '../../components/plot';
import './runs.css';

type Run = TrendView['runs'][number];

const num = (x: number) => x.toFixed(3);
const signed = (x: number) => `${x < 0 ? '−' : '+'}${Math.abs(x).toFixed(3)}`;
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const interval = (m: SideMean) => (m.ci95 ? `${num(m.ci95[0])} … ${num(m.ci95[1])}` : '—');

interface TrendPoint {
  run: string;
  side: 'A' | 'B';
  mean: number;
  low: number | null;
  high: number | null;
  flagged: boolean;
  title: string;
}

/**
 * Each run's mean for A and B on one metric, with its 95% interval, run after run (the baseline named on its
 * axis): a run flagged as worse than the baseline is ringed; each point's figures on hover.
 */
function TrendChart({ view, metric, label }: { view: TrendView; metric: MetricName; label: string }) {
  const runs = view.runs.filter((r) => r.metrics);
  const name = (r: Run) => `${r.label}${r.batchId === view.baseline ? ' (baseline)' : ''}`;
  const points: TrendPoint[] = runs.flatMap((r) => {
    const m = r.metrics![metric];
    return (['A', 'B'] as const).map((side) => {
      const s = side === 'A' ? m.a : m.b;
      return {
        run: name(r),
        side,
        mean: s.mean,
        low: s.ci95?.[0] ?? null,
        high: s.ci95?.[1] ?? null,
        flagged: side === 'B' && Boolean(m.vsBaseline?.worse),
        title: `${r.label} ${side}: ${num(s.mean)} (95% CI ${interval(s)})\n${when(r.startedAt)}`,
      };
    });
  });
  const box = usePlot(
    (width) => {
      const colour = { A: themed('--side-a'), B: themed('--side-b') };
      const offset = { A: -5, B: 5 };
      const bySide = (side: 'A' | 'B') => points.filter((p) => p.side === side);
      const marks = (['A', 'B'] as const).flatMap((side) => [
        Plot.ruleX(
          bySide(side).filter((p) => p.low !== null),
          { x: 'run', y1: 'low', y2: 'high', dx: offset[side], stroke: colour[side], strokeWidth: 2 },
        ),
        Plot.dot(bySide(side), {
          x: 'run',
          y: 'mean',
          dx: offset[side],
          fill: colour[side],
          r: 4,
          className: `runs-chart__${side.toLowerCase()}`,
        }),
      ]);
      return Plot.plot({
        width,
        height: 210,
        marginLeft: 48,
        marginBottom: 36,
        x: { type: 'point', domain: runs.map(name), label: null, padding: 0.5 },
        y: { label, grid: true, nice: true, ticks: 4, zero: true },
        marks: [
          ...marks,
          Plot.dot(
            points.filter((p) => p.flagged),
            { x: 'run', y: 'mean', dx: 5, r: 9, stroke: themed('--danger'), strokeWidth: 2, fill: 'none', className: 'runs-chart__flag' },
          ),
          Plot.tip(points, Plot.pointer({ x: 'run', y: 'mean', title: 'title' })),
        ],
      });
    },
    [view, metric, label],
  );
  return (
    <figure
      className="plot runs-chart"
      aria-label={`${label} of each run over time, A and B with 95% intervals`}
      data-testid="runs-chart"
      ref={box}
    />
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
            over the judged queries with its 95% interval (Student's t); ratings counted: {ratingsCountedText(view.quality.ratings)};{' '}
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

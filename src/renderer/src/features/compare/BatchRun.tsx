import { ArrowLeft, Download, Pause, Play, RotateCcw, Square, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { metricLabel, type QueryQualityRow } from '@shared/compare/quality';
import { leftOutClause, summarize, triageOrder } from '@shared/compare/summary';
import { METRIC_NAMES, type MetricName } from '@shared/metrics/quality';
import { formatDuration } from '@shared/text/time-format';
import { oneCause } from '@shared/diagnostics';
import type { BatchRow } from '@shared/compare/types';
import { Button } from '../../components/Button';
import { ProgressBar } from '../../components/ProgressBar';
import { downloadText } from '../../components/download';
import { Segmented } from '../../components/Segmented';
import { useAppStore } from '../../store/store';
import { HistogramChart, PairBars } from './Charts';
import { KIND_WORDS } from '@shared/compare/kinds';
import { BatchExplain } from '../explain/BatchExplain';
import { QualityPanel } from './QualityPanel';
import { matches, ms, pct, TriageTable, type DeltaOf, type Filter } from './TriageTable';

/** The triage order: most changed first, or by one metric's B − A. */
type Order = 'change' | MetricName;

/** One batch: its progress and controls, its summary, and its queries ranked by how much they changed. */
/** Why a query failed, side by side ("B: 400 … unknown configuration"); null when both sides answered. */
const failureOf = (r: BatchRow): string | null =>
  r.a.ok && r.b.ok
    ? null
    : [r.a.ok ? '' : `A: ${r.a.error?.message ?? 'failed'}`, r.b.ok ? '' : `B: ${r.b.error?.message ?? 'failed'}`]
        .filter(Boolean)
        .join('; ');

export function BatchRun() {
  const batch = useAppStore((s) => s.compare.batch)!;
  const close = useAppStore((s) => s.closeBatch);
  const control = useAppStore((s) => s.controlBatch);
  const remove = useAppStore((s) => s.deleteBatch);
  const openResult = useAppStore((s) => s.openBatchResult);
  const qualityCall = useAppStore((s) => s.compare.batchQuality);
  const loadQuality = useAppStore((s) => s.loadBatchQuality);
  const [filter, setFilter] = useState<Filter>('all');
  const [order, setOrder] = useState<Order>('change');
  const [direction, setDirection] = useState<'losses' | 'gains'>('losses');
  const [metric, setMetric] = useState<MetricName>('ndcg');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { definition, progress, results } = batch;
  const kind = definition.kind ?? 'search';
  const words = KIND_WORDS[kind];
  const quality = qualityCall.result;
  // Ratings saved into this batch's judgment list (here, in Search or in the queue) recompute its figures from the
  // stored rankings — no request is sent — so they are never left at their old values.
  const judgments = definition.quality?.judgments.file;
  const revision = useAppStore((s) => (judgments ? (s.ratingsRevision[judgments] ?? 0) : 0));
  const measuredAt = useAppStore((s) => s.compare.batchQualityRevision);
  const running = progress.status === 'running';
  // Every query failed, and for one reason (side B's configuration id is unknown): said once; rerunning would repeat it.
  const cause = running ? null : oneCause(results.map(failureOf));
  const note = useAppStore((s) => s.compare.batchNotes[definition.id]);
  useEffect(() => {
    if (revision !== measuredAt && !running && qualityCall.status !== 'sending') void loadQuality();
  }, [revision, measuredAt, running, qualityCall.status, loadQuality]);
  const summary = useMemo(() => summarize(results, definition.queryCount), [results, definition.queryCount]);
  const byIndex = useMemo(() => new Map<number, QueryQualityRow>(quality?.perQuery.map((q) => [q.index, q]) ?? []), [quality]);
  // The metric the table shows and filters by: the one it is sorted by, else the one picked for the filters.
  const shown: MetricName = order === 'change' ? metric : order;
  const delta = useMemo<DeltaOf | null>(
    () => (quality ? (r) => byIndex.get(r.index)?.delta?.[shown] ?? null : null),
    [quality, byIndex, shown],
  );
  const ordered = useMemo(() => {
    // Without quality figures (yet) the metric filters have nothing to go by: show everything rather than nothing.
    const effective = !delta && (filter === 'better' || filter === 'worse') ? 'all' : filter;
    const kept = results.filter((r) => matches(r, effective, delta ?? (() => null)));
    if (order === 'change' || !delta) return kept.sort(triageOrder);
    const sign = direction === 'losses' ? 1 : -1;
    // Unmeasured queries (unjudged, failed) go last in either direction.
    return kept.sort((x, y) => {
      const dx = delta(x);
      const dy = delta(y);
      if (dx === null || dy === null) return (dx === null ? 1 : 0) - (dy === null ? 1 : 0) || x.index - y.index;
      return sign * (dx - dy) || x.index - y.index;
    });
  }, [results, filter, delta, order, direction]);
  const k = quality?.k ?? definition.quality?.k ?? 10;

  const exportAs = async (format: 'html' | 'csv' | 'json') => {
    const report = await useAppStore.getState().exportBatch(format);
    if (report) downloadText(report.fileName, report.content, report.mime);
  };

  return (
    <div className="batch-run" aria-label={`Batch ${definition.name}`}>
      <header className="batch-run__head">
        <Button size="sm" variant="ghost" icon={<ArrowLeft size={13} aria-hidden="true" />} onClick={close}>
          All batches
        </Button>
        <h2 className="batch-run__title">{definition.name}</h2>
        <span className="muted small">
          <span className="side-tag side-tag--a">A</span> {definition.sides.a.label} · <span className="side-tag side-tag--b">B</span>{' '}
          {definition.sides.b.label}
        </span>
        <div className="batch-run__actions">
          <Button
            size="sm"
            variant="ghost"
            icon={<Download size={13} aria-hidden="true" />}
            onClick={() => void exportAs('html')}
            disabled={results.length === 0}
          >
            HTML report
          </Button>
          <Button
            size="sm"
            variant="ghost"
            icon={<Download size={13} aria-hidden="true" />}
            onClick={() => void exportAs('csv')}
            disabled={results.length === 0}
          >
            CSV
          </Button>
          <Button
            size="sm"
            variant="ghost"
            icon={<Download size={13} aria-hidden="true" />}
            onClick={() => void exportAs('json')}
            disabled={results.length === 0}
          >
            JSON
          </Button>
          {confirmDelete ? (
            <>
              <Button size="sm" variant="danger" onClick={() => void remove(definition.id)}>
                Delete with its results
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setConfirmDelete(false)}>
                Keep
              </Button>
            </>
          ) : (
            <Button size="sm" variant="ghost" icon={<Trash2 size={13} aria-hidden="true" />} onClick={() => setConfirmDelete(true)}>
              Delete
            </Button>
          )}
        </div>
      </header>

      <div className="batch-progress" data-testid="batch-progress">
        <ProgressBar label="Batch progress" value={progress.done} max={progress.total} />
        <div className="batch-progress__stats">
          <span className={`badge status-${progress.status}`} data-testid="batch-status">
            {progress.status}
          </span>
          <span>
            <strong>{progress.done.toLocaleString('en-US')}</strong> done
          </span>
          <span>
            <strong>{progress.failed.toLocaleString('en-US')}</strong> failed
          </span>
          <span>
            <strong>{progress.remaining.toLocaleString('en-US')}</strong> remaining
          </span>
          {kind !== 'search' ? <span className="badge">{words.title}</span> : null}
          {progress.ratePerSecond ? (
            <span>
              {progress.ratePerSecond.toFixed(1)} {words.rows}/s
            </span>
          ) : null}
          {progress.pace ? (
            <span title="Automatic pace: the requests a second it settled on, from the service's refusals for load">
              auto {Math.round(progress.pace.requestsPerSecond)} requests/s · {progress.pace.throttled} refused
            </span>
          ) : null}
          {progress.etaMs !== null ? <span>ETA {formatDuration(progress.etaMs)}</span> : null}
        </div>
        <div className="batch-progress__controls">
          {progress.status === 'running' ? (
            <>
              <Button size="sm" icon={<Pause size={13} aria-hidden="true" />} onClick={() => void control('pause')}>
                Pause
              </Button>
              <Button size="sm" variant="danger" icon={<Square size={13} aria-hidden="true" />} onClick={() => void control('cancel')}>
                Cancel
              </Button>
            </>
          ) : progress.remaining > 0 ? (
            <Button size="sm" variant="primary" icon={<Play size={13} aria-hidden="true" />} onClick={() => void control('resume')}>
              {progress.status === 'interrupted' ? 'Resume interrupted run' : 'Resume'}
            </Button>
          ) : null}
          {progress.status !== 'running' && progress.failed > 0 && !cause ? (
            <Button size="sm" icon={<RotateCcw size={13} aria-hidden="true" />} onClick={() => void control('rerun-failed')}>
              Rerun {progress.failed} failed
            </Button>
          ) : null}
        </div>
      </div>

      {note ? (
        <p className="diag diag--info batch-note" role="note" data-testid="batch-note">
          {note}
        </p>
      ) : null}
      {cause ? (
        <p className="diag diag--error batch-note" role="alert" data-testid="batch-one-cause">
          All {cause.count.toLocaleString('en-US')} {words.rows} failed, for one reason — {cause.message.replace(/\.$/, '')}. Rerunning them
          would fail the same way: fix the side (its configuration id, profile or token) and start a new batch.
        </p>
      ) : null}
      <div className="batch-summary" data-testid="batch-summary">
        <div className="batch-summary__cards">
          <div className="metric">
            <span className="metric__label">Compared</span>
            <span className="metric__value">{summary.compared.toLocaleString('en-US')}</span>
          </div>
          <div
            className="metric"
            title="Queries with no result on either side: nothing to compare, so left out of RBO, overlap, the histogram and top result changed"
          >
            <span className="metric__label">Empty on both sides</span>
            <span className="metric__value" data-testid="both-empty">
              {summary.bothEmpty.toLocaleString('en-US')}
            </span>
          </div>
          {kind === 'search' ? (
            <div
              className="metric"
              title="Queries answered with a search redirect on a side: compared by URL, left out of the ranking measures"
            >
              <span className="metric__label">Redirects</span>
              <span className="metric__value" data-testid="redirects">
                {summary.redirects.total.toLocaleString('en-US')}
                {summary.redirects.total ? (
                  <span className="metric__note">
                    {' '}
                    {(summary.redirects.changed + summary.redirects.oneSide).toLocaleString('en-US')} changed
                  </span>
                ) : null}
              </span>
            </div>
          ) : null}
          <div className="metric">
            <span className="metric__label">Mean RBO</span>
            <span className="metric__value">{summary.meanRbo === null ? '—' : summary.meanRbo.toFixed(3)}</span>
          </div>
          <div className="metric">
            <span className="metric__label">Median RBO</span>
            <span className="metric__value">{summary.medianRbo === null ? '—' : summary.medianRbo.toFixed(3)}</span>
          </div>
          <div className="metric">
            <span className="metric__label">
              {kind === 'autocomplete' ? 'First suggestion changed' : kind === 'suggest' ? 'First item changed' : 'Top result changed'}
            </span>
            <span className="metric__value">{summary.top1Changed.toLocaleString('en-US')}</span>
          </div>
          <div className="metric">
            <span className="metric__label">Mean overlap@10</span>
            <span className="metric__value">{pct(summary.meanOverlap10)}</span>
          </div>
        </div>
        <div className="batch-summary__chart">
          <div className="pair-bars__label">
            How much each {words.row} changed (1 − RBO)
            {leftOutClause(summary)}
          </div>
          <HistogramChart histogram={summary.change} label="Histogram of 1 − RBO over the compared queries with results" />
        </div>
        <div className="batch-summary__pairs">
          <PairBars label={words.zero} a={summary.zeroRateA} b={summary.zeroRateB} format={pct} of={1} />
          <PairBars label="Latency p50" a={summary.latency.a.p50} b={summary.latency.b.p50} format={ms} />
          <PairBars label="Latency p95" a={summary.latency.a.p95} b={summary.latency.b.p95} format={ms} />
        </div>
      </div>

      <QualityPanel
        definition={definition}
        call={qualityCall}
        running={progress.status === 'running'}
        done={progress.done}
        onRecompute={() => void loadQuality()}
      />

      {kind === 'search' ? <BatchExplain batch={batch} /> : null}

      <div className="triage-tools">
        <span className="small muted">
          {ordered.length.toLocaleString('en-US')} of {results.length.toLocaleString('en-US')} shown,{' '}
          {order === 'change'
            ? 'most changed first'
            : `by Δ ${metricLabel(order, k)}, ${direction === 'losses' ? 'B’s biggest losses' : 'B’s biggest gains'} first`}
          ; click a {words.row} to open it side by side.
        </span>
        {quality ? (
          <div className="triage-order">
            <label className="small">
              Order by{' '}
              <select
                className="input input--sm"
                aria-label="Order the queries by"
                value={order}
                onChange={(e) => setOrder(e.target.value as Order)}
              >
                <option value="change">change (1 − RBO)</option>
                {METRIC_NAMES.map((m) => (
                  <option key={m} value={m}>
                    Δ {metricLabel(m, k)}
                  </option>
                ))}
              </select>
            </label>
            {order === 'change' ? (
              <label className="small">
                Δ shown for{' '}
                <select
                  className="input input--sm"
                  aria-label="Metric shown and filtered by"
                  value={metric}
                  onChange={(e) => setMetric(e.target.value as MetricName)}
                >
                  {METRIC_NAMES.map((m) => (
                    <option key={m} value={m}>
                      {metricLabel(m, k)}
                    </option>
                  ))}
                </select>
              </label>
            ) : (
              <Segmented
                label="Direction"
                value={direction}
                onChange={setDirection}
                options={[
                  { value: 'losses', label: 'B worse first' },
                  { value: 'gains', label: 'B better first' },
                ]}
              />
            )}
          </div>
        ) : null}
        <div className="triage-filters" role="group" aria-label="Show">
          {(
            [
              ['all', 'All'],
              ...(quality
                ? ([
                    ['better', `B better on ${metricLabel(shown, k)}`],
                    ['worse', `B worse on ${metricLabel(shown, k)}`],
                  ] as [Filter, string][])
                : []),
              [
                'top1',
                kind === 'autocomplete' ? 'First suggestion changed' : kind === 'suggest' ? 'First item changed' : 'Top result changed',
              ],
              ['zero', words.zeroOneSide],
              ['empty', 'Empty on both sides'],
              ...(kind === 'search' ? ([['redirect', 'Redirects']] as [Filter, string][]) : []),
              ['errors', 'Errors'],
            ] as [Filter, string][]
          ).map(([value, label]) => (
            <button
              key={value}
              type="button"
              className={`chip${filter === value ? ' is-selected' : ''}`}
              aria-pressed={filter === value}
              onClick={() => setFilter(value)}
            >
              {label}
            </button>
          ))}
        </div>
      </div>
      <TriageTable
        results={ordered}
        onOpen={(index) => void openResult(index)}
        delta={delta}
        deltaLabel={`Δ ${metricLabel(shown, k)}`}
        rowLabel={words.row}
      />
    </div>
  );
}

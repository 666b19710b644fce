import { useEffect, useMemo, useState } from 'react';
import { metricLabel, type QueryQualityRow, summarize, triageOrder, type BatchRow, KIND_WORDS } from '@shared/compare';
import type { MetricName } from '@shared/metrics';
import { oneCause } from '@shared/diagnostics';
import { useAppStore } from '../../store/store';
import { BatchExplain } from '../explain';
import { OnTrafficPanel } from '../estimates';
import { QualityPanel } from './QualityPanel';
import { type DeltaOf, type Filter, matches, type TrafficOf, TriageTable } from './TriageTable';
import { BatchHead } from './BatchHead';
import { BatchProgress } from './BatchProgress';
import { BatchSummary } from './BatchSummary';
import { type Order, TriageTools } from './TriageTools';

/** Why a query failed, side by side ("B: 400 … unknown configuration"); null when both sides answered. */
const failureOf = (r: BatchRow): string | null =>
  r.a.ok && r.b.ok
    ? null
    : [r.a.ok ? '' : `A: ${r.a.error?.message ?? 'failed'}`, r.b.ok ? '' : `B: ${r.b.error?.message ?? 'failed'}`]
        .filter(Boolean)
        .join('; ');

/** One batch: its progress and controls, its summary, and its queries ranked by how much they changed. */
export function BatchRun() {
  const batch = useAppStore((s) => s.compare.batch)!;
  const openResult = useAppStore((s) => s.openBatchResult);
  const qualityCall = useAppStore((s) => s.compare.batchQuality);
  const loadQuality = useAppStore((s) => s.loadBatchQuality);
  const [filter, setFilter] = useState<Filter>('all');
  const [order, setOrder] = useState<Order>('change');
  const [direction, setDirection] = useState<'losses' | 'gains'>('losses');
  const [metric, setMetric] = useState<MetricName>('ndcg');
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
  // This batch estimated on traffic: each query's B − A in clicks@k by the model, for the triage table.
  const onTraffic = useAppStore((s) =>
    s.onTraffic.subject?.kind === 'batch' && s.onTraffic.subject.id === definition.id ? s.onTraffic.call.result : undefined,
  );
  const traffic = useMemo<TrafficOf | null>(() => {
    if (!onTraffic) return null;
    const byQuery = new Map(onTraffic.queries.map((q) => [q.query, q.delta]));
    return { k: onTraffic.k, of: (r) => byQuery.get(r.query) ?? null };
  }, [onTraffic]);
  const byIndex = useMemo(() => new Map<number, QueryQualityRow>(quality?.perQuery.map((q) => [q.index, q]) ?? []), [quality]);
  // The metric the table shows and filters by: the one it is sorted by, else the one picked for the filters.
  const shown: MetricName = order === 'change' || order === 'traffic' ? metric : order;
  const delta = useMemo<DeltaOf | null>(
    () => (quality ? (r) => byIndex.get(r.index)?.delta?.[shown] ?? null : null),
    [quality, byIndex, shown],
  );
  const ordered = useMemo(() => {
    // Without quality figures (yet) the metric filters have nothing to go by: show everything rather than nothing.
    const effective = (!delta && (filter === 'better' || filter === 'worse')) || (!traffic && filter === 'traffic') ? 'all' : filter;
    const kept = results.filter((r) => matches(r, effective, delta ?? (() => null), traffic?.of));
    const by = order === 'traffic' ? (traffic?.of ?? null) : order === 'change' ? null : delta;
    if (!by) return kept.sort(triageOrder);
    const sign = direction === 'losses' ? 1 : -1;
    // Unmeasured queries (unjudged, failed, never logged) go last in either direction.
    return kept.sort((x, y) => {
      const dx = by(x);
      const dy = by(y);
      if (dx === null || dy === null) return (dx === null ? 1 : 0) - (dy === null ? 1 : 0) || x.index - y.index;
      return sign * (dx - dy) || x.index - y.index;
    });
  }, [results, filter, delta, order, direction, traffic]);
  const k = quality?.k ?? definition.quality?.k ?? 10;

  return (
    <div className="batch-run" aria-label={`Batch ${definition.name}`}>
      <BatchHead definition={definition} hasResults={results.length > 0} />

      <BatchProgress progress={progress} kind={kind} cause={cause} />

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
      <BatchSummary summary={summary} kind={kind} />

      <QualityPanel
        definition={definition}
        call={qualityCall}
        running={progress.status === 'running'}
        done={progress.done}
        onRecompute={() => void loadQuality()}
      />

      <OnTrafficPanel kind="batch" id={definition.id} name={definition.name} />

      {kind === 'search' ? <BatchExplain batch={batch} /> : null}

      <TriageTools
        shownCount={ordered.length}
        total={results.length}
        kind={kind}
        k={k}
        measured={Boolean(quality)}
        onTraffic={traffic ? traffic.k : null}
        view={{ filter, order, direction, metric }}
        onView={(patch) => {
          if (patch.filter !== undefined) setFilter(patch.filter);
          if (patch.order !== undefined) setOrder(patch.order);
          if (patch.direction !== undefined) setDirection(patch.direction);
          if (patch.metric !== undefined) setMetric(patch.metric);
        }}
      />
      <TriageTable
        results={ordered}
        onOpen={(index) => void openResult(index)}
        delta={delta}
        deltaLabel={`Δ ${metricLabel(shown, k)}`}
        traffic={traffic}
        rowLabel={words.row}
      />
    </div>
  );
}

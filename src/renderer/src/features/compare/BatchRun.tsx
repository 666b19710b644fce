import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowLeft, Download, Pause, Play, RotateCcw, Square, Trash2 } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { summarize, triageOrder } from '@shared/compare/summary';
import type { BatchResult } from '@shared/compare/types';
import { formatDuration } from '@shared/time-format';
import { Button } from '../../components/Button';
import { downloadText } from '../../components/download';
import { useAppStore } from '../../store/store';
import { HistogramChart, PairBars } from './Charts';

type Filter = 'all' | 'zero' | 'top1' | 'errors';

const pct = (x: number | null) => (x === null ? '—' : `${(x * 100).toFixed(1)}%`);
const ms = (x: number | null) => (x === null ? '—' : `${x.toFixed(0)} ms`);
const ROW = 34;

function matches(r: BatchResult, filter: Filter): boolean {
  if (filter === 'errors') return !r.a.ok || !r.b.ok;
  if (filter === 'top1') return !!r.metrics?.top1Changed;
  if (filter === 'zero') return !!r.metrics && r.metrics.zeroA !== r.metrics.zeroB;
  return true;
}

function TriageTable({ results, onOpen }: { results: BatchResult[]; onOpen: (index: number) => void }) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: results.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW,
    overscan: 12,
  });
  return (
    <div className="triage" role="table" aria-label="Queries, most changed first" aria-rowcount={results.length + 1}>
      <div className="triage__head" role="row">
        <span role="columnheader">#</span>
        <span role="columnheader">Query</span>
        <span role="columnheader">Changed (1 − RBO)</span>
        <span role="columnheader">Overlap@10</span>
        <span role="columnheader">Top 1</span>
        <span role="columnheader">Count A → B</span>
        <span role="columnheader">ms A / B</span>
      </div>
      <div className="triage__body" ref={scroller} tabIndex={0} role="rowgroup" aria-label="Rows">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((v) => {
            const r = results[v.index]!;
            const m = r.metrics;
            const failed = !r.a.ok || !r.b.ok;
            return (
              <button
                type="button"
                role="row"
                key={r.index}
                className={`triage__row${failed ? ' is-failed' : ''}`}
                style={{ transform: `translateY(${v.start}px)`, height: ROW }}
                onClick={() => onOpen(r.index)}
                title={failed ? `${r.a.error?.message ?? ''} ${r.b.error?.message ?? ''}`.trim() : 'Open side by side'}
                data-testid="triage-row"
              >
                <span role="cell" className="n">
                  {r.index + 1}
                </span>
                <span role="cell" className="triage__query">
                  {r.query}
                </span>
                <span role="cell" className="triage__change">
                  {m ? (
                    <>
                      <span className="change-bar">
                        <span style={{ width: `${Math.round(m.change * 100)}%` }} />
                      </span>
                      <span className="n">{m.change.toFixed(2)}</span>
                    </>
                  ) : (
                    <span className="badge badge--danger">{!r.a.ok && !r.b.ok ? 'both failed' : !r.a.ok ? 'A failed' : 'B failed'}</span>
                  )}
                </span>
                <span role="cell" className="n">
                  {m ? pct(m.overlap10) : '—'}
                </span>
                <span role="cell">{m ? m.top1Changed ? <span className="badge badge--danger">changed</span> : 'same' : '—'}</span>
                <span role="cell" className="n">
                  {r.a.count ?? '—'} → {r.b.count ?? '—'}
                </span>
                <span role="cell" className="n">
                  {ms(r.a.ms)} / {ms(r.b.ms)}
                </span>
              </button>
            );
          })}
        </div>
      </div>
    </div>
  );
}

/** One batch: its progress and controls, its summary, and its queries ranked by how much they changed. */
export function BatchRun() {
  const batch = useAppStore((s) => s.compare.batch)!;
  const close = useAppStore((s) => s.closeBatch);
  const control = useAppStore((s) => s.controlBatch);
  const remove = useAppStore((s) => s.deleteBatch);
  const openResult = useAppStore((s) => s.openBatchResult);
  const [filter, setFilter] = useState<Filter>('all');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { definition, progress, results } = batch;
  const summary = useMemo(() => summarize(results, definition.rows.length), [results, definition.rows.length]);
  const ordered = useMemo(() => results.filter((r) => matches(r, filter)).sort(triageOrder), [results, filter]);
  const share = progress.total ? progress.done / progress.total : 1;

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
        <div
          className="batch-progress__bar"
          role="progressbar"
          aria-label="Batch progress"
          aria-valuemin={0}
          aria-valuemax={progress.total}
          aria-valuenow={progress.done}
        >
          <span style={{ width: `${share * 100}%` }} />
        </div>
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
          {progress.ratePerSecond ? <span>{progress.ratePerSecond.toFixed(1)} queries/s</span> : null}
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
          {progress.status !== 'running' && progress.failed > 0 ? (
            <Button size="sm" icon={<RotateCcw size={13} aria-hidden="true" />} onClick={() => void control('rerun-failed')}>
              Rerun {progress.failed} failed
            </Button>
          ) : null}
        </div>
      </div>

      <div className="batch-summary" data-testid="batch-summary">
        <div className="batch-summary__cards">
          <div className="metric">
            <span className="metric__label">Compared</span>
            <span className="metric__value">{summary.compared.toLocaleString('en-US')}</span>
          </div>
          <div className="metric">
            <span className="metric__label">Mean RBO</span>
            <span className="metric__value">{summary.meanRbo === null ? '—' : summary.meanRbo.toFixed(3)}</span>
          </div>
          <div className="metric">
            <span className="metric__label">Median RBO</span>
            <span className="metric__value">{summary.medianRbo === null ? '—' : summary.medianRbo.toFixed(3)}</span>
          </div>
          <div className="metric">
            <span className="metric__label">Top result changed</span>
            <span className="metric__value">{summary.top1Changed.toLocaleString('en-US')}</span>
          </div>
          <div className="metric">
            <span className="metric__label">Mean overlap@10</span>
            <span className="metric__value">{pct(summary.meanOverlap10)}</span>
          </div>
        </div>
        <div className="batch-summary__chart">
          <div className="pair-bars__label">How much each query changed (1 − RBO)</div>
          <HistogramChart histogram={summary.change} label="Histogram of 1 − RBO over the compared queries" />
        </div>
        <div className="batch-summary__pairs">
          <PairBars label="Zero results" a={summary.zeroRateA} b={summary.zeroRateB} format={pct} />
          <PairBars label="Latency p50" a={summary.latency.a.p50} b={summary.latency.b.p50} format={ms} />
          <PairBars label="Latency p95" a={summary.latency.a.p95} b={summary.latency.b.p95} format={ms} />
        </div>
      </div>

      <div className="triage-tools">
        <span className="small muted">
          {ordered.length.toLocaleString('en-US')} of {results.length.toLocaleString('en-US')} shown, most changed first; click a query to
          open it side by side.
        </span>
        <div className="triage-filters" role="group" aria-label="Show">
          {(
            [
              ['all', 'All'],
              ['top1', 'Top result changed'],
              ['zero', 'Zero results on one side'],
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
      <TriageTable results={ordered} onOpen={(index) => void openResult(index)} />
    </div>
  );
}

import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { queryStatus, redirectChange, shownMetrics, zeroResults, type BatchRow } from '@shared/compare';
import { EPS_TIE } from '@shared/metrics';
import { LOSES_CLICKS } from '@shared/estimates';

/* The batch triage table: one row per query, filtered and ordered by what changed most. */

export type Filter = 'all' | 'zero' | 'empty' | 'redirect' | 'top1' | 'errors' | 'better' | 'worse' | 'traffic';

/** The batch estimated on traffic: each query's B − A in clicks@k by the model (null: the log never had it). */
export interface TrafficOf {
  k: number;
  of: (r: BatchRow) => number | null;
}

export const pct = (x: number | null) => (x === null ? '—' : `${(x * 100).toFixed(1)}%`);
export const ms = (x: number | null) => (x === null ? '—' : `${x.toFixed(0)} ms`);
const ROW = 34;

/** One query's B − A on the chosen metric; null when it is not judged or a side failed. */
export type DeltaOf = (r: BatchRow) => number | null;
export function matches(r: BatchRow, filter: Filter, delta: DeltaOf, traffic?: TrafficOf['of']): boolean {
  if (filter === 'traffic') return (traffic?.(r) ?? 0) <= -LOSES_CLICKS;
  if (filter === 'errors') return !r.a.ok || !r.b.ok;
  if (filter === 'top1') return !!shownMetrics(r)?.top1Changed;
  if (filter === 'zero') return !!r.metrics && zeroResults(r.a) !== zeroResults(r.b);
  if (filter === 'empty') return queryStatus(r) === 'both empty';
  if (filter === 'redirect') return queryStatus(r) === 'redirect';
  if (filter === 'better') return (delta(r) ?? 0) > EPS_TIE;
  if (filter === 'worse') return (delta(r) ?? 0) < -EPS_TIE;
  return true;
}

export function TriageTable({
  results,
  onOpen,
  delta,
  deltaLabel,
  traffic = null,
  rowLabel = 'query',
}: {
  results: BatchRow[];
  onOpen: (index: number) => void;
  delta: DeltaOf | null;
  deltaLabel: string;
  /** The batch on traffic, when estimated: a column of each query's clicks@k B − A. */
  traffic?: TrafficOf | null;
  /** What a row is: a query, or (autocomplete) a prefix. */
  rowLabel?: string;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: results.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW,
    overscan: 12,
  });
  return (
    <div
      className={`triage${traffic ? ' triage--traffic' : ''}`}
      role="table"
      aria-label="Queries, most changed first"
      aria-rowcount={results.length + 1}
    >
      <div className="triage__head" role="row">
        <span role="columnheader">#</span>
        <span role="columnheader">{rowLabel[0]!.toUpperCase() + rowLabel.slice(1)}</span>
        <span role="columnheader">Changed (1 − RBO)</span>
        <span role="columnheader">{delta ? deltaLabel : 'Overlap@10'}</span>
        <span role="columnheader">Top 1</span>
        <span role="columnheader">Count A → B</span>
        <span role="columnheader">ms A / B</span>
        {traffic ? (
          <span role="columnheader" title="B − A in clicks per search in the first k on the shopper traffic, by the click model">
            Clicks@{traffic.k} on traffic
          </span>
        ) : null}
      </div>
      <div className="triage__body" ref={scroller} tabIndex={0} role="rowgroup" aria-label="Rows">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((v) => {
            const r = results[v.index]!;
            const m = shownMetrics(r);
            const status = queryStatus(r);
            const failed = status === 'failed';
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
                  {status === 'both empty' ? (
                    <span className="badge badge--muted" title="No results on either side: nothing to compare">
                      empty on both
                    </span>
                  ) : status === 'redirect' ? (
                    <RedirectBadge result={r} />
                  ) : m?.change != null ? (
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
                  {delta ? <DeltaCell value={delta(r)} /> : pct(m?.overlap10 ?? null)}
                </span>
                <span role="cell">
                  {m?.top1Changed == null ? '—' : m.top1Changed ? <span className="badge badge--danger">changed</span> : 'same'}
                </span>
                <span role="cell" className="n">
                  {r.a.count ?? '—'} → {r.b.count ?? '—'}
                </span>
                <span role="cell" className="n">
                  {ms(r.a.ms)} / {ms(r.b.ms)}
                </span>
                {traffic ? <TrafficCell value={traffic.of(r)} /> : null}
              </button>
            );
          })}
        </div>
      </div>
    </div>
  );
}

/** A redirect query's cell: how the two redirects compare, each side's URL on hover. */
function RedirectBadge({ result }: { result: BatchRow }) {
  const change = redirectChange(result);
  const url = (side: BatchRow['a']) => (side.redirect ? (side.redirect.url ?? 'a redirect without a URL') : 'no redirect');
  return (
    <span
      className={`badge ${change === 'same' ? 'badge--muted' : 'badge--warning'}`}
      title={`A: ${url(result.a)}\nB: ${url(result.b)}`}
      data-testid="redirect-badge"
    >
      {change === 'same'
        ? 'redirect, same'
        : change === 'changed'
          ? 'redirect changed'
          : `redirect on ${change === 'only A' ? 'A' : 'B'} only`}
    </span>
  );
}

/** A query's clicks@k B − A on traffic; a loss of LOSES_CLICKS or more is marked in words. */
function TrafficCell({ value }: { value: number | null }) {
  if (value === null)
    return (
      <span role="cell" className="muted" title="No search of this query under side A in the traffic">
        not in traffic
      </span>
    );
  return (
    <span role="cell" className="n" data-testid="triage-traffic">
      {value <= -LOSES_CLICKS ? (
        <span className="badge badge--danger" title="B loses clicks on this query on the shopper traffic">
          loses clicks
        </span>
      ) : null}{' '}
      <DeltaCell value={value} />
    </span>
  );
}

function DeltaCell({ value }: { value: number | null }) {
  if (value === null) return <span className="muted">—</span>;
  const tone = value > EPS_TIE ? 'up' : value < -EPS_TIE ? 'down' : 'level';
  return <span className={`delta delta--${tone}`}>{`${value > 0 ? '+' : value < 0 ? '−' : ''}${Math.abs(value).toFixed(3)}`}</span>;
}

import { KIND_WORDS, leftOutClause, type BatchSummary as Summary } from '@shared/compare';
import type { RequestKind } from '@shared/request';
import { HistogramChart, PairBars } from './Charts';
import { ms, pct } from './TriageTable';

/** A batch in figures: queries compared, empty, redirects, RBO, top changed, overlap, the change histogram, zero results and latency. */
export function BatchSummary({ summary, kind }: { summary: Summary; kind: RequestKind }) {
  const words = KIND_WORDS[kind];
  return (
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
  );
}

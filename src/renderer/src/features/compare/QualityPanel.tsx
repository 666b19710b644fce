import { RefreshCw } from 'lucide-react';
import {
  formatP,
  metricLabel,
  qualitySentence,
  ratingsCountedText,
  sideNames,
  type BatchQuality,
  type BatchHead,
  weightText,
} from '@shared/compare';
import { INTERVAL_METHOD, METRIC_NAMES, type MetricName, SIGNIFICANCE, type PairedComparison } from '@shared/metrics';
import { Button } from '../../components/Button';
import type { CallState } from '../../request-ui/lifecycle';

const fixed = (x: number) => x.toFixed(3);
const signed = (x: number) => `${x > 0 ? '+' : x < 0 ? '−' : '±'}${Math.abs(x).toFixed(3)}`;

/**
 * The 95% interval of B − A against zero: a bar that does not cross the zero
 * line is a difference the resampling kept on one side. Each row has its own
 * scale (DCG is not bounded by 1), centred on zero.
 */
function IntervalPlot({ c }: { c: PairedComparison }) {
  if (!c.ci95) return null;
  const [lo, hi] = c.ci95;
  const reach = Math.max(Math.abs(lo), Math.abs(hi), Math.abs(c.delta), 1e-6) * 1.15;
  const w = 120;
  const x = (v: number) => w / 2 + (v / reach) * (w / 2);
  const tone = c.significant ? (c.delta > 0 ? 'b' : 'a') : 'none';
  return (
    <svg className={`ci-plot ci-plot--${tone}`} viewBox={`0 0 ${w} 14`} width={w} height={14} aria-hidden="true">
      <line x1={w / 2} x2={w / 2} y1={0} y2={14} className="ci-plot__zero" />
      <line x1={x(lo)} x2={Math.max(x(hi), x(lo) + 1)} y1={7} y2={7} className="ci-plot__range" />
      <circle cx={x(c.delta)} cy={7} r={3} className="ci-plot__mean" />
    </svg>
  );
}

/**
 * Quality per side against the batch's judgment list, and whether B − A is
 * more than noise: a paired randomization test and a bootstrap interval per
 * metric, with the finding on nDCG in a sentence.
 */
export function QualityPanel({
  definition,
  call,
  running,
  done,
  onRecompute,
}: {
  definition: BatchHead;
  call: CallState<BatchQuality | null>;
  running: boolean;
  done: number;
  onRecompute: () => void;
}) {
  const config = definition.quality;
  if (!config) return null;
  const q = call.result;
  const sides = sideNames(definition.sides);
  return (
    <section className="quality" aria-label="Quality against judgments" data-testid="quality-panel">
      <header className="quality__head">
        <h3 className="quality__title">Quality against “{config.judgments.name}”</h3>
        <span className="small muted">
          k = {config.k} · {config.gain} gain · relevant from {config.threshold} ·{' '}
          <span data-testid="ratings-counted">{ratingsCountedText(q?.ratings ?? config.ratings)}</span> ·{' '}
          <span data-testid="weight-counted">{weightText(q?.weight ?? config.weight)}</span>
          {q
            ? ` · ${q.paired.toLocaleString('en-US')} judged ${q.paired === 1 ? 'query' : 'queries'} both sides answered` +
              (q.noRelevant ? ` (${q.noRelevant.toLocaleString('en-US')} with no relevant rating, counted as 0)` : '') +
              (q.unjudged ? `; ${q.unjudged.toLocaleString('en-US')} unjudged left out` : '') +
              (q.unpaired ? `; ${q.unpaired.toLocaleString('en-US')} with a failed side left out` : '')
            : ''}
        </span>
        <Button
          size="sm"
          variant="ghost"
          icon={<RefreshCw size={13} aria-hidden="true" className={call.status === 'sending' ? 'spin' : undefined} />}
          onClick={onRecompute}
          disabled={call.status === 'sending'}
          title="Measure again against the judgment list as it is now (after rating more items)"
        >
          Recompute
        </Button>
      </header>
      {call.error ? (
        <p className="diag diag--error" role="alert">
          Quality could not be measured: {call.error.message}
        </p>
      ) : null}
      {running ? (
        <p className="small muted" role="status">
          {q
            ? `The figures cover the queries finished when they were measured; they are measured again when the run stops (${done.toLocaleString('en-US')} done now).`
            : `Quality is measured when the run stops; Recompute measures the ${done.toLocaleString('en-US')} queries finished so far.`}
        </p>
      ) : null}
      {!q ? (
        call.status === 'sending' ? (
          <p className="small muted" role="status">
            Measuring…
          </p>
        ) : null
      ) : q.paired === 0 ? (
        <p className="diag diag--info">
          No judged query was answered by both sides yet, so there is nothing to compare. Rate items for these queries in the judgment list,
          then Recompute.
        </p>
      ) : (
        <>
          <p className="quality__sentence" data-testid="quality-sentence">
            {qualitySentence('ndcg', q.metrics.ndcg, q.k, sides)}
          </p>
          <table className="quality__table" data-testid="quality-table">
            <thead>
              <tr>
                <th scope="col">Metric</th>
                <th scope="col" className="n">
                  <span className="side-tag side-tag--a">A</span>
                </th>
                <th scope="col" className="n">
                  <span className="side-tag side-tag--b">B</span>
                </th>
                <th scope="col" className="n">
                  Δ B − A
                </th>
                <th scope="col">95% interval of Δ</th>
                <th scope="col" className="n">
                  p
                </th>
                <th scope="col" className="n" title="Queries where B scored higher / lower / the same">
                  B wins / losses / ties
                </th>
              </tr>
            </thead>
            <tbody>
              {METRIC_NAMES.map((m: MetricName) => {
                const c = q.metrics[m];
                return (
                  <tr key={m} className={c.significant ? 'is-significant' : undefined} data-testid={`quality-row-${m}`}>
                    <th scope="row">
                      {metricLabel(m, q.k)}
                      {c.significant ? (
                        <span className={`badge ${c.delta > 0 ? 'badge--b' : 'badge--a'}`} title={`p < ${SIGNIFICANCE.alpha}`}>
                          significant
                        </span>
                      ) : null}
                    </th>
                    <td className="n">{fixed(c.a)}</td>
                    <td className="n">{fixed(c.b)}</td>
                    <td className="n">
                      <strong>{signed(c.delta)}</strong>
                    </td>
                    <td>
                      <span className="quality__ci">
                        <IntervalPlot c={c} />
                        <span className="small">{c.ci95 ? `${fixed(c.ci95[0])} to ${fixed(c.ci95[1])}` : '—'}</span>
                      </span>
                    </td>
                    <td className="n">{formatP(c.p)}</td>
                    <td className="n">
                      {c.wins} / {c.losses} / {c.ties}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <p className="small muted quality__method">
            Δ is the mean of B − A over the paired queries. p: two-sided paired randomization test (exact over every sign pattern up to{' '}
            {SIGNIFICANCE.exactUpTo} queries, else {SIGNIFICANCE.flips.toLocaleString('en-US')} seeded sign flips); interval:{' '}
            {INTERVAL_METHOD}. Marked rows have p &lt; {SIGNIFICANCE.alpha}.
          </p>
        </>
      )}
    </section>
  );
}

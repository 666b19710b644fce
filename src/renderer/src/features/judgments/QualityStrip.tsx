import { formatP, metricLabel, sideNames } from '@shared/compare';
import type { JudgingQueue as Queue } from '@shared/judgments';
import type { MetricName } from '@shared/metrics';
import { useAppStore } from '../../store/store';

const STRIP: MetricName[] = ['ndcg', 'precision', 'ap', 'rr'];

/** The experiment's quality as ratings come in: the main metrics, recomputed from the stored rankings. */
export function QualityStrip({ queue }: { queue: Queue }) {
  const call = useAppStore((s) => s.queueQuality);
  const q = call.result;
  const names = sideNames({ a: { label: queue.experiment.sides.a }, b: { label: queue.experiment.sides.b } });
  return (
    <div className="judging-quality" data-testid="judging-quality" aria-live="polite">
      <span className="small muted">
        {names.a} vs {names.b}
        {q ? ` · over ${q.paired} judged ${q.paired === 1 ? 'query' : 'queries'}` : ''}
        {call.status === 'sending' ? ' · measuring…' : ''}
      </span>
      {q
        ? STRIP.map((m) => {
            const c = q.metrics[m];
            return (
              <span
                key={m}
                className={`judging-quality__metric${c.significant ? ' is-significant' : ''}`}
                data-testid={`judging-quality-${m}`}
              >
                <span className="judging-quality__name">{metricLabel(m, q.k)}</span>
                <span className="mono">
                  {c.a.toFixed(3)} → {c.b.toFixed(3)}
                </span>
                <span className="mono small">
                  Δ {c.delta >= 0 ? '+' : '−'}
                  {Math.abs(c.delta).toFixed(3)} · p {formatP(c.p)}
                </span>
              </span>
            );
          })
        : null}
      {call.error ? <span className="small diag--error">{call.error.message}</span> : null}
    </div>
  );
}

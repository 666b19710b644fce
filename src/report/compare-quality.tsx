import {
  type BatchDefinition,
  type BatchQuality,
  formatP,
  metricLabel,
  qualitySentence,
  ratingsCountedText,
  type ReportContext,
  sideNames,
  weightText,
} from '../shared/compare';
import { INTERVAL_METHOD, METRIC_NAMES, type MetricName } from '../shared/metrics';

const num = (x: number | null, digits = 3) => (x === null ? '—' : x.toFixed(digits));
const signed = (x: number) => `${x > 0 ? '+' : x < 0 ? '−' : ''}${Math.abs(x).toFixed(3)}`;

/** The quality table: per metric A, B, B − A, p and the interval, significant rows marked, and the headline in words. */
export function QualitySection({
  quality,
  definition,
  context,
}: {
  quality: BatchQuality;
  definition: BatchDefinition;
  context: ReportContext;
}) {
  const judgments = context.judgments ?? definition.quality?.judgments;
  const limit = definition.base.options?.limit;
  const sides = sideNames(definition.sides);
  const gate = context.gate;
  return (
    <>
      <h2>Quality against {judgments?.name ?? 'the judgments'}</h2>
      {gate ? (
        <p className={`gate gate--${gate.verdict}`}>
          <strong>{`Gate ${gate.gate}: ${gate.verdict === 'failed' ? 'FAILED' : 'passed'}.`}</strong> {gate.line}
        </p>
      ) : null}
      <p className="sentence">{qualitySentence('ndcg', quality.metrics.ndcg, quality.k, sides)}</p>
      <table>
        <thead>
          <tr>
            {['Metric', 'A', 'B', 'B − A', 'p', '95% CI', 'Wins / losses / ties'].map((h, i) => (
              <th key={h} className={i ? 'n' : undefined}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {METRIC_NAMES.map((m: MetricName) => {
            const c = quality.metrics[m];
            return (
              <tr key={m} className={c.significant ? 'sig' : undefined}>
                <td>
                  {metricLabel(m, quality.k)}
                  {c.significant ? (
                    <>
                      {' '}
                      <span className="mark" title="p < 0.05">
                        ●
                      </span>
                    </>
                  ) : null}
                </td>
                <td className="n">{num(c.a)}</td>
                <td className="n">{num(c.b)}</td>
                <td className="n">{signed(c.delta)}</td>
                <td className="n">{formatP(c.p)}</td>
                <td className="n">{c.ci95 ? `${signed(c.ci95[0])} … ${signed(c.ci95[1])}` : '—'}</td>
                <td className="n">{`${c.wins} / ${c.losses} / ${c.ties}`}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="muted">
        {`Over ${quality.paired} judged queries both sides answered (${quality.noRelevant} of them with no relevant judgment, counted as 0 as trec_eval counts them; ${quality.unjudged} not judged and ${quality.unpaired} with a failed side left out); k = ${quality.k}, gain ${quality.gain}, relevant from ${quality.threshold}; ratings counted: ${ratingsCountedText(quality.ratings)}; ${weightText(quality.weight)}${limit !== undefined ? `; ${limit} items asked per query` : ''}${context.judgments?.sha256 ? `; judgments file sha256 ${context.judgments.sha256}` : ''}. p: paired two-sided randomization test (exact up to 16 queries, else 10,000 sign flips, seed 1); CI: 95%, ${INTERVAL_METHOD}. ● p < 0.05.`}
      </p>
    </>
  );
}

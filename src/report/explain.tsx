import {
  describeDifference,
  type ExplainReport,
  explanationColumns,
  explanationSentence,
  formatShare,
  type KeptExplanation,
  leftOutSentence,
  MEASURE_LABELS,
} from '../shared/explain';
import type { HtmlAddition } from './compare';

const num = (x: number | null | undefined) => (x === null || x === undefined ? '—' : x.toFixed(3));

/** The explanation's section of the HTML report: each difference's mean part, its interval, its share and where it mattered. */
export function ExplanationSection({ report }: { report: ExplainReport }) {
  const left = leftOutSentence(report.leftOut);
  const heads = ['Difference', 'Mean part (φ)', '95% CI', 'Share', 'Queries where it mattered most'];
  return (
    <>
      <h2>{`What moved the change: ${MEASURE_LABELS[report.measure]}`}</h2>
      <p className="sentence">{explanationSentence(report)}</p>
      <table>
        <thead>
          <tr>
            {heads.map((h, i) => (
              <th key={h} className={i > 0 && i < 4 ? 'n' : undefined}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {report.differences.map((d) => (
            <tr key={d.name}>
              <td>{describeDifference(d)}</td>
              <td className="n">{num(d.phi)}</td>
              <td className="n">{d.ci95 ? `${num(d.ci95[0])} … ${num(d.ci95[1])}` : '—'}</td>
              <td className="n">{formatShare(d.share)}</td>
              <td>{(d.top ?? []).map((t) => `${t.query} (${num(t.phi)})`).join(', ') || '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">
        {`Shapley values over the ${report.queries} explained queries: each difference's average contribution over every order of adding B's differences to A (${report.exact ? 'exact' : `sampled, ${report.permutations ?? 0} orders`}); the parts add up to the whole change, mean ${num(report.total)}${report.totalCi95 ? ` (95% CI ${num(report.totalCi95[0])} … ${num(report.totalCi95[1])})` : ''}. A negative share pulls the other way. ${report.requests} distinct requests.${left ? ` ${left}` : ''}${report.notAttributed.length ? ` Not attributed (held at A's value): ${report.notAttributed.map((n) => n.name).join(', ')}.` : ''}`}
      </p>
    </>
  );
}

/** A kept explanation as the batch's reports carry it: its CSV columns, its JSON, its section of the HTML report. */
export function explanationAddition(explanation: KeptExplanation): HtmlAddition {
  return { columns: explanationColumns(explanation), json: explanation, section: <ExplanationSection report={explanation} /> };
}

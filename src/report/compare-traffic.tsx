import type { TrafficSection } from '../shared/compare';

const value = (x: number) => x.toFixed(4);
const signed = (x: number) => `${x > 0 ? '+' : x < 0 ? '−' : ''}${Math.abs(x).toFixed(4)}`;
const pText = (p: number) => (p < 0.001 ? '< 0.001' : p.toFixed(3));

/**
 * A comparison report's "On traffic": B − A on the shopper traffic logged under A, by each estimator with its 95%
 * interval, click-through and conversions by the model, the coverage (and its warning), the interleaving replay, the
 * clicks gate's verdict and the queries B loses the most clicks on.
 */
export function TrafficReportSection({ traffic }: { traffic: TrafficSection }) {
  return (
    <>
      <h2>On traffic</h2>
      {traffic.gate ? (
        <p className={`gate gate--${traffic.gate.verdict}`}>
          <strong>{`Gate clicks@${traffic.k} on traffic: ${traffic.gate.verdict === 'failed' ? 'FAILED' : 'passed'}.`}</strong>{' '}
          {traffic.gate.line}
        </p>
      ) : null}
      <p className="muted">
        {`Had B (${traffic.b}) answered the ${traffic.searches.toLocaleString('en-US')} first pages logged under A (${traffic.a}) in ${traffic.store}: ${traffic.model.toUpperCase()} fitted on the store, 95% intervals by a bootstrap over sessions that refits it; coverage ${Math.round(traffic.coverage * 100)}% of B's top ${traffic.k} items shown for their query in the log.`}
      </p>
      {traffic.warning ? <p className="gate gate--failed">{`Warning: ${traffic.warning}.`}</p> : null}
      {traffic.estimates
        .filter((e) => e.unreliable)
        .map((e) => (
          <p key={e.name} className="muted">{`${e.name} is unreliable here: ${e.unreliable}.`}</p>
        ))}
      <table>
        <thead>
          <tr>
            <th>Per search</th>
            <th className="n">A</th>
            <th className="n">B</th>
            <th className="n">B − A</th>
            <th className="n">95% interval</th>
            <th className="n">p</th>
          </tr>
        </thead>
        <tbody>
          {traffic.estimates.map((e) => (
            <tr key={e.name}>
              <td title={e.unreliable}>
                {e.name}
                {e.headline ? ' (headline)' : e.unreliable ? ' (unreliable)' : ''}
              </td>
              <td className="n">{value(e.a)}</td>
              <td className="n">{value(e.b)}</td>
              <td className="n">{signed(e.delta)}</td>
              <td className="n">{`${signed(e.ci95[0])} … ${signed(e.ci95[1])}`}</td>
              <td className="n">{pText(e.p)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        {`Interleaving replay: B won ${Math.round(traffic.interleaving.wins).toLocaleString('en-US')} searches, lost ${Math.round(traffic.interleaving.losses).toLocaleString('en-US')}, tied ${Math.round(traffic.interleaving.ties).toLocaleString('en-US')} (expected counts, exact under the model; sign test p ${pText(traffic.interleaving.p)}).`}
      </p>
      {traffic.losesClicks.length ? (
        <p>
          {`Queries B loses the most clicks on in all (clicks@${traffic.k} per search by the model × searches): `}
          {traffic.losesClicks
            .slice(0, 10)
            .map((q) => `${q.query} ${signed(q.delta)} × ${q.searches.toLocaleString('en-US')}`)
            .join(', ')}
          .
        </p>
      ) : null}
    </>
  );
}

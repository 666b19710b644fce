import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { PRE_PERIOD_DAYS, type AbReadoutView } from '@shared/abtest';
import { METRIC_NAMES } from './AbReadout';
import { int, pText, range, signedPct } from './figures';

/** CUPED beside the plain lift: the lift with each user's pre-period regressed out, and the variance that removed. */
export function CupedLine({ view }: { view: AbReadoutView }) {
  if (!view.cuped)
    return (
      <p className="small muted" data-testid="abtest-cuped">
        CUPED: no user of the test searched in the {PRE_PERIOD_DAYS} days before its start, so there is no earlier behaviour to regress out;
        the lift above is the plain one.
      </p>
    );
  return (
    <p className="small" data-testid="abtest-cuped">
      <strong>CUPED</strong> (each user’s {METRIC_NAMES[view.metric]} in the {PRE_PERIOD_DAYS} days before the start regressed out):{' '}
      {view.cuped.map((c, i) => (
        <span key={c.variation}>
          {i ? '; ' : ''}
          {c.variation} {signedPct(c.lift)} ({range(c.ci95)}, p {pText(c.p)}) — {Math.round(c.varianceRemoved * 100)}% of the variance
          removed
        </span>
      ))}
      .
    </p>
  );
}

/** The lift per segment (a user's first search's), Holm-corrected over every segment and variation read. */
export function SegmentsTable({ view }: { view: AbReadoutView }) {
  if (!view.segments.length)
    return (
      <p className="small muted" data-testid="abtest-segments">
        No segment has 30 users in each variation: nothing to break down.
      </p>
    );
  return (
    <table className="abtest-table" aria-label="Lift by segment" data-testid="abtest-segments">
      <thead>
        <tr>
          <th>Segment</th>
          <th>Variation</th>
          <th className="n">Users</th>
          <th className="n">Lift</th>
          <th className="n">95% interval</th>
          <th className="n">p</th>
          <th className="n" title={`Holm's correction over the ${view.segments.length} comparisons: any false win stays at alpha`}>
            p, corrected
          </th>
        </tr>
      </thead>
      <tbody>
        {view.segments.map((s) => (
          <tr key={`${s.segment}\u0000${s.variation}`}>
            <td>{s.segment || <span className="muted">(none)</span>}</td>
            <td>{s.variation}</td>
            <td className="n">
              {int(s.users.control)} / {int(s.users.variation)}
            </td>
            <td className={`n abtest-lift--${s.significant ? (s.lift > 0 ? 'better' : 'worse') : 'unclear'}`}>{signedPct(s.lift)}</td>
            <td className="n">{range(s.ci95)}</td>
            <td className="n">{pText(s.p)}</td>
            <td className="n">
              {pText(s.pAdjusted)}
              {s.significant ? <span className="badge">significant</span> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The metrics not read, each a guardrail: breached when B is worse with 95% confidence. */
export function Guardrails({ view }: { view: AbReadoutView }) {
  return (
    <ul className="abtest-guardrails" aria-label="Guardrails" data-testid="abtest-guardrails">
      {view.guardrails.map((g) => (
        <li key={`${g.variation}\u0000${g.metric}`} className={`abtest-guardrail abtest-guardrail--${g.verdict}`}>
          {g.verdict === 'breached' ? <ShieldAlert size={14} aria-hidden="true" /> : <ShieldCheck size={14} aria-hidden="true" />}
          <span>
            Guardrail <strong>{METRIC_NAMES[g.metric]}</strong> ({g.variation}): {signedPct(g.lift)} ({range(g.ci95)}) —{' '}
            {g.verdict === 'breached' ? <strong>breached: B is worse with 95% confidence</strong> : 'holds'}
          </span>
        </li>
      ))}
    </ul>
  );
}

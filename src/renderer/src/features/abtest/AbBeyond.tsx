import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { PRE_PERIOD_DAYS, type AbReadoutView } from '@shared/abtest';
import { METRIC_NAMES } from './AbReadout';
import { pText, range, signedPct } from './figures';

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

import { CircleCheck, Ruler, TriangleAlert } from 'lucide-react';
import type { AbMetric } from '@shared/abtest';
import type { AbPlanView, AbReadoutView } from '@shared/abtest';
import { int, metricValue, pText, signedPct } from './figures';

type Lift = AbReadoutView['lifts'][number];

export const METRIC_NAMES: Record<AbMetric, string> = {
  ctr: 'click-through',
  conversion: 'conversion',
  revenue: 'revenue per search',
};

/** A day since the start as its date (YYYY-MM-DD of the test's start + n). */
export function dayDate(start: string, day: number): string {
  return new Date(Date.parse(`${start.slice(0, 10)}T00:00:00Z`) + day * 86_400_000).toISOString().slice(0, 10);
}

/** The sample-ratio check, first: when it flags, nothing below is to be trusted, and it says so. */
export function SrmLine({ view }: { view: AbReadoutView }) {
  const users = view.variations.map((v) => `${v.id} ${int(v.users)} (${v.weight}% planned)`).join(' · ');
  if (view.srm.flagged)
    return (
      <p className="diag diag--error abtest-srm" role="alert" data-testid="abtest-srm">
        <TriangleAlert size={14} aria-hidden="true" /> <strong>Sample ratio mismatch</strong>: the users per variation are not what the
        weights say (χ² {view.srm.chi2.toFixed(1)}, p {pText(view.srm.p)} &lt; 0.001) — {users}. The results below are not to be trusted:
        check the bucketing, the test id the storefront sends, and whether some users are dropped from one variation.
      </p>
    );
  return (
    <p className="diag diag--info abtest-srm" role="status" data-testid="abtest-srm">
      <CircleCheck size={14} aria-hidden="true" /> Sample ratio as the weights say: χ² {view.srm.chi2.toFixed(2)}, p {pText(view.srm.p)} —{' '}
      {users}.
    </p>
  );
}

/** What a lift says when read today: the always-valid verdict leads (it may be read every day); fixed-horizon waits for the plan. */
export function verdict(l: Pick<Lift, 'ci95' | 'alwaysValid'>, reached: number): { text: string; cls: string } {
  if (l.alwaysValid.ci[0] > 0) return { text: 'wins by the always-valid test', cls: 'better' };
  if (l.alwaysValid.ci[1] < 0) return { text: 'loses by the always-valid test', cls: 'worse' };
  if (reached < 1) return { text: 'keep running', cls: 'unclear' };
  // At the planned size the fixed-horizon test may be read (once).
  // One verdict, with the test that decided it — and, since the always-valid interval beside it still holds 0, why.
  const decided = 'by the fixed-horizon test at the planned size, read once (the always-valid interval still holds 0)';
  if (l.ci95[0] > 0) return { text: `wins ${decided}`, cls: 'better' };
  if (l.ci95[1] < 0) return { text: `loses ${decided}`, cls: 'worse' };
  return { text: 'no difference found', cls: 'unclear' };
}

/** The planner beside a running test: its planned size, the share reached by the smallest variation, the days left. */
export function PlanReached({ view }: { view: AbReadoutView }) {
  const { plan } = view;
  const share = Math.min(1, plan.reached);
  return (
    <div className="abtest-plan" data-testid="abtest-reached">
      <Ruler size={14} aria-hidden="true" />
      <span>
        <strong>{Number.isFinite(plan.needed) ? `${Math.round(plan.reached * 100)}% of the planned size` : 'No plan'}</strong>
        {Number.isFinite(plan.needed)
          ? ` — ${int(plan.needed)} users per variation for ${signedPct(plan.minimumEffect)} at 80% power and α ${plan.alpha}`
          : ' — the control has too few users to plan from'}
        {plan.days !== null ? `; ${int(plan.days)} days at this pace` : ''}.
      </span>
      <span className="abtest-plan__bar" aria-hidden="true">
        <span style={{ width: `${share * 100}%` }} />
      </span>
    </div>
  );
}

/** The planner before a test starts: from the traffic's own rate, variance and pace of users. */
export function BaselinePlan({ plan, metric }: { plan: AbPlanView; metric: AbMetric }) {
  return (
    <p className="small" data-testid="abtest-plan">
      From the traffic of {plan.from} to {plan.to} ({int(plan.baseline.users)} users, {int(plan.baseline.searches)} searches,{' '}
      {METRIC_NAMES[metric]} {metricValue(metric, plan.baseline.value)} per search):{' '}
      <strong>{Number.isFinite(plan.needed) ? `${int(plan.needed)} users per variation` : 'no size (no variance to plan from)'}</strong> to
      find {signedPct(plan.minimumEffect)} at 80% power and α {plan.alpha}
      {plan.days !== null ? (
        <>
          {' '}
          — <strong>{int(plan.days)} days</strong> at this traffic’s pace of users
        </>
      ) : null}
      .
    </p>
  );
}

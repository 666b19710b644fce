import { CircleCheck, Ruler, TriangleAlert } from 'lucide-react';
import type { AbMetric } from '@shared/abtest';
import type { AbPlanView, AbReadoutView } from '@shared/abtest';
import { int, metricValue, pText, range, signedPct } from './figures';

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

/**
 * The lift per day with its always-valid interval, narrowing as users come: a band and a line per variation, zero
 * marked. The interval may be read on any day; the band's ends are held to the chart (an early day's is far wider).
 */
export function LiftChart({ view }: { view: AbReadoutView }) {
  const width = 640;
  const height = 220;
  const pad = { left: 56, right: 16, top: 12, bottom: 30 };
  const lifts = view.lifts;
  const days = Math.max(1, ...lifts.map((l) => l.daily.length));
  const last = lifts.flatMap((l) => [...l.alwaysValid.ci, l.lift]).filter(Number.isFinite);
  const reach = Math.max(0.05, ...last.map((x) => Math.abs(x) * 2.5));
  const clip = (x: number) => Math.max(-reach, Math.min(reach, Number.isFinite(x) ? x : x < 0 ? -reach : reach));
  const all = lifts.flatMap((l) => l.daily.flatMap((d) => [clip(d.ci[0]), clip(d.ci[1]), clip(d.lift)]));
  const lo = Math.min(0, ...all);
  const hi = Math.max(0, ...all, lo + 1e-6);
  const x = (day: number) => pad.left + (days === 1 ? 0.5 : day / (days - 1)) * (width - pad.left - pad.right);
  const y = (v: number) => pad.top + ((hi - clip(v)) / (hi - lo)) * (height - pad.top - pad.bottom);
  const ticks = [lo, 0, hi].filter((t, i, a) => a.findIndex((u) => Math.abs(y(u) - y(t)) < 14) === i);
  return (
    <svg
      className="abtest-chart"
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={`The lift in ${METRIC_NAMES[view.metric]} per day since the start, with its always-valid 95% interval`}
      data-testid="abtest-chart"
    >
      <line x1={pad.left} x2={width - pad.right} y1={y(0)} y2={y(0)} className="abtest-chart__zero" />
      {ticks.map((t) => (
        <text key={t} x={pad.left - 6} y={y(t) + 4} textAnchor="end" className="abtest-chart__tick">
          {t === 0 ? '0' : signedPct(t)}
        </text>
      ))}
      {lifts.map((l, i) => {
        const band = [
          ...l.daily.map((d) => `${x(d.day)},${y(d.ci[1])}`),
          ...[...l.daily].reverse().map((d) => `${x(d.day)},${y(d.ci[0])}`),
        ].join(' ');
        return (
          <g key={l.variation} className={`abtest-chart__series abtest-chart__series--${i}`}>
            <polygon points={band} className="abtest-chart__band" />
            <polyline points={l.daily.map((d) => `${x(d.day)},${y(d.lift)}`).join(' ')} className="abtest-chart__line" />
            {l.daily.map((d) => (
              <circle key={d.day} cx={x(d.day)} cy={y(d.lift)} r={3}>
                <title>{`${dayDate(view.test.start, d.day)} · ${l.variation}: ${signedPct(d.lift)} (always valid ${range(d.ci)}), ${int(d.users)} users so far`}</title>
              </circle>
            ))}
          </g>
        );
      })}
      {Array.from({ length: days }, (_, d) => d)
        .filter((d) => days <= 8 || d % Math.ceil(days / 7) === 0 || d === days - 1)
        .map((d) => (
          <text key={d} x={x(d)} y={height - 8} textAnchor="middle" className="abtest-chart__tick">
            {dayDate(view.test.start, d).slice(5)}
          </text>
        ))}
    </svg>
  );
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

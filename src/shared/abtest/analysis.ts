import { normalQuantile, normalUpperTail } from '../metrics';
import { ratioOf, type UserSums } from './plan';
import { AB_METRICS, type AbMetric } from './metric';

/**
 * What a test is read on beyond its one metric, from sums over users grouped by variation and segment (the traffic
 * store sums them in SQL; `groupSumsOfUsers` from users held in memory): CUPED, the lift per segment with a
 * multiple-comparison correction, and the guardrails — the metrics not read, which the test must not lose on.
 */

/** The days before the test's start whose searches make each user's pre-period metric, for CUPED. */
export const PRE_PERIOD_DAYS = 14;

/** Sums over a group's users of each metric's x (clicks, purchases, capped revenue) with their searches n. */
export interface GroupSums {
  arm: number;
  /** The segment of the user's first search in the test ('' when it had none). */
  segment: string;
  users: number;
  n: number;
  nn: number;
  metrics: Record<AbMetric, { x: number; xx: number; xn: number }>;
  /**
   * The metric read, before the test (xp, np: the user's x and searches in the PRE_PERIOD_DAYS before the start;
   * 0 for a user new then) and against it: Σxp, Σnp, their squares and product, and the cross sums with the test's x and n.
   */
  pre: { x: number; n: number; xx: number; nn: number; xn: number; yx: number; yn: number; nx: number; nnp: number };
}

/** One user's totals over the test and, for the metric read, over the pre-period. */
export interface UserTotals {
  arm: number;
  segment: string;
  n: number;
  x: Record<AbMetric, number>;
  pre: { x: number; n: number };
}

const emptyGroup = (arm: number, segment: string): GroupSums => ({
  arm,
  segment,
  users: 0,
  n: 0,
  nn: 0,
  metrics: { ctr: { x: 0, xx: 0, xn: 0 }, conversion: { x: 0, xx: 0, xn: 0 }, revenue: { x: 0, xx: 0, xn: 0 } },
  pre: { x: 0, n: 0, xx: 0, nn: 0, xn: 0, yx: 0, yn: 0, nx: 0, nnp: 0 },
});

/** The group sums of users held in memory (the reference the store's SQL is checked against), `metric` the one read. */
export function groupSumsOfUsers(users: readonly UserTotals[], metric: AbMetric): GroupSums[] {
  const groups = new Map<string, GroupSums>();
  for (const u of users) {
    const key = `${u.arm}\u0000${u.segment}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = emptyGroup(u.arm, u.segment)));
    g.users++;
    g.n += u.n;
    g.nn += u.n * u.n;
    for (const m of Object.keys(g.metrics) as AbMetric[]) {
      const x = u.x[m];
      g.metrics[m].x += x;
      g.metrics[m].xx += x * x;
      g.metrics[m].xn += x * u.n;
    }
    const y = u.x[metric];
    const p = g.pre;
    p.x += u.pre.x;
    p.n += u.pre.n;
    p.xx += u.pre.x * u.pre.x;
    p.nn += u.pre.n * u.pre.n;
    p.xn += u.pre.x * u.pre.n;
    p.yx += y * u.pre.x;
    p.yn += y * u.pre.n;
    p.nx += u.n * u.pre.x;
    p.nnp += u.n * u.pre.n;
  }
  return [...groups.values()].sort((a, b) => a.arm - b.arm || a.segment.localeCompare(b.segment));
}

/** Groups added together (an arm over its segments). */
export function addGroups(groups: readonly GroupSums[], arm: number): GroupSums {
  const out = emptyGroup(arm, '');
  for (const g of groups) {
    out.users += g.users;
    out.n += g.n;
    out.nn += g.nn;
    for (const m of Object.keys(out.metrics) as AbMetric[])
      for (const k of ['x', 'xx', 'xn'] as const) out.metrics[m][k] += g.metrics[m][k];
    for (const k of Object.keys(out.pre) as (keyof GroupSums['pre'])[]) out.pre[k] += g.pre[k];
  }
  return out;
}

const sumsFor = (g: GroupSums, metric: AbMetric): UserSums => ({ users: g.users, n: g.n, nn: g.nn, ...g.metrics[metric] });

/** A difference of two arms' ratios, its interval and p: what every comparison below reports. */
export interface Comparison {
  /** B − A relative to A, and absolute. */
  lift: number;
  liftAbsolute: number;
  ci95: [number, number];
  ci95Absolute: [number, number];
  p: number;
}

function compare(a: { value: number; variance: number }, b: { value: number; variance: number }, alpha: number): Comparison {
  const z = normalQuantile(1 - alpha / 2);
  const delta = b.value - a.value;
  const se = Math.sqrt(a.variance + b.variance);
  const base = a.value || 1;
  return {
    lift: delta / base,
    liftAbsolute: delta,
    ci95: [(delta - z * se) / base, (delta + z * se) / base],
    ci95Absolute: [delta - z * se, delta + z * se],
    p: se > 0 ? Math.min(1, 2 * normalUpperTail(Math.abs(delta) / se)) : 1,
  };
}

/** B against the control on one metric, from their group sums. */
export const compareOn = (a: GroupSums, b: GroupSums, metric: AbMetric, alpha: number): Comparison =>
  compare(ratioOf(sumsFor(a, metric)), ratioOf(sumsFor(b, metric)), alpha);

export interface CupedLift extends Comparison {
  variation: string;
  /** The share of B − A's variance the pre-period removed: 1 − Var(adjusted)/Var(unadjusted). */
  varianceRemoved: number;
  /** θ, the pooled regression of the test's metric on the pre-period's (both linearised per search). */
  theta: number;
}

/** Covariance of two per-user sums over a group, from Σuv, Σu, Σv (n − 1 in the denominator). */
const cov = (users: number, uv: number, u: number, v: number) => (users > 1 ? (uv - (u * v) / users) / (users - 1) : 0);

/**
 * CUPED (Deng, Xu, Kohavi and Walker, 2013) for a ratio per search, by linearisation: each user's metric becomes
 * Y = (x − r·n)/n̄ and their pre-period's X = (xp − rp·np)/n̄p, r and rp the ratios of the two arms pooled (X's constants
 * are shared by the arms, as randomisation makes the pre-period alike in both); θ = Cov(Y, X)/Var(X) pooled over both
 * arms; each arm's ratio is moved by −θ·(its X̄ − the pooled X̄), its variance (Var Y − 2θ Cov + θ² Var X)/N. Null when
 * no user has a pre-period (nothing to regress on).
 */
export function cupedLift(a: GroupSums, b: GroupSums, metric: AbMetric, alpha: number, variation: string): CupedLift | null {
  const both = [a, b];
  const pooledPre = { x: a.pre.x + b.pre.x, n: a.pre.n + b.pre.n, users: a.users + b.users };
  if (!(pooledPre.n > 0) || a.users < 2 || b.users < 2) return null;
  const rp = pooledPre.x / pooledPre.n;
  const meanNp = pooledPre.n / pooledPre.users;
  const parts = both.map((g) => {
    const m = g.metrics[metric];
    const r = g.n ? m.x / g.n : 0;
    const meanN = g.n / g.users;
    const p = g.pre;
    const varY = (cov(g.users, m.xx, m.x, m.x) - 2 * r * cov(g.users, m.xn, m.x, g.n) + r * r * cov(g.users, g.nn, g.n, g.n)) / meanN ** 2;
    const varX =
      (cov(g.users, p.xx, p.x, p.x) - 2 * rp * cov(g.users, p.xn, p.x, p.n) + rp * rp * cov(g.users, p.nn, p.n, p.n)) / meanNp ** 2;
    const covYX =
      (cov(g.users, p.yx, m.x, p.x) -
        rp * cov(g.users, p.yn, m.x, p.n) -
        r * cov(g.users, p.nx, g.n, p.x) +
        r * rp * cov(g.users, p.nnp, g.n, p.n)) /
      (meanN * meanNp);
    const meanX = (p.x / g.users - rp * (p.n / g.users)) / meanNp;
    return { r, users: g.users, varY, varX, covYX, meanX };
  });
  const varX = parts.reduce((s, q) => s + (q.users - 1) * q.varX, 0);
  if (!(varX > 0)) return null;
  const theta = parts.reduce((s, q) => s + (q.users - 1) * q.covYX, 0) / varX;
  const pooledMeanX = parts.reduce((s, q) => s + q.users * q.meanX, 0) / pooledPre.users;
  const adjusted = parts.map((q) => ({
    value: q.r - theta * (q.meanX - pooledMeanX),
    variance: Math.max(0, q.varY - 2 * theta * q.covYX + theta * theta * q.varX) / q.users,
  }));
  const plain = parts.map((q) => q.varY / q.users);
  const before = plain[0]! + plain[1]!;
  const after = adjusted[0]!.variance + adjusted[1]!.variance;
  return {
    variation,
    ...compare(adjusted[0]!, adjusted[1]!, alpha),
    varianceRemoved: before > 0 ? 1 - after / before : 0,
    theta,
  };
}

export interface SegmentLift extends Comparison {
  segment: string;
  variation: string;
  users: { control: number; variation: number };
  /** Holm's adjusted p over every (segment, variation) read, and whether it is below alpha after that correction. */
  pAdjusted: number;
  significant: boolean;
}

/** Segments with fewer users than this in either arm are listed without a test: too few to read. */
export const MIN_SEGMENT_USERS = 30;

/**
 * The lift in each segment (the segment of a user's first search in the test), each variation against the control,
 * with Holm's step-down correction over all of them: the chance of any false win among the segments stays at alpha.
 */
export function segmentLifts(groups: readonly GroupSums[], variations: readonly string[], metric: AbMetric, alpha: number): SegmentLift[] {
  const segments = [...new Set(groups.map((g) => g.segment))].sort();
  const out: SegmentLift[] = [];
  for (const segment of segments) {
    const control = groups.find((g) => g.arm === 0 && g.segment === segment);
    for (let arm = 1; arm < variations.length; arm++) {
      const other = groups.find((g) => g.arm === arm && g.segment === segment);
      if (!control || !other || control.users < MIN_SEGMENT_USERS || other.users < MIN_SEGMENT_USERS) continue;
      out.push({
        segment,
        variation: variations[arm]!,
        users: { control: control.users, variation: other.users },
        ...compareOn(control, other, metric, alpha),
        pAdjusted: 1,
        significant: false,
      });
    }
  }
  // Holm: the i-th smallest p (from 0) times (m − i), running maximum, capped at 1.
  const order = out.map((_, i) => i).sort((i, j) => out[i]!.p - out[j]!.p);
  let running = 0;
  order.forEach((i, rank) => {
    running = Math.max(running, Math.min(1, out[i]!.p * (out.length - rank)));
    out[i]!.pAdjusted = running;
    out[i]!.significant = running < alpha;
  });
  return out;
}

export interface Guardrail extends Comparison {
  variation: string;
  metric: AbMetric;
  /** breached: B is worse with 95% confidence (the interval of B − A lies below 0); else holds. */
  verdict: 'holds' | 'breached';
}

/** Every metric not read, each variation against the control: a guardrail is breached when B is surely worse. */
export function guardrails(arms: readonly GroupSums[], variations: readonly string[], read: AbMetric, alpha: number): Guardrail[] {
  const out: Guardrail[] = [];
  for (let arm = 1; arm < variations.length; arm++)
    for (const metric of AB_METRICS.filter((m) => m !== read)) {
      const c = compareOn(arms[0]!, arms[arm]!, metric, alpha);
      out.push({ variation: variations[arm]!, metric, ...c, verdict: c.ci95Absolute[1] < 0 ? 'breached' : 'holds' });
    }
  return out;
}

/** What a readout says beyond its one metric's lift. */
export interface BeyondTheMetric {
  /** Each variation against the control with CUPED; null when no user searched in the pre-period. */
  cuped: CupedLift[] | null;
  /** The lift per segment, Holm-corrected. */
  segments: SegmentLift[];
  /** The metrics not read, which the test must not lose on. */
  guardrails: Guardrail[];
}

/** CUPED, the segments and the guardrails, from the users' final totals by variation (`ids`, control first) and segment. */
export function beyondTheMetric(
  ids: readonly string[],
  groups: readonly GroupSums[],
  options: { metric: AbMetric; alpha: number },
): BeyondTheMetric {
  const arms = ids.map((_, i) =>
    addGroups(
      groups.filter((g) => g.arm === i),
      i,
    ),
  );
  const cuped = ids.slice(1).map((id, j) => cupedLift(arms[0]!, arms[j + 1]!, options.metric, options.alpha, id));
  return {
    cuped: cuped.length && cuped.every((c): c is CupedLift => c !== null) ? cuped : null,
    segments: segmentLifts(groups, ids, options.metric, options.alpha),
    guardrails: guardrails(arms, ids, options.metric, options.alpha),
  };
}

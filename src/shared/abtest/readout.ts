import { normalQuantile, normalUpperTail } from '../metrics';
import { plannedUsers, ratioOf, type UserSums } from './plan';
import { alwaysValid, sampleRatioMismatch } from './stats';
import type { AbTest } from './test';
import { beyondTheMetric, type BeyondTheMetric, type GroupSums, groupSumsOfUsers, type UserTotals } from './analysis';
import { AB_METRICS, type AbMetric } from './metric';
export { AB_METRICS, type AbMetric };

/** One user's day in a test: what their searches earned. Users are the unit the storefront randomises. */
export interface UserDay {
  user: string;
  /** The variation this user is in (logged with the search, else drawn from the user id). */
  variation: string;
  /** Days since the test's start (0 the first); below 0 the pre-period CUPED regresses on. */
  day: number;
  /** The segment of the day's first search. */
  segment?: string;
  searches: number;
  sessions: number;
  /** Searches with a click in the first k, an add-to-cart, a purchase; revenue of the purchases. */
  clicked: number;
  carted: number;
  purchased: number;
  revenue: number;
}

type RatioSums = UserSums;

const empty = (): RatioSums => ({ users: 0, x: 0, n: 0, xx: 0, nn: 0, xn: 0 });

export interface VariationReadout {
  id: string;
  weight: number;
  users: number;
  sessions: number;
  searches: number;
  /** Per search: click-through@k, add-to-cart rate, conversion rate, revenue; and revenue per session. */
  rates: { ctr: number; addToCart: number; conversion: number; revenuePerSearch: number; revenuePerSession: number };
  /** The metric read, with its 95% interval. */
  value: number;
  ci95: [number, number];
}

export interface LiftReadout {
  variation: string;
  /** Relative lift over the control (0.2 = +20%), and B − A absolute. */
  lift: number;
  liftAbsolute: number;
  ci95: [number, number];
  /** The fixed-horizon 95% interval of B − A, absolute: in the metric's own unit (a share per search, revenue per search). */
  ci95Absolute: [number, number];
  p: number;
  /** The mSPRT, read on every day so far: its p (the running minimum) and its confidence sequence, relative. */
  alwaysValid: { ci: [number, number]; p: number };
  /** Per day since the start: the lift so far and its always-valid interval, narrowing as users come. */
  daily: { day: number; users: number; lift: number; ci: [number, number] }[];
}

/** The readout; beyond its one metric (BeyondTheMetric), CUPED, the segments and the guardrails. */
export interface AbReadout extends BeyondTheMetric {
  metric: AbMetric;
  srm: { chi2: number; p: number; flagged: boolean };
  variations: VariationReadout[];
  lifts: LiftReadout[];
  plan: {
    /** Users per variation for the minimum detectable effect at 80% power, and the share reached by the smallest arm. */
    needed: number;
    reached: number;
    minimumEffect: number;
    alpha: number;
    /** Days at the traffic's pace of new users (null when the log spans less than a day). */
    days: number | null;
  };
  /** The mixing variance of the always-valid test: τ = the planned minimum effect, absolute. */
  tau: number;
  /** Revenue's heavy tail: each user's revenue capped at this (the 99.9th percentile of users), said beside it. */
  revenueCap: number | null;
}

/** A test read from a traffic store: the readout, the test, and how its searches were tied to variations. */
export interface StoreReadout extends AbReadout {
  test: { id: string; name: string; start: string; end: string | null };
  /** Searches in the test's days, those tied by the variation they were logged with, and by bucketing their user id. */
  searches: { inDays: number; logged: number; bucketed: number; unknownVariation: number };
}

export interface ReadoutOptions {
  metric: AbMetric;
  /** The planned minimum detectable effect, relative (0.1 = 10%). */
  minimumEffect: number;
  alpha: number;
  power?: number;
}

/** One variation's totals over the test: its users (each counted once, in the variation they were first seen in) and what their searches did. */
export interface ArmTotals {
  users: number;
  sessions: number;
  searches: number;
  clicked: number;
  carted: number;
  purchased: number;
  revenue: number;
}

/**
 * What one day added to a variation's running sums: the users first seen that day, and the change in Σx, Σn, Σx²,
 * Σn², Σxn over its users' running totals (x the metric of a user's searches so far, n their searches so far).
 */
export interface ArmDay extends UserSums {
  arm: number;
  day: number;
}

/** Adds `from`'s fields into `into`'s, for the keys given. */
function addInto<K extends string>(into: Record<K, number>, from: Record<K, number>, keys: readonly K[]): void {
  for (const key of keys) into[key] += from[key];
}

const SUM_KEYS = ['users', 'x', 'n', 'xx', 'nn', 'xn'] as const;
const TOTAL_KEYS = ['users', 'sessions', 'searches', 'clicked', 'carted', 'purchased', 'revenue'] as const;

/**
 * A test's sufficient statistics: everything its readout is made of, in a size of variations × days whatever the
 * number of users — what the traffic store sums in SQL, and `sumsOfDays` from rows held in memory.
 */
export interface TestSums {
  totals: ArmTotals[];
  days: ArmDay[];
  /** The last day a user of the test searched on, since the start (0 the first). */
  lastDay: number;
  /** Revenue's cap: the 99.9th percentile of users' total revenue (the metric revenue only). */
  revenueCap: number | null;
  /** Users' final totals by variation and segment, with the pre-period: CUPED, segments and guardrails. */
  groups: GroupSums[];
}

const noTotals = (): ArmTotals => ({ users: 0, sessions: 0, searches: 0, clicked: 0, carted: 0, purchased: 0, revenue: 0 });

/** The revenue cap from users' totals: the value at the 99.9th percentile's place, ascending. */
export function revenueCapOf(totals: readonly number[]): number | null {
  const sorted = [...totals].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(0.999 * sorted.length))]! : null;
}

/**
 * The sufficient statistics of users' days held in memory (the reference the store's SQL is checked against): each
 * user in the variation of the first day they were seen, their running totals growing day by day.
 */
export function sumsOfDays(test: Pick<AbTest, 'variations'>, all: readonly UserDay[], metric: AbMetric): TestSums {
  const index = new Map(test.variations.map((v, i) => [v.id, i]));
  const days = all.filter((d) => d.day >= 0);
  const userRevenue = new Map<string, number>();
  for (const d of days) userRevenue.set(d.user, (userRevenue.get(d.user) ?? 0) + d.revenue);
  const cap = revenueCapOf([...userRevenue.values()]);
  const revenueCap = metric === 'revenue' ? cap : null;
  const xOfAll = (u: { clicked: number; purchased: number; revenue: number }, m: AbMetric) =>
    m === 'ctr' ? u.clicked : m === 'conversion' ? u.purchased : Math.min(u.revenue, cap ?? Infinity);
  const xOf = (u: { clicked: number; purchased: number; revenue: number }) => xOfAll(u, metric);
  const lastDay = days.reduce((m, d) => Math.max(m, d.day), 0);
  const byDay = Array.from({ length: lastDay + 1 }, () => [] as UserDay[]);
  for (const d of days) if (index.has(d.variation)) byDay[d.day]!.push(d);
  const users = new Map<string, { arm: number; x: number; totals: ArmTotals; segment: string }>();
  const out: ArmDay[] = [];
  for (let day = 0; day <= lastDay; day++) {
    const added = new Map<number, ArmDay>();
    for (const d of byDay[day]!) {
      let u = users.get(d.user);
      const fresh = !u;
      if (!u) {
        u = { arm: index.get(d.variation)!, x: 0, totals: { ...noTotals(), users: 1 }, segment: d.segment ?? '' };
        users.set(d.user, u);
      }
      const before = { x: u.x, n: u.totals.searches };
      addInto(u.totals, { ...d, users: 0 }, TOTAL_KEYS);
      u.x = xOf(u.totals);
      const n = u.totals.searches;
      let a = added.get(u.arm);
      if (!a) added.set(u.arm, (a = { arm: u.arm, day, users: 0, x: 0, n: 0, xx: 0, nn: 0, xn: 0 }));
      if (fresh) a.users++;
      a.x += u.x - before.x;
      a.n += n - before.n;
      a.xx += u.x * u.x - before.x * before.x;
      a.nn += n * n - before.n * before.n;
      a.xn += u.x * n - before.x * before.n;
    }
    out.push(...[...added.values()].sort((p, q) => p.arm - q.arm));
  }
  const totals = test.variations.map(noTotals);
  for (const u of users.values()) addInto(totals[u.arm]!, u.totals, TOTAL_KEYS);
  // The pre-period: each user's metric and searches before the start (their revenue capped as in the test).
  const pre = new Map<string, { x: number; n: number; day: { clicked: number; purchased: number; revenue: number } }>();
  for (const d of all)
    if (d.day < 0 && users.has(d.user)) {
      const p = pre.get(d.user) ?? { x: 0, n: 0, day: { clicked: 0, purchased: 0, revenue: 0 } };
      p.n += d.searches;
      p.day.clicked += d.clicked;
      p.day.purchased += d.purchased;
      p.day.revenue += d.revenue;
      p.x = xOf(p.day);
      pre.set(d.user, p);
    }
  const finals: UserTotals[] = [...users].map(([id, u]) => ({
    arm: u.arm,
    segment: u.segment,
    n: u.totals.searches,
    x: { ctr: xOfAll(u.totals, 'ctr'), conversion: xOfAll(u.totals, 'conversion'), revenue: xOfAll(u.totals, 'revenue') },
    pre: { x: pre.get(id)?.x ?? 0, n: pre.get(id)?.n ?? 0 },
  }));
  return { totals, days: out, lastDay, revenueCap, groups: groupSumsOfUsers(finals, metric) };
}

/**
 * A running test read from its users' days: per variation its users, sessions, searches and rates with a 95%
 * interval; each variation's lift over the control (the first) with the fixed-horizon test and the mSPRT side by
 * side, the lift per day with its always-valid interval; the sample-ratio check on users against the weights; and
 * the planner's size for the minimum effect. Ratios per search take their variance by the delta method over users;
 * revenue's users are capped at the 99.9th percentile (winsorized) so one large basket does not swamp the interval.
 */
export function readTest(test: Pick<AbTest, 'variations'>, days: readonly UserDay[], options: ReadoutOptions): AbReadout {
  return readFromSums(test, sumsOfDays(test, days, options.metric), options);
}

/** The readout from a test's sufficient statistics (`TestSums`): see `readTest`. */
export function readFromSums(test: Pick<AbTest, 'variations'>, sums: TestSums, options: ReadoutOptions): AbReadout {
  const k = test.variations.length;
  const z = normalQuantile(1 - options.alpha / 2);
  const { revenueCap, lastDay } = sums;
  // The arms' running sums on each day: each day's additions put in, in the order of the days.
  const byDay = Array.from({ length: lastDay + 1 }, () => [] as ArmDay[]);
  for (const d of sums.days) if (d.day >= 0 && d.day <= lastDay && d.arm < k) byDay[d.day]!.push(d);
  const running = Array.from({ length: k }, empty);
  const daily: { day: number; arms: RatioSums[] }[] = [];
  for (let day = 0; day <= lastDay; day++) {
    for (const d of byDay[day]!) addInto(running[d.arm]!, d, SUM_KEYS);
    daily.push({ day, arms: running.map((a) => ({ ...a })) });
  }
  const arms = daily[daily.length - 1]?.arms ?? Array.from({ length: k }, empty);
  const totals = test.variations.map((_, i) => sums.totals[i] ?? noTotals());
  const per = (x: number, n: number) => (n ? x / n : 0);
  const variations = test.variations.map((v, i): VariationReadout => {
    const t = totals[i]!;
    const r = ratioOf(arms[i] ?? empty());
    const se = Math.sqrt(r.variance);
    return {
      id: v.id,
      weight: v.weight,
      users: t.users,
      sessions: t.sessions,
      searches: t.searches,
      rates: {
        ctr: per(t.clicked, t.searches),
        addToCart: per(t.carted, t.searches),
        conversion: per(t.purchased, t.searches),
        revenuePerSearch: per(t.revenue, t.searches),
        revenuePerSession: per(t.revenue, t.sessions),
      },
      value: r.value,
      ci95: [r.value - z * se, r.value + z * se],
    };
  });
  const control = ratioOf(arms[0] ?? empty());
  const tau = options.minimumEffect * control.value;
  const lifts = test.variations.slice(1).map((v, j): LiftReadout => {
    const i = j + 1;
    let runningP = 1;
    const perDay = daily.map(({ day, arms: at }) => {
      const a = ratioOf(at[0]!);
      const b = ratioOf(at[i]!);
      const delta = b.value - a.value;
      const av = alwaysValid(delta, a.variance + b.variance, tau * tau, options.alpha);
      runningP = Math.min(runningP, av.p);
      const base = a.value || 1;
      return {
        day,
        users: at[0]!.users + at[i]!.users,
        lift: delta / base,
        ci: [av.ci[0] / base, av.ci[1] / base] as [number, number],
        p: runningP,
      };
    });
    const a = control;
    const b = ratioOf(arms[i] ?? empty());
    const delta = b.value - a.value;
    const variance = a.variance + b.variance;
    const se = Math.sqrt(variance);
    const base = a.value || 1;
    const last = perDay[perDay.length - 1];
    return {
      variation: v.id,
      lift: delta / base,
      liftAbsolute: delta,
      ci95: [(delta - z * se) / base, (delta + z * se) / base],
      ci95Absolute: [delta - z * se, delta + z * se],
      p: se > 0 ? Math.min(1, 2 * normalUpperTail(Math.abs(delta) / se)) : 1,
      alwaysValid: { ci: last ? last.ci : [-Infinity, Infinity], p: last ? last.p : 1 },
      daily: perDay.map(({ day, users, lift, ci }) => ({ day, users, lift, ci })),
    };
  });
  const srm = sampleRatioMismatch(
    totals.map((t) => t.users),
    test.variations.map((v) => v.weight),
  );
  // The planner: users per variation for the minimum effect at the power asked, from the control's own rate and variance.
  const needed = plannedUsers(arms[0] ?? empty(), { ...options, power: options.power ?? 0.8 });
  const smallest = Math.min(...totals.map((t) => t.users));
  const pace = lastDay > 0 ? smallest / (lastDay + 1) : null;
  return {
    metric: options.metric,
    srm,
    variations,
    lifts,
    plan: {
      needed,
      reached: Number.isFinite(needed) && needed > 0 ? smallest / needed : 0,
      minimumEffect: options.minimumEffect,
      alpha: options.alpha,
      days: pace && Number.isFinite(needed) ? Math.ceil(needed / pace) : null,
    },
    tau,
    revenueCap,
    ...beyondTheMetric(
      test.variations.map((v) => v.id),
      sums.groups,
      options,
    ),
  };
}

import { meanSampleSize } from './stats';

/** Sums over users of x (a user's metric numerator: clicks, purchases or revenue) and n (their searches). */
export interface UserSums {
  users: number;
  x: number;
  n: number;
  xx: number;
  nn: number;
  xn: number;
}

/** A ratio per search and its variance by the delta method over users (each user's searches are not independent). */
export function ratioOf(s: UserSums): { value: number; variance: number } {
  if (!s.n || s.users < 2) return { value: s.n ? s.x / s.n : 0, variance: 0 };
  const r = s.x / s.n;
  const meanN = s.n / s.users;
  const residual = Math.max(0, (s.xx - 2 * r * s.xn + r * r * s.nn) / (s.users - 1));
  return { value: r, variance: residual / (s.users * meanN * meanN) };
}

/**
 * Users per variation for a relative minimum effect at the power asked, from one arm's own rate and per-user
 * variance (the residual of the ratio, so a user with many searches counts as what they are: one randomised unit).
 * Var(B − A) = (s_A² + s_B²)/(N·n̄²) with δ = the effect × the rate; a rate's variance grows with it under the
 * alternative (p(1 − p) at the treated rate), so B's is scaled by that ratio; revenue's is taken as A's.
 */
export function plannedUsers(
  base: UserSums,
  options: { metric: 'ctr' | 'conversion' | 'revenue'; minimumEffect: number; alpha: number; power?: number },
): number {
  const { value, variance } = ratioOf(base);
  const meanN = base.users ? base.n / base.users : 0;
  if (!(meanN > 0) || base.users < 2) return Infinity;
  const perUserSd = Math.sqrt(Math.max(0, variance * base.users)) * meanN;
  const treated = Math.min(0.999, value * (1 + options.minimumEffect));
  const growth = options.metric === 'revenue' || value <= 0 || value >= 1 ? 1 : (treated * (1 - treated)) / (value * (1 - value));
  return meanSampleSize(
    (perUserSd / meanN) * Math.sqrt((1 + growth) / 2),
    options.minimumEffect * value,
    options.alpha,
    options.power ?? 0.8,
  );
}

/** What the planner says before a test starts: from a baseline of the traffic, its size and how long it takes. */
export interface BaselinePlan {
  /** The metric's rate per search in the baseline, and its users and days. */
  baseline: { value: number; users: number; searches: number; days: number };
  /** Users per variation for the minimum effect at 80% power and alpha. */
  needed: number;
  /** Days at the baseline's pace of users, in the smallest variation's share of them (null: the baseline has no day). */
  days: number | null;
  minimumEffect: number;
  alpha: number;
}

/** A test's plan before it starts, from a store's traffic: `from` and `to` are the baseline's first and last day. */
export interface StorePlan extends BaselinePlan {
  from: string;
  to: string;
}

/**
 * The planner on a baseline (the traffic's users before the test, or any users like its shoppers): the users per
 * variation the minimum effect needs and the days it takes when the smallest variation gets its weight of the users.
 */
export function planOnBaseline(
  users: readonly { x: number; n: number }[],
  days: number,
  weights: readonly number[],
  options: { metric: 'ctr' | 'conversion' | 'revenue'; minimumEffect: number; alpha: number; power?: number },
): BaselinePlan {
  const sums: UserSums = { users: 0, x: 0, n: 0, xx: 0, nn: 0, xn: 0 };
  for (const u of users) {
    sums.users++;
    sums.x += u.x;
    sums.n += u.n;
    sums.xx += u.x * u.x;
    sums.nn += u.n * u.n;
    sums.xn += u.x * u.n;
  }
  const needed = plannedUsers(sums, options);
  const share = Math.min(...weights.filter((w) => w > 0)) / 100;
  const pace = days > 0 ? (sums.users / days) * share : 0;
  return {
    baseline: { value: ratioOf(sums).value, users: sums.users, searches: sums.n, days },
    needed,
    days: pace > 0 && Number.isFinite(needed) ? Math.ceil(needed / pace) : null,
    minimumEffect: options.minimumEffect,
    alpha: options.alpha,
  };
}

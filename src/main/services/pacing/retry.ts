/**
 * Retries, backoff and a rate limit, in one place for every caller that
 * talks to a service which may say "not now": the token client (429 from the
 * identity server, a fresh client assertion per attempt) and the batch runner
 * (429/5xx/resets from the search service).
 *
 * Written here rather than taken from p-retry/p-queue: both callers need the
 * server's Retry-After to override the computed backoff for one attempt, a
 * sleep that a cancel cuts short, and an injectable clock for deterministic
 * tests — p-retry has no per-attempt delay from the failure, and the limiter
 * is ten lines.
 */

export interface BackoffPolicy {
  /** Tries in all, the first included. */
  attempts: number;
  baseDelayMs: number;
  /** Upper bound for one computed backoff wait (a server's Retry-After is waited in full, within the deadline). */
  maxDelayMs: number;
}

/** Retry-After as seconds or an HTTP date, in milliseconds from now. */
export function retryAfterMs(value: string | undefined, now: number): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Exponential backoff with jitter: base × 2^(attempt−1), capped, times a random 0.5–1. */
export function backoffMs(attempt: number, policy: BackoffPolicy, random: () => number = Math.random): number {
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1)) * (0.5 + random() / 2);
}

/** One attempt's outcome: its value, and whether to try again (after the server's own delay, if it gave one). */
export interface Attempt<T> {
  value: T;
  retry?: { afterMs?: number | undefined };
}

export interface RetryOptions {
  policy: BackoffPolicy;
  sleep: (ms: number) => Promise<void>;
  random?: () => number;
  /** Stops retrying at once (a cancelled run): the last value is returned. */
  stopped?: () => boolean;
  /**
   * How long a server may ask to be left alone (Retry-After) and still be
   * waited for: the request's deadline. Beyond it the retries stop at once
   * and `onTooLong` hears the delay asked for.
   */
  deadlineMs?: number;
  onTooLong?: (retryAfterMs: number) => void;
}

/**
 * Runs `attempt` until it asks for no retry, the attempts run out or the
 * caller stops, waiting between attempts; returns the last attempt's value.
 * A server's Retry-After is honoured in full — never cut short, which would
 * only earn another refusal — unless it is longer than the deadline, when
 * waiting would outlast the request anyway.
 */
export async function withRetries<T>(attempt: (n: number) => Promise<Attempt<T>>, options: RetryOptions): Promise<T> {
  for (let n = 1; ; n++) {
    const outcome = await attempt(n);
    if (!outcome.retry || n >= options.policy.attempts || options.stopped?.()) return outcome.value;
    const asked = outcome.retry.afterMs;
    if (asked !== undefined && options.deadlineMs !== undefined && asked > options.deadlineMs) {
      options.onTooLong?.(asked);
      return outcome.value;
    }
    await options.sleep(asked ?? Math.min(options.policy.maxDelayMs, backoffMs(n, options.policy, options.random)));
    if (options.stopped?.()) return outcome.value;
  }
}

/** At most `perSecond` starts per key in any one-second window; callers beyond it wait their turn. */
export class RateLimiter {
  private readonly recent = new Map<string, number[]>();

  constructor(
    private readonly perSecond: number,
    private readonly now: () => number,
    private readonly sleep: (ms: number) => Promise<void>,
  ) {}

  async take(key: string): Promise<void> {
    for (;;) {
      const now = this.now();
      const times = (this.recent.get(key) ?? []).filter((t) => now - t < 1000);
      const oldest = times[0];
      if (oldest === undefined || times.length < this.perSecond) {
        times.push(now);
        this.recent.set(key, times);
        return;
      }
      await this.sleep(1000 - (now - oldest) + 1);
    }
  }
}

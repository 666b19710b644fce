import { describe, expect, it } from 'vitest';
import { backoffMs, RateLimiter, retryAfterMs, withRetries, type BackoffPolicy } from '../../../src/main/services/pacing/retry';

const policy: BackoffPolicy = { attempts: 4, baseDelayMs: 100, maxDelayMs: 1000 };

describe('retries and backoff', () => {
  it('backs off exponentially with jitter between half and all of the step, capped', () => {
    expect(backoffMs(1, policy, () => 0)).toBe(50);
    expect(backoffMs(1, policy, () => 1)).toBe(100);
    expect(backoffMs(3, policy, () => 1)).toBe(400);
    expect(backoffMs(10, policy, () => 1)).toBe(1000);
  });

  it('reads Retry-After as seconds or a date', () => {
    expect(retryAfterMs('2', 0)).toBe(2000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4000)).toBe(6000);
    expect(retryAfterMs(undefined, 0)).toBeUndefined();
  });

  it('tries until an attempt asks for no retry, waiting the server’s delay when it gives one', async () => {
    const waits: number[] = [];
    const value = await withRetries(async (n) => (n < 3 ? { value: n, retry: { afterMs: n === 1 ? 300 : undefined } } : { value: n }), {
      policy,
      sleep: async (ms) => void waits.push(ms),
      random: () => 1,
    });
    expect(value).toBe(3);
    expect(waits).toEqual([300, 200]);
  });

  it('stops after the last attempt, caps computed waits, and stops at once when told', async () => {
    const waits: number[] = [];
    expect(
      await withRetries(async (n) => ({ value: n, retry: {} }), { policy, sleep: async (ms) => void waits.push(ms), random: () => 1 }),
    ).toBe(4);
    expect(waits).toEqual([100, 200, 400]);
    let stopped = false;
    const seen: number[] = [];
    const last = await withRetries(
      async (n) => {
        seen.push(n);
        return { value: n, retry: {} };
      },
      { policy, sleep: async () => void (stopped = true), stopped: () => stopped },
    );
    expect(last).toBe(1);
    expect(seen).toEqual([1]);
  });

  it('waits a Retry-After in full when it fits the deadline (never cut to the backoff cap), and gives up at once when it does not', async () => {
    const waits: number[] = [];
    const value = await withRetries(async (n) => (n === 1 ? { value: n, retry: { afterMs: 15_000 } } : { value: n }), {
      policy,
      sleep: async (ms) => void waits.push(ms),
      deadlineMs: 30_000,
    });
    expect(value).toBe(2);
    expect(waits).toEqual([15_000]);
    const tooLong: number[] = [];
    const gaveUp = await withRetries(async (n) => ({ value: n, retry: { afterMs: 60_000 } }), {
      policy,
      sleep: async (ms) => void waits.push(ms),
      deadlineMs: 30_000,
      onTooLong: (ms) => tooLong.push(ms),
    });
    expect(gaveUp).toBe(1);
    expect(tooLong).toEqual([60_000]);
    expect(waits).toEqual([15_000]);
  });

  it('limits starts per key in any one-second window, on an injected clock', async () => {
    let now = 0;
    const slept: number[] = [];
    const limiter = new RateLimiter(
      2,
      () => now,
      async (ms) => {
        slept.push(ms);
        now += ms;
      },
    );
    await limiter.take('a');
    await limiter.take('a');
    await limiter.take('b');
    expect(slept).toEqual([]);
    await limiter.take('a');
    expect(slept).toEqual([1001]);
    expect(now).toBe(1001);
  });
});

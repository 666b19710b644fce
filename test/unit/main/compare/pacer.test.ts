import { describe, expect, it } from 'vitest';
import { AdaptivePacer } from '../../../../src/main/services/pacing/pacer';

/**
 * A simulated service with the emulator's --rate-limit (a token bucket of
 * `limit` requests a second, holding a tenth of a second's worth), answering
 * after a fixed latency, driven by a fake clock: every figure below is the
 * same on every run.
 */
function simulate(options: { seconds: number; limit: (t: number) => number; latencyMs?: number; inFlight?: number }) {
  let t = 0;
  const pacer = new AdaptivePacer({ now: () => t });
  const latency = options.latencyMs ?? 5;
  const slots = options.inFlight ?? 32;
  let tokens = options.limit(0) / 10;
  let filled = 0;
  const take = () => {
    const n = options.limit(t);
    tokens = Math.min(n / 10, tokens + ((t - filled) * n) / 1000);
    filled = t;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
  const sent: { at: number; ok: boolean }[] = [];
  const rates: { at: number; rate: number }[] = [];
  // Answers on their way back, oldest first.
  const pending: { at: number; ok: boolean; sent: number }[] = [];
  const deliver = (until: number) => {
    while (pending.length && pending[0]!.at <= until) {
      const answer = pending.shift()!;
      t = Math.max(t, answer.at);
      if (answer.ok) pacer.ok();
      else pacer.throttled(answer.sent);
    }
  };
  while (t < options.seconds * 1000) {
    deliver(t);
    if (pending.length >= slots) {
      deliver(pending[0]!.at);
      continue;
    }
    const slot = pacer.take();
    if (!slot.ok) {
      // Wait for the slot, handling answers that arrive meanwhile; then ask again.
      const until = t + slot.waitMs;
      deliver(until);
      t = until;
      continue;
    }
    const ok = take();
    sent.push({ at: t, ok });
    pending.push({ at: t + latency, ok, sent: t });
    rates.push({ at: t, rate: pacer.requestsPerSecond });
  }
  const between = (from: number, to: number) => sent.filter((s) => s.at >= from && s.at < to);
  return { pacer, sent, rates, between };
}

describe('adaptive pacing', () => {
  it('finds a 200 requests/s limit: ≥ 90% of it once found, < 1% refused', () => {
    const { between } = simulate({ seconds: 30, limit: () => 200 });
    const steady = between(5000, 30_000);
    const ok = steady.filter((s) => s.ok).length;
    expect(ok / 25).toBeGreaterThanOrEqual(180);
    expect(ok / 25).toBeLessThanOrEqual(200);
    expect((steady.length - ok) / steady.length).toBeLessThan(0.01);
    // Over the whole run, slow start included.
    const all = between(0, 30_000);
    expect(all.filter((s) => !s.ok).length / all.length).toBeLessThan(0.01);
  });

  it('follows the limit down to 100 within a second, and keeps ≥ 90% of it', () => {
    const { between, rates } = simulate({ seconds: 40, limit: (t) => (t < 20_000 ? 200 : 100) });
    const firstAtOrBelow = rates.find((r) => r.at >= 20_000 && r.rate <= 100);
    expect(firstAtOrBelow).toBeDefined();
    expect(firstAtOrBelow!.at - 20_000).toBeLessThan(1000);
    const after = between(22_000, 40_000);
    const ok = after.filter((s) => s.ok).length;
    expect(ok / 18).toBeGreaterThanOrEqual(90);
    expect((after.length - ok) / after.length).toBeLessThan(0.01);
  });

  it('slows down once for a burst of refusals, and does not save up credit while idle', () => {
    let t = 1000;
    const pacer = new AdaptivePacer({ now: () => t, initialRate: 100 });
    const first = pacer.take();
    expect(first).toEqual({ ok: true, at: 1000 });
    // One slot of slack (a caller woken late keeps the pace), then the next is 10 ms on; nothing is handed out ahead.
    expect(pacer.take()).toEqual({ ok: true, at: 1000 });
    expect(pacer.take()).toEqual({ ok: false, waitMs: 10 });
    t += 10;
    pacer.throttled(1000); // leaves slow start at ×0.9 (nothing answered yet to go by)
    for (let i = 0; i < 20; i++) pacer.throttled(1000); // the same burst: sent before that decrease
    expect(pacer.counts).toEqual({ throttled: 21, decreases: 1 });
    const after = 100 * 2 ** (10 / 250) * 0.9; // 10 ms of slow start (the pace held the caller back), then ×0.9
    expect(pacer.requestsPerSecond).toBeCloseTo(after, 6);
    t += 60_000; // a paused batch: no credit saved up, no burst to catch up (one slot of slack at most)
    expect(pacer.take().ok).toBe(true);
    expect(pacer.take().ok).toBe(true);
    expect(pacer.requestsPerSecond).toBeCloseTo(after, 6);
    const next = pacer.take();
    expect(next.ok).toBe(false);
    expect(!next.ok && next.waitMs).toBeCloseTo(1000 / after, 6);
  });
});

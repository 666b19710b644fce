/**
 * Finds a service's capacity for a batch by pacing request starts at a rate
 * that grows until the service refuses for load (429 or 503), then backs off:
 *
 * - slow start: the rate doubles every 250 ms until the first refusal, which
 *   sets it just under what the service took in the last second;
 * - then it grows a few percent a second (four times that until the next
 *   refusal, since slow start ends a little low) while the pace is what
 *   holds the callers back, and each refusal lowers it to just under what
 *   the service took in the last second (×0.9 at most, ×0.7 at least) —
 *   once per 100 ms at most, and only for requests sent after the last
 *   decrease, so a burst of refusals for requests already on their way
 *   counts once, yet a limit that falls is followed within a second.
 *
 * It paces starts rather than capping concurrency: a fast service at 200
 * requests a second needs one or two requests in flight, so only a rate
 * says how hard it is pushed.
 */
export interface PacerOptions {
  /** Monotonic clock in ms. */
  now: () => number;
  /** Requests per second at the start. */
  initialRate?: number;
  minRate?: number;
  maxRate?: number;
  /** Growth after slow start, as a share of the rate per second. */
  increase?: number;
  /** Factor applied on a refusal. */
  decrease?: number;
  /** Refusals closer together than this count once. */
  holdMs?: number;
}

export class AdaptivePacer {
  private rate: number;
  private slowStart = true;
  private probing = false;
  private nextAt = -Infinity;
  private lastGrowth: number;
  private lastDecrease = -Infinity;
  /** When a caller last had to wait for a slot: the pace, not the caller, was the limit. */
  private lastWaited = -Infinity;
  /** When answers came back fine in the last second: what the service really took. */
  private readonly answered: number[] = [];
  private readonly now: () => number;
  private readonly minRate: number;
  private readonly maxRate: number;
  private readonly increase: number;
  private readonly decrease: number;
  private readonly holdMs: number;
  /** Refusals seen, and those that lowered the rate. */
  readonly counts = { throttled: 0, decreases: 0 };

  constructor(options: PacerOptions) {
    this.now = options.now;
    this.rate = options.initialRate ?? 20;
    this.minRate = options.minRate ?? 1;
    this.maxRate = options.maxRate ?? 5000;
    this.increase = options.increase ?? 0.05;
    this.decrease = options.decrease ?? 0.9;
    this.holdMs = options.holdMs ?? 100;
    this.lastGrowth = this.now();
  }

  /** The current pace, requests per second. */
  get requestsPerSecond(): number {
    return this.rate;
  }

  /**
   * A start slot now (its time, for `throttled`), or how long until the next
   * one — then ask again, as the pace may have changed meanwhile. Slots are
   * never handed out ahead, so callers queued at a slow start do not keep
   * that pace once it has grown.
   */
  take(): { ok: true; at: number } | { ok: false; waitMs: number } {
    const now = this.now();
    this.grow(now);
    if (this.nextAt > now) {
      this.lastWaited = now;
      return { ok: false, waitMs: this.nextAt - now };
    }
    // One interval of slack keeps the pace when a caller wakes a little late; after an idle spell it
    // restarts from now, not from a slot long past (no burst to catch up).
    this.nextAt = Math.max(this.nextAt, now - 1000 / this.rate) + 1000 / this.rate;
    return { ok: true, at: now };
  }

  /** The service answered (anything but a refusal for load). */
  ok(): void {
    const now = this.now();
    this.answered.push(now);
    this.forget(now);
  }

  /** The service refused for load (429, 503) a request sent at `sentAt`. */
  throttled(sentAt: number): void {
    const now = this.now();
    this.counts.throttled++;
    this.grow(now);
    // Sent before the last decrease: that decrease already answered it.
    if (sentAt < this.lastDecrease || now - this.lastDecrease < this.holdMs) return;
    this.lastDecrease = now;
    this.counts.decreases++;
    // What the service took in the last second is the better guess when the pace is well above it
    // (slow start overshoots by up to its last doubling), but never more than a cut to 0.7 at once.
    this.forget(now);
    const took = this.answered.length;
    let next = this.rate * this.decrease;
    if (took > 0) next = Math.min(next, Math.max(this.slowStart ? 0 : this.rate * 0.7, took * 0.95));
    this.probing = this.slowStart;
    this.slowStart = false;
    this.rate = Math.max(this.minRate, next);
    this.nextAt = Math.max(this.nextAt, now + 1000 / this.rate);
  }

  private forget(now: number): void {
    while (this.answered.length && (this.answered[0] as number) <= now - 1000) this.answered.shift();
  }

  private grow(now: number): void {
    // An idle spell (a pause) earns no credit: growth counts at most a quarter second at a time.
    const seconds = Math.min(0.25, Math.max(0, now - this.lastGrowth) / 1000);
    this.lastGrowth = now;
    // No growth while backing off (the hold after a decrease), nor while the callers, not the pace, are the limit.
    if (now - this.lastDecrease < this.holdMs || now - this.lastWaited > 100) return;
    const growth = this.probing ? 4 * this.increase : this.increase;
    this.rate = this.slowStart ? this.rate * 2 ** (seconds / 0.25) : this.rate * (1 + growth * seconds);
    this.rate = Math.min(this.maxRate, this.rate);
  }
}

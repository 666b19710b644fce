/**
 * The service's request-rate limit, as gateways enforce one: a token bucket
 * refilled at `perSecond` and holding a tenth of a second's worth, so short
 * bursts pass and a sustained rate above the limit is refused with 429 and a
 * Retry-After. Off (no limit) unless set; changeable while running.
 */
export class RateLimit {
  private perSecond: number | null = null;
  private tokens = 0;
  private filledAt = 0;

  constructor(private readonly clock: () => number = () => performance.now()) {}

  current(): number | null {
    return this.perSecond;
  }

  set(perSecond: number | null): void {
    this.perSecond = perSecond;
    this.tokens = perSecond === null ? 0 : this.capacity(perSecond);
    this.filledAt = this.clock();
  }

  /** Takes one request's token: null when it may go on, else the seconds to wait (for Retry-After, at least 1). */
  take(): number | null {
    const limit = this.perSecond;
    if (limit === null) return null;
    const now = this.clock();
    this.tokens = Math.min(this.capacity(limit), this.tokens + ((now - this.filledAt) * limit) / 1000);
    this.filledAt = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return null;
    }
    return Math.max(1, Math.ceil((1 - this.tokens) / limit));
  }

  /** Takes one request's token: null when it may go on, else the seconds to wait and the 429's message. */
  refusal(): { wait: number; message: string } | null {
    const wait = this.take();
    if (wait === null) return null;
    return { wait, message: `Too many requests: this service takes ${this.perSecond} a second; retry after ${wait} s.` };
  }

  private capacity(limit: number): number {
    return Math.max(1, limit / 10);
  }
}

import { WorkbenchFailure } from '../../../shared/errors';
import { retryAfterMs, withRetries, type BackoffPolicy } from './retry';
import { AdaptivePacer } from './pacer';

/** What a send reports, whatever it carries besides: enough to decide whether to try again and when. */
export interface SentLike {
  ok: boolean;
  status?: number;
  error?: { code: string; message: string };
  retryAfterMs?: number;
}

/** A failed send as the runners see it: its code and message, the HTTP status, the server's Retry-After, the time. */
export interface SendFailure {
  ok: false;
  error: { code: string; message: string };
  status?: number;
  retryAfterMs?: number;
  ms: number | null;
}

/** What a search client's thrown failure means for a runner: whether (and when) to try again. */
export function sendFailure(err: unknown): SendFailure {
  if (!(err instanceof WorkbenchFailure)) return { ok: false, error: { code: 'internal', message: String(err) }, ms: null };
  const exchange = err.error.details?.exchange;
  const wait = retryAfterMs(exchange?.responseHeaders.find(([k]) => k.toLowerCase() === 'retry-after')?.[1], Date.now());
  return {
    ok: false,
    error: { code: err.error.code, message: err.error.message },
    ...(err.error.details?.status !== undefined ? { status: err.error.details.status } : {}),
    ...(wait !== undefined ? { retryAfterMs: wait } : {}),
    ms: exchange?.timings.totalMs ?? null,
  };
}

/** Statuses worth another try: the service was busy, restarting or timed out, not refusing the request. */
export const RETRYABLE_STATUS: ReadonlySet<number> = new Set([408, 425, 429, 500, 502, 503, 504]);

export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

export interface PacedRetryOptions {
  retry?: Partial<BackoffPolicy>;
  /** 'auto': request starts are paced from the service's own refusals (AdaptivePacer). */
  pace?: 'auto';
  /** The per-request timeout (ms): a Retry-After within it is waited in full; a longer one gives up at once. */
  deadlineMs?: number;
  random?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Monotonic clock for automatic pacing (tests). */
  now?: () => number;
}

export interface PacedOutcome<T> {
  value: T;
  attempts: number;
  /** Set when the service asked to wait longer than the per-request timeout: the wait it asked for (ms). */
  tooLongMs?: number;
}

/**
 * How every run of many requests sends one: paced (with `pace: 'auto'`), retried within bounds when the failure
 * is worth retrying (network, timeout, 408/425/429/5xx, with the server's Retry-After), stopped at once by the
 * run's signal. Batches and suites share it, so both treat a busy service the same way.
 */
export class PacedRetry {
  readonly policy: BackoffPolicy;
  readonly pacer: AdaptivePacer | undefined;

  constructor(private readonly options: PacedRetryOptions = {}) {
    this.policy = { attempts: 4, baseDelayMs: 250, maxDelayMs: 10_000, ...options.retry };
    this.pacer = options.pace === 'auto' ? new AdaptivePacer({ now: options.now ?? (() => performance.now()) }) : undefined;
  }

  get deadlineMs(): number | undefined {
    return this.options.deadlineMs;
  }

  async send<T extends SentLike>(attempt: () => Promise<T>, signal: AbortSignal): Promise<PacedOutcome<T>> {
    const sleep = this.options.sleep ?? abortableSleep;
    let attempts = 0;
    let tooLongMs: number | undefined;
    const value = await withRetries<T>(
      async (n) => {
        attempts = n;
        const sentAt = await this.slot(signal);
        const sent = await attempt();
        if (this.pacer && !signal.aborted) {
          if (!sent.ok && (sent.status === 429 || sent.status === 503)) this.pacer.throttled(sentAt);
          else this.pacer.ok();
        }
        if (sent.ok || signal.aborted || sent.error?.code === 'cancelled') return { value: sent };
        const retryable =
          sent.error?.code === 'network' ||
          sent.error?.code === 'timeout' ||
          (sent.status !== undefined && RETRYABLE_STATUS.has(sent.status));
        return { value: sent, ...(retryable ? { retry: { afterMs: sent.retryAfterMs } } : {}) };
      },
      {
        policy: this.policy,
        sleep: (ms) => sleep(ms, signal),
        stopped: () => signal.aborted,
        ...(this.options.random ? { random: this.options.random } : {}),
        ...(this.options.deadlineMs ? { deadlineMs: this.options.deadlineMs, onTooLong: (ms: number) => (tooLongMs = ms) } : {}),
      },
    );
    return { value, attempts, ...(tooLongMs !== undefined ? { tooLongMs } : {}) };
  }

  /** Why a request gave up on a Retry-After longer than its timeout, and what to do. */
  tooLongMessage(ms: number, what = 'rerun the failed queries later'): string {
    return `rate limited: the service asks to retry after ${Math.ceil(ms / 1000)} s, longer than the per-request timeout of ${Math.round((this.options.deadlineMs ?? 0) / 1000)} s; ${what}.`;
  }

  /** With automatic pacing, waits for this request's start slot; answers when it started. */
  private async slot(signal: AbortSignal): Promise<number> {
    if (!this.pacer) return 0;
    for (;;) {
      const slot = this.pacer.take();
      if (slot.ok || signal.aborted) return slot.ok ? slot.at : 0;
      await abortableSleep(slot.waitMs, signal);
    }
  }
}

import { setMaxListeners } from 'node:events';
import {
  answerSummary,
  kindedAnswer,
  kindMeasures,
  kindRequest,
  type KindResponse,
  mergeRequest,
  requestFor,
  type BatchDefinition,
  type BatchProgress,
  type BatchResult,
  type BatchStatus,
  type QueryRow,
  type SideResult,
  type SideSpec,
} from '../../../shared/compare';
import type { KindedRequest, KindedResponse } from '../../../shared/request';
import { type BackoffPolicy, PacedRetry, type SendFailure } from '../pacing';
import type { BatchStore, RecordToStore } from './store';
import { StringPool } from './string-pool';

export type SendOutcome =
  { ok: true; response: KindResponse; ms: number; status: number; /** The body as received, stored as is. */ raw?: Buffer } | SendFailure;

/** Sends one side's request (of the batch's kind); the runner owns retries, concurrency, cancellation and storage. */
export type SideSender = (side: 'a' | 'b', request: KindedRequest, signal: AbortSignal) => Promise<SendOutcome>;

export type RetryPolicy = BackoffPolicy;

export interface BatchRunnerOptions {
  definition: BatchDefinition;
  store: BatchStore;
  send: SideSender;
  retry?: Partial<RetryPolicy>;
  /** Results are flushed to disk in chunks of this many, or this often. */
  flushEvery?: { results: number; ms: number };
  onProgress?: (progress: BatchProgress) => void;
  onResult?: (result: BatchResult) => void;
  random?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** The per-request timeout (ms): a Retry-After within it is waited in full; a longer one fails the side at once. */
  deadlineMs?: number;
  /** Monotonic clock for automatic pacing (tests). */
  now?: () => number;
}

const isFailed = (r: BatchResult) => !r.a.ok || !r.b.ok;

interface SideAnswer {
  side: SideResult;
  request: KindedRequest;
  answer?: KindedResponse;
  raw?: Buffer;
}

/**
 * Runs both sides for every query of a batch with bounded concurrency,
 * retrying what is worth retrying (429 with its Retry-After, 5xx, resets,
 * timeouts) within bounds, and storing every result as it comes, so a quit
 * or a crash loses nothing that was flushed and a resumed run only asks for
 * the rest. Pause lets the queries in flight finish; cancel aborts them.
 */
export class BatchRunner {
  private readonly results = new Map<number, BatchResult>();
  private failedCount = 0;
  private status: BatchStatus = 'paused';
  private startedAt: string | null = null;
  /** Queries with a request in flight, by how many of their requests are. */
  private readonly active = new Map<number, number>();
  private abort = new AbortController();
  /**
   * Requests still to send: a query's two sides are separate jobs, so a free slot never waits for the slower side.
   * Taken from `next` on (never shifted: shifting an array of 200,000 jobs moves all the rest each time).
   */
  private queue: { index: number; side: 'a' | 'b' }[] = [];
  private next = 0;
  /** Sides already answered for queries still waiting on the other one. */
  private readonly partial = new Map<number, Partial<Record<'a' | 'b', SideAnswer>>>();
  private buffer: RecordToStore[] = [];
  private flushTimer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private readonly completions: number[] = [];
  private workers: Promise<void>[] = [];
  /** Pacing (with `pace: 'auto'`) and retries, as every run of many requests has them. */
  private readonly sender: PacedRetry;

  constructor(private readonly options: BatchRunnerOptions) {
    this.sender = new PacedRetry({
      ...(options.retry ? { retry: options.retry } : {}),
      ...(options.definition.pace === 'auto' ? { pace: 'auto' as const } : {}),
      ...(options.deadlineMs ? { deadlineMs: options.deadlineMs } : {}),
      ...(options.random ? { random: options.random } : {}),
      ...(options.sleep ? { sleep: options.sleep } : {}),
      ...(options.now ? { now: options.now } : {}),
    });
  }

  private get pacer() {
    return this.sender.pacer;
  }

  get definition(): BatchDefinition {
    return this.options.definition;
  }

  get store(): BatchStore {
    return this.options.store;
  }

  /** Reads what the store already holds (a resumed run). */
  async load(): Promise<void> {
    for (const result of (await this.options.store.load()).values()) this.set(result);
    const state = await this.options.store.state();
    this.startedAt = state?.startedAt ?? null;
    const finished = this.results.size >= this.options.definition.rows.length;
    this.status = finished ? 'done' : state?.status === 'running' ? 'interrupted' : (state?.status ?? 'paused');
  }

  list(): BatchResult[] {
    return [...this.results.values()].sort((a, b) => a.index - b.index);
  }

  progress(): BatchProgress {
    const total = this.options.definition.rows.length;
    const done = this.results.size;
    const failed = this.failedCount;
    const now = Date.now();
    while (this.completions.length && now - (this.completions[0] as number) > 10_000) this.completions.shift();
    const window = this.completions.length >= 2 ? (now - (this.completions[0] as number)) / 1000 : 0;
    const rate = window > 0 ? this.completions.length / window : null;
    const remaining = total - done;
    return {
      status: this.status,
      total,
      done,
      failed,
      remaining,
      inFlight: this.active.size,
      startedAt: this.startedAt,
      ratePerSecond: rate,
      etaMs: rate && this.status === 'running' ? (remaining / rate) * 1000 : null,
      ...(this.pacer ? { pace: { requestsPerSecond: this.pacer.requestsPerSecond, throttled: this.pacer.counts.throttled } } : {}),
    };
  }

  /** Starts (or resumes) the queries without a result; resolves when the run stops. */
  async start(only?: number[]): Promise<void> {
    if (this.status === 'running') return;
    const pending = only ?? this.options.definition.rows.map((_, i) => i).filter((i) => !this.results.has(i));
    this.queue = pending.flatMap((index) =>
      (['a', 'b'] as const).filter((side) => !this.partial.get(index)?.[side]).map((side) => ({ index, side })),
    );
    this.next = 0;
    this.status = 'running';
    this.abort = new AbortController();
    // Every request in flight listens on this one signal.
    setMaxListeners(0, this.abort.signal);
    this.startedAt ??= new Date().toISOString();
    await this.options.store.saveState({ status: 'running', startedAt: this.startedAt, updatedAt: new Date().toISOString() });
    this.emit();
    // `concurrency` queries in flight: twice as many request slots (paced ones start when the pacer says).
    const n = 2 * Math.max(1, Math.min(this.options.definition.concurrency, 64));
    this.workers = Array.from({ length: n }, () => this.work());
    await Promise.all(this.workers);
    await this.flush();
    if (this.status === 'running') this.status = 'done';
    // Said at once, before the state is saved: whoever reads the status from now on has had the event too.
    // (A crash before the save is recovered at load: a batch with every result is done.)
    this.emit();
    await this.options.store.saveState({ status: this.status, startedAt: this.startedAt, updatedAt: new Date().toISOString() });
  }

  /** Lets the requests in flight finish and starts no new one. */
  async pause(): Promise<void> {
    if (this.status !== 'running') return;
    this.status = 'paused';
    this.emit();
    await Promise.all(this.workers);
  }

  /** Stops at once: requests in flight are aborted and their queries stay without a result. */
  async cancel(): Promise<void> {
    if (this.status === 'running') this.abort.abort();
    this.status = 'cancelled';
    this.partial.clear();
    this.emit();
    await Promise.all(this.workers);
    await this.flush();
    await this.options.store.saveState({ status: 'cancelled', startedAt: this.startedAt, updatedAt: new Date().toISOString() });
  }

  /** Runs again only the queries where a side failed. */
  async rerunFailed(): Promise<void> {
    const failed = [...this.results.values()].filter(isFailed).map((r) => r.index);
    for (const i of failed) {
      this.results.delete(i);
      this.failedCount--;
    }
    this.status = 'paused';
    await this.start(failed);
  }

  /** Each side's template merged once; a row only adds its query and overrides. */
  private templates: Record<'a' | 'b', SideSpec> | undefined;

  private requestFor(side: 'a' | 'b', row: QueryRow): KindedRequest {
    const { definition } = this.options;
    this.templates ??= {
      a: { ...definition.sides.a, overrides: mergeRequest(definition.base, definition.sides.a.overrides) },
      b: { ...definition.sides.b, overrides: mergeRequest(definition.base, definition.sides.b.overrides) },
    };
    return kindRequest(definition.kind ?? 'search', requestFor({}, this.templates[side], row));
  }

  /** Item ids and titles shared by every result kept (see StringPool). */
  private readonly strings = new StringPool();

  /** Keeps the failure count with the results, so progress is O(1) per result. */
  private set(stored: BatchResult): void {
    const result = this.strings.result(stored);
    const previous = this.results.get(result.index);
    if (previous && isFailed(previous)) this.failedCount--;
    if (isFailed(result)) this.failedCount++;
    this.results.set(result.index, result);
  }

  private lastEmit = 0;

  /** Progress for listeners: at every change of status, and at most every 100 ms while running. */
  private emit(force = true): void {
    if (!this.options.onProgress) return;
    const now = performance.now();
    if (!force && now - this.lastEmit < 100) return;
    this.lastEmit = now;
    this.options.onProgress(this.progress());
  }

  private async work(): Promise<void> {
    const signal = this.abort.signal;
    while (this.status === 'running') {
      const job = this.queue[this.next++];
      if (job === undefined) return;
      const row = this.options.definition.rows[job.index]!;
      const sides = this.partial.get(job.index) ?? {};
      this.partial.set(job.index, sides);
      this.active.set(job.index, (this.active.get(job.index) ?? 0) + 1);
      let answer: SideAnswer | null;
      try {
        answer = await this.sendWithRetry(job.side, this.requestFor(job.side, row), signal);
      } finally {
        const left = (this.active.get(job.index) ?? 1) - 1;
        if (left > 0) this.active.set(job.index, left);
        else this.active.delete(job.index);
      }
      // Null only when cancelled: that query stays without a result.
      if (!answer || signal.aborted) return;
      sides[job.side] = answer;
      if (sides.a && sides.b) {
        this.partial.delete(job.index);
        this.record(this.assemble(job.index, sides.a, sides.b));
      }
    }
  }

  private assemble(index: number, a: SideAnswer, b: SideAnswer): RecordToStore {
    const row = this.options.definition.rows[index]!;
    const result: BatchResult = {
      index,
      query: row.query,
      a: a.side,
      b: b.side,
      metrics: a.answer && b.answer ? kindMeasures(a.answer, b.answer, { a: a.request, b: b.request }) : null,
      finishedAt: new Date().toISOString(),
    };
    const stored = (x: SideAnswer) => (x.raw !== undefined ? { raw: x.raw } : x.answer ? { value: x.answer.response } : undefined);
    const sa = stored(a);
    const sb = stored(b);
    return { result, responses: { ...(sa ? { a: sa } : {}), ...(sb ? { b: sb } : {}) } };
  }

  private async sendWithRetry(side: 'a' | 'b', request: KindedRequest, signal: AbortSignal): Promise<SideAnswer | null> {
    const { value: outcome, attempts, tooLongMs } = await this.sender.send(() => this.options.send(side, request, signal), signal);
    if (signal.aborted) return null;
    if (outcome.ok) {
      const answer = kindedAnswer(request.kind, outcome.response);
      return {
        side: {
          ok: true,
          ms: outcome.ms,
          attempts,
          status: outcome.status,
          ...answerSummary(answer),
        },
        request,
        answer,
        ...(outcome.raw !== undefined ? { raw: outcome.raw } : {}),
      };
    }
    return {
      side: {
        ok: false,
        ms: outcome.ms,
        attempts,
        ...(outcome.status !== undefined ? { status: outcome.status } : {}),
        count: null,
        error: tooLongMs !== undefined ? { code: 'rate-limited', message: this.sender.tooLongMessage(tooLongMs) } : outcome.error,
        top: [],
      },
      request,
    };
  }

  private record(record: RecordToStore): void {
    this.set(record.result);
    this.completions.push(Date.now());
    this.buffer.push(record);
    this.options.onResult?.(record.result);
    const every = this.options.flushEvery ?? { results: 200, ms: 500 };
    if (this.buffer.length >= every.results) void this.flush();
    else this.flushTimer ??= setTimeout(() => void this.flush(), every.ms);
    this.emit(false);
  }

  /** Writes the buffered results as one chunk; writes never overlap. */
  flush(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const records = this.buffer;
    this.buffer = [];
    this.flushing = this.flushing.then(() => this.options.store.append(records));
    return this.flushing;
  }
}

import type { Result, WorkbenchError } from '@shared/ipc';
import type { ExchangeRecord } from '@shared/errors';

/**
 * One request's life in the renderer, written once for every screen: send,
 * cancel the previous one still in flight, ignore an answer that a newer
 * request (or a cancel) has overtaken, and keep the last good answer apart
 * from the current error — so a failed request never wipes what was on
 * screen, and a slow old answer never overwrites a new one.
 */

/** A failed request, with its exchange record lifted out for the screens that show it. */
export type RequestError = WorkbenchError & { exchange?: ExchangeRecord };

export type CallStatus = 'idle' | 'sending' | 'done' | 'error';

export interface CallState<T> {
  status: CallStatus;
  /** The request in flight; null when none is. */
  requestId: string | null;
  /** The last good answer: kept while a newer request runs, and after one fails. */
  result: T | null;
  /** The last request's error; cleared when a request starts or succeeds. */
  error: RequestError | null;
}

export function idleCall<T>(result: T | null = null): CallState<T> {
  return { status: result === null ? 'idle' : 'done', requestId: null, result, error: null };
}

/** Where a call's state lives: a tab, a slice field, component state. */
export interface CallLens<T> {
  get(): CallState<T>;
  set(patch: Partial<CallState<T>>): void;
}

/** A lens over a call state read by `read` and written whole by `write`. */
export function lensOf<T>(read: () => CallState<T>, write: (next: CallState<T>) => void): CallLens<T> {
  return { get: read, set: (patch) => write({ ...read(), ...patch }) };
}

/** What a call state holds when it is done. */
type ResultOf<C> = C extends CallState<infer T> ? T : never;

/**
 * The lens slices write most: the call state at `key` of an object read by `read` and patched by `write` — the
 * store itself (`lensAt(get, set, 'savedList')`) or a slice's own object (`lensAt(() => get().runs, patch, 'call')`).
 */
export function lensAt<S, K extends keyof S>(
  read: () => S,
  write: (patch: Pick<S, K>) => void,
  key: K & (S[K] extends CallState<unknown> ? K : never),
): CallLens<ResultOf<S[K]>> {
  return lensOf(
    () => read()[key] as CallState<ResultOf<S[K]>>,
    (next) => write({ [key]: next } as Pick<S, K>),
  );
}

let counter = 0;

/** A fresh id for request:cancel, unique within this window. */
export function nextRequestId(scope: string): string {
  counter += 1;
  return `${scope}:${counter}`;
}

export function requestError(error: WorkbenchError): RequestError {
  const exchange = error.details?.exchange;
  return exchange ? { ...error, exchange } : error;
}

export interface CallOptions<R, T> {
  /** Prefix of the request ids, for logs and request:cancel. */
  scope: string;
  send: (requestId: string) => Promise<Result<R>>;
  /** What to keep of an answer. */
  accept: (value: R) => T;
  /** Cancels a request in main (search:run has request:cancel); others are only ignored when stale. */
  cancel?: (requestId: string) => unknown;
}

export type CallOutcome<R> =
  | { kind: 'done'; value: R }
  | { kind: 'error'; error: RequestError }
  | { kind: 'cancelled' }
  /** A newer request or a cancel took over: this answer was dropped. */
  | { kind: 'stale' };

/** Sends a request through a lens: the one send → cancel previous → drop stale → keep last good sequence. */
export async function runCall<R, T>(lens: CallLens<T>, options: CallOptions<R, T>): Promise<CallOutcome<R>> {
  const previous = lens.get().requestId;
  if (previous && options.cancel) void options.cancel(previous);
  const requestId = nextRequestId(options.scope);
  lens.set({ status: 'sending', requestId, error: null });
  const result = await options.send(requestId);
  if (lens.get().requestId !== requestId) return { kind: 'stale' };
  if (result.ok) {
    lens.set({ status: 'done', requestId: null, error: null, result: options.accept(result.value) });
    return { kind: 'done', value: result.value };
  }
  if (result.error.code === 'cancelled') {
    lens.set({ status: lens.get().result === null ? 'idle' : 'done', requestId: null });
    return { kind: 'cancelled' };
  }
  const error = requestError(result.error);
  lens.set({ status: 'error', requestId: null, error });
  return { kind: 'error', error };
}

/** Stops waiting for the request in flight (its answer will be dropped) and cancels it in main where it can. */
export function cancelCall<T>(lens: CallLens<T>, cancel?: (requestId: string) => unknown): void {
  const { requestId, result } = lens.get();
  if (!requestId) return;
  lens.set({ status: result === null ? 'idle' : 'done', requestId: null });
  if (cancel) void cancel(requestId);
}

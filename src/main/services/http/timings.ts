import { AsyncLocalStorage } from 'node:async_hooks';
import diagnostics from 'node:diagnostics_channel';

/**
 * Per-request connection timings from undici's diagnostics channels. A call
 * runs inside `measure()`; the request undici creates for it is tied to the
 * call's timing record, and the socket it is sent on tells whether the
 * connection was new (and how long connecting took) or reused.
 */
export interface CallTiming {
  connectMs: number | null;
  reusedConnection: boolean | null;
}

const storage = new AsyncLocalStorage<CallTiming>();
/** Connect starts per origin, oldest first (undici passes a copy of the params to each channel). */
const connectStarts = new Map<string, number[]>();
const originOf = (p: { protocol?: string; host?: string; hostname?: string; port?: string | number }) =>
  `${p.protocol ?? ''}//${p.host ?? `${p.hostname}:${p.port}`}`;
const connectDurations = new WeakMap<object, number>();
const usedSockets = new WeakSet<object>();
const timingOf = new WeakMap<object, CallTiming>();
let subscribed = false;

function subscribe(): void {
  if (subscribed) return;
  subscribed = true;
  diagnostics.subscribe('undici:client:beforeConnect', (message) => {
    const { connectParams } = message as { connectParams: Parameters<typeof originOf>[0] };
    const key = originOf(connectParams);
    const queue = connectStarts.get(key) ?? [];
    queue.push(performance.now());
    connectStarts.set(key, queue);
  });
  diagnostics.subscribe('undici:client:connected', (message) => {
    const { connectParams, socket } = message as { connectParams: Parameters<typeof originOf>[0]; socket: object };
    const key = originOf(connectParams);
    const queue = connectStarts.get(key);
    const start = queue?.shift();
    if (queue && queue.length === 0) connectStarts.delete(key);
    if (start !== undefined) connectDurations.set(socket, performance.now() - start);
  });
  diagnostics.subscribe('undici:client:connectError', (message) => {
    const { connectParams } = message as { connectParams: Parameters<typeof originOf>[0] };
    const key = originOf(connectParams);
    connectStarts.get(key)?.shift();
  });
  diagnostics.subscribe('undici:request:create', (message) => {
    const timing = storage.getStore();
    if (timing) timingOf.set((message as { request: object }).request, timing);
  });
  diagnostics.subscribe('undici:client:sendHeaders', (message) => {
    const { request, socket } = message as { request: object; socket: object };
    const timing = timingOf.get(request);
    if (!timing) return;
    if (usedSockets.has(socket)) {
      timing.reusedConnection = true;
      timing.connectMs = 0;
    } else {
      usedSockets.add(socket);
      timing.reusedConnection = false;
      timing.connectMs = connectDurations.get(socket) ?? null;
    }
  });
}

export function measure<T>(fn: () => Promise<T>): { timing: CallTiming; result: Promise<T> } {
  subscribe();
  const timing: CallTiming = { connectMs: null, reusedConnection: null };
  return { timing, result: storage.run(timing, fn) };
}

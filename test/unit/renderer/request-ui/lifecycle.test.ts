import { describe, expect, it } from 'vitest';
import type { Result } from '../../../../src/shared/ipc/result';
import {
  cancelCall,
  idleCall,
  lensAt,
  lensOf,
  nextRequestId,
  requestError,
  runCall,
  type CallState,
} from '../../../../src/renderer/src/request-ui/lifecycle';

/** A call state held in a variable, and sends whose answers the test releases in any order. */
function harness<T>(initial: CallState<T> = idleCall<T>()) {
  let state = initial;
  const lens = lensOf(
    () => state,
    (next) => {
      state = next;
    },
  );
  const pending = new Map<string, (r: Result<T>) => void>();
  const cancelled: string[] = [];
  const send = (requestId: string) => new Promise<Result<T>>((resolve) => pending.set(requestId, resolve));
  const answer = (requestId: string, r: Result<T>) => pending.get(requestId)!(r);
  return { lens, state: () => state, pending, cancelled, send, answer, cancel: (id: string) => cancelled.push(id) };
}

const ok = <T>(value: T): Result<T> => ({ ok: true, value });
const fail = (code: 'http' | 'cancelled', message = 'no'): Result<never> => ({ ok: false, error: { code, message } });

describe('the request lifecycle', () => {
  it('sends, shows progress, and keeps the answer', async () => {
    const h = harness<string>();
    const run = runCall(h.lens, { scope: 't', send: h.send, accept: (v) => v.toUpperCase() });
    expect(h.state()).toMatchObject({ status: 'sending', error: null, result: null });
    const [id] = [...h.pending.keys()];
    h.answer(id!, ok('first'));
    expect(await run).toEqual({ kind: 'done', value: 'first' });
    expect(h.state()).toEqual({ status: 'done', requestId: null, result: 'FIRST', error: null });
  });

  it('cancels the previous request in main and drops its answer when it comes after all', async () => {
    const h = harness<string>();
    const first = runCall(h.lens, { scope: 't', send: h.send, accept: (v) => v, cancel: h.cancel });
    const [firstId] = [...h.pending.keys()];
    const second = runCall(h.lens, { scope: 't', send: h.send, accept: (v) => v, cancel: h.cancel });
    expect(h.cancelled).toEqual([firstId]);
    const secondId = [...h.pending.keys()][1]!;
    h.answer(secondId, ok('new'));
    h.answer(firstId!, ok('old, late'));
    expect(await second).toEqual({ kind: 'done', value: 'new' });
    expect(await first).toEqual({ kind: 'stale' });
    expect(h.state().result).toBe('new');
  });

  it('keeps the last good answer apart from a new error, and clears the error on the next success', async () => {
    const h = harness<string>(idleCall('before'));
    expect(h.state().status).toBe('done');
    const failing = runCall(h.lens, { scope: 't', send: h.send, accept: (v) => v });
    h.answer([...h.pending.keys()][0]!, fail('http', 'limit is not sortable'));
    const outcome = await failing;
    expect(outcome).toMatchObject({ kind: 'error', error: { message: 'limit is not sortable' } });
    expect(h.state()).toMatchObject({ status: 'error', result: 'before', error: { code: 'http' } });
    const again = runCall(h.lens, { scope: 't', send: h.send, accept: (v) => v });
    expect(h.state().error).toBeNull();
    h.answer([...h.pending.keys()][1]!, ok('after'));
    await again;
    expect(h.state()).toMatchObject({ status: 'done', result: 'after', error: null });
  });

  it('a cancel stops waiting at once, tells main, and the answer that still comes is dropped', async () => {
    const h = harness<string>(idleCall('shown'));
    const run = runCall(h.lens, { scope: 't', send: h.send, accept: (v) => v, cancel: h.cancel });
    const [id] = [...h.pending.keys()];
    cancelCall(h.lens, h.cancel);
    expect(h.state()).toMatchObject({ status: 'done', requestId: null, result: 'shown' });
    expect(h.cancelled).toEqual([id]);
    h.answer(id!, ok('too late'));
    expect(await run).toEqual({ kind: 'stale' });
    expect(h.state().result).toBe('shown');
  });

  it('main answering "cancelled" leaves the screen as it was: idle without an answer, done with one', async () => {
    const empty = harness<string>();
    const run = runCall(empty.lens, { scope: 't', send: empty.send, accept: (v) => v });
    empty.answer([...empty.pending.keys()][0]!, fail('cancelled'));
    expect(await run).toEqual({ kind: 'cancelled' });
    expect(empty.state()).toMatchObject({ status: 'idle', error: null });
    cancelCall(empty.lens); // nothing in flight: nothing happens
    expect(empty.state().status).toBe('idle');
  });

  it('lifts the exchange of a failed request out of its details, and makes ids unique per scope', () => {
    const exchange = {
      id: 'x',
      startedAt: '',
      method: 'POST',
      url: 'u',
      requestHeaders: [],
      responseHeaders: [],
      size: 0,
      timings: { connectMs: null, firstByteMs: null, totalMs: 1, reusedConnection: null },
      viaProxy: null,
    };
    expect(requestError({ code: 'http', message: 'm', details: { exchange } }).exchange).toBe(exchange);
    expect(requestError({ code: 'http', message: 'm' })).not.toHaveProperty('exchange');
    const a = nextRequestId('tab-1');
    const b = nextRequestId('tab-1');
    expect(a).not.toBe(b);
    expect(a.startsWith('tab-1:')).toBe(true);
  });

  it('lensAt reads and patches the call state at a key of the store or of a slice object, leaving the rest alone', () => {
    let store = { savedList: idleCall<string[]>(), other: 1, runs: { call: idleCall<number>(), view: 'x' } };
    const set = (patch: Partial<typeof store>) => (store = { ...store, ...patch });
    const list = lensAt(() => store, set, 'savedList');
    list.set({ status: 'done', result: ['a'] });
    expect(store.savedList).toEqual({ status: 'done', requestId: null, result: ['a'], error: null });
    expect(list.get().result).toEqual(['a']);
    const patchRuns = (p: Partial<typeof store.runs>) => set({ runs: { ...store.runs, ...p } });
    const call = lensAt(() => store.runs, patchRuns, 'call');
    call.set({ status: 'sending', requestId: 'r1' });
    expect(store.runs).toEqual({ call: { status: 'sending', requestId: 'r1', result: null, error: null }, view: 'x' });
    expect(store.other).toBe(1);
  });
});

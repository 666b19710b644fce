import '../shared/zod-jitless';
import { buildApi } from '../shared/ipc/api';
import { eventNames, type EventName } from '../shared/ipc/contract';
import type { Result } from '../shared/ipc/result';

/**
 * Browser mode's `window.workbench`: the same API object as the desktop
 * preload, carried over fetch to the loopback host, with events over one
 * server-sent-events stream. The host checks Origin and the launch cookie.
 */

const base = new URL('./__workbench/', document.baseURI);
const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
let source: EventSource | undefined;

function ensureStream(): void {
  if (source) return;
  source = new EventSource(new URL('events', base));
  for (const name of eventNames) {
    source.addEventListener(name, (message) => {
      let payload: unknown;
      try {
        payload = JSON.parse((message as MessageEvent<string>).data);
      } catch {
        return;
      }
      for (const listener of listeners.get(name) ?? []) listener(payload);
    });
  }
}

async function invoke(channel: string, input: unknown): Promise<Result<unknown>> {
  try {
    const response = await fetch(new URL(`invoke/${encodeURIComponent(channel)}`, base), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(input === undefined ? {} : { input }),
      credentials: 'same-origin',
    });
    if (!response.ok) {
      const text = await response.text();
      return {
        ok: false,
        error: {
          code: response.status === 401 || response.status === 403 ? 'forbidden' : 'internal',
          message: text || `The workbench host answered ${response.status}.`,
        },
      };
    }
    return (await response.json()) as Result<unknown>;
  } catch (err) {
    return {
      ok: false,
      error: {
        code: 'network',
        message: `The workbench host is not reachable (${(err as Error).message}). Is \`npm run start:browser\` still running?`,
      },
    };
  }
}

const api = buildApi(invoke, (name, listener) => {
  ensureStream();
  let set = listeners.get(name);
  if (!set) listeners.set(name, (set = new Set()));
  set.add(listener);
  return () => {
    set.delete(listener);
  };
});

Object.defineProperty(window, 'workbench', { value: Object.freeze(api), writable: false, configurable: false });

import '../shared/zod/jitless';
import {
  buildApi,
  IMAGE_KEY_STORAGE_KEY,
  LAUNCH_PARAM,
  SESSION_HEADER,
  SESSION_STORAGE_KEY,
  type SessionGrant,
  eventNames,
  type EventName,
  type Result,
  type WorkbenchError,
} from '../shared/ipc';

/**
 * Browser mode's `window.workbench`: the same API object as the desktop
 * preload, carried over fetch to the loopback host. The launch URL's token
 * is traded once for a session token kept in this tab's sessionStorage (a
 * reload keeps it, a new tab does not) and sent in a header on every call;
 * events come over a fetch stream with the same header.
 */

const base = new URL('./__workbench/', document.baseURI);
const listeners = new Map<EventName, Set<(payload: unknown) => void>>();

const NO_HOST = (err: unknown): WorkbenchError => ({
  code: 'network',
  message: `The workbench host is not reachable (${(err as Error).message}). Is \`npm run start:browser\` still running?`,
});

/** The session: from this tab's storage, or traded for the launch token in the address (then dropped from it). */
const session: Promise<{ ok: true; token: string } | { ok: false; error: WorkbenchError }> = (async () => {
  const params = new URLSearchParams(location.search);
  const launch = params.get(LAUNCH_PARAM);
  if (launch !== null) {
    params.delete(LAUNCH_PARAM);
    history.replaceState(history.state, '', `${location.pathname}${params.size ? `?${params}` : ''}${location.hash}`);
    try {
      const response = await fetch(new URL('session', base), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ launch }),
        credentials: 'omit',
      });
      if (response.ok) {
        const grant = (await response.json()) as SessionGrant;
        sessionStorage.setItem(SESSION_STORAGE_KEY, grant.session);
        sessionStorage.setItem(IMAGE_KEY_STORAGE_KEY, grant.imageKey);
      } else if (!sessionStorage.getItem(SESSION_STORAGE_KEY)) {
        return { ok: false, error: { code: 'forbidden', message: await response.text() } };
      }
    } catch (err) {
      return { ok: false, error: NO_HOST(err) };
    }
  }
  const token = sessionStorage.getItem(SESSION_STORAGE_KEY);
  if (token) return { ok: true, token };
  return {
    ok: false,
    error: {
      code: 'forbidden',
      message:
        'This tab has no workbench session: a new tab needs a fresh launch URL. Press Enter in the terminal running `serve` and open the URL it prints.',
    },
  };
})();

async function invoke(channel: string, input: unknown): Promise<Result<unknown>> {
  const s = await session;
  if (!s.ok) return { ok: false, error: s.error };
  try {
    const response = await fetch(new URL(`invoke/${encodeURIComponent(channel)}`, base), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [SESSION_HEADER]: s.token },
      body: JSON.stringify(input === undefined ? {} : { input }),
      credentials: 'omit',
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
    return { ok: false, error: NO_HOST(err) };
  }
}

/** Dispatches one server-sent event block (`event: name`, `data: json`). */
function dispatch(block: string): void {
  let name = '';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) name = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
  }
  if (!name || !data.length) return;
  let payload: unknown;
  try {
    payload = JSON.parse(data.join('\n'));
  } catch {
    return;
  }
  for (const listener of listeners.get(name as EventName) ?? []) listener(payload);
}

let streaming = false;

/** One event stream per tab, over fetch (so it carries the session header); reconnects after a drop. */
async function stream(): Promise<void> {
  if (streaming) return;
  streaming = true;
  const s = await session;
  if (!s.ok) return;
  for (let delay = 500; ; delay = Math.min(delay * 2, 10_000)) {
    try {
      const response = await fetch(new URL('events', base), { headers: { [SESSION_HEADER]: s.token }, credentials: 'omit' });
      if (response.status === 401 || response.status === 403 || !response.body) return;
      delay = 500;
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          dispatch(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      }
    } catch {
      // The host went away or the connection dropped: try again shortly.
    }
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

const known = new Set<string>(eventNames);

const api = buildApi(invoke, (name, listener) => {
  if (!known.has(name)) throw new TypeError(`Unknown event ${name}`);
  void stream();
  let set = listeners.get(name);
  if (!set) listeners.set(name, (set = new Set()));
  set.add(listener);
  return () => {
    set.delete(listener);
  };
});

Object.defineProperty(window, 'workbench', { value: Object.freeze(api), writable: false, configurable: false });

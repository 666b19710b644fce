import { describe, expect, it, vi } from 'vitest';
import { channelNames, eventNames } from '../../../src/shared/ipc/contract';
import { eventMethodName, IPC_EVENT_PREFIX, IPC_INVOKE_PREFIX, methodPath } from '../../../src/shared/ipc/api';
import { exposed, ipcRenderer, rendererListeners } from '../../mocks/electron';

vi.mock('electron', () => import('../../mocks/electron'));

await import('../../../src/preload/index');
const api = exposed.get('workbench') as Record<string, unknown>;

function listMethods(obj: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(obj)) {
    if (typeof value === 'function') out.push(key);
    else if (value && typeof value === 'object') for (const inner of Object.keys(value)) out.push(`${key}.${inner}`);
  }
  return out.sort();
}

describe('preload bridge', () => {
  it('exposes window.workbench with exactly one method per contract channel and one on<Event> per event', () => {
    const expected = [...channelNames.map((c) => methodPath(c).join('.')), ...eventNames.map((e) => eventMethodName(e))].sort();
    expect(listMethods(api)).toEqual(expected);
    expect(expected).toContain('app.info');
    expect(expected).toContain('onSettingsChanged');
  });

  it('offers no generic invoke and never the ipcRenderer itself', () => {
    const flat = JSON.stringify(listMethods(api));
    expect(flat).not.toMatch(/invoke|send|ipcRenderer/i);
  });

  it('calls the channel through ipcRenderer.invoke with its input', async () => {
    ipcRenderer.invoke.mockResolvedValueOnce({ ok: true, value: { pong: 'x', at: 'now' } });
    const app = api.app as { ping: (input: unknown) => Promise<unknown> };
    await expect(app.ping({ text: 'x' })).resolves.toEqual({ ok: true, value: { pong: 'x', at: 'now' } });
    expect(ipcRenderer.invoke).toHaveBeenLastCalledWith(`${IPC_INVOKE_PREFIX}app:ping`, { text: 'x' });
  });

  it('subscribes to events without leaking the IPC event, and unsubscribes', () => {
    const listener = vi.fn();
    const off = (api.onSettingsChanged as (l: (p: unknown) => void) => () => void)(listener);
    const handlers = [...(rendererListeners.get(`${IPC_EVENT_PREFIX}settings:changed`) ?? [])];
    expect(handlers).toHaveLength(1);
    handlers[0]!({ sender: 'secret-ipc-event' }, { theme: 'dark' });
    expect(listener).toHaveBeenCalledWith({ theme: 'dark' });
    expect(listener.mock.calls[0]).toHaveLength(1);
    off();
    expect(rendererListeners.get(`${IPC_EVENT_PREFIX}settings:changed`)?.size).toBe(0);
  });
});

import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { IPC_EVENT_PREFIX, IPC_INVOKE_PREFIX, channelNames, type Result } from '../../shared/ipc';
import type { EventHub } from '../events';
import type { Router } from '../router';
import { originOf } from './external';

/**
 * A message is trusted only when it comes from the app's own window, from
 * its main frame (not an iframe), at the app's own origin.
 */
export function isTrustedSender(
  event: Pick<IpcMainInvokeEvent, 'sender' | 'senderFrame'>,
  window: BrowserWindow | undefined,
  allowedOrigins: readonly string[],
): boolean {
  if (!window || window.isDestroyed()) return false;
  const contents = window.webContents;
  if (event.sender !== contents && event.sender?.id !== contents.id) return false;
  const frame = event.senderFrame;
  const main = contents.mainFrame;
  if (!frame || !main) return false;
  if (frame.routingId !== main.routingId || frame.processId !== main.processId) return false;
  const origin = originOf(frame.url);
  return origin !== undefined && allowedOrigins.includes(origin);
}

export const FORBIDDEN: Result<never> = {
  ok: false,
  error: { code: 'forbidden', message: 'This message did not come from the Search Workbench window and was refused.' },
};

/** One `ipcMain.handle` per contract channel, all through the same sender check. */
export function registerIpc(router: Router, getWindow: () => BrowserWindow | undefined, allowedOrigins: readonly string[]): () => void {
  for (const name of channelNames) {
    ipcMain.handle(IPC_INVOKE_PREFIX + name, async (event, input: unknown) => {
      if (!isTrustedSender(event, getWindow(), allowedOrigins)) return FORBIDDEN;
      return router.invoke(name, input, { transport: 'electron' });
    });
  }
  return () => {
    for (const name of channelNames) ipcMain.removeHandler(IPC_INVOKE_PREFIX + name);
  };
}

export function forwardEvents(events: EventHub, getWindow: () => BrowserWindow | undefined): () => void {
  return events.subscribe((name, payload) => {
    const window = getWindow();
    if (window && !window.isDestroyed()) window.webContents.send(IPC_EVENT_PREFIX + name, payload);
  });
}

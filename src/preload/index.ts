import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { buildApi, IPC_EVENT_PREFIX, IPC_INVOKE_PREFIX, type Result } from '../shared/ipc';

/**
 * The desktop bridge: one named method per contract channel, nothing that
 * takes a channel name, and the IPC event object never reaches the page.
 */
export const api = buildApi(
  (channel, input) => ipcRenderer.invoke(IPC_INVOKE_PREFIX + channel, input) as Promise<Result<unknown>>,
  (name, listener) => {
    const handler = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(IPC_EVENT_PREFIX + name, handler);
    return () => {
      ipcRenderer.removeListener(IPC_EVENT_PREFIX + name, handler);
    };
  },
);

contextBridge.exposeInMainWorld('workbench', api);

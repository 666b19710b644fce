import { EventEmitter } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vi } from 'vitest';

/**
 * A stand-in for the `electron` module, for testing the thin glue in plain
 * Node (there is no Electron binary on CI). It records what the glue asks
 * for so tests can assert on it; it never pretends to render anything.
 */

export class FakeWebFrame {
  constructor(
    public url: string,
    public routingId = 1,
    public processId = 1,
  ) {}
}

let nextId = 1;

export class FakeWebContents extends EventEmitter {
  id = nextId++;
  mainFrame = new FakeWebFrame('app://workbench/index.html', this.id, 100 + this.id);
  windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined;
  sent: { channel: string; payload: unknown }[] = [];
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.windowOpenHandler = handler;
  }
  send(channel: string, payload: unknown) {
    this.sent.push({ channel, payload });
  }
}

export class FakeBrowserWindow extends EventEmitter {
  static instances: FakeBrowserWindow[] = [];
  webContents = new FakeWebContents();
  loadedUrl: string | undefined;
  destroyed = false;
  maximized = false;
  constructor(public options: Record<string, unknown>) {
    super();
    FakeBrowserWindow.instances.push(this);
  }
  loadURL(url: string) {
    this.loadedUrl = url;
    return Promise.resolve();
  }
  isDestroyed() {
    return this.destroyed;
  }
  isMaximized() {
    return this.maximized;
  }
  isMinimized() {
    return false;
  }
  maximize() {
    this.maximized = true;
  }
  show() {}
  focus() {}
  restore() {}
  getBounds() {
    return { x: 10, y: 20, width: 1200, height: 800 };
  }
  getNormalBounds() {
    return this.getBounds();
  }
}

class FakeSession {
  permissionRequestHandler: ((wc: unknown, permission: string, cb: (granted: boolean) => void) => void) | undefined;
  permissionCheckHandler: ((...args: unknown[]) => boolean) | undefined;
  setPermissionRequestHandler(handler: FakeSession['permissionRequestHandler']) {
    this.permissionRequestHandler = handler;
  }
  setPermissionCheckHandler(handler: FakeSession['permissionCheckHandler']) {
    this.permissionCheckHandler = handler;
  }
  readonly listeners = new Map<string, ((...args: unknown[]) => void)[]>();
  on(name: string, listener: (...args: unknown[]) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
    return this;
  }
  emit(name: string, ...args: unknown[]) {
    for (const l of this.listeners.get(name) ?? []) l(...args);
  }
}

export const ipcHandlers = new Map<string, (event: unknown, ...args: unknown[]) => unknown>();
export const protocolHandlers = new Map<string, (request: Request) => Promise<Response> | Response>();
export const privilegedSchemes: unknown[] = [];
export const exposed = new Map<string, unknown>();
export const rendererListeners = new Map<string, Set<(...args: unknown[]) => void>>();

class FakeApp extends EventEmitter {
  isPackaged = false;
  userData = join(tmpdir(), `wb-electron-mock-${process.pid}-${Math.random().toString(36).slice(2)}`);
  hasLock = true;
  quit = vi.fn();
  exit = vi.fn();
  setPath(name: string, value: string) {
    if (name === 'userData') this.userData = value;
  }
  getPath(name: string) {
    if (name === 'userData') return this.userData;
    return tmpdir();
  }
  requestSingleInstanceLock() {
    return this.hasLock;
  }
  whenReady() {
    return Promise.resolve();
  }
}

export const app = new FakeApp();
export const BrowserWindow = FakeBrowserWindow;
export const session = { defaultSession: new FakeSession() };
export const shell = { openExternal: vi.fn(async (_url: string) => {}) };
export const nativeTheme = { shouldUseDarkColors: true };
export const safeStorage = {
  isEncryptionAvailable: () => false,
  getSelectedStorageBackend: () => 'basic_text',
  encryptString: (s: string) => Buffer.from(s),
  decryptString: (b: Buffer) => b.toString(),
};
export const dialog = { showOpenDialog: vi.fn(async () => ({ canceled: true, filePaths: [] as string[] })) };
export const screen = { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] };
export const protocol = {
  registerSchemesAsPrivileged: (schemes: unknown[]) => privilegedSchemes.push(...schemes),
  handle: (scheme: string, handler: (request: Request) => Promise<Response> | Response) => protocolHandlers.set(scheme, handler),
};
export const ipcMain = {
  handle: (channel: string, handler: (event: unknown, ...args: unknown[]) => unknown) => {
    if (ipcHandlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    ipcHandlers.set(channel, handler);
  },
  removeHandler: (channel: string) => ipcHandlers.delete(channel),
};
export const contextBridge = {
  exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api),
};
export const ipcRenderer = {
  invoke: vi.fn(async (_channel: string, ..._args: unknown[]): Promise<unknown> => ({ ok: true, value: null })),
  on: (channel: string, listener: (...args: unknown[]) => void) => {
    let set = rendererListeners.get(channel);
    if (!set) rendererListeners.set(channel, (set = new Set()));
    set.add(listener);
  },
  removeListener: (channel: string, listener: (...args: unknown[]) => void) => rendererListeners.get(channel)?.delete(listener),
};

export default {
  app,
  BrowserWindow,
  session,
  shell,
  nativeTheme,
  safeStorage,
  dialog,
  screen,
  protocol,
  ipcMain,
  contextBridge,
  ipcRenderer,
};

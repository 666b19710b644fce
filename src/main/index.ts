import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, nativeTheme, screen, session, type BrowserWindow } from 'electron';
import { createCore, type Core } from './core';
import { originOf } from './electron/external';
import { forwardEvents, registerIpc } from './electron/ipc';
import { APP_ORIGIN, handleAppProtocol, registerAppScheme } from './electron/protocol';
import { nativeDialogs, safeStorageEncryptor } from './electron/platform';
import { hardenContents, hardenSession } from './electron/security';
import { createMainWindow } from './electron/window';
import { developmentOverrides } from './services/app';
import { roundBounds, WindowStateStore } from './services/settings';

/**
 * Electron glue only: lifecycle, the window, the app:// protocol and IPC
 * wiring. Everything that does work lives in Electron-free modules.
 */

registerAppScheme();

// Tests and development runs can point the app at another data folder; a packaged build ignores the environment.
const overrides = developmentOverrides(process.env, app.isPackaged);
if (overrides.dataDir) app.setPath('userData', overrides.dataDir);

let mainWindow: BrowserWindow | undefined;
let core: Core | undefined;

const rendererDir = fileURLToPath(new URL('../renderer', import.meta.url));
const preloadPath = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));
/** The shipped week of demo traffic: a resource of the packaged app, the checkout's examples in development. */
const demoTraffic = app.isPackaged
  ? join(process.resourcesPath, 'demo-traffic')
  : fileURLToPath(new URL('../../examples/workspace/traffic', import.meta.url));
const devUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined;

async function start(): Promise<void> {
  const dataDir = app.getPath('userData');
  core = await createCore({
    dataDir,
    transport: 'electron',
    versions: { electron: process.versions.electron, chrome: process.versions.chrome },
    log: (message, err) => console.error(`[main] ${message}`, err),
    encryptor: safeStorageEncryptor,
    dialogs: nativeDialogs(() => mainWindow),
    // Tests use a smaller catalog to start faster, and a keychain service of their own.
    localDemo: overrides.demoItems ? { items: overrides.demoItems } : true,
    demoTraffic,
    ...(overrides.secretsService ? { secretsService: overrides.secretsService } : {}),
  });
  handleAppProtocol(rendererDir, (url) => core!.services.images.fetch(url));
  hardenSession(session.defaultSession);

  const url = devUrl ?? `${APP_ORIGIN}/index.html`;
  const allowedOrigins = [APP_ORIGIN, ...(devUrl ? [originOf(devUrl) ?? ''] : [])];
  registerIpc(core.router, () => mainWindow, allowedOrigins);
  forwardEvents(core.events, () => mainWindow);

  const windowState = new WindowStateStore(dataDir);
  const state = await windowState.load(screen.getAllDisplays().map((d) => d.workArea));
  mainWindow = createMainWindow({
    preload: preloadPath,
    url,
    state,
    backgroundColor: nativeTheme.shouldUseDarkColors ? '#14161a' : '#f6f7f9',
  });
  const remember = () => {
    if (!mainWindow || mainWindow.isDestroyed()) return;
    const maximized = mainWindow.isMaximized();
    windowState.saveSoon({ maximized, bounds: roundBounds(maximized ? mainWindow.getNormalBounds() : mainWindow.getBounds()) });
  };
  mainWindow.on('resize', remember);
  mainWindow.on('move', remember);
  mainWindow.on('closed', () => {
    mainWindow = undefined;
  });
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  // Covers any web contents created later (devtools excepted by Electron itself).
  app.on('web-contents-created', (_event, contents) => hardenContents(contents));
  app.on('window-all-closed', () => app.quit());
  app.on('will-quit', () => {
    void core?.dispose();
  });
  app
    .whenReady()
    .then(start)
    .catch((err: unknown) => {
      console.error('[main] start-up failed', err);
      app.exit(1);
    });
}

import { BrowserWindow } from 'electron';
import type { WindowState } from '../services/settings';

export interface MainWindowOptions {
  preload: string;
  url: string;
  state: WindowState;
  backgroundColor?: string;
}

/**
 * The one window. Its privileges are written out in full rather than trusted
 * to defaults: isolated, sandboxed, no Node, no webviews.
 */
export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const { bounds } = options.state;
  const window = new BrowserWindow({
    width: bounds?.width ?? 1440,
    height: bounds?.height ?? 900,
    ...(bounds ? { x: bounds.x, y: bounds.y } : {}),
    minWidth: 960,
    minHeight: 600,
    show: false,
    title: 'Search Workbench',
    backgroundColor: options.backgroundColor ?? '#0f1115',
    autoHideMenuBar: true,
    webPreferences: {
      preload: options.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      disableBlinkFeatures: 'Auxclick',
      spellcheck: false,
      safeDialogs: true,
    },
  });
  window.once('ready-to-show', () => {
    if (options.state.maximized) window.maximize();
    window.show();
  });
  void window.loadURL(options.url);
  return window;
}

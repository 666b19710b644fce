import type { AppInfo, Notice, Transport } from '../shared/ipc/contract';
import { APP_NAME, APP_VERSION } from './app-meta';
import { EventHub } from './events';
import { createRouter, type Handlers, type Router } from './router';
import { SettingsService } from './services/settings';

export interface CoreOptions {
  dataDir: string;
  transport: Transport;
  versions?: { electron?: string; chrome?: string };
  log?: (message: string, err?: unknown) => void;
}

export interface Core {
  router: Router;
  events: EventHub;
  settings: SettingsService;
  notices: Notice[];
  dispose(): Promise<void>;
}

/**
 * The composition root shared by both transports: builds the services and
 * the router over them. Knows nothing about Electron or HTTP.
 */
export async function createCore(options: CoreOptions): Promise<Core> {
  const events = new EventHub();
  const notices: Notice[] = [];
  const settings = new SettingsService(options.dataDir);
  const settingsNotice = await settings.load();
  if (settingsNotice) notices.push(settingsNotice);

  const info = (): AppInfo => ({
    name: APP_NAME,
    version: APP_VERSION,
    platform: process.platform,
    arch: process.arch,
    transport: options.transport,
    versions: { node: process.versions.node, ...options.versions },
    profiles: { activeId: null, items: [] },
    notices: [...notices],
  });

  const handlers: Handlers = {
    'app:info': () => info(),
    'app:ping': ({ text }) => ({ pong: text, at: new Date().toISOString() }),
    'settings:get': () => settings.get(),
    'settings:update': async (patch) => {
      const next = await settings.update(patch);
      events.emit('settings:changed', next);
      return next;
    },
  };

  return {
    router: createRouter(handlers, options.log),
    events,
    settings,
    notices,
    async dispose() {},
  };
}

import type { AppInfo } from '../../shared/ipc/contract';
import { failure } from '../../shared/ipc/result';
import { APP_NAME, APP_VERSION } from '../app-meta';
import type { Handlers } from '../router';
import { loadCaCertificates } from '../services/ca-certificates';
import type { Services } from '../services/services';

type AppChannels = 'app:info' | 'app:ping' | 'settings:get' | 'settings:update' | 'settings:choose-path';

export function appInfo(s: Services): AppInfo {
  const env = s.options.env ?? process.env;
  const demo = s.localDemo?.state;
  return {
    name: APP_NAME,
    version: APP_VERSION,
    platform: process.platform,
    arch: process.arch,
    transport: s.options.transport,
    versions: { node: process.versions.node, ...s.options.versions },
    profiles: s.profiles.summary(),
    secretStore: { backend: s.secrets.store.backend, persistent: s.secrets.store.persistent, description: s.secrets.store.description },
    localDemo: !demo
      ? { state: 'failed', message: 'Local demo is turned off.' }
      : demo.state === 'ready'
        ? { state: 'ready', url: demo.url }
        : demo.state === 'failed'
          ? { state: 'failed', message: demo.message }
          : { state: 'starting' },
    proxy: {
      httpsProxy: env.HTTPS_PROXY ?? env.https_proxy ?? null,
      httpProxy: env.HTTP_PROXY ?? env.http_proxy ?? null,
      noProxy: env.NO_PROXY ?? env.no_proxy ?? null,
    },
    dataDir: s.options.dataDir,
    notices: [...s.notices],
  };
}

export function appHandlers(s: Services): Pick<Handlers, AppChannels> {
  return {
    'app:info': () => appInfo(s),
    'app:ping': ({ text }) => ({ pong: text, at: new Date().toISOString() }),
    'settings:get': () => s.settings.get(),
    'settings:update': async (patch) => {
      if (patch.extraCaCertificates) s.http.setExtraCaPems(await loadCaCertificates(patch.extraCaCertificates));
      const next = await s.settings.update(patch);
      s.history.setLimits({ maxEntries: next.historySize, maxResponseBytes: 200 * 1024 * 1024 });
      if (patch.savedRequestsDir !== undefined) s.saved.setFolder(next.savedRequestsDir || s.saved.defaultFolder);
      s.events.emit('settings:changed', next);
      return next;
    },
    'settings:choose-path': async ({ purpose }) => {
      if (!s.options.dialogs)
        throw failure('validation', 'File pickers are only in the desktop app; type the path into the field instead.', { field: purpose });
      return { path: await s.options.dialogs.choosePath(purpose) };
    },
  };
}

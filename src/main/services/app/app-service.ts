import { stat } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import { type AppInfo, type Notice, type Transport } from '../../../shared/app';
import { type PathPurpose } from '../../../shared/settings';
import { failure } from '../../../shared/errors';
import type { Settings, SettingsPatch } from '../../../shared/settings';
import { APP_NAME, APP_VERSION } from '../../app-meta';
import type { EventHub } from '../../events';
import { loadCaCertificates, type SettingsService } from '../settings';
import type { HistoryService } from '../search';
import type { HttpClient } from '../http';
import type { LocalDemo, ProfileService } from '../profiles';
import type { Workspace } from '../workspace';
import { secretStoreInfo, type SecretStoreChoice } from '../secrets';

/** A folder the user names for the workspace: an absolute path to a folder that exists (nothing is created, nothing guessed). */
async function checkFolder(dir: string): Promise<void> {
  if (dir.includes('\0') || !isAbsolute(dir))
    throw failure(
      'validation',
      `The workspace folder must be an absolute path (like /home/me/search-work), not ${JSON.stringify(dir.slice(0, 120))}.`,
      { field: 'workspaceDir' },
    );
  let info;
  try {
    info = await stat(dir);
  } catch {
    throw failure('validation', `The workspace folder ${dir} does not exist: create it first, or pick an existing folder.`, {
      field: 'workspaceDir',
    });
  }
  if (!info.isDirectory()) throw failure('validation', `${dir} is a file, not a folder.`, { field: 'workspaceDir' });
}

/** Native pickers the desktop glue can offer; browser mode has none. */
export interface Dialogs {
  choosePath(purpose: PathPurpose): Promise<string | null>;
}

export interface AppServiceDeps {
  transport: Transport;
  versions?: { electron?: string; chrome?: string };
  env: NodeJS.ProcessEnv;
  dataDir: string;
  dialogs?: Dialogs;
  notices: Notice[];
  events: EventHub;
  settings: SettingsService;
  secrets: SecretStoreChoice;
  http: HttpClient;
  history: HistoryService;
  workspace: Workspace;
  profiles: ProfileService;
  localDemo: LocalDemo | undefined;
}

/** What the app says about itself, and the settings: each change applied to the services it concerns. */
export class AppService {
  constructor(private readonly deps: AppServiceDeps) {}

  info(): AppInfo {
    const { env, localDemo, secrets } = this.deps;
    const demo = localDemo?.state;
    return {
      name: APP_NAME,
      version: APP_VERSION,
      platform: process.platform,
      arch: process.arch,
      transport: this.deps.transport,
      versions: { node: process.versions.node, ...this.deps.versions },
      profiles: this.deps.profiles.summary(),
      secretStore: secretStoreInfo(secrets),
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
      dataDir: this.deps.dataDir,
      notices: [...this.deps.notices],
    };
  }

  ping(text: string): { pong: string; at: string } {
    return { pong: text, at: new Date().toISOString() };
  }

  settings(): Settings {
    return this.deps.settings.get();
  }

  /** CA files and the workspace folder are checked before anything is saved; history limits and the workspace follow at once. */
  async updateSettings(patch: SettingsPatch): Promise<Settings> {
    const { http, settings, history, workspace, events } = this.deps;
    if (patch.workspaceDir) await checkFolder(patch.workspaceDir);
    if (patch.extraCaCertificates) http.setExtraCaPems(await loadCaCertificates(patch.extraCaCertificates));
    const next = await settings.update(patch);
    history.setLimits({ maxEntries: next.historySize, maxResponseBytes: 200 * 1024 * 1024 });
    if (patch.workspaceDir !== undefined) workspace.setFolder(next.workspaceDir);
    events.emit('settings:changed', next);
    return next;
  }

  async choosePath(purpose: PathPurpose): Promise<{ path: string | null }> {
    if (!this.deps.dialogs)
      throw failure('validation', 'File pickers are only in the desktop app; type the path into the field instead.', { field: purpose });
    return { path: await this.deps.dialogs.choosePath(purpose) };
  }
}

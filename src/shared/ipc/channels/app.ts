import { z } from 'zod';
import { settingsPatch, type Settings } from '../../settings';
import { channel, event } from '../define';

/** What a native picker is for: the workspace folder, an extra CA certificate, a regression suite's folder. */
export const pathPurposeSchema = z.enum(['workspace-folder', 'ca-certificate', 'suite-folder']);
export type PathPurpose = z.output<typeof pathPurposeSchema>;
export type Transport = 'electron' | 'browser';

export interface ProfileSummary {
  id: string;
  name: string;
  /** Colour tag, a CSS colour such as `#d64545` — production profiles are meant to stand out. */
  color: string;
  builtIn: boolean;
}

export interface ProfilesSummary {
  activeId: string | null;
  items: ProfileSummary[];
}

export interface Notice {
  id: string;
  level: 'info' | 'warning' | 'error';
  message: string;
}

export interface SecretStoreInfo {
  backend: 'keychain' | 'safe-storage' | 'memory';
  persistent: boolean;
  description: string;
  /** Why secrets are not in the OS keychain, in the library's words (for support), when they are not. */
  reason?: string;
}

export interface LocalDemoInfo {
  state: 'starting' | 'ready' | 'failed';
  url?: string;
  message?: string;
}

export interface AppInfo {
  name: string;
  version: string;
  platform: string;
  arch: string;
  transport: Transport;
  versions: { node: string; electron?: string; chrome?: string };
  profiles: ProfilesSummary;
  secretStore: SecretStoreInfo;
  localDemo: LocalDemoInfo;
  /** Proxy settings main found in its environment, shown in Settings. */
  proxy: { httpsProxy: string | null; httpProxy: string | null; noProxy: string | null };
  dataDir: string;
  /** Problems found at start-up (a corrupt file kept aside, a keychain that is memory-only). */
  notices: Notice[];
}

export const noInput = z.object({}).strict().default({});

export const appChannels = {
  'app:info': channel<AppInfo>()({
    input: noInput,
    doc: 'Version, platform, transport, profiles, secret store and Local demo state. Never returns secrets.',
  }),
  'app:ping': channel<{ pong: string; at: string }>()({
    input: z
      .object({ text: z.string().max(1000).default('') })
      .strict()
      .default({ text: '' }),
    doc: 'Echoes `text` with the time main received it. For health checks and tests.',
  }),
  'settings:get': channel<Settings>()({
    input: noInput,
    doc: 'The current settings (theme, timeouts, history size, CA files, workspace folder). Never secret.',
  }),
  'settings:update': channel<Settings>()({
    input: settingsPatch,
    doc: 'Changes some settings and returns all of them. CA files are read and checked before they are trusted; the workspace folder must be an absolute path to an existing folder.',
  }),
  'settings:choose-path': channel<{ path: string | null }>()({
    input: z.object({ purpose: pathPurposeSchema }).strict(),
    doc: 'Opens the native file or folder picker (desktop only) and returns the chosen path, or null when cancelled.',
  }),
} as const;

export const appEvents = {
  'app:notice': event<Notice>('Something the user should know about, raised by main (a file kept aside, a restart).'),
  'settings:changed': event<Settings>('Settings changed, from this window or another.'),
  'profiles:changed': event<ProfilesSummary>(
    'Profiles were added, removed, renamed or the active one changed; or Local demo became ready.',
  ),
} as const;

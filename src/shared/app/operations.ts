import { z } from 'zod';
import { operation, event, noInput } from '../operations';
import type { ProfilesSummary, SecretStoreInfo } from '../profiles';

export type Transport = 'electron' | 'browser';

export interface Notice {
  id: string;
  level: 'info' | 'warning' | 'error';
  message: string;
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

export const appOperations = {
  'app:info': operation<AppInfo>()({
    example: {},
    input: noInput,
    doc: 'Version, platform, transport, profiles, secret store and Local demo state. Never returns secrets.',
  }),
  'app:ping': operation<{ pong: string; at: string }>()({
    example: { text: 'hello' },
    input: z
      .object({ text: z.string().max(1000).default('') })
      .strict()
      .default({ text: '' }),
    doc: 'Echoes `text` with the time main received it. For health checks and tests.',
  }),
} as const;

export const appEvents = {
  'app:notice': event<Notice>('Something the user should know about, raised by main (a file kept aside, a restart).'),
} as const;

import { z } from 'zod';
import { channel, event } from './define';
import { settingsPatch, type Settings } from '../settings';

/**
 * The whole conversation between the renderer and main, declared once.
 *
 * Channel names are `domain:verb`; the renderer calls them as
 * `workbench.domain.verb(input)` and gets a `Result` back. Main parses every
 * input with the schema below before a handler sees it. Nothing a channel
 * returns ever holds a secret (client secrets, private keys, access tokens).
 */

export type Transport = 'electron' | 'browser';

export interface ProfileSummary {
  id: string;
  name: string;
  /** Colour tag, a CSS colour such as `#d33` — production profiles are meant to stand out. */
  color: string;
  builtIn: boolean;
}

export interface ProfilesSummary {
  activeId: string | null;
  items: ProfileSummary[];
}

export interface AppInfo {
  name: string;
  version: string;
  platform: string;
  arch: string;
  transport: Transport;
  versions: { node: string; electron?: string; chrome?: string };
  profiles: ProfilesSummary;
  /** Problems found at start-up (a corrupt file kept aside, a keychain that is memory-only). */
  notices: Notice[];
}

export interface Notice {
  id: string;
  level: 'info' | 'warning' | 'error';
  message: string;
}

const noInput = z.object({}).strict().default({});

export const contract = {
  'app:info': channel<AppInfo>()({
    input: noInput,
    doc: 'Version, platform, transport and a summary of profiles. Sends nothing; never returns secrets.',
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
    doc: 'The current settings (theme and other preferences). Never secret.',
  }),
  'settings:update': channel<Settings>()({
    input: settingsPatch,
    doc: 'Changes some settings and returns all of them; unknown keys are rejected.',
  }),
} as const;

export const events = {
  'app:notice': event<Notice>('Something the user should know about, raised by main (a file kept aside, a restart).'),
  'settings:changed': event<Settings>('Settings changed, from this window or another.'),
} as const;

export type Contract = typeof contract;
export type Channel = keyof Contract;
export type Events = typeof events;
export type EventName = keyof Events;

export type ChannelInput<C extends Channel> = z.input<Contract[C]['input']>;
export type ChannelParsedInput<C extends Channel> = z.output<Contract[C]['input']>;
export type ChannelOutput<C extends Channel> = NonNullable<Contract[C]['output']>;
export type EventPayload<E extends EventName> = NonNullable<Events[E]['payload']>;

export const channelNames = Object.keys(contract) as Channel[];
export const eventNames = Object.keys(events) as EventName[];

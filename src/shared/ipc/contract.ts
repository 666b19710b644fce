import type { z } from 'zod';
import { appChannels, appEvents } from './channels/app';
import { catalogChannels } from './channels/catalog';
import { compareChannels, compareEvents } from './channels/compare';
import { explainChannels, explainEvents } from './channels/explain';
import { matrixChannels, matrixEvents } from './channels/matrix';
import { runsChannels } from './channels/runs';
import { profileChannels, profileEvents } from './channels/profiles';
import { settingsChannels, settingsEvents } from './channels/settings';
import { searchChannels, searchEvents } from './channels/search';
import { assertionChannels, assertionEvents } from './channels/assertions';
import { workspaceChannels } from './channels/workspace';
import { judgmentChannels } from './channels/judgments';
import { trafficChannels, trafficEvents } from './channels/traffic';
import { clickModelsChannels } from './channels/click-models';
import { abtestChannels } from './channels/abtest';
import { estimatesChannels } from './channels/estimates';

/**
 * The whole conversation between the renderer and main, declared once,
 * grouped by domain in ./channels. Channel names are `domain:verb`; the
 * renderer calls them as `workbench.domain.verb(input)` and gets a `Result`.
 * Main parses every input with the channel's schema before a handler sees
 * it. Nothing a channel returns ever holds a secret (client secrets, private
 * keys, access tokens) — see each channel's doc.
 */
export const contract = {
  ...appChannels,
  ...settingsChannels,
  ...profileChannels,
  ...searchChannels,
  ...catalogChannels,
  ...compareChannels,
  ...workspaceChannels,
  ...judgmentChannels,
  ...assertionChannels,
  ...explainChannels,
  ...matrixChannels,
  ...runsChannels,
  ...trafficChannels,
  ...clickModelsChannels,
  ...estimatesChannels,
  ...abtestChannels,
} as const;

export const events = {
  ...appEvents,
  ...settingsEvents,
  ...profileEvents,
  ...searchEvents,
  ...compareEvents,
  ...assertionEvents,
  ...explainEvents,
  ...matrixEvents,
  ...trafficEvents,
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

export type { AppInfo, Notice, Transport, LocalDemoInfo } from './channels/app';
export type { ProfilesList, ProfileSummary, ProfilesSummary, SecretStoreInfo } from './channels/profiles';
export type { RunOutput, RunOutputOf, HistoryView, SavedListing, SavedRequestView } from './channels/search';
export type { TokenStatusView, ActiveCatalogView, ConnectionStep, CatalogAttributeView } from './channels/catalog';
export type { BatchListItem, BatchView, BatchResultView } from './channels/compare';
export type { QuerySetCreated, IntentProposals } from './channels/workspace';
export type { JudgmentsImported, ItemRating } from './channels/judgments';
export type { SuiteRunView, SuiteProgressView } from './channels/assertions';
export type { ExplainView, ExplainProgressView } from './channels/explain';
export type { TrendView } from './channels/runs';
export type { MatrixProgressView } from './channels/matrix';
export type { ImportView, TrafficOverview, TrafficProgressView } from './channels/traffic';

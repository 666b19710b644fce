import type { z } from 'zod';
import { abtestOperations } from '../abtest';
import { appOperations, appEvents } from '../app';
import { assertionOperations, assertionEvents } from '../assertions';
import { catalogOperations } from '../catalog';
import { clickModelsOperations } from '../click-models';
import { compareOperations, compareEvents } from '../compare';
import { estimatesOperations } from '../estimates';
import { explainOperations, explainEvents } from '../explain';
import { judgmentOperations } from '../judgments';
import { llmJudgeEvents, llmJudgeOperations } from '../llm-judges';
import { matrixOperations, matrixEvents } from '../matrix';
import { profileOperations, profileEvents } from '../profiles';
import { runsOperations } from '../runs';
import { searchOperations, searchEvents } from '../search';
import { settingsOperations, settingsEvents } from '../settings';
import { trafficOperations, trafficEvents } from '../traffic';
import { workspaceOperations } from '../workspace';

/**
 * The whole conversation between the renderer and main: every capability's
 * operations (declared in its core, `src/shared/<cap>/operations.ts`), one line each. Channel names are `domain:verb`; the
 * renderer calls them as `workbench.domain.verb(input)` and gets a `Result`.
 * Main parses every input with the channel's schema before a handler sees
 * it. Nothing a channel returns ever holds a secret (client secrets, private
 * keys, access tokens) — see each channel's doc.
 */
export const contract = {
  ...appOperations,
  ...settingsOperations,
  ...profileOperations,
  ...searchOperations,
  ...catalogOperations,
  ...compareOperations,
  ...workspaceOperations,
  ...judgmentOperations,
  ...llmJudgeOperations,
  ...assertionOperations,
  ...explainOperations,
  ...matrixOperations,
  ...runsOperations,
  ...trafficOperations,
  ...clickModelsOperations,
  ...estimatesOperations,
  ...abtestOperations,
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
  ...llmJudgeEvents,
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

/*
 * Judging, by idea: ratings (the active list, rating, undo), the queue, agreement between raters, rating rules and
 * query intents — one slice each, composed here as the store and the tests know them.
 */
import type { SliceCreator } from '../../store/slice';
import type { SettingsSlice } from '../settings/state';
import type { ShellSlice } from '../../shell/shell-slice';
import { createAgreementSlice, type AgreementSlice } from './agreement-slice';
import { createIntentsSlice, type IntentsSlice } from './intents-slice';
import { createQueueSlice, type QueueSlice } from './queue-slice';
import { createRatingsSlice, type RatingsSlice } from './ratings-slice';
import { createRulesSlice, type RulesSlice } from './rules-slice';

export type { ActiveRatings, RatingStep } from './ratings-slice';
export type { QueueOptions } from './queue-slice';

export type JudgingSlice = RatingsSlice & QueueSlice & AgreementSlice & RulesSlice & IntentsSlice;

type Deps = Pick<ShellSlice, 'pushNotice' | 'settings'> & Pick<SettingsSlice, 'saveSetting'>;

export const createJudgingSlice: SliceCreator<JudgingSlice, Deps> = (set, get) => ({
  ...createRatingsSlice(set, get),
  ...createQueueSlice(set, get),
  ...createAgreementSlice(set, get),
  ...createRulesSlice(set, get),
  ...createIntentsSlice(set, get),
});

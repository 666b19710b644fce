import { z } from 'zod';
import { CLICK_MODEL_CHOICES, type CLICK_MODEL_KINDS, type ItemEstimate } from './fit';
import { type ModelSelection } from './selection';
import { MAX_WIDTH, type Thresholds } from './ratings';
import { cliForm, operation } from '../operations';
import { TRAFFIC_FILTER_FLAGS, trafficFilterSchema } from '../traffic';

/** A click model's ratings as the Traffic view shows them: the fit, its thresholds, the items, agreement with people. */
export interface ClickRatingsView {
  model: (typeof CLICK_MODEL_KINDS)[number];
  searches: number;
  patterns: number;
  iterations: number;
  converged: boolean;
  /** Counting and fitting, ms. */
  ms: number;
  /** With `auto`: PBM and DBN scored on held-out searches, and which was chosen (the model above). */
  selection?: ModelSelection;
  positions: { rank: number; examination: number }[];
  continuation?: number;
  thresholds: Thresholds;
  max: number;
  /** The widest 95% interval a rated item has. */
  maxWidth: number;
  rated: number;
  needsTraffic: number;
  /**
   * The most shown items (at most VIEW_ITEMS), with their estimate, interval, evidence and rating (null: needs
   * traffic, and `lacks` says how many more examinations would narrow its interval enough).
   */
  items: (Pick<ItemEstimate, 'query' | 'itemId' | 'estimate' | 'ci95' | 'impressions' | 'examinations' | 'clicks'> & {
    rating: number | null;
    lacks: number;
  })[];
  shown: number;
  /** Against the list's people, when a list was given. */
  agreement: {
    items: number;
    needed: number;
    alpha: number | null;
    weightedKappa: number | null;
    exact: number;
    perQuery: { query: string; items: number; weightedKappa: number | null; needed: number }[];
  } | null;
}

/** Which model is fitted, how much evidence rates an item, and on which traffic: the flags of `judgments from-traffic`. */
export const clickModelsFitCli = cliForm({
  command: 'judgments from-traffic',
  input: z.strictObject({
    model: z.enum(CLICK_MODEL_CHOICES).default('auto'),
    maxWidth: z.number().gt(0).finite().default(MAX_WIDTH),
    filter: trafficFilterSchema,
  }),
  flags: {
    model: {
      flag: '--model',
      doc: 'auto (PBM or DBN, whichever predicts held-out clicks better), pbm (position-based), dbn (read down, stop when satisfied) or coec (clicks over expected clicks)',
    },
    maxWidth: { flag: '--max-width', doc: "the widest 95% interval an item's estimate may have and be rated; wider, it needs traffic" },
    ...TRAFFIC_FILTER_FLAGS,
  },
});

const input = {
  ...clickModelsFitCli.input.shape,
  thresholds: z.array(z.number().positive().finite()).min(1).max(9).optional(),
  into: z.string().min(1).max(255).optional(),
};

export const clickModelsOperations = {
  'click-models:fit': operation<ClickRatingsView>()({
    example: { model: 'coec' },
    input: z.strictObject(input),
    cli: clickModelsFitCli,
    doc: "A click model (pbm, dbn or coec) fitted on the workspace's traffic store: position curve, each (query, item)'s estimate with its 95% interval and evidence, ratings by thresholds (given, else matched to the people of `into`, else equal shares), agreement with people.",
  }),
  'click-models:save': operation<{ file: string; ratings: number }>()({
    example: { model: 'coec', name: 'Clicks from the fuzz' },
    input: z.strictObject({ ...input, name: z.string().trim().min(1).max(200) }),
    doc: "Saves a click model's ratings as a judgment list in the workspace (by clicks:<model>): into `into` beside its own ratings, else a new list named `name`.",
  }),
};

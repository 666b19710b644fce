import { z } from 'zod';
import type { Interval } from '../click-models';
import { type EstimatorName } from './replay';
import { type OutcomeName } from './outcomes';
import { REPLAY_MODELS } from './behaviour';
import { cliForm, operation } from '../operations';
import { MODEL_DEPTH } from '../click-models';

/** An experiment's or a batch's sides estimated on the workspace's traffic: what the On traffic panel shows. */
export interface TrafficEstimateView {
  /** What was estimated: an experiment (its file) or a batch (its id), and its name. */
  subject: { kind: 'experiment' | 'batch'; id: string; name: string };
  /** The configuration whose logged searches were replayed, and why that one. */
  a: { configuration: string; why: string };
  b: { configuration: string; profile: string };
  model: 'pbm' | 'dbn';
  k: number;
  replicates: number;
  estimates: {
    estimator: EstimatorName;
    a: { value: number; ci95: Interval };
    b: { value: number; ci95: Interval };
    delta: { value: number; ci95: Interval; p: number };
    clip: { at: number; clippedShare: number } | null;
  }[];
  /** Click-through, and where the log has them add-to-carts and purchases per search, by the model. */
  outcomes: {
    outcome: OutcomeName;
    a: { value: number; ci95: Interval };
    b: { value: number; ci95: Interval };
    delta: { value: number; ci95: Interval; p: number };
  }[];
  /** Per query the model's clicks@k for A's pages and B's over A's searches of it, the most clicks lost in all first. */
  queries: { query: string; searches: number; a: number; b: number; delta: number }[];
  interleaving: { wins: number; losses: number; ties: number; delta: { value: number; ci95: Interval; p: number } };
  coverage: number;
  lowCoverage: boolean;
  searches: number;
  contexts: number;
  ms: { log: number; rankings: number; estimate: number };
}

/** The click model that says where shoppers look, and the depth clicks are counted to: the flags of `traffic estimate`. */
export const estimatesCli = cliForm({
  command: 'traffic estimate',
  input: z.strictObject({ model: z.enum(REPLAY_MODELS).default('pbm'), k: z.int().min(1).max(MODEL_DEPTH).default(10) }),
  flags: {
    model: { flag: '--click-model', doc: 'the model that says where shoppers look' },
    k: { flag: '--k', doc: 'clicks in the first k' },
  },
});

export const estimatesOperations = {
  'estimates:experiment': operation<TrafficEstimateView>()({
    example: { file: 'missing-experiment.json' },
    input: z.strictObject({
      file: z.string().min(1).max(255),
      ...estimatesCli.input.shape,
    }),
    cli: estimatesCli,
    doc: "An experiment's B estimated on the workspace's traffic logged under A: clicks@k by the click model, IPS, SNIPS and DR with bootstrap intervals, click-through, add-to-carts and purchases by the model, per query clicks@k, the interleaving replay and coverage. B's rankings are asked of side B's profile.",
  }),
  'estimates:batch': operation<TrafficEstimateView>()({
    example: { id: 'missing-batch' },
    input: z.strictObject({
      id: z.string().min(1).max(200),
      ...estimatesCli.input.shape,
    }),
    doc: "A batch's B estimated on the workspace's traffic logged under its side A, as for an experiment: what Compare's On traffic and the triage table's clicks on traffic show.",
  }),
};

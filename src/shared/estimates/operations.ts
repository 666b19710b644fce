import { z } from 'zod';
import type { Interval } from '../click-models';
import { ESTIMATORS, type EstimatorName } from './replay';
import type { Support } from './support';
import { OUTCOMES, type OutcomeName } from './outcomes';
import { DEFAULT_REPLICATES, DEFAULT_SEED } from './estimate';
import { DEFAULT_CLIP } from './replay';
import { BATCH_CONCURRENCY } from '../compare';
import { REPLAY_MODELS } from './behaviour';
import { cliForm, operation, seedField } from '../operations';
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
  /** The bootstrap's draws: the same seed on the same store gives the same figures, in the app and on the command line. */
  seed: number;
  estimates: {
    estimator: EstimatorName;
    a: { value: number; ci95: Interval };
    b: { value: number; ci95: Interval };
    delta: { value: number; ci95: Interval; p: number };
    clip: { at: number; clippedShare: number } | null;
    /** Why the log does not support it, or null. */
    unreliable: string | null;
  }[];
  /** IPS's and SNIPS's support diagnostics, and the estimator they point to. */
  support: Support;
  headline: EstimatorName;
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

/** B − A on traffic beside a compare run or a suite (`--traffic STORE`): the estimator gated on and the click model. */
export const estimatesGateCli = cliForm({
  command: 'compare',
  input: z.strictObject({
    estimator: z.enum([...ESTIMATORS, 'interleave']).default('dr'),
    model: estimatesCli.input.shape.model,
  }),
  flags: {
    estimator: { flag: '--estimator', doc: 'with --traffic: model, ips, snips, dr or interleave' },
    model: { flag: '--click-model', doc: 'with --traffic: pbm or dbn' },
  },
});

/** How the command line's estimate is run and read: the outcome, the weights' clip, the bootstrap, B's rankings' pace. */
export const estimatesReplayCli = cliForm({
  command: 'traffic estimate',
  input: z.strictObject({
    outcome: z.enum(['clicks', ...OUTCOMES]).default('clicks'),
    clip: z.number().min(1).finite().default(DEFAULT_CLIP),
    replicates: z.int().min(0).max(1000).default(DEFAULT_REPLICATES),
    seed: seedField(DEFAULT_SEED),
    concurrency: z.int().min(1).max(64).default(BATCH_CONCURRENCY),
  }),
  flags: {
    outcome: {
      flag: '--outcome',
      doc: "clicks, ctr (the share of searches with a click in the first k), carts or purchases (add-to-carts or purchases per search: each rank's click chance × the item's rate per click in the log, where the log has them); all but clicks by the model alone (--estimator model)",
    },
    clip: { flag: '--clip', doc: 'the largest weight one click carries' },
    replicates: { flag: '--replicates', doc: 'bootstrap replicates (0: no intervals)' },
    seed: { flag: '--seed', doc: "the bootstrap's draws (the interleaving replay draws nothing: its credit is exact)" },
    concurrency: { flag: '--concurrency', doc: "B's rankings asked at a time" },
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

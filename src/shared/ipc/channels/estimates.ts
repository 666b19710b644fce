import { z } from 'zod';
import type { Interval } from '../../click-models';
import { type EstimatorName, REPLAY_MODELS } from '../../estimates';
import { channel } from '../define';

/** An experiment's sides estimated on the workspace's traffic: what the On traffic panel shows. */
export interface TrafficEstimateView {
  experiment: string;
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
  interleaving: { wins: number; losses: number; ties: number; delta: { value: number; ci95: Interval; p: number } };
  coverage: number;
  lowCoverage: boolean;
  searches: number;
  contexts: number;
  ms: { log: number; rankings: number; estimate: number };
}

export const estimatesChannels = {
  'estimates:experiment': channel<TrafficEstimateView>()({
    input: z.strictObject({
      file: z.string().min(1).max(255),
      model: z.enum(REPLAY_MODELS).default('pbm'),
      k: z.int().min(1).max(10).default(10),
    }),
    doc: "An experiment's B estimated on the workspace's traffic logged under A: clicks@k by the click model, IPS, SNIPS and DR with bootstrap intervals, the interleaving replay and coverage. B's rankings are asked of side B's profile.",
  }),
};

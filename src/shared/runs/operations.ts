import { z } from 'zod';
import type { QualityConfig } from '../compare';
import type { TrendRun } from './trend';
import { workspaceFileSchema } from '../workspace';
import { operation } from '../operations';

/** An experiment's finished runs over time, each scored and held against the pinned baseline run. */
export interface TrendView {
  file: string;
  name: string;
  sides: { a: string; b: string };
  quality: QualityConfig;
  /** The experiment's judgment list; null: no quality to trend. */
  judgments: string | null;
  /** Every run scored with today's judgment list (true), or each with the list as it was when it ran. */
  rescored: boolean;
  /** The runs (and today's list) were scored with more than one version of the judgment list. */
  judgmentsChanged: boolean;
  baseline: string | null;
  /** Runs still running, and runs whose batch was deleted: not in the trend. */
  running: number;
  missing: number;
  runs: (Omit<TrendRun, 'metrics'> & {
    metrics: TrendRun['metrics'] | null;
    label: string;
    /** The run kept the ratings it was scored with. */
    snapshot: boolean;
    /** Its judgment list is today's. */
    today: boolean;
  })[];
}

const batchId = z.string().regex(/^[A-Za-z0-9-]{1,200}$/, 'not a batch id: letters, digits and dashes only');

export const runsOperations = {
  'runs:trend': operation<TrendView>()({
    example: { file: 'demo-default-vs-new-arrivals.json', rescore: true },
    doc: "An experiment's finished runs over time: per metric each run's means with intervals, B against the baseline run's B; rescore scores every run with today's judgment list.",
    input: z.strictObject({ file: workspaceFileSchema, rescore: z.boolean().default(false) }),
  }),
  'runs:pin': operation<{ baseline: string | null }>()({
    example: { file: 'demo-default-vs-new-arrivals.json', batchId: null },
    doc: "Pins one of the experiment's runs as the baseline the trend holds the others against (null: none).",
    input: z.strictObject({ file: workspaceFileSchema, batchId: batchId.nullable() }),
  }),
};

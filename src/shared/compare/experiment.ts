import { z } from 'zod';
import { WORKSPACE_FORMATS, workspaceFileSchema, rowsOfQuerySet, type QuerySet } from '../workspace';
import { qualityConfigSchema } from './quality-config';
import { sideSpecSchema } from './schema';
import type { NewBatch } from './types';

const file = workspaceFileSchema;
const batchId = z.string().regex(/^[A-Za-z0-9-]{1,200}$/);
const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

/**
 * An experiment: a query set run on two sides (A the baseline), optionally
 * measured against a judgment list at depth k. Each run is a batch
 * comparison kept under the data folder (its requests, answers and
 * rankings); the experiment file lists them, newest last.
 */
export const experimentSchema = z.strictObject({
  format: z.literal(WORKSPACE_FORMATS.experiments),
  version: z.literal(1),
  name: z.string().trim().min(1).max(200),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The query set's file in query-sets/. */
  querySet: file,
  /** The judgment list's file in judgments/, when quality is measured. */
  judgments: file.optional(),
  quality: qualityConfigSchema,
  /** Items asked per query (raised to k when a judgment list is attached). */
  limit: z.int().min(1).max(1000),
  concurrency: z.int().min(1).max(64),
  sides: z.strictObject({ a: sideSpecSchema, b: sideSpecSchema }),
  runs: z.array(
    z.strictObject({
      batchId,
      startedAt: z.string(),
      limit: z.int(),
      /** SHA-256 of the query set and of the judgment list files as the run started: what it ran and was scored with. */
      querySetSha256: sha256.optional(),
      judgmentsSha256: sha256.optional(),
    }),
  ),
  /** The run the others are held against in the trend (a batch id of `runs`). */
  baseline: batchId.optional(),
});

export type Experiment = z.output<typeof experimentSchema>;

/**
 * What the renderer gives to create one. Left out, the relevance threshold is
 * the judgment list's own (its scale says from which rating an item counts as relevant).
 */
export const newExperimentSchema = experimentSchema
  .pick({ name: true, querySet: true, judgments: true, limit: true, concurrency: true, sides: true })
  .extend({ quality: qualityConfigSchema.extend({ threshold: qualityConfigSchema.shape.threshold.unwrap().optional() }) });
export type NewExperiment = z.output<typeof newExperimentSchema>;

/**
 * The batch one run of an experiment is: its query set's queries on its two sides, each asking for `limit` items
 * (raised to k when it is judged, so every judged position has an item), measured with the experiment's own
 * quality settings. The app's Run and `compare --experiment` both run this, so they give the same figures.
 */
export function experimentBatch(
  experiment: Experiment,
  file: string,
  querySet: QuerySet,
  judgments: { name: string } | undefined,
  sides: Experiment['sides'] = experiment.sides,
): NewBatch & { base: { options: { offset: number; limit: number } } } {
  const limit = judgments ? Math.max(experiment.limit, experiment.quality.k) : experiment.limit;
  return {
    name: `${experiment.name} · run ${experiment.runs.length + 1}`,
    base: { options: { offset: 0, limit } },
    sides,
    rows: rowsOfQuerySet(querySet),
    concurrency: experiment.concurrency,
    ...(judgments && experiment.judgments
      ? { quality: { ...experiment.quality, judgments: { file: experiment.judgments, name: judgments.name } } }
      : {}),
    experiment: { file, name: experiment.name },
  };
}

import { z } from 'zod';
import { qualityConfigSchema } from '../compare/quality-config';
import { sideSpecSchema } from '../compare/schema';
import { WORKSPACE_FORMATS, workspaceFileSchema } from './kinds';

const file = workspaceFileSchema;

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
  runs: z.array(z.strictObject({ batchId: z.string().regex(/^[A-Za-z0-9-]{1,200}$/), startedAt: z.string(), limit: z.int() })),
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

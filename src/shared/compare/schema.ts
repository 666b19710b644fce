import { z } from 'zod';
import { requestKindSchema, searchTemplateSchema } from '../request';
import { workspaceFileSchema, MAX_QUERIES, queryRowSchema } from '../workspace';
import { qualityConfigSchema } from './quality-config';

/**
 * What a comparison is made of, declared once: the contract parses the
 * renderer's input with these, the batch store parses stored definitions
 * with them, and the types are inferred from them.
 */

/**
 * One side of a comparison: a full request template. The shared request
 * (query, limit, facets…) is merged with the side's overrides, so two
 * configuration ids, staging against production, or two sets of context
 * variables are all the same thing.
 */
export const sideSpecSchema = z.strictObject({
  label: z.string().trim().min(1, 'give the side a label, like "production" or "bestsellers"').max(80),
  /** The profile whose search URL (and first token) the side uses; the active one when left out. */
  profileId: z.string().min(1).max(200).optional(),
  /** Direct address, for the command line (no profile). */
  baseUrl: z.url().optional(),
  /** Request fields that replace or join the shared ones: token, configurationId, options.filter, options.sortBy, context… */
  overrides: searchTemplateSchema.default({}),
});

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 in hex');

/** A workspace file a batch refers to: its file name (bare, never a path) and its name when the batch started. */
const workspaceRef = z.strictObject({
  file: workspaceFileSchema,
  name: z.string().max(200),
});

/** What a batch measures quality against: a judgment list of the workspace, at depth k. */
export const batchQualitySchema = qualityConfigSchema.extend({ judgments: workspaceRef });

/** What a new batch needs; main adds the id and the time. */
export const newBatchSchema = z.strictObject({
  name: z.string().trim().min(1).max(200),
  /**
   * What each row asks (search when left out): `suggest` sends product suggest with the base's
   * `options.groupBy`; `autocomplete` sends each row as a typed prefix.
   */
  kind: requestKindSchema.optional(),
  /** The request every row starts from (limit, facets, options…); the row's query replaces `query`. */
  base: searchTemplateSchema.default({}),
  sides: z.strictObject({ a: sideSpecSchema, b: sideSpecSchema }),
  rows: z
    .array(queryRowSchema)
    .min(1, 'the query list is empty')
    .max(MAX_QUERIES, 'at most 100,000 queries in one batch: split a longer list into shards (compare --shard i/n)'),
  /** Queries in flight at once (each sends both sides together); with `pace: 'auto'`, the most in flight. */
  concurrency: z.number().int().min(1).max(64).default(8),
  /**
   * `fixed` (or left out): `concurrency` queries in flight, as fast as the service answers.
   * `auto`: requests paced at a rate found from the service's own refusals
   * (429/503), to reach its capacity without tripping its limits.
   */
  pace: z.enum(['fixed', 'auto']).optional(),
  /** With a judgment list: quality per side and the significance of B − A, computed from the stored rankings. */
  quality: batchQualitySchema.optional(),
  /** The experiment this batch is a run of. */
  experiment: workspaceRef.optional(),
  /**
   * A shard of a larger run (`compare --shard i/n`): its rows are the queries hashed to shard `index` of `count`,
   * of `of` in the whole list; `list` is the whole list's hash and `run` the run's identity (see shard-identity),
   * so `merge` can tell that shards are parts of one run and that their rows make that list, each query once.
   */
  shard: z
    .strictObject({
      index: z.number().int().min(1),
      count: z.number().int().min(1).max(1000),
      of: z.number().int().min(1),
      list: sha256Hex.optional(),
      run: sha256Hex.optional(),
      /** How the shard was measured (`compare --judgments`): merge measures the whole run the same way unless told otherwise. */
      quality: qualityConfigSchema
        .extend({
          judgments: z.strictObject({ path: z.string().min(1).max(4096), name: z.string().max(200), sha256: sha256Hex }),
        })
        .optional(),
    })
    .refine((s) => s.index <= s.count, { message: 'the shard index is 1 to its count' })
    .optional(),
});

/** Queries in flight when a batch leaves it out: the app's batch form starts from it, `compare --concurrency` defaults to it. */
export const BATCH_CONCURRENCY: number = newBatchSchema.shape.concurrency.parse(undefined);

export const batchDefinitionSchema = z.looseObject({
  ...newBatchSchema.shape,
  id: z.string().min(1),
  createdAt: z.string(),
});

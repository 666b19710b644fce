import { z } from 'zod';

/**
 * A stored query result (`results/NNNNNN.json` in a batch's folder), read back through a schema wherever the
 * folder may come from elsewhere — `merge` reads shards a CI matrix wrote — so a chunk of `{}`, `[null]`,
 * wrong types or indexes out of range is refused naming the file, not met as a TypeError later.
 * Objects keep fields this reader does not know (later versions may add some); the ones it uses are checked.
 */
const count = z.number().int().min(0);
const rate = z.number();
const share = z.number().min(0);

const topItemSchema = z.looseObject({ id: z.string(), title: z.string().optional(), score: z.number().optional() });

const sideResultSchema = z.looseObject({
  ok: z.boolean(),
  ms: z.number().min(0).nullable(),
  attempts: count,
  status: z.number().int().optional(),
  count: count.nullable().optional(),
  error: z.looseObject({ code: z.string(), message: z.string() }).optional(),
  redirect: z.looseObject({ url: z.string().nullable(), name: z.string().optional() }).optional(),
  top: z.array(topItemSchema),
  ranking: z.array(z.string()).optional(),
});

const metricsSchema = z.looseObject({
  rbo: rate,
  change: rate,
  overlap1: share,
  overlap3: share,
  overlap10: share,
  overlapAll: share,
  jaccard1: rate,
  jaccard3: rate,
  jaccard10: rate,
  jaccardAll: rate,
  kendallTau: rate.nullable(),
  top1Changed: z.boolean(),
  countA: z.number().nullable(),
  countB: z.number().nullable(),
  countDelta: z.number().nullable(),
  zeroA: z.boolean(),
  zeroB: z.boolean(),
  facetsChanged: count,
  shared: count,
});

export const batchResultSchema = z.looseObject({
  index: count,
  query: z.string(),
  a: sideResultSchema,
  b: sideResultSchema,
  metrics: metricsSchema.nullable(),
  finishedAt: z.string(),
});

/** One chunk: an array of records, each a result and the answers kept beside it. */
export const resultChunkSchema = z.array(z.looseObject({ result: batchResultSchema, responses: z.looseObject({}) }));

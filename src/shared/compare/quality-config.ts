import { z } from 'zod';

/** How an experiment measures quality: judged at depth k, with this gain and relevance threshold. */
export const qualityConfigSchema = z.strictObject({
  k: z.int().min(1).max(1000).default(10),
  gain: z.enum(['exponential', 'linear']).default('exponential'),
  threshold: z.int().min(1).max(9).default(1),
  /** Which ratings count: people's (absent, or `confirmed`), or rules' suggestions too where nobody rated (`all`). */
  ratings: z.enum(['confirmed', 'all']).optional(),
});
export type QualityConfig = z.output<typeof qualityConfigSchema>;

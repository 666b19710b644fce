import { z } from 'zod';

/** How an experiment measures quality: judged at depth k, with this gain and relevance threshold. */
export const qualityConfigSchema = z.strictObject({
  k: z.int().min(1).max(1000).default(10),
  gain: z.enum(['exponential', 'linear']).default('exponential'),
  threshold: z.int().min(1).max(9).default(1),
  /**
   * Which ratings count: people's (absent, or `confirmed`); where nobody rated, rules' suggestions (`people+rules`)
   * or clicks' ratings (`people+clicks`) too, or both (`all`); or clicks' ratings alone (`clicks`).
   */
  ratings: z.enum(['confirmed', 'people+rules', 'people+clicks', 'people+llm', 'clicks', 'all']).optional(),
  /** How queries count in a mean: once each (absent, or `none`), or by how often shoppers searched them (`frequency`). */
  weight: z.enum(['none', 'frequency']).optional(),
});
export type QualityConfig = z.output<typeof qualityConfigSchema>;

/**
 * The quality settings a run uses: what was given, and for what was not, the judgment list's own — its scale's
 * threshold, from which rating an item counts as relevant — else the defaults (k 10, exponential gain,
 * threshold 1, people's ratings). One rule wherever a list is read: the app, compare, merge, explain, metrics.
 */
export function qualitySettings(given: Partial<QualityConfig>, scale?: { threshold: number }): QualityConfig {
  return {
    k: given.k ?? 10,
    gain: given.gain ?? 'exponential',
    threshold: given.threshold ?? scale?.threshold ?? 1,
    ...(given.ratings && given.ratings !== 'confirmed' ? { ratings: given.ratings } : {}),
    ...(given.weight === 'frequency' ? { weight: 'frequency' as const } : {}),
  };
}

import { murmur3LowBytes } from './murmur';
import type { AbTest, Variation } from './test';

/** A user's bucket in a test, 1 to 100: MurmurHash3 (x86 32-bit, seed 0) of `userId#testId`, modulo 100, plus 1. */
export const bucketOf = (userId: string, testId: string): number => (murmur3LowBytes(`${userId}#${testId}`) % 100) + 1;

/** The variation a bucket falls in: the first whose running sum of weights reaches it. */
export function variationOfBucket(test: Pick<AbTest, 'variations'>, bucket: number): Variation {
  let sum = 0;
  for (const v of test.variations) {
    sum += v.weight;
    if (sum >= bucket) return v;
  }
  // Weights that add up to 100 (the schema's rule) always reach bucket 100.
  return test.variations[test.variations.length - 1]!;
}

/** Which variation a user or session id gets in a test, and what the storefront sends for it. */
export interface Assignment {
  userId: string;
  bucket: number;
  variationId: string;
  configurationId: string | null;
  variables: Record<string, string>;
}

export function assign(test: Pick<AbTest, 'id' | 'variations'>, userId: string): Assignment {
  const bucket = bucketOf(userId, test.id);
  const v = variationOfBucket(test, bucket);
  return { userId, bucket, variationId: v.id, configurationId: v.configurationId ?? null, variables: v.variables ?? {} };
}

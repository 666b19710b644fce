/**
 * Seeded random numbers for everything that must draw the same way on every run and machine: significance tests
 * and intervals, Shapley samples, the judging pool's shuffle, agreement's bootstrap.
 */

/** mulberry32's 32-bit draws: a small, fast, seedable generator. */
export function mulberry32Bits(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** mulberry32 as floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  const bits = mulberry32Bits(seed);
  return () => bits() / 4294967296;
}

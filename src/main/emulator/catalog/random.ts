/** A small seeded PRNG (mulberry32): the same seed gives the same catalog, on every machine. */
export class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0 || 0x9e3779b9;
  }

  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  /** Picks with weights (need not sum to 1). */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * total;
    for (const [item, w] of items) {
      r -= w;
      if (r <= 0) return item;
    }
    return (items[items.length - 1] as readonly [T, number])[0];
  }

  /** A sample of distinct items, in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items];
    const out: T[] = [];
    while (out.length < count && copy.length > 0) out.push(copy.splice(Math.floor(this.next() * copy.length), 1)[0] as T);
    return out;
  }

  /** Heavy-tailed integers (review counts, popularity): most small, a few very large. */
  pareto(scale: number, shape = 1.3): number {
    return Math.floor(scale * (Math.pow(1 - this.next(), -1 / shape) - 1));
  }
}

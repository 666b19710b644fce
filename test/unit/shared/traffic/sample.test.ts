import { describe, expect, it } from 'vitest';
import { sampleQueries } from '../../../../src/shared/traffic';

const log = Array.from({ length: 50 }, (_, i) => ({ query: `q${String(i).padStart(2, '0')}`, searches: i < 5 ? 1000 : 10 }));

describe('query sets from traffic', () => {
  it('top: the most searched, ties by text, each weighted by its searches', () => {
    expect(sampleQueries(log, 'top', 6)).toEqual([
      ...['q00', 'q01', 'q02', 'q03', 'q04'].map((query) => ({ query, weight: 1000 })),
      { query: 'q05', weight: 10 },
    ]);
  });

  it('random and pps are seeded: one seed, one sample; distinct queries; asking for more than there are gives all', () => {
    for (const method of ['random', 'pps'] as const) {
      const a = sampleQueries(log, method, 10, 7);
      expect(sampleQueries(log, method, 10, 7)).toEqual(a);
      expect(new Set(a.map((q) => q.query)).size).toBe(10);
      expect(sampleQueries(log, method, 80, 7)).toHaveLength(50);
    }
  });

  it('pps draws the heavy queries far more often than random does', () => {
    let pps = 0;
    let random = 0;
    for (let seed = 1; seed <= 200; seed++) {
      pps += sampleQueries(log, 'pps', 5, seed).filter((q) => q.weight === 1000).length;
      random += sampleQueries(log, 'random', 5, seed).filter((q) => q.weight === 1000).length;
    }
    // Random: 5 of 50 are heavy, so about half a heavy query a sample (≈100 in 200); PPS: most of each sample.
    expect(random).toBeLessThan(200);
    expect(pps).toBeGreaterThan(600);
  });
});

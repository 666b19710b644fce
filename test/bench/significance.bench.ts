import { batchQuality } from '../../src/shared/compare/quality';
import type { BatchResult, SideResult } from '../../src/shared/compare/types';
import { indexRatings } from '../../src/shared/judgments/model';
import { comparePaired } from '../../src/shared/metrics/significance';
import { mulberry32 } from '../../src/shared/random';
import { printTable } from './table';

/** 1,000 queries, each judged on 20 items and answered with 24 items per side, from a seeded generator. */
function experiment(queries = 1000) {
  const random = mulberry32(7);
  const ratings: { query: string; itemId: string; rating: number }[] = [];
  const results: BatchResult[] = [];
  const ranking = (q: number) => Array.from({ length: 24 }, () => `q${q}-i${Math.floor(random() * 40)}`);
  const side = (r: string[]): SideResult => ({
    ok: true,
    ms: 1,
    attempts: 1,
    count: r.length,
    top: r.slice(0, 10).map((id) => ({ id })),
    ranking: r,
  });
  for (let q = 0; q < queries; q++) {
    for (let i = 0; i < 20; i++) ratings.push({ query: `query ${q}`, itemId: `q${q}-i${i}`, rating: Math.floor(random() * 4) });
    results.push({ index: q, query: `query ${q}`, a: side(ranking(q)), b: side(ranking(q)), metrics: null, finishedAt: '' });
  }
  return { results, rows: results.map((r) => ({ query: r.query })), judgments: indexRatings(ratings) };
}

/** The same test and interval written the plain way (arrays, Math.random, reduce): the peer. */
function plainComparison(a: number[], b: number[]) {
  const d = a.map((x, i) => b[i]! - x);
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const t = Math.abs(mean(d));
  let extreme = 0;
  for (let f = 0; f < 10_000; f++) if (Math.abs(mean(d.map((x) => (Math.random() < 0.5 ? -x : x)))) >= t - 1e-12) extreme++;
  const means = Array.from({ length: 10_000 }, () => mean(d.map(() => d[Math.floor(Math.random() * d.length)]!))).sort((x, y) => x - y);
  return { p: (1 + extreme) / 10_001, ci: [means[250], means[9749]] };
}

const time = (fn: () => void, runs = 5) => {
  fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    samples.push(performance.now() - t0);
  }
  return samples.sort((x, y) => x - y)[Math.floor(runs / 2)]!;
};

/** Significance of 1,000 paired queries: 10,000 sign flips and Student's t interval per metric. */
export async function benchSignificance(): Promise<void> {
  const { results, rows, judgments } = experiment();
  const config = { k: 10, gain: 'exponential' as const, threshold: 1 };
  const quality = batchQuality(results, rows, judgments, config);
  const a = quality.perQuery.map((q) => q.a!.ndcg);
  const b = quality.perQuery.map((q) => q.b!.ndcg);
  const ndcg = time(() => comparePaired(a, b));
  const all = time(() => batchQuality(results, rows, judgments, config), 3);
  const peer = time(() => plainComparison(a, b), 3);
  printTable(
    'Significance: 1,000 queries × 2 sides, 10,000 sign flips + the Student t interval (median of runs, ms)',
    ['work', 'workbench', 'peer: plain arrays + Math.random', 'goal', 'result'],
    [
      ['nDCG only: randomization test + Student t interval', ndcg, peer, '≤ 200', ndcg <= 200 ? 'PASS' : 'FAIL'],
      ['all seven metrics, from the stored rankings', all, peer * 7, '≤ 1,000', all <= 1000 ? 'PASS' : 'FAIL'],
    ],
  );
}

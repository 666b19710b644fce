import type { Interval } from '../click-models';
import { normalUpperTail } from '../metrics';
import { mulberry32 } from '../random';
import { type Behaviour, behaviourOf, fitFor, type ReplayModel, startOf } from './behaviour';
import { coverageOf, ESTIMATORS, type EstimatorName, type ReplayLog, replayedSearches, replayValues } from './replay';

/** One estimator's answer: A's and B's clicks@k per search, B − A, each with its 95% interval. */
export interface TrafficEstimate {
  estimator: EstimatorName;
  k: number;
  a: { value: number; ci95: Interval };
  b: { value: number; ci95: Interval };
  delta: { value: number; ci95: Interval; p: number };
  /** The share of B's top-k items the log showed for their query. */
  coverage: number;
  /** A's searches replayed. */
  searches: number;
  /** IPS, SNIPS, DR: the largest weight a click carries, and the share of weighted clicks the clip cut. */
  clip: { at: number; clippedShare: number } | null;
}

export interface EstimateOptions {
  model: ReplayModel;
  k: number;
  clip: number;
  /** Bootstrap replicates (0: none, intervals empty). */
  replicates: number;
  seed: number;
}

export const DEFAULT_REPLICATES = 60;
/** Below this coverage an estimate leans on the model's guesses more than on clicks: said in words, and flagged. */
export const LOW_COVERAGE = 0.5;

/** Poisson(1) draws, one per session: a replicate of the log with each session taken 0, 1, 2, … times. */
export function sessionWeights(sessions: number, random: () => number): Float64Array {
  const weights = new Float64Array(sessions);
  for (let s = 0; s < sessions; s++) {
    // Inverse transform: P(0) = e⁻¹, each next term ×1/n.
    let n = 0;
    let term = Math.exp(-1);
    let cumulative = term;
    const x = random();
    while (x > cumulative && n < 20) {
      n++;
      term /= n;
      cumulative += term;
    }
    weights[s] = n;
  }
  return weights;
}

/** Each pattern's count in a replicate: the weights of the sessions its searches came from. */
export function replicateCounts(log: ReplayLog, weights: Float64Array): Float64Array {
  const counts = new Float64Array(log.pages.count.length);
  for (let i = 0; i < log.searchPattern.length; i++) counts[log.searchPattern[i]!]! += weights[log.searchSession[i]!]!;
  return counts;
}

const sd = (values: number[]) => {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / Math.max(1, values.length - 1));
};
const around = (value: number, se: number): Interval => [value - 1.96 * se, value + 1.96 * se];

/**
 * Every estimator's answer on a log, with 95% intervals by a bootstrap over sessions that refits the click model in
 * each replicate: each session drawn Poisson(1) times, the model fitted again on the replicate (from the whole log's
 * fit, which it lies near), every estimator replayed with it. An interval is the estimate ± 1.96 bootstrap standard
 * errors, and p (two-sided, of B − A = 0) from the same normal approximation; the same replicates serve every
 * estimator, A and B alike, so B − A's interval carries what they share.
 */
export function estimateOnLog(
  log: ReplayLog,
  options: EstimateOptions,
  onReplicate?: (done: number, total: number) => void,
): { estimates: TrafficEstimate[]; behaviour: Behaviour } {
  const fit = fitFor(options.model, log.pages);
  const behaviour = behaviourOf(fit, log);
  const point = replayValues(log, behaviour, options.k, options.clip);
  const random = mulberry32(options.seed);
  const draws: ReturnType<typeof replayValues>[] = [];
  const start = startOf(behaviour, log.pages.pairs.length);
  for (let r = 0; r < options.replicates; r++) {
    const weights = sessionWeights(log.sessions, random);
    const pages = { ...log.pages, count: replicateCounts(log, weights) };
    pages.searches = pages.count.reduce((a, b) => a + b, 0);
    const replicate = behaviourOf(fitFor(options.model, pages, start), { ...log, pages });
    draws.push(replayValues(log, replicate, options.k, options.clip, weights));
    onReplicate?.(r + 1, options.replicates);
  }
  const coverage = coverageOf(log);
  const searches = replayedSearches(log);
  const estimates = ESTIMATORS.map((estimator): TrafficEstimate => {
    const { a, b } = point[estimator];
    const seA = draws.length > 1 ? sd(draws.map((d) => d[estimator].a)) : 0;
    const seB = draws.length > 1 ? sd(draws.map((d) => d[estimator].b)) : 0;
    const seDelta = draws.length > 1 ? sd(draws.map((d) => d[estimator].b - d[estimator].a)) : 0;
    const delta = b - a;
    return {
      estimator,
      k: options.k,
      a: { value: a, ci95: around(a, seA) },
      b: { value: b, ci95: around(b, seB) },
      delta: {
        value: delta,
        ci95: around(delta, seDelta),
        p: seDelta > 0 ? Math.min(1, 2 * normalUpperTail(Math.abs(delta) / seDelta)) : 1,
      },
      coverage,
      searches,
      clip: estimator === 'model' ? null : { at: options.clip, clippedShare: point.weighted ? point.clipped / point.weighted : 0 },
    };
  });
  return { estimates, behaviour };
}

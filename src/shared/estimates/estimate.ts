import type { Interval } from '../click-models';
import { normalUpperTail } from '../metrics';
import { mulberry32 } from '../random';
import { type Behaviour, behaviourOf, fitFor, type ReplayModel, startOf } from './behaviour';
import { conversionRates, type OutcomeName, outcomeValues, type OutcomeValues } from './outcomes';
import { coverageOf, ESTIMATORS, type EstimatorName, type ReplayLog, replayedSearches, replayValues } from './replay';
import { headlineOf, type Support, supportOf, unreliability } from './support';

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
  /** Why the log does not support this estimator (support.ts), or null: an unreliable estimate is shown, never headlined. */
  unreliable: string | null;
}

/** An outcome besides clicks@k (click-through, add-to-carts, purchases per search), A and B by the model, with intervals. */
export interface OutcomeEstimate {
  outcome: OutcomeName;
  a: { value: number; ci95: Interval };
  b: { value: number; ci95: Interval };
  delta: { value: number; ci95: Interval; p: number };
}

/** Per (query, context) B's ranking was asked for: A's replayed searches, and the model's clicks@k on A's pages and on B's. */
export interface TargetClicks {
  searches: number[];
  a: number[];
  b: number[];
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
/** The bootstrap's and the interleaving replay's draws, unless a run names its own. */
export const DEFAULT_SEED = 45;
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

/** A's, B's and B − A's 95% intervals from the point values and the replicates' (± 1.96 bootstrap SEs), p of B − A = 0. */
function withIntervals(point: { a: number; b: number }, draws: readonly { a: number; b: number }[]) {
  const se = (of: (d: { a: number; b: number }) => number) => (draws.length > 1 ? sd(draws.map(of)) : 0);
  const [seA, seB, seDelta] = [se((d) => d.a), se((d) => d.b), se((d) => d.b - d.a)];
  const delta = point.b - point.a;
  return {
    a: { value: point.a, ci95: around(point.a, seA) },
    b: { value: point.b, ci95: around(point.b, seB) },
    delta: {
      value: delta,
      ci95: around(delta, seDelta),
      p: seDelta > 0 ? Math.min(1, 2 * normalUpperTail(Math.abs(delta) / seDelta)) : 1,
    },
  };
}

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
): {
  estimates: TrafficEstimate[];
  outcomes: OutcomeEstimate[];
  perTarget: TargetClicks;
  behaviour: Behaviour;
  support: Support;
  headline: EstimatorName;
} {
  const fit = fitFor(options.model, log.pages);
  const behaviour = behaviourOf(fit, log);
  const point = replayValues(log, behaviour, options.k, options.clip);
  const ratesOf = (pages: ReplayLog['pages'], weights?: Float64Array) =>
    log.conversions ? conversionRates(log, pages, log.conversions, weights) : undefined;
  const outcomePoint = outcomeValues(log, behaviour, options.k, ratesOf(log.pages));
  const outcomeDraws: OutcomeValues[] = [];
  const random = mulberry32(options.seed);
  const draws: ReturnType<typeof replayValues>[] = [];
  const start = startOf(behaviour, log.pages.pairs.length);
  for (let r = 0; r < options.replicates; r++) {
    const weights = sessionWeights(log.sessions, random);
    const pages = { ...log.pages, count: replicateCounts(log, weights) };
    pages.searches = pages.count.reduce((a, b) => a + b, 0);
    const replicate = behaviourOf(fitFor(options.model, pages, start), { ...log, pages });
    draws.push(replayValues(log, replicate, options.k, options.clip, weights));
    outcomeDraws.push(outcomeValues(log, replicate, options.k, ratesOf(pages, weights), weights).values);
    onReplicate?.(r + 1, options.replicates);
  }
  const coverage = coverageOf(log);
  const searches = replayedSearches(log);
  const clippedShare = point.weighted ? point.clipped / point.weighted : 0;
  const support = supportOf(point.weights, clippedShare);
  const estimates = ESTIMATORS.map((estimator): TrafficEstimate => ({
    estimator,
    k: options.k,
    ...withIntervals(
      point[estimator],
      draws.map((d) => d[estimator]),
    ),
    coverage,
    searches,
    clip: estimator === 'model' ? null : { at: options.clip, clippedShare },
    unreliable: unreliability(estimator, support),
  }));
  const outcomes = (Object.keys(outcomePoint.values) as OutcomeName[]).map((outcome) => ({
    outcome,
    ...withIntervals(
      outcomePoint.values[outcome]!,
      outcomeDraws.map((d) => d[outcome]!),
    ),
  }));
  const { perTarget } = outcomePoint;
  return {
    estimates,
    outcomes,
    perTarget: { searches: Array.from(perTarget.searches), a: Array.from(perTarget.a), b: Array.from(perTarget.b) },
    behaviour,
    support,
    headline: headlineOf(support),
  };
}

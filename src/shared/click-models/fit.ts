import type { Interval } from './intervals';

/** The click models fitted here. */
export type ClickModelKind = 'coec' | 'pbm' | 'dbn';
export const CLICK_MODEL_KINDS: readonly ClickModelKind[] = ['pbm', 'dbn', 'coec'];

/** One (query, item)'s estimate, with the evidence it rests on. */
export interface ItemEstimate {
  query: string;
  itemId: string;
  /** PBM: α; DBN: α·σ; COEC: clicks over expected clicks. */
  estimate: number;
  ci95: Interval;
  /** First pages that showed it in the first MODEL_DEPTH ranks. */
  impressions: number;
  clicks: number;
  /** DBN only: attractiveness and satisfaction apart. */
  attractiveness?: number;
  satisfaction?: number;
}

export interface ClickModelFit {
  model: ClickModelKind;
  /** PBM: θ_k with θ_1 = 1; DBN: the share of pages whose rank k was read, by the model's posterior; COEC: each rank's click-through. */
  positions: { rank: number; examination: number }[];
  /** DBN: γ, the chance a shopper not satisfied reads on. */
  continuation?: number;
  items: ItemEstimate[];
  /** Searches the fit read, and the distinct patterns they made. */
  searches: number;
  patterns: number;
  /** EM iterations run (0 for COEC) and whether they converged (the largest change below 1e-6). */
  iterations: number;
  converged: boolean;
}

/**
 * EM's stopping rules: the largest change of any parameter in one iteration, and a cap. PBM iterates over (item, rank)
 * cells, cheap enough to run to a tight tolerance (its θ settles slowly); DBN over page patterns, ten times the work
 * an iteration, stopped sooner (past 200 iterations, the items still moving are ones hardly ever read).
 */
export const EM = { pbm: { tolerance: 1e-7, maxIterations: 3000 }, dbn: { tolerance: 1e-5, maxIterations: 200 } } as const;

/** The largest absolute difference between two arrays of one length. */
export function largestChange(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i]! - b[i]!));
  return m;
}

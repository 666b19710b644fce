import type { Interval } from './intervals';

/** The click models fitted here. */
export type ClickModelKind = 'coec' | 'pbm' | 'dbn';
export const CLICK_MODEL_KINDS: readonly ClickModelKind[] = ['pbm', 'dbn', 'coec'];

/** What a user picks: a model, or `auto` — PBM or DBN, whichever predicts held-out clicks better (selection.ts). */
export const CLICK_MODEL_CHOICES = ['auto', 'pbm', 'dbn', 'coec'] as const;
export type ClickModelChoice = (typeof CLICK_MODEL_CHOICES)[number];

/** One (query, item)'s estimate, with the evidence it rests on. */
export interface ItemEstimate {
  query: string;
  itemId: string;
  /**
   * PBM: α; DBN: α·σ; COEC: clicks over expected clicks — each its posterior's mean, `ci95` that posterior's 2.5% and
   * 97.5% quantiles (intervals.ts), so the estimate is always inside its interval.
   */
  estimate: number;
  ci95: Interval;
  /** First pages that showed it in the first MODEL_DEPTH ranks. */
  impressions: number;
  /**
   * The evidence it rests on: its expected examinations, each rank it was shown at counted by how likely a shopper
   * looked there (the model's examination curve, rank 1 = 1); a showing at a rank nobody reads counts for nearly nothing.
   */
  examinations: number;
  clicks: number;
  /**
   * The model's own parameters at the fit (PBM and DBN): α where the likelihood is highest — what a replay of the
   * model clicks with — and DBN's σ; the estimate above is their posterior's mean, stated with its interval.
   */
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
  /** Iterations run — Newton's steps for PBM, EM's for DBN, 0 for COEC — and whether they converged (FIT). */
  iterations: number;
  converged: boolean;
}

/**
 * The fits' stopping rules. PBM: Newton's method on θ (its α solved exactly at each θ) stops when no θ_k moves by
 * 10⁻⁹, or at 100 steps. DBN: EM over page patterns, accelerated by SQUAREM, stops when one plain EM step moves no
 * parameter by 10⁻⁵, or after 150 EM steps' work (on ten million events its estimates are then on average 0.0002 from
 * where 1,209 steps settle, the farthest a quarter of its own interval's width away — see docs/benchmarks.md).
 */
export const FIT = {
  pbm: { tolerance: 1e-9, maxIterations: 100 },
  dbn: { tolerance: 1e-5, maxIterations: 150 },
} as const;

/** The largest absolute difference between two arrays of one length. */
export function largestChange(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i]! - b[i]!));
  return m;
}

/** What a fit's iterations are, as summaries say it: Newton's steps for PBM, EM's iterations for DBN. */
export const iterationsName = (model: ClickModelKind): string => (model === 'pbm' ? 'Newton steps' : 'EM iterations');

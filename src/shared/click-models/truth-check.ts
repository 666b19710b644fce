import type { ClickModelFit } from './fit';

/** Kendall's τ-b between two paired lists (ties counted as neither concordant nor discordant); null under 2 pairs. */
export function kendallTau(x: readonly number[], y: readonly number[]): number | null {
  const n = x.length;
  if (n < 2) return null;
  let concordant = 0;
  let discordant = 0;
  let tiesX = 0;
  let tiesY = 0;
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      const dx = Math.sign(x[i]! - x[j]!);
      const dy = Math.sign(y[i]! - y[j]!);
      if (dx === 0 && dy === 0) continue;
      if (dx === 0) tiesX++;
      else if (dy === 0) tiesY++;
      else if (dx === dy) concordant++;
      else discordant++;
    }
  const d = Math.sqrt((concordant + discordant + tiesX) * (concordant + discordant + tiesY));
  return d > 0 ? (concordant - discordant) / d : null;
}

/**
 * Kendall's τ over the pairs the truth orders: (concordant − discordant) over the pairs whose true values differ,
 * pairs the estimate ties counted as neither. The truth has four grades, so most pairs of items are tied in it (on the
 * demo, 9 in 10 of the well-shown items are perfect); τ-b counts those against the estimate and could not pass 0.43
 * there even for an estimate that orders every grade rightly.
 */
export function truthOrderedTau(estimate: readonly number[], truth: readonly number[]): number | null {
  let concordant = 0;
  let discordant = 0;
  let tied = 0;
  for (let i = 0; i < truth.length; i++)
    for (let j = i + 1; j < truth.length; j++) {
      const dt = Math.sign(truth[i]! - truth[j]!);
      if (dt === 0) continue;
      const de = Math.sign(estimate[i]! - estimate[j]!);
      if (de === 0) tied++;
      else if (de === dt) concordant++;
      else discordant++;
    }
  const n = concordant + discordant + tied;
  return n > 0 ? (concordant - discordant) / n : null;
}

/** What the simulator knows: the click model's parameters by grade, and each (query, item)'s grade. */
export interface ClickTruth {
  attractiveness: readonly number[];
  satisfaction: readonly number[];
  examination: readonly number[];
  continuation: number;
  relevance: Record<string, Record<string, number>>;
}

export interface TruthCheck {
  /** PBM and DBN: the largest |θ_k/θ_1 − the truth's| over ranks 1–10 (DBN: none, its positions are not parameters). */
  positionError: number | null;
  /** Kendall's τ (truthOrderedTau) between the estimate and the true value over items with at least `minImpressions`. */
  tau: number | null;
  /** PBM and DBN: Kendall's τ between the estimated and the true attractiveness α over the same items. */
  attractivenessTau: number | null;
  /** The mean absolute error of the estimate against the true value (not for COEC, whose ratio has no true value). */
  meanAbsoluteError: number | null;
  items: number;
}

/** The true value of an item's estimate: α for PBM, α·σ for DBN, α for COEC (which it can only rank). */
function trueValue(fit: ClickModelFit, truth: ClickTruth, grade: number): number {
  const a = truth.attractiveness[grade]!;
  return fit.model === 'dbn' ? a * truth.satisfaction[grade]! : a;
}

/** A fit against the truth the simulator drew from. */
export function checkAgainstTruth(fit: ClickModelFit, truth: ClickTruth, minImpressions: number): TruthCheck {
  const est: number[] = [];
  const tru: number[] = [];
  const estA: number[] = [];
  const truA: number[] = [];
  for (const item of fit.items) {
    const grade = truth.relevance[item.query]?.[item.itemId];
    if (grade === undefined || item.impressions < minImpressions) continue;
    est.push(item.estimate);
    tru.push(trueValue(fit, truth, grade));
    estA.push(item.attractiveness ?? item.estimate);
    truA.push(truth.attractiveness[grade]!);
  }
  let positionError: number | null = null;
  if (fit.model === 'pbm') {
    const top = truth.examination[0]!;
    positionError = Math.max(...fit.positions.map((p) => Math.abs(p.examination - truth.examination[p.rank - 1]! / top)));
  }
  return {
    positionError,
    tau: truthOrderedTau(est, tru),
    attractivenessTau: fit.model === 'coec' ? null : truthOrderedTau(estA, truA),
    meanAbsoluteError: fit.model === 'coec' || est.length === 0 ? null : est.reduce((s, e, i) => s + Math.abs(e - tru[i]!), 0) / est.length,
    items: est.length,
  };
}

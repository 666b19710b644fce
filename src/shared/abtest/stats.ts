import { logGamma } from '../click-models';
import { normalQuantile, normalUpperTail } from '../metrics';

/** Q(s, x) = Γ(s, x) / Γ(s), the regularized upper incomplete gamma function: a series below s + 1, Lentz's continued fraction above. */
export function gammaUpperRegularized(s: number, x: number): number {
  if (x <= 0) return 1;
  const front = Math.exp(-x + s * Math.log(x) - logGamma(s));
  if (x < s + 1) {
    let term = 1 / s;
    let sum = term;
    for (let n = 1; n < 1000; n++) {
      term *= x / (s + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-15) break;
    }
    return Math.max(0, 1 - front * sum);
  }
  const tiny = 1e-300;
  let b = x + 1 - s;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 1000; i++) {
    const an = -i * (i - s);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < 1e-15) break;
  }
  return Math.min(1, front * h);
}

/** P(χ²_df ≥ x). */
export const chiSquareUpperTail = (x: number, df: number): number => gammaUpperRegularized(df / 2, x / 2);

/** Below this p the split of users is not what the weights say: the readout is not to be trusted. */
export const SRM_ALPHA = 0.001;

/**
 * The sample-ratio-mismatch check: Pearson's χ² of the users each variation got against the weights (df = variations
 * − 1); p below 0.001 flags it.
 */
export function sampleRatioMismatch(users: readonly number[], weights: readonly number[]): { chi2: number; p: number; flagged: boolean } {
  const total = users.reduce((s, n) => s + n, 0);
  const weightSum = weights.reduce((s, w) => s + w, 0);
  let chi2 = 0;
  let df = -1;
  users.forEach((n, i) => {
    const expected = (total * weights[i]!) / weightSum;
    if (expected <= 0) return;
    chi2 += (n - expected) ** 2 / expected;
    df++;
  });
  if (total === 0 || df < 1) return { chi2: 0, p: 1, flagged: false };
  const p = chiSquareUpperTail(chi2, df);
  return { chi2, p, flagged: p < SRM_ALPHA };
}

/** One arm's per-unit outcome summed: how many units, the sum and the sum of squares of their values. */
export interface ArmSums {
  n: number;
  sum: number;
  squares: number;
}

const meanOf = (a: ArmSums) => (a.n ? a.sum / a.n : 0);
/** The unbiased variance of one unit's value. */
const varianceOf = (a: ArmSums) => (a.n > 1 ? Math.max(0, (a.squares - (a.sum * a.sum) / a.n) / (a.n - 1)) : 0);

/** B − A's estimate and its variance from two arms' sums (Welch: each arm's own variance). */
export function difference(a: ArmSums, b: ArmSums): { delta: number; variance: number; meanA: number; meanB: number } {
  const meanA = meanOf(a);
  const meanB = meanOf(b);
  const variance = (a.n ? varianceOf(a) / a.n : 0) + (b.n ? varianceOf(b) / b.n : 0);
  return { delta: meanB - meanA, variance, meanA, meanB };
}

/** The fixed-horizon test: Welch's z of B − A, two-sided p and the 1 − α interval, valid when read once, at the planned size. */
export function fixedHorizon(a: ArmSums, b: ArmSums, alpha = 0.05): { delta: number; ci: [number, number]; p: number } {
  const { delta, variance } = difference(a, b);
  const se = Math.sqrt(variance);
  const z = normalQuantile(1 - alpha / 2);
  return { delta, ci: [delta - z * se, delta + z * se], p: se > 0 ? Math.min(1, 2 * normalUpperTail(Math.abs(delta) / se)) : 1 };
}

/**
 * The always-valid test: a mixture sequential probability ratio test (mSPRT, Johari, Pekelis and Walsh 2017) of
 * B − A = 0 with a normal mixing distribution of variance τ² over the true difference. With V the variance of the
 * estimate B − A so far, the mixture likelihood ratio is Λ = √(V / (V + τ²)) · exp(τ²·Δ² / (2V(V + τ²))); its p is
 * 1/Λ (the caller keeps the running minimum over the days read), and the 1 − α confidence sequence is
 * Δ ± √((V(V + τ²)/τ²) · (2 ln(1/α) + ln((V + τ²)/V))). Both may be read every day without inflating false wins.
 */
export function alwaysValid(delta: number, variance: number, tau2: number, alpha = 0.05): { p: number; ci: [number, number] } {
  if (!(variance > 0) || !(tau2 > 0)) return { p: 1, ci: [-Infinity, Infinity] };
  const total = variance + tau2;
  const logLambda = 0.5 * Math.log(variance / total) + (tau2 * delta * delta) / (2 * variance * total);
  const p = Math.min(1, Math.exp(-logLambda));
  const half = Math.sqrt(((variance * total) / tau2) * (2 * Math.log(1 / alpha) + Math.log(total / variance)));
  return { p, ci: [delta - half, delta + half] };
}

/**
 * Users (or searches) per variation for a two-sided test of two proportions at level α with the power asked
 * (Fleiss, without continuity correction): n = (z₁₋α/₂·√(2p̄q̄) + z_power·√(p₁q₁ + p₂q₂))² / (p₂ − p₁)², with p̄ the
 * mean of the two rates; rounded up.
 */
export function proportionSampleSize(baseline: number, treated: number, alpha = 0.05, power = 0.8): number {
  const diff = treated - baseline;
  if (!(diff !== 0) || baseline <= 0 || baseline >= 1 || treated <= 0 || treated >= 1) return Infinity;
  const mean = (baseline + treated) / 2;
  const za = normalQuantile(1 - alpha / 2);
  const zb = normalQuantile(power);
  const top = za * Math.sqrt(2 * mean * (1 - mean)) + zb * Math.sqrt(baseline * (1 - baseline) + treated * (1 - treated));
  return Math.ceil((top * top) / (diff * diff));
}

/** Units per variation for a two-sided test of two means with standard deviation σ: 2σ²(z₁₋α/₂ + z_power)² / δ²; rounded up. */
export function meanSampleSize(sd: number, minimumEffect: number, alpha = 0.05, power = 0.8): number {
  if (!(minimumEffect !== 0) || !(sd > 0)) return Infinity;
  const z = normalQuantile(1 - alpha / 2) + normalQuantile(power);
  return Math.ceil((2 * sd * sd * z * z) / (minimumEffect * minimumEffect));
}

import { largestChange } from './fit';

/**
 * One step of an EM (or any monotone fixed-point) map: reads the parameters `from`, writes the next ones into `to`,
 * and, when asked, returns the log-likelihood of `from` — which an EM step can compute on its way.
 */
export type FixedPointStep = (from: Float64Array, to: Float64Array, withLikelihood: boolean) => number;

export interface SquaremResult {
  params: Float64Array;
  /** Steps of the map taken (each is one EM iteration's work). */
  steps: number;
  converged: boolean;
}

/**
 * SQUAREM (Varadhan and Roland, 2008; their third step-length scheme): from two plain steps, r = F(p) − p and
 * v = F(F(p)) − 2F(p) + p, it jumps to p + 2ar + a²v with a = ‖r‖/‖v‖ (at least 1 — a = 1 is the two plain steps —
 * and at most a cap that grows fourfold when reached and accepted), clamped into the parameters' bounds, then takes one
 * plain step from there. The jump is kept only when its likelihood is no lower than that of the first plain step's
 * result, so every round ends no lower than one plain step from its start would; otherwise the second plain step is
 * kept and the cap shrinks. Converged when one plain step moves no parameter by `tolerance`; `maxSteps` caps the map's
 * evaluations. EM for a model whose parameters settle at very different speeds (items read a million times and items
 * read twice) crawls; the jump takes the crawl's direction at a length its own curvature suggests.
 */
export function squarem(
  step: FixedPointStep,
  initial: Float64Array,
  options: { tolerance: number; maxSteps: number; lower: number; upper: number },
): SquaremResult {
  const size = initial.length;
  let p = Float64Array.from(initial);
  const p1 = new Float64Array(size);
  let p2 = new Float64Array(size);
  const jump = new Float64Array(size);
  let steps = 0;
  let stepMax = 1;
  for (;;) {
    step(p, p1, false);
    steps++;
    if (largestChange(p, p1) < options.tolerance) return { params: p1, steps, converged: true };
    if (steps >= options.maxSteps) return { params: p1, steps, converged: false };
    const likelihood1 = step(p1, p2, true);
    steps++;
    if (largestChange(p1, p2) < options.tolerance) return { params: p2, steps, converged: true };
    if (steps >= options.maxSteps) return { params: p2, steps, converged: false };
    let rr = 0;
    let vv = 0;
    for (let i = 0; i < size; i++) {
      const r = p1[i]! - p[i]!;
      const v = p2[i]! - 2 * p1[i]! + p[i]!;
      rr += r * r;
      vv += v * v;
    }
    const a = vv > 0 ? Math.min(stepMax, Math.max(1, Math.sqrt(rr / vv))) : 1;
    if (a === 1) {
      // The two plain steps are the jump; the cap grows if it was what held the length at 1.
      [p, p2] = [p2, p];
      if (stepMax === 1 && vv > 0 && rr > vv) stepMax = 4;
      continue;
    }
    for (let i = 0; i < size; i++) {
      const r = p1[i]! - p[i]!;
      const v = p2[i]! - 2 * p1[i]! + p[i]!;
      jump[i] = Math.min(options.upper, Math.max(options.lower, p[i]! + 2 * a * r + a * a * v));
    }
    // From the jump, one plain step: into p (no longer needed), which is the next round's start if the jump is kept.
    const likelihoodJump = step(jump, p, true);
    steps++;
    // Kept when no worse than the first plain step (a jump to an impossible point, −∞, never is).
    const kept =
      Number.isFinite(likelihoodJump) && (!Number.isFinite(likelihood1) || likelihoodJump >= likelihood1 - 1e-12 * Math.abs(likelihood1));
    if (kept) {
      if (a === stepMax) stepMax *= 4;
    } else {
      [p, p2] = [p2, p];
      if (a === stepMax) stepMax = Math.max(1, stepMax / 4);
    }
    if (steps >= options.maxSteps) return { params: p, steps, converged: false };
  }
}

import { FIT, type ClickModelFit } from './fit';
import { betaPosterior } from './intervals';
import { evidenceOf, MODEL_DEPTH, patternCount, type PreparedPages } from './pages';

/** Impressions a pair needs before it has a say in θ. */
export const THETA_EVIDENCE = 20;

/**
 * Per (pair, rank): impressions and clicks — all PBM needs, since it treats every rank of a page on its own. Counted
 * in a slot per (pair, rank), then kept where shown, pair by pair: each pair's cells are one run.
 */
function cellsOf(pages: PreparedPages): Cells {
  const slots = pages.pairs.length * MODEL_DEPTH;
  const shown = new Float64Array(slots);
  const hit = new Float64Array(slots);
  for (let p = 0; p < pages.count.length; p++) {
    const w = pages.count[p]!;
    const mask = pages.clicked[p]!;
    const from = pages.start[p]!;
    const depth = pages.start[p + 1]! - from;
    for (let r = 0; r < depth; r++) {
      const slot = pages.flat[from + r]! * MODEL_DEPTH + r;
      shown[slot]! += w;
      if (mask & (1 << r)) hit[slot]! += w;
    }
  }
  let cells = 0;
  for (let i = 0; i < slots; i++) if (shown[i]! > 0) cells++;
  const out: Cells = { pair: new Int32Array(cells), rank: new Int32Array(cells), n: new Float64Array(cells), c: new Float64Array(cells) };
  let k = 0;
  for (let i = 0; i < slots; i++) {
    if (!(shown[i]! > 0)) continue;
    out.pair[k] = Math.floor(i / MODEL_DEPTH);
    out.rank[k] = i % MODEL_DEPTH;
    out.n[k] = shown[i]!;
    out.c[k] = hit[i]!;
    k++;
  }
  return out;
}

interface Cells {
  pair: Int32Array;
  rank: Int32Array;
  n: Float64Array;
  c: Float64Array;
}

/** The cells of the pairs `keep` keeps, in their order. */
function subset(cells: Cells, keep: (pair: number) => boolean): Cells {
  let size = 0;
  for (let i = 0; i < cells.pair.length; i++) if (keep(cells.pair[i]!)) size++;
  const out: Cells = { pair: new Int32Array(size), rank: new Int32Array(size), n: new Float64Array(size), c: new Float64Array(size) };
  let k = 0;
  for (let i = 0; i < cells.pair.length; i++) {
    if (!keep(cells.pair[i]!)) continue;
    out.pair[k] = cells.pair[i]!;
    out.rank[k] = cells.rank[i]!;
    out.n[k] = cells.n[i]!;
    out.c[k] = cells.c[i]!;
    k++;
  }
  return out;
}

/** x solving A·x = b (A small and square), by elimination with partial pivoting; null when A is singular. */
function solveLinear(A: number[][], b: number[]): number[] | null {
  const n = b.length;
  const m = A.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    if (Math.abs(m[pivot]![col]!) < 1e-300) return null;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    for (let r = col + 1; r < n; r++) {
      const f = m[r]![col]! / m[col]![col]!;
      for (let k = col; k <= n; k++) m[r]![k]! -= f * m[col]![k]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let v = m[r]![n]!;
    for (let k = r + 1; k < n; k++) v -= m[r]![k]! * x[k]!;
    x[r] = v / m[r]![r]!;
  }
  return x.every(Number.isFinite) ? x : null;
}

/**
 * θ at the maximum likelihood — EM's fixed point — reached by Newton's method on the profile likelihood: for a θ,
 * every α is solved exactly (solveHeld), which leaves a function of the nine free θ_k alone (θ_1 = 1), its slope and
 * curvature exact (the curvature through each α by the implicit function theorem); each step is halved until the
 * likelihood does not fall. EM gets there too, but along the ridge where θ and α trade off it moves by a hundred-
 * thousandth an iteration — thousands of iterations over every cell; Newton's steps here number a handful.
 */
function fitTheta(
  cells: Cells,
  alpha: Float64Array,
  theta: Float64Array,
  rule: { tolerance: number; maxIterations: number },
): { iterations: number; converged: boolean } {
  const shownAt = new Float64Array(MODEL_DEPTH);
  for (let i = 0; i < cells.pair.length; i++) shownAt[cells.rank[i]!]! += cells.n[i]!;
  const free = Array.from({ length: MODEL_DEPTH }, (_, r) => r).filter((r) => r > 0 && shownAt[r]! > 0);
  theta[0] = 1;
  const scratch = new Float64Array(alpha.length);
  const clamp = (x: number) => Math.min(1, Math.max(1e-9, x));
  let here = solveHeld(cells, alpha, theta);
  for (let iterations = 1; iterations <= rule.maxIterations; iterations++) {
    if (!free.length) return { iterations: iterations - 1, converged: true };
    const slope = free.map((r) => here.gradient[r]!);
    // −∂²ℓ/∂θ_i∂θ_j over the free ranks: positive definite near the maximum.
    const curvature = free.map((r) => free.map((q) => -here.hessian[r * MODEL_DEPTH + q]!));
    let direction = solveLinear(curvature, slope);
    // Not a way up (the curvature not yet negative definite there): along the slope, scaled by each rank's evidence.
    if (!direction || direction.reduce((sum, d, i) => sum + d * slope[i]!, 0) <= 0)
      direction = slope.map((g, i) => g / Math.max(1, shownAt[free[i]!]!));
    let step = 1;
    let moved = 0;
    let accepted = false;
    for (let halvings = 0; halvings < 40 && !accepted; halvings++, step /= 2) {
      const trial = Float64Array.from(theta);
      free.forEach((r, i) => (trial[r] = clamp(theta[r]! + step * direction[i]!)));
      const next = solveHeld(cells, scratch, trial);
      if (next.likelihood >= here.likelihood) {
        moved = Math.max(...free.map((r) => Math.abs(trial[r]! - theta[r]!)));
        theta.set(trial);
        alpha.set(scratch);
        here = next;
        accepted = true;
      }
    }
    // No step raises the likelihood (or none moves θ): at its maximum, to the precision a double holds.
    if (!accepted || moved < rule.tolerance) return { iterations, converged: true };
  }
  return { iterations: rule.maxIterations, converged: false };
}

/** The profile likelihood at a θ (every α at its maximum): its value, slope and curvature in θ. */
interface Profile {
  likelihood: number;
  gradient: Float64Array;
  /** ∂²ℓ/∂θ_r∂θ_q, MODEL_DEPTH × MODEL_DEPTH, row by row (when `curvature`: only Newton's steps need it). */
  hessian: Float64Array;
  curvature: boolean;
  /** Scratch: one pair's ∂²L/∂α∂θ_r. */
  cross: Float64Array;
}

/** The slope of a pair's likelihood in α (cells `first` to `to`, θ held), and its curvature. */
function alphaSlope(cells: Cells, first: number, to: number, a: number, clicks: number, theta: Float64Array, out: Float64Array): void {
  let d = clicks / a;
  let curve = -clicks / (a * a);
  for (let i = first; i < to; i++) {
    const quiet = cells.n[i]! - cells.c[i]!;
    if (quiet <= 0) continue;
    const t = theta[cells.rank[i]!]!;
    const rest = 1 - t * a;
    d -= (quiet * t) / rest;
    curve -= (quiet * t * t) / (rest * rest);
  }
  out[0] = d;
  out[1] = curve;
}

/**
 * Each pair's α with θ held: the maximum of its own likelihood, Σ_r c_r·log(θ_r·α) + (n_r − c_r)·log(1 − θ_r·α) over
 * its cells, concave in α — so solved directly (Newton's steps kept inside a shrinking bracket) where EM would take
 * thousands of iterations to creep to the same point for a pair seen only at ranks rarely examined. Exact for a pair
 * seen at one rank: α = c / (n·θ), at most 1. Returns the profile likelihood with its slope and curvature in θ.
 */
function solveHeld(cells: Cells, alpha: Float64Array, theta: Float64Array, curvature = true): Profile {
  const profile: Profile = {
    likelihood: 0,
    gradient: new Float64Array(MODEL_DEPTH),
    hessian: new Float64Array(MODEL_DEPTH * MODEL_DEPTH),
    curvature,
    cross: new Float64Array(MODEL_DEPTH),
  };
  const slope = new Float64Array(2);
  // Each pair's cells are one run (cellsOf keeps them pair by pair).
  for (let from = 0; from < cells.pair.length;) {
    const u = cells.pair[from]!;
    let to = from;
    while (to < cells.pair.length && cells.pair[to] === u) to++;
    const first = from;
    from = to;
    let clicks = 0;
    let examined = 0;
    let ceiling = 1;
    for (let i = first; i < to; i++) {
      const t = theta[cells.rank[i]!]!;
      clicks += cells.c[i]!;
      examined += cells.n[i]! * t;
      if (t > 1) ceiling = Math.min(ceiling, 1 / t);
    }
    if (clicks <= 0 || examined <= 0) {
      alpha[u] = 0;
      continue; // α = 0: every term log(1) = 0, and no slope in θ
    }
    // The slope in α falls from +∞ at 0: a root below the ceiling, else the ceiling.
    let lo = 0;
    let hi = ceiling;
    alphaSlope(cells, first, to, hi * (1 - 1e-12), clicks, theta, slope);
    if (slope[0]! >= 0) {
      alpha[u] = hi;
      addTerms(cells, first, to, hi, theta, profile, false);
      continue;
    }
    let a = Math.min(clicks / examined, hi * 0.999);
    for (let step = 0; step < 60; step++) {
      alphaSlope(cells, first, to, a, clicks, theta, slope);
      const d = slope[0]!;
      const curve = slope[1]!;
      if (d > 0) lo = a;
      else hi = a;
      let next = curve < 0 ? a - d / curve : (lo + hi) / 2;
      if (!(next > lo && next < hi)) next = (lo + hi) / 2;
      const done = Math.abs(next - a) < 1e-13 * Math.max(1, a);
      a = next;
      if (done) break;
    }
    alpha[u] = a;
    addTerms(cells, first, to, a, theta, profile, true);
  }
  return profile;
}

/**
 * Adds one pair's terms at α (its cells `first` to `to`) to the profile: its log-likelihood, its slope in each θ_r
 * (with α at its maximum for θ the profile's slope: α's own slope is zero there, or α is at a bound) and the
 * curvature — ∂²L/∂θ_r² on the diagonal and, when α moves with θ (`interior`), the part through α:
 * −(∂²L/∂α∂θ_r)(∂²L/∂α∂θ_q)/(∂²L/∂α²).
 */
function addTerms(cells: Cells, first: number, to: number, a: number, theta: Float64Array, profile: Profile, interior: boolean): void {
  // ∂²L/∂α∂θ_r of this pair, kept on the profile (no array made per pair); its ranks are the cells' own.
  const cross = profile.cross;
  let curveAlpha = 0;
  for (let i = first; i < to; i++) {
    const r = cells.rank[i]!;
    const t = theta[r]!;
    const c = cells.c[i]!;
    const quiet = cells.n[i]! - c;
    const none = Math.max(1e-300, 1 - t * a);
    cross[r] = 0;
    if (c > 0) {
      profile.likelihood += c * Math.log(Math.max(1e-300, t * a));
      profile.gradient[r]! += c / t;
      profile.hessian[r * MODEL_DEPTH + r]! -= c / (t * t);
      curveAlpha -= c / (a * a);
    }
    if (quiet > 0) {
      profile.likelihood += quiet * Math.log(none);
      profile.gradient[r]! -= (quiet * a) / none;
      profile.hessian[r * MODEL_DEPTH + r]! -= (quiet * a * a) / (none * none);
      curveAlpha -= (quiet * t * t) / (none * none);
    }
  }
  if (!interior || !profile.curvature || curveAlpha >= 0) return;
  for (let i = first; i < to; i++) {
    const quiet = cells.n[i]! - cells.c[i]!;
    const none = Math.max(1e-300, 1 - theta[cells.rank[i]!]! * a);
    cross[cells.rank[i]!]! -= quiet / (none * none);
  }
  // A pair's cells are at distinct ranks: each (cell, cell) pair once.
  for (let i = first; i < to; i++) {
    const r = cells.rank[i]!;
    for (let j = first; j < to; j++) {
      const q = cells.rank[j]!;
      profile.hessian[r * MODEL_DEPTH + q]! -= (cross[r]! * cross[q]!) / curveAlpha;
    }
  }
}

/**
 * The position-based model by expectation–maximisation: a shopper examines rank k with probability θ_k and clicks an
 * examined item with its attractiveness α; a click means both happened, no click that either did not. Each iteration
 * gives every non-click its posterior share of "examined but not attractive" and "not examined", then sets each α
 * and θ to its expected successes over its trials. θ is only known up to scale (θ·c and α/c explain the clicks
 * alike), so the fit is stated with θ_1 = 1: the first result is always looked at. Each α is then stated as a Beta
 * posterior around its maximum α̂ with the trials' worth of information its showings hold (a showing at rank r
 * counts θ_r(1 − α̂)/(1 − θ_r·α̂): the observed information, θ held at its fit): the posterior's mean is the
 * estimate, its quantiles the interval.
 */
/**
 * PBM fitted on pages. `start` is a θ by rank to begin from (a bootstrap replicate starts from the whole log's fit, a
 * few steps from its own); every α is solved from θ, so θ is all a start needs.
 */
export function fitPbm(pages: PreparedPages, start?: ArrayLike<number>): ClickModelFit {
  const all = cellsOf(pages);
  const pairs = pages.pairs.length;
  const alpha = new Float64Array(pairs).fill(0.2);
  // θ starts at each rank's click-through over the first's: near the answer, so EM has less of the way to go.
  const evidence = evidenceOf(pages);
  const ctr = (r: number) => (evidence.rankImpressions[r]! > 0 ? evidence.rankClicks[r]! / evidence.rankImpressions[r]! : 0);
  const theta = Float64Array.from({ length: MODEL_DEPTH }, (_, r) =>
    start ? (start[r] ?? 0.5) : ctr(0) > 0 ? Math.min(1, Math.max(0.01, ctr(r) / ctr(0))) : 0.5,
  );
  // θ is learnt from the pairs with evidence enough to say something: a pair shown a handful of times has its own α
  // fitted to its few clicks whatever θ is, and thousands of them pull θ off the truth (the incidental-parameter bias
  // of a maximum-likelihood fit). Their α is fitted afterwards, against the θ the others set, each on its own (a
  // one-dimensional maximum) — which also keeps the iterations to the cells that matter (when no pair has that much,
  // as in a small log, every pair has its say).
  const enough = evidence.impressions.some((n) => n >= THETA_EVIDENCE);
  const informs = (u: number) => !enough || evidence.impressions[u]! >= THETA_EVIDENCE;
  const main = subset(all, (u) => informs(u));
  const rest = subset(all, (u) => !informs(u));
  const { iterations, converged } = fitTheta(main, alpha, theta, FIT.pbm);
  solveHeld(rest, alpha, theta, false);
  // θ_1 = 1: α and θ rescaled together, which leaves every θ_k·α, and so the likelihood, as it was.
  const top = theta[0]! > 0 ? theta[0]! : 1;
  const examined = new Float64Array(pairs);
  // The trials' worth of what the clicks say of α (its observed information): a showing at rank r tells of α as
  // θ_r(1 − α)/(1 − θ_r·α) of a look would — less than θ_r, for a miss there may be a look not taken as well as an
  // item not wanted. Counting θ_r whole made the intervals too narrow (they held the truth for 92 items in 100).
  const informative = new Float64Array(pairs);
  for (let i = 0; i < all.pair.length; i++) {
    const u = all.pair[i]!;
    const t = theta[all.rank[i]!]! / top;
    const a = Math.min(1, alpha[u]! * top);
    examined[u]! += all.n[i]! * t;
    informative[u]! += a < 1 ? (all.n[i]! * t * (1 - a)) / (1 - t * a) : all.n[i]! * t;
  }
  return {
    model: 'pbm',
    positions: Array.from(theta, (t, r) => ({ rank: r + 1, examination: t / top })).filter(
      (p) => evidence.rankImpressions[p.rank - 1]! > 0,
    ),
    items: pages.pairs.map((pair, u) => ({
      query: pair.query,
      itemId: pair.itemId,
      ...betaPosterior(Math.min(1, alpha[u]! * top) * informative[u]!, informative[u]!),
      impressions: evidence.impressions[u]!,
      examinations: examined[u]!,
      attractiveness: Math.min(1, alpha[u]! * top),
      clicks: evidence.clicks[u]!,
    })),
    searches: pages.searches,
    patterns: patternCount(pages),
    iterations,
    converged,
  };
}

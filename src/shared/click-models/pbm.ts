import { EM, type ClickModelFit } from './fit';
import { betaInterval } from './intervals';
import { evidenceOf, MODEL_DEPTH, type PreparedPages } from './pages';

/** Impressions a pair needs before it has a say in θ. */
export const THETA_EVIDENCE = 20;

/** Per (pair, rank): impressions and clicks — all PBM needs, since it treats every rank of a page on its own. */
function cellsOf(pages: PreparedPages): { pair: Int32Array; rank: Int32Array; n: Float64Array; c: Float64Array } {
  const cells = new Map<number, number>();
  const pair: number[] = [];
  const rank: number[] = [];
  const n: number[] = [];
  const c: number[] = [];
  pages.items.forEach((row, p) => {
    const w = pages.count[p]!;
    const mask = pages.clicked[p]!;
    for (let r = 0; r < row.length; r++) {
      const key = row[r]! * MODEL_DEPTH + r;
      let i = cells.get(key);
      if (i === undefined) {
        cells.set(key, (i = pair.length));
        pair.push(row[r]!);
        rank.push(r);
        n.push(0);
        c.push(0);
      }
      n[i]! += w;
      if (mask & (1 << r)) c[i]! += w;
    }
  });
  return { pair: Int32Array.from(pair), rank: Int32Array.from(rank), n: Float64Array.from(n), c: Float64Array.from(c) };
}

type Cells = ReturnType<typeof cellsOf>;

/** The cells of the pairs `keep` keeps. */
function subset(cells: Cells, keep: (pair: number) => boolean): Cells {
  const at: number[] = [];
  for (let i = 0; i < cells.pair.length; i++) if (keep(cells.pair[i]!)) at.push(i);
  return {
    pair: Int32Array.from(at, (i) => cells.pair[i]!),
    rank: Int32Array.from(at, (i) => cells.rank[i]!),
    n: Float64Array.from(at, (i) => cells.n[i]!),
    c: Float64Array.from(at, (i) => cells.c[i]!),
  };
}

/**
 * EM over these cells, in place: each non-click shared between "looked, not attractive" and "not looked", then each α
 * and each θ set to its expected successes over its trials; until the largest change of any
 * parameter is below the tolerance, or the cap.
 */
function iterate(
  cells: Cells,
  alpha: Float64Array,
  theta: Float64Array,
  rule: { tolerance: number; maxIterations: number },
): { iterations: number; converged: boolean } {
  const aNum = new Float64Array(alpha.length);
  const aDen = new Float64Array(alpha.length);
  const tNum = new Float64Array(MODEL_DEPTH);
  const tDen = new Float64Array(MODEL_DEPTH);
  const touched = Array.from(new Set(cells.pair));
  let iterations = 0;
  while (iterations < rule.maxIterations) {
    iterations++;
    for (const u of touched) aNum[u] = aDen[u] = 0;
    tNum.fill(0);
    tDen.fill(0);
    for (let i = 0; i < cells.pair.length; i++) {
      const u = cells.pair[i]!;
      const r = cells.rank[i]!;
      const n = cells.n[i]!;
      const c = cells.c[i]!;
      const a = alpha[u]!;
      const t = theta[r]!;
      const none = 1 - t * a;
      const quiet = none > 0 ? (n - c) / none : 0;
      aNum[u]! += c + quiet * (1 - t) * a;
      aDen[u]! += n;
      tNum[r]! += c + quiet * t * (1 - a);
      tDen[r]! += n;
    }
    let change = 0;
    for (const u of touched) {
      const next = aDen[u]! > 0 ? aNum[u]! / aDen[u]! : 0;
      change = Math.max(change, Math.abs(next - alpha[u]!));
      alpha[u] = next;
    }
    for (let r = 0; r < MODEL_DEPTH; r++) {
      if (tDen[r]! <= 0) continue;
      const next = tNum[r]! / tDen[r]!;
      change = Math.max(change, Math.abs(next - theta[r]!));
      theta[r] = next;
    }
    if (change < rule.tolerance) return { iterations, converged: true };
  }
  return { iterations, converged: false };
}

/**
 * Each pair's α with θ held: the maximum of its own likelihood, Σ_r c_r·log(θ_r·α) + (n_r − c_r)·log(1 − θ_r·α) over
 * its cells, concave in α — so solved directly (Newton's steps kept inside a shrinking bracket) where EM would take
 * thousands of iterations to creep to the same point for a pair seen only at ranks rarely examined. Exact for a pair
 * seen at one rank: α = c / (n·θ), at most 1.
 */
function solveHeld(cells: Cells, alpha: Float64Array, theta: Float64Array): void {
  // The cells grouped by pair (a counting sort), so each pair's likelihood is read from one run of cells.
  const byPair = new Map<number, number[]>();
  for (let i = 0; i < cells.pair.length; i++) {
    const u = cells.pair[i]!;
    const at = byPair.get(u);
    if (at) at.push(i);
    else byPair.set(u, [i]);
  }
  for (const [u, at] of byPair) {
    let clicks = 0;
    let examined = 0;
    let ceiling = 1;
    for (const i of at) {
      const t = theta[cells.rank[i]!]!;
      clicks += cells.c[i]!;
      examined += cells.n[i]! * t;
      if (t > 1) ceiling = Math.min(ceiling, 1 / t);
    }
    if (clicks <= 0 || examined <= 0) {
      alpha[u] = 0;
      continue;
    }
    // The slope of the likelihood in α: falls from +∞ at 0; a root below the ceiling, else the ceiling.
    const slope = (a: number) => {
      let d = clicks / a;
      let curve = -clicks / (a * a);
      for (const i of at) {
        const t = theta[cells.rank[i]!]!;
        const quiet = cells.n[i]! - cells.c[i]!;
        if (quiet <= 0) continue;
        const rest = 1 - t * a;
        d -= (quiet * t) / rest;
        curve -= (quiet * t * t) / (rest * rest);
      }
      return { d, curve };
    };
    let lo = 0;
    let hi = ceiling;
    if (slope(hi * (1 - 1e-12)).d >= 0) {
      alpha[u] = hi;
      continue;
    }
    let a = Math.min(clicks / examined, hi * 0.999);
    for (let step = 0; step < 60; step++) {
      const { d, curve } = slope(a);
      if (d > 0) lo = a;
      else hi = a;
      let next = curve < 0 ? a - d / curve : (lo + hi) / 2;
      if (!(next > lo && next < hi)) next = (lo + hi) / 2;
      if (Math.abs(next - a) < 1e-12) {
        a = next;
        break;
      }
      a = next;
    }
    alpha[u] = a;
  }
}

/**
 * The position-based model by expectation–maximisation: a shopper examines rank k with probability θ_k and clicks an
 * examined item with its attractiveness α; a click means both happened, no click that either did not. Each iteration
 * gives every non-click its posterior share of "examined but not attractive" and "not examined", then sets each α
 * and θ to its expected successes over its trials. θ is only known up to scale (θ·c and α/c explain the clicks
 * alike), so the fit is stated with θ_1 = 1: the first result is always looked at. The interval: a Beta posterior of
 * α from its clicks over its expected examinations (θ of each rank it was shown at, summed), θ held at its estimate.
 */
export function fitPbm(pages: PreparedPages): ClickModelFit {
  const all = cellsOf(pages);
  const pairs = pages.pairs.length;
  const alpha = new Float64Array(pairs).fill(0.2);
  // θ starts at each rank's click-through over the first's: near the answer, so EM has less of the way to go.
  const evidence = evidenceOf(pages);
  const ctr = (r: number) => (evidence.rankImpressions[r]! > 0 ? evidence.rankClicks[r]! / evidence.rankImpressions[r]! : 0);
  const theta = Float64Array.from({ length: MODEL_DEPTH }, (_, r) => (ctr(0) > 0 ? Math.min(1, Math.max(0.01, ctr(r) / ctr(0))) : 0.5));
  // θ is learnt from the pairs with evidence enough to say something: a pair shown a handful of times has its own α
  // fitted to its few clicks whatever θ is, and thousands of them pull θ off the truth (the incidental-parameter bias
  // of a maximum-likelihood fit). Their α is fitted afterwards, against the θ the others set, each on its own (a
  // one-dimensional maximum) — which also keeps the iterations to the cells that matter (when no pair has that much,
  // as in a small log, every pair has its say).
  const enough = evidence.impressions.some((n) => n >= THETA_EVIDENCE);
  const informs = (u: number) => !enough || evidence.impressions[u]! >= THETA_EVIDENCE;
  const main = subset(all, (u) => informs(u));
  const rest = subset(all, (u) => !informs(u));
  const { iterations, converged } = iterate(main, alpha, theta, EM.pbm);
  solveHeld(rest, alpha, theta);
  // θ_1 = 1: α and θ rescaled together, which leaves every θ_k·α, and so the likelihood, as it was.
  const top = theta[0]! > 0 ? theta[0]! : 1;
  const examined = new Float64Array(pairs);
  for (let i = 0; i < all.pair.length; i++) examined[all.pair[i]!]! += all.n[i]! * (theta[all.rank[i]!]! / top);
  return {
    model: 'pbm',
    positions: Array.from(theta, (t, r) => ({ rank: r + 1, examination: t / top })).filter(
      (p) => evidence.rankImpressions[p.rank - 1]! > 0,
    ),
    items: pages.pairs.map((pair, u) => ({
      query: pair.query,
      itemId: pair.itemId,
      estimate: Math.min(1, alpha[u]! * top),
      ci95: betaInterval(evidence.clicks[u]!, examined[u]!),
      impressions: evidence.impressions[u]!,
      clicks: evidence.clicks[u]!,
    })),
    searches: pages.searches,
    patterns: pages.items.length,
    iterations,
    converged,
  };
}

import { type ClickModelFit, FIT, fitDbn, fitPbm, MODEL_DEPTH, type PreparedPages } from '../click-models';

/** The click models an estimate can replay with: the two that say how likely each rank is to be looked at. */
export type ReplayModel = 'pbm' | 'dbn';
export const REPLAY_MODELS: readonly ReplayModel[] = ['pbm', 'dbn'];

/**
 * How the fitted shoppers behave on any ranking, laid out for the replay's loops: an attractiveness per item id
 * (the pairs the fit saw, then the items only B shows, which take their query's prior), and how far down they look.
 */
export interface Behaviour {
  model: ReplayModel;
  /** α per item id. */
  alpha: Float64Array;
  /** DBN: σ per item id (PBM: empty). */
  sigma: Float64Array;
  /** PBM: θ by rank (index 0 is rank 1). */
  theta: Float64Array;
  /** DBN: γ. */
  gamma: number;
}

/** What a fit is started from in a bootstrap replicate: the whole log's fit, in the form each model's fit takes. */
export type FitStart = { model: 'pbm'; theta: Float64Array } | { model: 'dbn'; params: Float64Array };

/** What a behaviour needs of the replay log: its pages, each item id's query, and where B first shows each unseen item. */
export interface PriorBasis {
  pages: PreparedPages;
  pairQuery: Int32Array;
  queries: number;
  /** For ids past the fit's pairs: the rank (0-based) B first shows the item at. */
  unseenRank: Int32Array;
}

/**
 * A behaviour from a fit, for every item id. An item the log never showed for its query (B's only) is given what the
 * log's pages for that query had at the rank B shows it — the mean α (and σ) of the items shown there, each as often
 * as it was: the log cannot tell whether B's item is better or worse, so it is taken as neither, and B − A leans
 * towards no difference where the log is silent (the estimate's coverage says how much). A rank the query's pages
 * never reached takes the query's mean over all ranks; a query the log never had, the mean over every page.
 */
export function behaviourOf(fit: ClickModelFit, basis: PriorBasis): Behaviour {
  const { pages, pairQuery, queries } = basis;
  const seen = fit.items.length;
  const alpha = new Float64Array(pairQuery.length);
  const sigma = new Float64Array(fit.model === 'dbn' ? pairQuery.length : 0);
  fit.items.forEach((item, u) => {
    alpha[u] = item.attractiveness ?? item.estimate;
    if (sigma.length) sigma[u] = item.satisfaction ?? 0;
  });
  if (pairQuery.length > seen) {
    // Per (query, rank), and per query, the shown items' α and σ summed by how often they were shown there.
    const cells = queries * MODEL_DEPTH;
    const sum = new Float64Array(3 * (cells + queries + 1));
    const add = (cell: number, n: number, u: number) => {
      sum[3 * cell]! += n;
      sum[3 * cell + 1]! += n * alpha[u]!;
      if (sigma.length) sum[3 * cell + 2]! += n * sigma[u]!;
    };
    for (let p = 0; p < pages.count.length; p++) {
      const n = pages.count[p]!;
      for (let r = 0; r < pages.start[p + 1]! - pages.start[p]!; r++) {
        const u = pages.flat[pages.start[p]! + r]!;
        const q = pairQuery[u]!;
        add(q * MODEL_DEPTH + r, n, u);
        add(cells + q, n, u);
        add(cells + queries, n, u);
      }
    }
    const mean = (cell: number, which: 1 | 2) => (sum[3 * cell]! > 0 ? sum[3 * cell + which]! / sum[3 * cell]! : undefined);
    for (let u = seen; u < pairQuery.length; u++) {
      const q = pairQuery[u]!;
      const cell = q * MODEL_DEPTH + Math.min(basis.unseenRank[u - seen] ?? 0, MODEL_DEPTH - 1);
      for (const which of sigma.length ? ([1, 2] as const) : ([1] as const)) {
        const value = mean(cell, which) ?? mean(cells + q, which) ?? mean(cells + queries, which) ?? 0;
        (which === 1 ? alpha : sigma)[u] = value;
      }
    }
  }
  const theta = new Float64Array(MODEL_DEPTH).fill(fit.model === 'pbm' ? 0 : 1);
  if (fit.model === 'pbm') {
    for (const p of fit.positions) if (p.rank <= MODEL_DEPTH) theta[p.rank - 1] = p.examination;
    // A rank no first page reached: looked at like the rank above it.
    for (let r = 1; r < MODEL_DEPTH; r++) if (!(theta[r]! > 0)) theta[r] = theta[r - 1]!;
  }
  return { model: fit.model === 'dbn' ? 'dbn' : 'pbm', alpha, sigma, theta, gamma: fit.continuation ?? 1 };
}

/**
 * DBN's EM in a bootstrap replicate: from the whole log's fit, at most this many EM steps' work (SQUAREM) — the
 * replicate's maximum lies near its start; the full stop's 150 steps in every replicate would make 60 replicates
 * take 60 full fits (on the demo week 2.3 s for five replicates, against 4.4 s for sixty at this cap).
 */
export const REPLICATE_DBN_STEPS = 30;

/** Fits the model on pages (with counts a replicate's, when bootstrapping), from `start` when given. */
export function fitFor(model: ReplayModel, pages: PreparedPages, start?: FitStart): ClickModelFit {
  if (model === 'pbm') return fitPbm(pages, start?.model === 'pbm' ? start.theta : undefined);
  if (start?.model === 'dbn') return fitDbn(pages, { tolerance: FIT.dbn.tolerance, maxIterations: REPLICATE_DBN_STEPS }, start.params);
  return fitDbn(pages);
}

/** Where a replicate's fit starts: this behaviour's parameters over the fit's own pairs. */
export function startOf(behaviour: Behaviour, pairs: number): FitStart {
  if (behaviour.model === 'pbm') return { model: 'pbm', theta: behaviour.theta };
  const params = new Float64Array(2 * pairs + 1);
  params.set(behaviour.alpha.subarray(0, pairs));
  params.set(behaviour.sigma.subarray(0, pairs), pairs);
  params[2 * pairs] = behaviour.gamma;
  return { model: 'dbn', params };
}

/**
 * The chance each of a ranking's first `depth` ranks is looked at, into `out`: PBM's θ of the rank; DBN's chance the
 * rank is read — the first always, each next one when the shopper, not satisfied by the one above (a click there
 * satisfies with α·σ), reads on (γ). A click at a rank is then looked-at × α, in both models: the propensity the
 * inverse-propensity estimators divide by.
 */
export function examination(b: Behaviour, ids: ArrayLike<number>, depth: number, out: Float64Array): void {
  if (b.model === 'pbm') {
    for (let r = 0; r < depth; r++) out[r] = b.theta[Math.min(r, MODEL_DEPTH - 1)]!;
    return;
  }
  let read = 1;
  for (let r = 0; r < depth; r++) {
    out[r] = read;
    const u = ids[r]!;
    read *= b.gamma * (1 - b.alpha[u]! * b.sigma[u]!);
  }
}

/** The ranks (1-based) a simulated shopper clicks on a ranking of item ids, drawn from the behaviour. */
export function drawClicks(b: Behaviour, ids: ArrayLike<number>, random: () => number): number[] {
  const clicked: number[] = [];
  for (let r = 0; r < ids.length; r++) {
    const u = ids[r]!;
    if (b.model === 'pbm') {
      if (random() < b.theta[Math.min(r, MODEL_DEPTH - 1)]! * b.alpha[u]!) clicked.push(r + 1);
      continue;
    }
    if (random() < b.alpha[u]!) {
      clicked.push(r + 1);
      if (random() < b.sigma[u]!) break;
    }
    if (random() >= b.gamma) break;
  }
  return clicked;
}

import { MODEL_DEPTH, type PreparedPages } from '../click-models';
import { type Behaviour, examination } from './behaviour';
import { outcomeChances, teamDrafts } from './interleave';
import { ESTIMATORS, type EstimatorName } from './estimators';
import type { WeightSums } from './support';

/**
 * The traffic an estimate replays: the first pages grouped into patterns (what the click model is fitted on, every
 * search in the days whatever its configuration), and per search its pattern, its session (the bootstrap draws
 * sessions), its (query, context) — the target, B's ranking for it — and whether it is one of A's searches. A's
 * searches are replayed; every search with one of their targets, whatever served it, lends its clicks on B's items.
 */
export interface ReplayLog {
  pages: PreparedPages;
  searchPattern: Int32Array;
  searchSession: Int32Array;
  /** B's ranking for the search's (query, context); −1 when no search of A's had that (query, context). */
  searchTarget: Int32Array;
  /** 1 for A's searches: the ones replayed. */
  searchReplay: Uint8Array;
  sessions: number;
  /** B's first k item ids per target; ids from `pages.pairs.length` on are items the log never showed for that query. */
  targets: Int32Array[];
  /** Each item id's query number (the fit's pairs, then B's unseen items). */
  pairQuery: Int32Array;
  queries: number;
  /** For ids past the fit's pairs: the rank (0-based) B first shows the item at. */
  unseenRank: Int32Array;
  /** The log's add-to-carts and purchases on first-page items; absent when it has none. */
  conversions?: Conversions;
}

/**
 * The log's add-to-carts and purchases on first-page items, counted per (session, item id): kind 0 an add-to-cart,
 * 1 a purchase. Per session so that a bootstrap replicate weighs them as it weighs the session's searches.
 */
export interface Conversions {
  session: Int32Array;
  pair: Int32Array;
  kind: Uint8Array;
  count: Float64Array;
}

export { ESTIMATORS, type EstimatorName };

/** Expected clicks in the first k per search, for A (as logged) and for B, by every estimator. */
export type ReplayValues = Record<EstimatorName, { a: number; b: number }> & {
  /** The logged clicks on B's items whose weight the clip cut, and those weighted at all. */
  clipped: number;
  weighted: number;
  /** The weights' sums and B's places the log never showed: what the support diagnostics read. */
  weights: WeightSums;
};

/** The default largest weight a click can carry: B's chance of looking at the rank over the log's. */
export const DEFAULT_CLIP = 10;

/**
 * Every estimator of clicks@k in one pass, each search weighted by its session's weight (1, or a bootstrap
 * replicate's draw). B's value is the mean over A's searches of B's value on their (query, context) t; for each of
 * B's items d at rank j there, the log's searches of t (under any configuration) that showed d at rank r, with click
 * c and e the chance a rank is looked at (PBM's θ; DBN's chance the rank is read, page by page), give:
 *
 * - **model**: Σ_j e_B(j)·α(d) — the fitted model's expected clicks on B's page;
 * - **IPS**: Σ_j of the mean over all of t's searches of c·e_B(j)/e(r), the weight clipped at `clip`; a search that
 *   did not show d adds 0, so B's items the log showed rarely or never for t are undercounted: unbiased only when
 *   every search of t showed all of B's top k;
 * - **SNIPS**: the same sums over the searches that showed d rather than over all of t's — normalised by the
 *   impressions the log really has, so an item shown on some of t's pages counts in full;
 * - **DR** (doubly robust): model + Σ_j the SNIPS-weighted mean of the model's error, c − e(r)·α(d), over the
 *   searches that showed d — the model where the log is silent, corrected by the clicks where it speaks.
 *
 * A's value by each: model Σ_r e(r)·α over A's own pages; the others A's logged clicks (each click weight 1, where
 * DR's correction cancels its model), so B − A compares like with like.
 */
export function replayValues(log: ReplayLog, b: Behaviour, k: number, clip: number, weights?: Float64Array): ReplayValues {
  const { pages } = log;
  const depthK = Math.min(k, MODEL_DEPTH);
  const targets = log.targets.length;
  // B's page per target: its chances of being looked at, and its model value.
  const eB = new Float64Array(targets * depthK);
  const modelOfB = new Float64Array(targets);
  const scratch = new Float64Array(MODEL_DEPTH);
  for (let t = 0; t < targets; t++) {
    const target = log.targets[t]!;
    examination(b, target, target.length, scratch);
    for (let j = 0; j < target.length; j++) {
      eB[t * depthK + j] = scratch[j]!;
      modelOfB[t]! += scratch[j]! * b.alpha[target[j]!]!;
    }
  }
  const eA = new Float64Array(MODEL_DEPTH);
  const numer = new Float64Array(targets * depthK);
  const errors = new Float64Array(targets * depthK);
  const shown = new Float64Array(targets * depthK);
  const logged = new Float64Array(targets);
  const replayed = new Float64Array(targets);
  let total = 0;
  let modelA = 0;
  let clicksA = 0;
  let clipped = 0;
  let weighted = 0;
  const sums: WeightSums = { impressions: 0, sum: 0, squares: 0, largest: 0, places: 0, unshownPlaces: 0, neverShownPlaces: 0 };
  for (let i = 0; i < log.searchPattern.length; i++) {
    const t = log.searchTarget[i]!;
    if (t < 0) continue;
    const w = weights ? weights[log.searchSession[i]!]! : 1;
    if (w === 0) continue;
    const p = log.searchPattern[i]!;
    const from = pages.start[p]!;
    const depth = pages.start[p + 1]! - from;
    const ranking = pages.flat.subarray(from, from + depth);
    const mask = pages.clicked[p]!;
    examination(b, ranking, depth, eA);
    logged[t]! += w;
    if (log.searchReplay[i]) {
      total += w;
      replayed[t]! += w;
      for (let r = 0; r < Math.min(depthK, depth); r++) {
        modelA += w * eA[r]! * b.alpha[ranking[r]!]!;
        if (mask & (1 << r)) clicksA += w;
      }
    }
    const target = log.targets[t]!;
    for (let j = 0; j < target.length; j++) {
      const u = target[j]!;
      const r = ranking.indexOf(u);
      if (r < 0) continue;
      const slot = t * depthK + j;
      shown[slot]! += w;
      // A rank the model says is never looked at (γ or θ near 0 in a replicate): the clip's weight.
      let weight = eA[r]! > 0 ? eB[slot]! / eA[r]! : eB[slot]! > 0 ? Infinity : 0;
      const click = (mask >> r) & 1;
      if (click) weighted += w;
      if (weight > sums.largest) sums.largest = weight;
      if (weight > clip) {
        weight = clip;
        if (click) clipped += w;
      }
      sums.impressions += w;
      sums.sum += w * weight;
      sums.squares += w * weight * weight;
      numer[slot]! += w * click * weight;
      errors[slot]! += w * weight * (click - eA[r]! * b.alpha[u]!);
    }
  }
  let modelB = 0;
  let ipsB = 0;
  let snipsB = 0;
  let correction = 0;
  for (let t = 0; t < targets; t++) {
    if (!replayed[t]) continue;
    const share = replayed[t]!;
    modelB += share * modelOfB[t]!;
    sums.places += share * log.targets[t]!.length;
    for (let slot = t * depthK; slot < t * depthK + log.targets[t]!.length; slot++) {
      sums.unshownPlaces += share * (1 - shown[slot]! / logged[t]!);
      if (!shown[slot]) {
        sums.neverShownPlaces += share;
        continue;
      }
      ipsB += (share * numer[slot]!) / logged[t]!;
      snipsB += (share * numer[slot]!) / shown[slot]!;
      correction += (share * errors[slot]!) / shown[slot]!;
    }
  }
  const per = (x: number) => (total > 0 ? x / total : 0);
  const observed = per(clicksA);
  return {
    model: { a: per(modelA), b: per(modelB) },
    ips: { a: observed, b: per(ipsB) },
    snips: { a: observed, b: per(snipsB) },
    dr: { a: observed, b: per(modelB + correction) },
    clipped,
    weighted,
    weights: sums,
  };
}

/** The share of B's top-k items, over A's searches, that the log showed for that query: how much the estimate rests on clicks rather than on the model's guess. */
export function coverageOf(log: ReplayLog): number {
  const seen = log.pages.pairs.length;
  let items = 0;
  let known = 0;
  for (let i = 0; i < log.searchTarget.length; i++) {
    const t = log.searchTarget[i]!;
    if (t < 0 || !log.searchReplay[i]) continue;
    const target = log.targets[t]!;
    items += target.length;
    for (let j = 0; j < target.length; j++) if (target[j]! < seen) known++;
  }
  return items ? known / items : 0;
}

/** A's searches replayed (each counted once). */
export const replayedSearches = (log: ReplayLog): number =>
  log.searchTarget.reduce((n, t, i) => n + (t >= 0 && log.searchReplay[i] ? 1 : 0), 0);

/** The interleaving replay's tally: searches B won, lost and tied (expected counts). */
export interface InterleavingTally {
  wins: number;
  losses: number;
  ties: number;
}

/**
 * The interleaving replay: each of A's searches shown a team-draft interleaving of A's page and B's ranking (first k),
 * credit to the side whose items draw more clicks under the fitted behaviour — a second opinion that needs no
 * propensities, only the model's attractiveness. Nothing is drawn: each search's chances of a win and a loss are
 * exact, over every draft the coin could make (at most 2^⌈k/2⌉) and every way the shopper could click, so the verdict
 * does not move with a seed (it did: 4 reseeds of one experiment gave p 0.61, 0.43, 0.015 and 0.48). Searches with the
 * same page and the same ranking of B's are computed once.
 */
export function replayInterleaving(log: ReplayLog, b: Behaviour, k: number): InterleavingTally {
  const tally: InterleavingTally = { wins: 0, losses: 0, ties: 0 };
  const { pages } = log;
  const known = new Map<string, { win: number; loss: number }>();
  for (let i = 0; i < log.searchPattern.length; i++) {
    const t = log.searchTarget[i]!;
    if (t < 0 || !log.searchReplay[i]) continue;
    const p = log.searchPattern[i]!;
    const key = `${p}:${t}`;
    let chances = known.get(key);
    if (!chances) {
      const a = Array.from(pages.flat.subarray(pages.start[p]!, pages.start[p + 1]!));
      chances = { win: 0, loss: 0 };
      for (const draft of teamDrafts(a, Array.from(log.targets[t]!), k)) {
        const ids = draft.items;
        const o = outcomeChances(draft.teams, {
          model: b.model,
          attract: (r) => (b.model === 'pbm' ? b.theta[Math.min(r, MODEL_DEPTH - 1)]! * b.alpha[ids[r]!]! : b.alpha[ids[r]!]!),
          satisfied: (r) => b.sigma[ids[r]!] ?? 0,
          gamma: b.gamma,
        });
        chances.win += draft.chance * o.win;
        chances.loss += draft.chance * o.loss;
      }
      known.set(key, chances);
    }
    tally.wins += chances.win;
    tally.losses += chances.loss;
    tally.ties += 1 - chances.win - chances.loss;
  }
  return tally;
}

import { MODEL_DEPTH, type PreparedPages } from '../click-models';
import { type Behaviour, examination } from './behaviour';
import type { Conversions, ReplayLog } from './replay';

/**
 * What a search earns besides clicks@k, by the fitted model on A's pages and on B's: **ctr**, the chance of at least
 * one click in the first k (the traffic view's click-through), and where the log has them **carts** and **purchases**
 * per search — each rank's click chance times the item's add-to-cart (or purchase) rate per click.
 */
export const OUTCOMES = ['ctr', 'carts', 'purchases'] as const;
export type OutcomeName = (typeof OUTCOMES)[number];

/** Pseudo-clicks a rate is shrunk with towards its query's (and a query's towards the log's): an item clicked twice is not judged on two clicks. */
export const RATE_PRIOR_CLICKS = 5;

/**
 * Each item id's add-to-carts and purchases per click: (its conversions + m·its query's rate) / (its clicks + m),
 * the query's rate shrunk the same way towards the whole log's. Items only B shows take their query's rate. Clicks
 * are the first pages' clicks (as `pages` counts them: a replicate's counts in a bootstrap); conversions are weighted
 * by their session's weight.
 */
export function conversionRates(
  log: Pick<ReplayLog, 'pairQuery' | 'queries'>,
  pages: PreparedPages,
  conversions: Conversions,
  weights?: Float64Array,
): [Float64Array, Float64Array] {
  const ids = log.pairQuery.length;
  const clicks = new Float64Array(ids);
  for (let p = 0; p < pages.count.length; p++) {
    const mask = pages.clicked[p]!;
    if (!mask) continue;
    const from = pages.start[p]!;
    for (let r = 0; r < pages.start[p + 1]! - from; r++) if (mask & (1 << r)) clicks[pages.flat[from + r]!]! += pages.count[p]!;
  }
  return [0, 1].map((kind) => {
    const converted = new Float64Array(ids);
    for (let i = 0; i < conversions.pair.length; i++)
      if (conversions.kind[i] === kind)
        converted[conversions.pair[i]!]! += conversions.count[i]! * (weights ? weights[conversions.session[i]!]! : 1);
    const perQuery = new Float64Array(2 * log.queries);
    let allClicks = 0;
    let allConverted = 0;
    for (let u = 0; u < ids; u++) {
      const q = log.pairQuery[u]!;
      perQuery[2 * q]! += clicks[u]!;
      perQuery[2 * q + 1]! += converted[u]!;
      allClicks += clicks[u]!;
      allConverted += converted[u]!;
    }
    const overall = allClicks > 0 ? allConverted / allClicks : 0;
    const m = RATE_PRIOR_CLICKS;
    const rates = new Float64Array(ids);
    for (let u = 0; u < ids; u++) {
      const q = log.pairQuery[u]!;
      const ofQuery = (perQuery[2 * q + 1]! + m * overall) / (perQuery[2 * q]! + m);
      rates[u] = (converted[u]! + m * ofQuery) / (clicks[u]! + m);
    }
    return rates;
  }) as [Float64Array, Float64Array];
}

/** A ranking's ctr (a click at all in its first `depth`), and its expected add-to-carts and purchases when rates are given. */
export function pageOutcomes(
  b: Behaviour,
  ids: ArrayLike<number>,
  depth: number,
  rates: readonly [Float64Array, Float64Array] | undefined,
  scratch: Float64Array,
): { ctr: number; carts: number; purchases: number } {
  examination(b, ids, depth, scratch);
  let none = 1;
  let reachedUnclicked = 1;
  let ctr = 0;
  let carts = 0;
  let purchases = 0;
  for (let r = 0; r < depth; r++) {
    const u = ids[r]!;
    const click = scratch[r]! * b.alpha[u]!;
    if (rates) {
      carts += click * rates[0][u]!;
      purchases += click * rates[1][u]!;
    }
    if (b.model === 'pbm') none *= 1 - click;
    else {
      // DBN: the first click falls at r when r is read with no click above it; without a click the shopper reads on with γ.
      ctr += reachedUnclicked * b.alpha[u]!;
      reachedUnclicked *= (1 - b.alpha[u]!) * b.gamma;
    }
  }
  return { ctr: b.model === 'pbm' ? 1 - none : ctr, carts, purchases };
}

/** A query whose clicks@k B loses by at least this much per search (by the model) is said to lose clicks on traffic. */
export const LOSES_CLICKS = 0.01;

/** Per outcome A's and B's value per search (carts and purchases only where the log has conversions). */
export type OutcomeValues = Partial<Record<OutcomeName, { a: number; b: number }>>;

/**
 * Every outcome by the model, A's pages and B's, over A's replayed searches (each weighted by its session's weight),
 * and per target (B's (query, context)) the model's clicks@k for A's pages and for B: what the triage's "loses clicks
 * on traffic" reads per query.
 */
export function outcomeValues(
  log: ReplayLog,
  b: Behaviour,
  k: number,
  rates: readonly [Float64Array, Float64Array] | undefined,
  weights?: Float64Array,
): { values: OutcomeValues; perTarget: { searches: Float64Array; a: Float64Array; b: Float64Array } } {
  const { pages } = log;
  const depthK = Math.min(k, MODEL_DEPTH);
  const targets = log.targets.length;
  const scratch = new Float64Array(MODEL_DEPTH);
  const ofB = log.targets.map((target) => {
    const depth = Math.min(depthK, target.length);
    const outcome = pageOutcomes(b, target, depth, rates, scratch);
    let clicks = 0;
    for (let j = 0; j < depth; j++) clicks += scratch[j]! * b.alpha[target[j]!]!;
    return { ...outcome, clicks };
  });
  const searches = new Float64Array(targets);
  const clicksA = new Float64Array(targets);
  const sum = { a: { ctr: 0, carts: 0, purchases: 0 }, b: { ctr: 0, carts: 0, purchases: 0 } };
  let total = 0;
  for (let i = 0; i < log.searchPattern.length; i++) {
    const t = log.searchTarget[i]!;
    if (t < 0 || !log.searchReplay[i]) continue;
    const w = weights ? weights[log.searchSession[i]!]! : 1;
    if (w === 0) continue;
    const p = log.searchPattern[i]!;
    const from = pages.start[p]!;
    const depth = Math.min(depthK, pages.start[p + 1]! - from);
    const ranking = pages.flat.subarray(from, from + depth);
    const a = pageOutcomes(b, ranking, depth, rates, scratch);
    let clicks = 0;
    for (let r = 0; r < depth; r++) clicks += scratch[r]! * b.alpha[ranking[r]!]!;
    total += w;
    searches[t]! += w;
    clicksA[t]! += w * clicks;
    for (const name of ['ctr', 'carts', 'purchases'] as const) {
      sum.a[name] += w * a[name];
      sum.b[name] += w * ofB[t]![name];
    }
  }
  const per = (x: number) => (total > 0 ? x / total : 0);
  const names = rates ? OUTCOMES : (['ctr'] as const);
  const values: OutcomeValues = {};
  for (const name of names) values[name] = { a: per(sum.a[name]), b: per(sum.b[name]) };
  return {
    values,
    perTarget: {
      searches,
      a: clicksA.map((c, t) => (searches[t]! > 0 ? c / searches[t]! : 0)),
      b: Float64Array.from(ofB, (o) => o.clicks),
    },
  };
}

/**
 * The dynamic Bayesian network (Chapelle and Zhang), the full model rather than its simplified form (which sets
 * γ = 1, and so reads every page to its last click as "read to there, then stopped" — on a shop where shoppers give
 * up part-way it mistakes the lower ranks' few clicks for unattractive items). A shopper reads from the top; an item
 * read is clicked with its attractiveness α; a click satisfies with the item's satisfaction σ and ends the page;
 * otherwise the shopper reads on with probability γ.
 *
 * Fitted by expectation–maximisation over the page patterns, accelerated by SQUAREM (squarem.ts): plain EM on a
 * week's traffic crawls for the items hardly ever read. The estimate is α·σ, the chance an item read both is clicked
 * and satisfies: the mean of a Beta posterior of α times one of σ, each centred on the fit and holding the evidence
 * the pages give of it — the complete data's trials less the missing information (Louis's method; the reads after a
 * page's last click and whether that click satisfied are not seen) — and its interval the product's quantiles
 * (intervals.ts). Counting the expected satisfied clicks as if seen held the truth for 2 items in 3 on DBN's own logs.
 */
import { FIT, type ClickModelFit } from './fit';
import { productPosterior } from './intervals';
import { evidenceOf, MODEL_DEPTH, patternCount, type PreparedPages } from './pages';
import { squarem } from './squarem';

/**
 * What does not change between iterations: up to a page's last click everything is known (each rank read, the clicks
 * before the last did not satisfy), so those ranks' part of every sum is counted once, here. Per pair, weighted by
 * searches: clicks that did not end the page (`reclicked`), last clicks, and skips above the last click. Below it,
 * what the E-step reads is the tail — the last clicked item and the items after it — so patterns with one tail (the
 * same ranking clicked differently above its last click) are visited once, their searches added (`tails`).
 */
interface Known {
  reclicked: Float64Array;
  lastClicks: Float64Array;
  skipped: Float64Array;
  impressions: Float64Array;
  /** Per rank, searches that read it for certain (above or at the last click). */
  readAbove: Float64Array;
  /** Σ over pages of searches × (last click's rank − 1): the certain readings-on, each a chance taken. */
  readOn: number;
  /** Distinct tails: a pattern that has it, its last click's rank (0: none) and the searches of all that have it. */
  tails: { pattern: Int32Array; last: Uint8Array; searches: Float64Array };
}

/** Distinct tails of the patterns, found by a hash of (depth, last click, the pairs from the last click on). */
function tailsOf(pages: PreparedPages, lastOf: Uint8Array): Known['tails'] {
  const patterns = pages.count.length;
  const pattern = new Int32Array(patterns);
  const searches = new Float64Array(patterns);
  const next = new Int32Array(patterns);
  const first = new Map<number, number>();
  const { flat, start } = pages;
  let tails = 0;
  const same = (p: number, q: number): boolean => {
    const n = start[p + 1]! - start[p]!;
    if (n !== start[q + 1]! - start[q]! || lastOf[p] !== lastOf[q]) return false;
    for (let i = Math.max(0, lastOf[p]! - 1); i < n; i++) if (flat[start[p]! + i] !== flat[start[q]! + i]) return false;
    return true;
  };
  for (let p = 0; p < patterns; p++) {
    const n = start[p + 1]! - start[p]!;
    let h = Math.imul(n * 31 + lastOf[p]!, 0x9e3779b1);
    for (let i = Math.max(0, lastOf[p]! - 1); i < n; i++) h = Math.imul(h ^ flat[start[p]! + i]!, 0x85ebca6b) ^ (h >>> 13);
    let t = first.get(h) ?? -1;
    while (t >= 0 && !same(pattern[t]!, p)) t = next[t]!;
    if (t < 0) {
      t = tails++;
      pattern[t] = p;
      next[t] = first.get(h) ?? -1;
      first.set(h, t);
    }
    searches[t]! += pages.count[p]!;
  }
  const last = new Uint8Array(tails);
  for (let t = 0; t < tails; t++) last[t] = lastOf[pattern[t]!]!;
  return { pattern: pattern.slice(0, tails), last, searches: searches.slice(0, tails) };
}

function knownOf(pages: PreparedPages, impressions: Float64Array): Known {
  const pairs = pages.pairs.length;
  const lastOf = new Uint8Array(pages.count.length);
  const k: Omit<Known, 'tails'> = {
    reclicked: new Float64Array(pairs),
    lastClicks: new Float64Array(pairs),
    skipped: new Float64Array(pairs),
    impressions,
    readAbove: new Float64Array(MODEL_DEPTH),
    readOn: 0,
  };
  for (let p = 0; p < pages.count.length; p++) {
    const from = pages.start[p]!;
    const w = pages.count[p]!;
    const mask = pages.clicked[p]!;
    const last = mask === 0 ? 0 : 32 - Math.clz32(mask);
    lastOf[p] = last;
    if (last > 1) k.readOn += w * (last - 1);
    for (let i = 0; i < last; i++) {
      const u = pages.flat[from + i]!;
      k.readAbove[i]! += w;
      if (i === last - 1) k.lastClicks[u]! += w;
      else if ((mask >> i) & 1) k.reclicked[u]! += w;
      else k.skipped[u]! += w;
    }
  }
  return { ...k, tails: tailsOf(pages, lastOf) };
}

/**
 * Expected reads per pair and per rank, at given parameters (what the intervals and the position curve need), and
 * per pair the information the unseen part of the pages takes away (Louis's missing information, in trials' worth):
 * of α, from the tail's impressions, each read or not as the posterior says; of σ, from the last clicks, each
 * satisfying or not.
 */
interface Reads {
  pair: Float64Array;
  rank: Float64Array;
  missingAlpha: Float64Array;
  missingSigma: Float64Array;
}

/**
 * One EM iteration over the page patterns, parameters packed as [α per pair, σ per pair, γ]; returns the
 * log-likelihood of `from`. After a page's last click, whether the shopper was satisfied and how far they read are
 * not known: the E-step gives each its posterior, from B(i), the chance of no click from rank i on given rank i is
 * read (backwards from the page's end), and the chance of reaching rank i (forwards from the last click). Only the
 * ranks from the last click down are visited; what lies above is in `known`.
 */
function emStep(pages: PreparedPages, known: Known, from: Float64Array, to: Float64Array, withLikelihood: boolean, reads?: Reads): number {
  const pairs = pages.pairs.length;
  const alpha = from.subarray(0, pairs);
  const sigma = from.subarray(pairs, 2 * pairs);
  const gamma = from[2 * pairs]!;
  // The sums of the tail's expected clicks not made and satisfied last clicks, gathered where the next α and σ go.
  const aNum = to.subarray(0, pairs).fill(0);
  const sNum = to.subarray(pairs, 2 * pairs).fill(0);
  const back = new Float64Array(MODEL_DEPTH + 1);
  const { flat, start } = pages;
  let likelihood = 0;
  let goOn = 0;
  let chances = 0;
  const { pattern, last: lastOf, searches } = known.tails;
  for (let t = 0; t < pattern.length; t++) {
    const base = start[pattern[t]!]!;
    const n = start[pattern[t]! + 1]! - base;
    const w = searches[t]!;
    const last = lastOf[t]!;
    back[n] = 1;
    for (let i = n - 1; i >= last; i--) back[i] = (1 - alpha[flat[base + i]!]!) * (gamma * back[i + 1]! + 1 - gamma);
    let forward: number;
    if (last > 0) {
      const u = flat[base + last - 1]!;
      const s = sigma[u]!;
      const z = s + (1 - s) * (1 - gamma + gamma * back[last]!);
      const satisfied = z > 0 ? s / z : 0;
      forward = z > 0 ? ((1 - s) * gamma) / z : 0;
      sNum[u]! += w * satisfied;
      // The satisfied indicator's posterior variance π(1 − π) over σ(1 − σ): (1 − γ + γ·B) / z², which stays finite
      // where σ is 0 or 1.
      if (reads && z > 0) reads.missingSigma[u]! += (w * (1 - gamma + gamma * back[last]!)) / (z * z);
      if (withLikelihood) likelihood += w * Math.log(z);
      if (last < n) chances += w * (1 - satisfied);
    } else {
      forward = back[0]! > 0 ? 1 / back[0]! : 0;
      if (withLikelihood) likelihood += w * Math.log(back[0]!);
    }
    for (let i = last; i < n; i++) {
      const u = flat[base + i]!;
      const read = w * forward * back[i]!;
      const a = alpha[u]!;
      aNum[u]! += (w - read) * a;
      if (i + 1 < n) chances += read;
      if (i > 0) goOn += read;
      if (reads) {
        reads.pair[u]! += read;
        reads.rank[i]! += read;
        // Attracted but unread, q = (1 − ρ)·α: its variance q(1 − q) over α(1 − α), in trials.
        const unread = 1 - forward * back[i]!;
        reads.missingAlpha[u]! += (w * unread * (1 - unread * a)) / Math.max(1e-12, 1 - a);
      }
      forward *= (1 - a) * gamma;
    }
  }
  for (let u = 0; u < pairs; u++) {
    const a = alpha[u]!;
    const s = sigma[u]!;
    const clicks = known.reclicked[u]! + known.lastClicks[u]!;
    if (withLikelihood) {
      if (known.reclicked[u]! > 0) likelihood += known.reclicked[u]! * Math.log(a * (1 - s));
      if (known.lastClicks[u]! > 0) likelihood += known.lastClicks[u]! * Math.log(a);
      if (known.skipped[u]! > 0) likelihood += known.skipped[u]! * Math.log(1 - a);
    }
    const impressions = known.impressions[u]!;
    to[u] = impressions > 0 ? (clicks + aNum[u]!) / impressions : 0;
    to[pairs + u] = clicks > 0 ? sNum[u]! / clicks : s;
  }
  if (withLikelihood && known.readOn > 0) likelihood += known.readOn * Math.log(gamma);
  const total = known.readOn + chances;
  to[2 * pairs] = total > 0 ? Math.min(1, (known.readOn + goOn) / total) : gamma;
  return likelihood;
}

/**
 * What the pages say of one probability, as successes in trials: the fit's value p̂ over the trials' worth of the
 * observed information (Louis: the complete data's, `complete` trials, less the missing, `missing` trials), so the
 * Beta posterior around p̂ is as wide as the likelihood is flat. Where the pages cannot tell (nothing observed) it is
 * the uniform prior alone.
 */
function observedTrials(p: number, complete: number, missing: number): { successes: number; trials: number } {
  const trials = Math.max(0, complete - missing);
  return { successes: p * trials, trials };
}

/**
 * DBN fitted on pages. `stop` other than FIT.dbn: for measuring how far the usual stop lies from a fit run on to
 * convergence (the bench). `start`, when given, is where EM begins: α of every pair, then σ of every pair, then γ (a
 * bootstrap replicate starts from the whole log's fit).
 */
export function fitDbn(
  pages: PreparedPages,
  stop: { tolerance: number; maxIterations: number } = FIT.dbn,
  start?: Float64Array,
): ClickModelFit {
  const pairs = pages.pairs.length;
  const evidence = evidenceOf(pages);
  const known = knownOf(pages, evidence.impressions);
  const initial = new Float64Array(2 * pairs + 1);
  // Every item alike (α 0.2, σ 0.5) and γ 0.5: the simplified model's answer as a start looks closer but on shops
  // where shoppers give up part-way lies far from the maximum, along directions EM is slowest in.
  if (start && start.length === initial.length) initial.set(start);
  else initial.fill(0.2, 0, pairs).fill(0.5, pairs);
  const { params, steps, converged } = squarem((from, to, withLikelihood) => emStep(pages, known, from, to, withLikelihood), initial, {
    tolerance: stop.tolerance,
    maxSteps: stop.maxIterations,
    lower: 0,
    upper: 1,
  });
  // One more pass at the fitted parameters for the expected reads (its next parameters are not used).
  const reads: Reads = {
    pair: new Float64Array(pairs),
    rank: new Float64Array(MODEL_DEPTH),
    missingAlpha: new Float64Array(pairs),
    missingSigma: new Float64Array(pairs),
  };
  emStep(pages, known, params, new Float64Array(params.length), false, reads);
  const alpha = params.subarray(0, pairs);
  const sigma = params.subarray(pairs, 2 * pairs);
  return {
    model: 'dbn',
    positions: Array.from(reads.rank, (tail, i) => ({
      rank: i + 1,
      examination: evidence.rankImpressions[i]! > 0 ? (tail + known.readAbove[i]!) / evidence.rankImpressions[i]! : 0,
    })).filter((p) => evidence.rankImpressions[p.rank - 1]! > 0),
    continuation: params[2 * pairs]!,
    items: pages.pairs.map((pair, u) => {
      const clicks = evidence.clicks[u]!;
      const read = reads.pair[u]! + known.reclicked[u]! + known.lastClicks[u]! + known.skipped[u]!;
      return {
        query: pair.query,
        itemId: pair.itemId,
        // α·σ's posterior mean and interval, each of α and σ a Beta posterior around the fit with the trials' worth
        // of evidence the pages hold on it (observedTrials).
        ...productPosterior(
          observedTrials(alpha[u]!, evidence.impressions[u]!, reads.missingAlpha[u]!),
          observedTrials(sigma[u]!, clicks, reads.missingSigma[u]!),
        ),
        impressions: evidence.impressions[u]!,
        examinations: read,
        clicks,
        attractiveness: alpha[u]!,
        satisfaction: sigma[u]!,
      };
    }),
    searches: pages.searches,
    patterns: patternCount(pages),
    iterations: steps,
    converged,
  };
}

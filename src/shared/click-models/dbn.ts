import { FIT, type ClickModelFit, largestChange } from './fit';
import { betaInterval, productInterval } from './intervals';
import { evidenceOf, MODEL_DEPTH, patternCount, type PreparedPages } from './pages';

/**
 * The dynamic Bayesian network (Chapelle and Zhang), the full model rather than its simplified form (which sets
 * γ = 1, and so reads every page to its last click as "read to there, then stopped" — on a shop where shoppers give
 * up part-way it mistakes the lower ranks' few clicks for unattractive items). A shopper reads from the top; an item
 * read is clicked with its attractiveness α; a click satisfies with the item's satisfaction σ and ends the page;
 * otherwise the shopper reads on with probability γ.
 *
 * Fitted by expectation–maximisation over the page patterns. Up to the last click everything is known (read; the
 * clicks before the last did not satisfy). After it, whether the shopper was satisfied and how far they read are
 * not: the E-step gives each its posterior, from B(i), the chance of no click from rank i on given rank i is read.
 * The estimate is α·σ, the chance an item read both is clicked and satisfies. The interval: Beta posteriors of α
 * (clicks over expected reads) and σ (expected satisfied clicks over clicks), combined on the log scale.
 */
export function fitDbn(pages: PreparedPages): ClickModelFit {
  const pairs = pages.pairs.length;
  let alpha = new Float64Array(pairs).fill(0.2);
  let sigma = new Float64Array(pairs).fill(0.5);
  let gamma = 0.5;
  const aNum = new Float64Array(pairs);
  const aDen = new Float64Array(pairs);
  const sNum = new Float64Array(pairs);
  const sDen = new Float64Array(pairs);
  const reads = new Float64Array(pairs);
  const readAt = new Float64Array(MODEL_DEPTH);
  const shownAt = new Float64Array(MODEL_DEPTH);
  const back = new Float64Array(MODEL_DEPTH + 1);
  const read = new Float64Array(MODEL_DEPTH);
  let iterations = 0;
  let converged = false;
  for (;;) {
    iterations++;
    aNum.fill(0);
    aDen.fill(0);
    sNum.fill(0);
    sDen.fill(0);
    reads.fill(0);
    readAt.fill(0);
    shownAt.fill(0);
    let goOn = 0;
    let chances = 0;
    for (let p = 0; p < pages.count.length; p++) {
      const from = pages.start[p]!;
      const row = pages.flat.subarray(from, pages.start[p + 1]!);
      const w = pages.count[p]!;
      const mask = pages.clicked[p]!;
      const n = row.length;
      const last = mask === 0 ? 0 : 32 - Math.clz32(mask);
      // B(i): no click from rank i on, given rank i is read (0-based; back[n] = 1).
      back[n] = 1;
      for (let i = n - 1; i >= last; i--) back[i] = (1 - alpha[row[i]!]!) * (gamma * back[i + 1]! + 1 - gamma);
      let start = 1;
      let satisfied = 0;
      if (last > 0) {
        const s = sigma[row[last - 1]!]!;
        const z = s + (1 - s) * (1 - gamma + gamma * back[last]!);
        satisfied = z > 0 ? s / z : 0;
        start = z > 0 ? ((1 - s) * gamma) / z : 0;
      } else {
        start = back[0]! > 0 ? 1 / back[0]! : 0;
      }
      // read[i]: the chance rank i was read (1 up to the last click; after it, the posterior).
      let forward = start;
      for (let i = 0; i < n; i++) {
        if (i < last) read[i] = 1;
        else {
          read[i] = forward * back[i]!;
          forward *= (1 - alpha[row[i]!]!) * gamma;
        }
      }
      for (let i = 0; i < n; i++) {
        const u = row[i]!;
        const clicked = (mask >> i) & 1;
        aNum[u]! += w * (clicked ? 1 : i < last ? 0 : (1 - read[i]!) * alpha[u]!);
        aDen[u]! += w;
        reads[u]! += w * read[i]!;
        readAt[i]! += w * read[i]!;
        shownAt[i]! += w;
        if (clicked) {
          sDen[u]! += w;
          if (i === last - 1) sNum[u]! += w * satisfied;
        }
        // Reading on from rank i to i + 1: a chance when i was read and did not satisfy.
        if (i + 1 < n) {
          const notSatisfied = i === last - 1 ? 1 - satisfied : 1;
          chances += w * read[i]! * notSatisfied;
          goOn += w * read[i + 1]!;
        }
      }
    }
    const nextAlpha = new Float64Array(pairs);
    const nextSigma = new Float64Array(pairs);
    for (let u = 0; u < pairs; u++) {
      nextAlpha[u] = aDen[u]! > 0 ? aNum[u]! / aDen[u]! : 0;
      nextSigma[u] = sDen[u]! > 0 ? sNum[u]! / sDen[u]! : sigma[u]!;
    }
    const nextGamma = chances > 0 ? Math.min(1, goOn / chances) : gamma;
    const change = Math.max(largestChange(alpha, nextAlpha), largestChange(sigma, nextSigma), Math.abs(nextGamma - gamma));
    alpha = nextAlpha;
    sigma = nextSigma;
    gamma = nextGamma;
    if (change < FIT.dbn.tolerance) converged = true;
    if (converged || iterations >= FIT.dbn.maxIterations) break;
  }
  const evidence = evidenceOf(pages);
  return {
    model: 'dbn',
    positions: Array.from(readAt, (r, i) => ({ rank: i + 1, examination: shownAt[i]! > 0 ? r / shownAt[i]! : 0 })).filter(
      (p) => evidence.rankImpressions[p.rank - 1]! > 0,
    ),
    continuation: gamma,
    items: pages.pairs.map((pair, u) => {
      const estimate = alpha[u]! * sigma[u]!;
      const clicks = evidence.clicks[u]!;
      return {
        query: pair.query,
        itemId: pair.itemId,
        estimate,
        ci95:
          clicks > 0
            ? productInterval({ successes: clicks, trials: reads[u]! }, { successes: sNum[u]!, trials: sDen[u]! }, estimate)
            : [0, betaInterval(0, reads[u]!)[1]],
        impressions: evidence.impressions[u]!,
        clicks,
        attractiveness: alpha[u]!,
        satisfaction: sigma[u]!,
      };
    }),
    searches: pages.searches,
    patterns: patternCount(pages),
    iterations,
    converged,
  };
}

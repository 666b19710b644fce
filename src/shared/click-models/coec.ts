import { type ClickModelFit } from './fit';
import { gammaPosterior } from './intervals';
import { evidenceOf, MODEL_DEPTH, patternCount, type PreparedPages } from './pages';

/**
 * COEC, clicks over expected clicks: a rank's click-through is every click at that rank over every impression at it,
 * across the whole store; an item's expected clicks are the click-through of each rank it was shown at, summed over
 * its impressions; its estimate is its clicks over that sum (1: clicked as often as an average item at its ranks).
 * Impressions are the items of each first page (its hit ids). The clicks are a Poisson count over the expected
 * clicks: a Gamma posterior (Jeffreys prior), its mean the estimate and its quantiles the interval (with no click the
 * estimate is ½ a click over the expected clicks, not 0). An item with no expected clicks (shown only at
 * ranks never clicked) has neither and is left out.
 */
export function fitCoec(pages: PreparedPages): ClickModelFit {
  const evidence = evidenceOf(pages);
  const ctr = Array.from({ length: MODEL_DEPTH }, (_, r) =>
    evidence.rankImpressions[r]! > 0 ? evidence.rankClicks[r]! / evidence.rankImpressions[r]! : 0,
  );
  const expected = new Float64Array(pages.pairs.length);
  for (let n = 0; n < pages.count.length; n++) {
    const w = pages.count[n]!;
    const from = pages.start[n]!;
    for (let r = 0; r < pages.start[n + 1]! - from; r++) expected[pages.flat[from + r]!]! += w * ctr[r]!;
  }
  // Its examinations: each rank's click-through over the first's is COEC's examination curve.
  const top = ctr[0]! > 0 ? ctr[0]! : 1;
  return {
    model: 'coec',
    positions: ctr.map((examination, r) => ({ rank: r + 1, examination })).filter((p) => evidence.rankImpressions[p.rank - 1]! > 0),
    // An item shown only at ranks no shopper clicked has no expected clicks to measure against: no estimate, and no
    // interval with a finite bound, so it is left out.
    items: pages.pairs.flatMap((pair, u) => {
      const e = expected[u]!;
      const clicks = evidence.clicks[u]!;
      if (!(e > 0)) return [];
      return [
        {
          query: pair.query,
          itemId: pair.itemId,
          ...gammaPosterior(clicks, e),
          impressions: evidence.impressions[u]!,
          examinations: e / top,
          clicks,
        },
      ];
    }),
    searches: pages.searches,
    patterns: patternCount(pages),
    iterations: 0,
    converged: true,
  };
}

import { type ClickModelFit, MODEL_DEPTH } from '../click-models';
import { type Behaviour, examination } from './behaviour';

/** A query's expected clicks in the first k on any ranking of item ids, by a fitted click model. */
export type ClicksOf = (query: string, ranking: readonly string[]) => number;

/**
 * Expected clicks@k on any ranking, from a click model fitted on traffic: what Explain measures when it is asked for
 * clicks on traffic. Each (query, item) the fit saw keeps its α (and DBN's σ); an item the log never showed for the
 * query takes the mean of that query's items, each as often as it was shown (neither better nor worse than what the
 * log showed), and a query the log never had the mean over every item: the measure then moves only with the items
 * the log knows, as the estimates on traffic do.
 */
export function clicksScorer(fit: ClickModelFit, k: number): ClicksOf {
  if (fit.model === 'coec') throw new Error('clicks on traffic need PBM or DBN: COEC does not say where shoppers look');
  const model = fit.model;
  const byQuery = new Map<string, { items: Map<string, [number, number]>; prior: [number, number] }>();
  const total = [0, 0, 0];
  const sums = new Map<string, number[]>();
  for (const item of fit.items) {
    const alpha = item.attractiveness ?? item.estimate;
    const sigma = item.satisfaction ?? 0;
    let q = byQuery.get(item.query);
    if (!q) byQuery.set(item.query, (q = { items: new Map(), prior: [0, 0] }));
    q.items.set(item.itemId, [alpha, sigma]);
    const n = Math.max(1, item.impressions);
    const s = sums.get(item.query) ?? [0, 0, 0];
    s[0]! += n;
    s[1]! += n * alpha;
    s[2]! += n * sigma;
    sums.set(item.query, s);
    total[0]! += n;
    total[1]! += n * alpha;
    total[2]! += n * sigma;
  }
  for (const [query, s] of sums) byQuery.get(query)!.prior = [s[1]! / s[0]!, s[2]! / s[0]!];
  const overall: [number, number] = total[0] ? [total[1]! / total[0], total[2]! / total[0]] : [0, 0];
  const theta = new Float64Array(MODEL_DEPTH).fill(model === 'pbm' ? 0 : 1);
  if (model === 'pbm') {
    for (const p of fit.positions) if (p.rank <= MODEL_DEPTH) theta[p.rank - 1] = p.examination;
    for (let r = 1; r < MODEL_DEPTH; r++) if (!(theta[r]! > 0)) theta[r] = theta[r - 1]!;
  }
  const depth = Math.min(k, MODEL_DEPTH);
  const alpha = new Float64Array(depth);
  const sigma = new Float64Array(depth);
  const behaviour: Behaviour = { model, alpha, sigma: model === 'dbn' ? sigma : new Float64Array(0), theta, gamma: fit.continuation ?? 1 };
  const ids = Int32Array.from({ length: depth }, (_, i) => i);
  const read = new Float64Array(depth);
  return (query, ranking) => {
    const q = byQuery.get(query);
    const n = Math.min(depth, ranking.length);
    for (let r = 0; r < n; r++) {
      const [a, s] = q?.items.get(ranking[r]!) ?? q?.prior ?? overall;
      alpha[r] = a;
      sigma[r] = s;
    }
    examination(behaviour, ids, n, read);
    let clicks = 0;
    for (let r = 0; r < n; r++) clicks += read[r]! * alpha[r]!;
    return clicks;
  };
}

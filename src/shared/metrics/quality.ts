import { uniqueRanking } from '../diff';
import { findJudged, queryKey, type RatingIndex } from '../judgments';

/**
 * Quality of one ranking against a query's judgments, and of a run (many
 * queries) — the measures trec_eval computes, with its conventions:
 *
 * - the ranking is the answer's item ids in order, each id once (its first
 *   occurrence); an unrated item has gain 0; R is the number of the query's
 *   judged items rated at least the threshold (relevant);
 * - dcg@k  = Σ_{i=1..k} gain(rel_i) / log2(i + 1), gain = 2^rel − 1
 *   (exponential) or rel (linear, as trec_eval's ndcg_cut);
 * - ndcg@k = dcg@k / idcg@k, idcg the dcg of the query's ratings sorted
 *   high to low and cut at k; 0 when idcg is 0;
 * - precision@k = relevant in the top k / k (k fixed, even when fewer came);
 * - ap = Σ over relevant items at rank i of the whole ranking of
 *   precision@i, / R (trec_eval's map per query, not cut at k);
 * - rr = 1 / rank of the first relevant item of the whole ranking, 0 if none;
 * - recall@k = relevant in the top k / R;
 * - judged@k = rated items in the top k / the items returned in the top k (as ir_measures' Judged@k: a ranking of
 *   five items all rated is 1 at k = 10, not 0.5), 0 when nothing came back.
 */

export type Gain = 'exponential' | 'linear';

export interface QualityOptions {
  k: number;
  gain: Gain;
  /** The lowest rating that counts as relevant. */
  threshold: number;
}

export const METRIC_NAMES = ['ndcg', 'dcg', 'precision', 'ap', 'rr', 'recall', 'judged'] as const;
export type MetricName = (typeof METRIC_NAMES)[number];
export type Metrics = Record<MetricName, number>;

/** One value per metric, made by `make`: a typed record without a cast. */
export function perMetric<T>(make: (metric: MetricName) => T): Record<MetricName, T> {
  return {
    ndcg: make('ndcg'),
    dcg: make('dcg'),
    precision: make('precision'),
    ap: make('ap'),
    rr: make('rr'),
    recall: make('recall'),
    judged: make('judged'),
  };
}

export interface QueryQuality extends Metrics {
  /** Relevant judged items (rating ≥ threshold). */
  R: number;
}

const gainOf = (rating: number, gain: Gain) => (gain === 'linear' ? rating : 2 ** rating - 1);
const discount = (rank: number) => Math.log2(rank + 1);

/** Item ids in order, each once: the first occurrence counts (the same rule the change measures use). */
export const dedupeRanking = uniqueRanking;

/** Every measure of one ranking against one query's ratings (item id → rating). */
export function queryQuality(ranking: readonly string[], ratings: ReadonlyMap<string, number>, options: QualityOptions): QueryQuality {
  const { k, gain, threshold } = options;
  const ids = dedupeRanking(ranking);
  let R = 0;
  for (const rating of ratings.values()) if (rating >= threshold) R++;

  let dcg = 0;
  let relevantInK = 0;
  let ratedInK = 0;
  let apSum = 0;
  let relevantSoFar = 0;
  let rr = 0;
  ids.forEach((id, i) => {
    const rank = i + 1;
    const rating = ratings.get(id);
    const relevant = rating !== undefined && rating >= threshold;
    if (rank <= k) {
      if (rating !== undefined) {
        ratedInK++;
        dcg += gainOf(rating, gain) / discount(rank);
      }
      if (relevant) relevantInK++;
    }
    if (relevant) {
      relevantSoFar++;
      apSum += relevantSoFar / rank;
      if (rr === 0) rr = 1 / rank;
    }
  });

  const ideal = [...ratings.values()].sort((a, b) => b - a).slice(0, k);
  const idcg = ideal.reduce((sum, rating, i) => sum + gainOf(rating, gain) / discount(i + 1), 0);
  return {
    ndcg: idcg > 0 ? dcg / idcg : 0,
    dcg,
    precision: relevantInK / k,
    ap: R > 0 ? apSum / R : 0,
    rr,
    recall: R > 0 ? relevantInK / R : 0,
    judged: ids.length ? ratedInK / Math.min(k, ids.length) : 0,
    R,
  };
}

export interface RunQuery {
  /** The query as the run wrote it (a TREC qid, say): how it is printed. */
  query: string;
  /** The query text it stands for, when that differs (a qid's `_` are spaces): how it is matched. */
  text?: string;
  ranking: readonly string[];
}

export interface RunQuality {
  k: number;
  gain: Gain;
  threshold: number;
  /** Per judged query of the run, keyed as the run wrote it: what the mean is over. */
  queries: Record<string, Metrics>;
  /** Mean over those queries; 0 when there are none. */
  mean: Metrics;
  /** Judged queries of the run with no relevant item (R = 0): in the mean with 0 where a measure needs one, as trec_eval counts them. */
  noRelevant: string[];
  /** Queries of the run without any judged item: left out of the mean (trec_eval has no qrels for them). */
  unjudged: string[];
  /** Queries with judgments that the run does not have. */
  missing: string[];
}

const zero = (): Metrics => perMetric(() => 0);

/**
 * Whether a query counts in a mean: it has judgments, relevant or not. A judged query with no relevant item counts
 * (its AP, RR, recall are 0), as trec_eval counts every query of its qrels; a query nobody judged does not.
 */
export const countsInMean = (ratings: ReadonlyMap<string, number> | undefined): boolean => (ratings?.size ?? 0) > 0;

/** A run (query → ranking) measured against judgments: per query, the mean, and what could not be measured. */
export function runQuality(run: readonly RunQuery[], judgments: RatingIndex, options: QualityOptions): RunQuality {
  const queries: Record<string, Metrics> = {};
  const noRelevant: string[] = [];
  const unjudged: string[] = [];
  const seen = new Set<string>();
  const sum = zero();
  let n = 0;
  for (const { query, text, ranking } of run) {
    // A TREC run's query is its qid (`query`) standing for a text (`text`): both may be how the judgments wrote it.
    const key = findJudged(judgments, text ?? query, text !== undefined ? query : undefined) ?? queryKey(text ?? query);
    seen.add(key);
    const judged = judgments.get(key)?.ratings;
    if (!countsInMean(judged)) {
      unjudged.push(query);
      continue;
    }
    const { R, ...metrics } = queryQuality(ranking, judged!, options);
    if (R === 0) noRelevant.push(query);
    queries[query] = metrics;
    for (const name of METRIC_NAMES) sum[name] += metrics[name];
    n++;
  }
  const mean = zero();
  if (n > 0) for (const name of METRIC_NAMES) mean[name] = sum[name] / n;
  const missing = [...judgments].filter(([key]) => !seen.has(key)).map(([, j]) => j.query);
  return { k: options.k, gain: options.gain, threshold: options.threshold, queries, mean, noRelevant, unjudged, missing };
}

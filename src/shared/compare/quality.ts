import { findJudged, type RatingIndex, type RatingsCounted, queryKey } from '../judgments';
import {
  countsInMean,
  METRIC_NAMES,
  perMetric,
  queryQuality,
  type MetricName,
  type Metrics,
  type QualityOptions,
  comparePaired,
  type PairedComparison,
} from '../metrics';
import type { QualityConfig } from './quality-config';
import type { BatchResult, QueryRow } from './types';

export { qualityConfigSchema, type QualityConfig } from './quality-config';

export const METRIC_LABELS: Record<MetricName, string> = {
  ndcg: 'nDCG',
  dcg: 'DCG',
  precision: 'P',
  ap: 'AP',
  rr: 'RR',
  recall: 'Recall',
  judged: 'Judged',
};

/** A metric's name with its cut-off where it has one: nDCG@10, AP (whole ranking). */
export function metricLabel(metric: MetricName, k: number): string {
  return metric === 'ap' || metric === 'rr' ? METRIC_LABELS[metric] : `${METRIC_LABELS[metric]}@${k}`;
}

export interface QueryQualityRow {
  index: number;
  query: string;
  /** Relevant judged items (R). */
  R: number;
  /** The query has judgments (relevant or not): it counts in the means. */
  judged: boolean;
  a: Metrics | null;
  b: Metrics | null;
  /** B − A per metric, when both sides answered and the query is judged. */
  delta: Metrics | null;
}

export interface BatchQuality extends QualityConfig {
  /** The ratings the figures counted (the judgment index's): people's only, or rules' suggestions too. */
  ratings: RatingsCounted;
  /** Judged queries that both sides answered: what every mean, delta and test is over. */
  paired: number;
  /** Of those, the queries with no relevant judged item (R = 0): counted, as trec_eval counts them (AP, RR, recall 0). */
  noRelevant: number;
  /** Queries nobody judged, left out. */
  unjudged: number;
  /** Judged queries where a side failed, left out. */
  unpaired: number;
  metrics: Record<MetricName, PairedComparison>;
  perQuery: QueryQualityRow[];
}

/**
 * Quality per side and the significance of B − A, for every metric, from
 * the rankings a batch stored and a judgment list as it is now — so rating
 * more items changes the figures without sending anything again.
 */
export function batchQuality(
  results: readonly BatchResult[],
  rows: readonly Pick<QueryRow, 'query' | 'weight'>[],
  judgments: RatingIndex,
  config: QualityConfig,
): BatchQuality {
  const options: QualityOptions = config;
  const perQuery: QueryQualityRow[] = [];
  const pairs = perMetric((): { a: number[]; b: number[] } => ({ a: [], b: [] }));
  const weights: number[] = [];
  let unjudged = 0;
  let unpaired = 0;
  let noRelevant = 0;
  for (const result of [...results].sort((x, y) => x.index - y.index)) {
    const query = rows[result.index]?.query ?? result.query;
    const ratings = judgments.get(findJudged(judgments, query) ?? queryKey(query))?.ratings ?? new Map<string, number>();
    const measure = (side: BatchResult['a']) =>
      side.ok ? queryQuality(side.ranking ?? side.top.map((t) => t.id), ratings, options) : null;
    const qa = measure(result.a);
    const qb = measure(result.b);
    const R = (qa ?? qb)?.R ?? 0;
    const judged = countsInMean(ratings);
    const a = qa ? perMetric((m) => qa[m]) : null;
    const b = qb ? perMetric((m) => qb[m]) : null;
    let delta: Metrics | null = null;
    if (!judged) unjudged++;
    else if (!a || !b) unpaired++;
    else {
      if (R === 0) noRelevant++;
      delta = perMetric((m) => b[m] - a[m]);
      weights.push(rows[result.index]?.weight ?? 1);
      for (const m of METRIC_NAMES) {
        pairs[m].a.push(a[m]);
        pairs[m].b.push(b[m]);
      }
    }
    perQuery.push({ index: result.index, query, R, judged, a, b, delta });
  }
  const metrics = perMetric((m) => comparePaired(pairs[m].a, pairs[m].b, config.weight === 'frequency' ? weights : undefined));
  return {
    ...config,
    ratings: judgments.counted ?? 'confirmed',
    paired: pairs.ndcg.a.length,
    noRelevant,
    unjudged,
    unpaired,
    metrics,
    perQuery,
  };
}

/** How the queries counted in the means, as every summary and report says it. */
export const weightText = (weight: QualityConfig['weight']): string =>
  weight === 'frequency'
    ? 'queries weighted by how often shoppers searched them (their weight in the query set; 1 where it has none)'
    : 'each query counted once (unweighted)';

/** The ratings a figure counted, as every summary and report says it. */
export const ratingsCountedText = (ratings: RatingsCounted | undefined): string =>
  ({
    confirmed: "people's ratings only (rules' suggestions and clicks' ratings left out)",
    'people+rules': "people's ratings, and rules' suggestions where nobody rated",
    'people+clicks': "people's ratings, and clicks' ratings where nobody rated",
    'people+llm': "people's ratings, and language model judges' ratings where nobody rated",
    clicks: "clicks' ratings only (shoppers' behaviour through a click model; people's left out)",
    all: "people's ratings, else clicks' or judges' ratings, else rules' suggestions",
  })[ratings ?? 'confirmed'];

const fixed = (x: number) => x.toFixed(3);

/** How the sentence names the sides: "A (default)", or the label itself when it already says which side it is ("A: default"). */
export function sideNames(sides: { a: { label: string }; b: { label: string } }): { a: string; b: string } {
  const name = (key: 'A' | 'B', label: string) =>
    new RegExp(`^${key}(:|$)`, 'i').test(label.trim()) ? label.trim() : `${key} (${label.trim()})`;
  return { a: name('A', sides.a.label), b: name('B', sides.b.label) };
}

/** A p-value for tables: three decimals, or "< 0.001" below that. */
export const formatP = (p: number): string => (p < 0.001 ? '< 0.001' : p.toFixed(3));

/**
 * One metric's finding in a sentence, always from B's side: "B is better on nDCG@10 by 0.041 (95% CI
 * 0.012–0.070, p = 0.006, 31 wins / 12 losses / 7 ties for B)", "B is worse on … (95% CI −0.073 to
 * −0.022, …, 3 wins / 39 losses / 8 ties for B)"; a difference that is not significant says so.
 */
export function qualitySentence(
  metric: MetricName,
  c: PairedComparison,
  k: number,
  sides: { a: string; b: string } = { a: 'A', b: 'B' },
): string {
  const label = metricLabel(metric, k);
  if (c.n === 0) return `${label}: no judged query was answered by both sides, so there is nothing to compare.`;
  // A range with a negative end reads "−0.369 to 0.356"; an en dash after a minus sign would be lost.
  const minus = (x: number) => (x < 0 ? `−${fixed(-x)}` : fixed(x));
  const ci = c.ci95
    ? `95% CI ${c.ci95[0] < 0 ? `${minus(c.ci95[0])} to ${minus(c.ci95[1])}` : `${fixed(c.ci95[0])}–${fixed(c.ci95[1])}`}, `
    : '';
  // One viewpoint throughout: the verdict, the interval (of B − A) and the tally are all B's.
  const tail = `(${ci}p ${c.p < 0.001 ? '< 0.001' : `= ${c.p.toFixed(3)}`}, ${c.wins} wins / ${c.losses} losses / ${c.ties} ties for ${sides.b})`;
  if (Math.abs(c.delta) <= 1e-9) return `${sides.b} is level with ${sides.a} on ${label} ${tail}.`;
  const by = fixed(Math.abs(c.delta));
  const verdict = c.significant
    ? `${sides.b} is ${c.delta > 0 ? 'better' : 'worse'} on ${label} by ${by}`
    : `${sides.b} is ${c.delta > 0 ? 'ahead' : 'behind'} on ${label} by ${by}, but not significantly`;
  return `${verdict} ${tail}.`;
}

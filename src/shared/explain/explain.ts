import { rbo, uniqueRanking } from '../diff';
import { queryQuality, type QualityOptions, meanInterval } from '../metrics';
import type { Difference } from './differences';
import { shapleyValues, shares, type ShapleyPlan } from './shapley';

/** How an answer(S) is measured against answer(∅). */
export const EXPLAIN_MEASURES = ['rbo', 'top', 'count', 'ndcg', 'clicks'] as const;
export type ExplainMeasure = (typeof EXPLAIN_MEASURES)[number];

export const MEASURE_LABELS: Record<ExplainMeasure, string> = {
  rbo: 'ranking change (1 − RBO)',
  top: 'top result changed',
  count: 'change in the result count',
  ndcg: 'change in nDCG',
  clicks: 'change in clicks@10 on traffic',
};

/** What the measures read from an answer: its item ids in order and its count. */
export interface ExplainAnswer {
  ranking: string[];
  count: number | null;
}

/**
 * What a measure reads beyond the answers: for `ndcg` the ratings of one query (item id → rating) and how quality is
 * measured; for `clicks` the query's expected clicks@k on any ranking, by a click model fitted on traffic.
 */
export type ExplainJudged =
  { ratings: ReadonlyMap<string, number>; options: QualityOptions } | { clicks: (ranking: readonly string[]) => number };

/** A ranking without repeats, made once per ranking: answer(∅) is measured against every subset's. */
const uniques = new WeakMap<readonly string[], string[]>();
function unique(ranking: readonly string[]): string[] {
  let u = uniques.get(ranking);
  if (!u) uniques.set(ranking, (u = uniqueRanking(ranking)));
  return u;
}

/**
 * m(S) for one subset: `rbo` = 1 − RBO(ranking(S), ranking(∅)) (p = 0.9, extrapolated, as Compare), `top` = 1
 * when the first item differs, `count` = count(S) − count(∅), `ndcg` = nDCG@k(S) − nDCG@k(∅), `clicks` =
 * clicks@k(S) − clicks@k(∅) by the click model. Null for `ndcg` when the query has no relevant judged item (nothing
 * to measure), and for either when what it reads is not given.
 */
export function measureOf(measure: ExplainMeasure, answer: ExplainAnswer, base: ExplainAnswer, judged?: ExplainJudged): number | null {
  if (measure === 'rbo') return 1 - rbo(unique(answer.ranking), unique(base.ranking));
  if (measure === 'top') return unique(answer.ranking)[0] === unique(base.ranking)[0] ? 0 : 1;
  if (measure === 'count') return (answer.count ?? answer.ranking.length) - (base.count ?? base.ranking.length);
  if (!judged) return null;
  if ('clicks' in judged) return measure === 'clicks' ? judged.clicks(answer.ranking) - judged.clicks(base.ranking) : null;
  if (measure !== 'ndcg') return null;
  const here = queryQuality(answer.ranking, judged.ratings, judged.options);
  if (here.R === 0) return null;
  return here.ndcg - queryQuality(base.ranking, judged.ratings, judged.options).ndcg;
}

/** One difference's part in one query's change. */
export interface DifferenceShare extends Difference {
  phi: number;
  /** φ / m(D); null when m(D) = 0. */
  share: number | null;
  /** Sampled plans only. */
  stderr?: number | null;
}

export interface QueryExplanation {
  measure: ExplainMeasure;
  /** m(D): the whole change. */
  total: number;
  exact: boolean;
  differences: DifferenceShare[];
  /** A and B both answered without a ranking (no items, or a redirect): left out of a query set's ranking means. */
  bothEmpty?: true;
}

/** One query's Shapley values from the answers of the plan's subsets (by mask). */
export function explainQuery(
  plan: ShapleyPlan,
  differences: readonly Difference[],
  answers: ReadonlyMap<number, ExplainAnswer>,
  measure: ExplainMeasure,
  judged?: ExplainJudged,
): QueryExplanation | null {
  const base = answers.get(0);
  if (!base) return null;
  const values = new Map<number, number>();
  for (const mask of plan.masks) {
    const answer = answers.get(mask);
    if (!answer) return null;
    const m = measureOf(measure, answer, base, judged);
    if (m === null) return null;
    values.set(mask, m);
  }
  const { phi, stderr, total } = shapleyValues(plan, (mask) => values.get(mask) ?? 0);
  const share = shares(phi, total);
  const whole = answers.get(2 ** differences.length - 1);
  return {
    measure,
    total,
    exact: plan.exact,
    ...(base.ranking.length === 0 && whole?.ranking.length === 0 ? { bothEmpty: true as const } : {}),
    differences: differences.map((d, i) => ({
      ...d,
      phi: phi[i] as number,
      share: share[i] ?? null,
      ...(stderr ? { stderr: stderr[i] ?? null } : {}),
    })),
  };
}

/** Largest part first (by size: a difference pulling the other way counts by how much it pulls). */
export function byPart<T extends { phi: number }>(list: readonly T[]): T[] {
  return [...list].sort((x, y) => Math.abs(y.phi) - Math.abs(x.phi));
}

/** A query where one difference mattered: its φ there. */
export interface QueryPart {
  index: number;
  query: string;
  phi: number;
}

export interface SetDifference extends Difference {
  /** The mean φ over the explained queries, and its 95% interval (Student's t, as significance makes a mean delta's). */
  phi: number;
  ci95: [number, number] | null;
  /** Mean φ / mean m(D); null when the mean change is 0. */
  share: number | null;
  /** The queries where it mattered most (largest |φ| first). */
  top: QueryPart[];
}

export interface SetExplanation {
  measure: ExplainMeasure;
  total: number;
  totalCi95: [number, number] | null;
  differences: SetDifference[];
  /** Queries explained (the means are over these). */
  queries: number;
  leftOut: ExplainLeftOut;
}

/**
 * Queries a query set's means leave out: a request that failed; (ndcg) no relevant judged item; (rbo, top) no
 * ranking on either side — empty on both, or redirects — as Compare leaves them out of every ranking measure.
 */
export interface ExplainLeftOut {
  failed: number;
  unjudged: number;
  empty: number;
}

/** "Left out of the means: 7 queries with no ranking on either side (empty or a redirect)." — or '' when none was. */
export function leftOutSentence(left: ExplainLeftOut | undefined): string {
  if (!left) return '';
  const parts = (
    [
      [left.failed, 'with a failed request'],
      [left.unjudged, 'without a relevant judgment'],
      [left.empty, 'with no ranking on either side (empty or a redirect)'],
    ] as const
  ).filter(([n]) => n > 0);
  if (parts.length === 0) return '';
  const said = parts.map(([n, why], i) => (i === 0 ? `${n} ${n === 1 ? 'query' : 'queries'} ${why}` : `${n} ${why}`));
  return `Left out of the means: ${said.join(', ')}.`;
}

const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0);

/** Over a query set: each difference's mean φ with its interval, its share of the mean change, its top queries. */
export function explainSet(
  differences: readonly Difference[],
  measure: ExplainMeasure,
  perQuery: readonly { index: number; query: string; explanation: QueryExplanation | null; failed: boolean }[],
  options: { top?: number } = {},
): SetExplanation {
  const ranked = measure === 'rbo' || measure === 'top';
  const empty = ranked ? perQuery.filter((q) => q.explanation?.bothEmpty).length : 0;
  const explained = perQuery.filter((q) => q.explanation !== null && !(ranked && q.explanation.bothEmpty));
  const totals = explained.map((q) => q.explanation!.total);
  const total = mean(totals);
  const interval = (xs: number[]) => meanInterval(xs);
  const set = differences.map((d, i): SetDifference => {
    const phis = explained.map((q) => q.explanation!.differences[i]!.phi);
    const phi = mean(phis);
    const top = explained
      .map((q, j) => ({ index: q.index, query: q.query, phi: phis[j] as number }))
      .filter((p) => p.phi !== 0)
      .sort((x, y) => Math.abs(y.phi) - Math.abs(x.phi) || x.index - y.index)
      .slice(0, options.top ?? 5);
    return { ...d, phi, ci95: interval(phis), share: total === 0 ? null : phi / total, top };
  });
  const failed = perQuery.filter((q) => q.failed).length;
  return {
    measure,
    total,
    totalCi95: interval(totals),
    differences: set,
    queries: explained.length,
    leftOut: { failed, unjudged: perQuery.length - explained.length - failed - empty, empty },
  };
}

/** A share as people read it: "71%", "−12%"; "—" when there was no change to share. */
export function formatShare(share: number | null): string {
  if (share === null) return '—';
  const pct = Math.round(share * 100);
  return `${pct < 0 ? '−' : ''}${Math.abs(pct)}%`;
}

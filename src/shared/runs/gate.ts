import { formatP, metricLabel, type QueryQualityRow } from '../compare';
import { METRIC_NAMES, type MetricName, type PairedComparison } from '../metrics';

/**
 * A regression gate: B fails it when it is worse than its reference on one metric, significantly (p < alpha)
 * and by more than `minDelta`. The reference is side A, or side B of an earlier run (`--baseline-run`).
 */
export interface GateSpec {
  metric: MetricName;
  /** The cut-off the gate names (`ndcg@5`); absent: the run's k. */
  k?: number;
  alpha: number;
  minDelta: number;
}

/** Names people write for each metric, lower-cased: `ndcg`, `p` and `precision`, `map` and `ap`, `mrr` and `rr`… */
const ALIASES: Record<string, MetricName> = {
  ndcg: 'ndcg',
  dcg: 'dcg',
  p: 'precision',
  precision: 'precision',
  ap: 'ap',
  map: 'ap',
  rr: 'rr',
  mrr: 'rr',
  recall: 'recall',
  r: 'recall',
  judged: 'judged',
};

/** `ndcg@10`, `P@5`, `map`: the metric and its cut-off, or an error message naming what is accepted. */
export function parseGateMetric(text: string): { metric: MetricName; k?: number } | { error: string } {
  const m = /^\s*([a-z]+)\s*(?:@\s*(\d+))?\s*$/i.exec(text);
  const metric = m ? ALIASES[m[1]!.toLowerCase()] : undefined;
  if (!m || !metric)
    return {
      error: `--gate names a metric, optionally with its cut-off: one of ${METRIC_NAMES.join(', ')} (e.g. ndcg@10), got ${JSON.stringify(text)}`,
    };
  if (m[2] === undefined) return { metric };
  const k = Number(m[2]);
  if (!Number.isInteger(k) || k < 1 || k > 1000) return { error: `--gate ${text}: the cut-off is 1 to 1000` };
  if (metric === 'ap' || metric === 'rr') return { error: `--gate ${text}: ${metric} is over the whole ranking and takes no cut-off` };
  return { metric, k };
}

export interface QueryLoss {
  query: string;
  delta: number;
}

export interface GateOutcome {
  failed: boolean;
  metric: MetricName;
  k: number;
  /** What B was measured against: "A (default)", or "B of the baseline run (…)". */
  reference: string;
  comparison: PairedComparison;
  alpha: number;
  minDelta: number;
  /** The five queries that lost most (most negative B − reference first). */
  worst: QueryLoss[];
}

/** The queries that lost most on one metric, from per-query B − reference deltas. */
export function worstQueries(rows: readonly Pick<QueryQualityRow, 'query' | 'delta'>[], metric: MetricName, n = 5): QueryLoss[] {
  return rows
    .filter((r) => r.delta !== null && r.delta[metric] < 0)
    .map((r) => ({ query: r.query, delta: r.delta![metric] }))
    .sort((x, y) => x.delta - y.delta || x.query.localeCompare(y.query))
    .slice(0, n);
}

/** The gate's verdict on one paired comparison (B − reference). */
export function evaluateGate(
  spec: GateSpec,
  k: number,
  comparison: PairedComparison,
  rows: readonly Pick<QueryQualityRow, 'query' | 'delta'>[],
  reference: string,
): GateOutcome {
  const failed = comparison.n > 0 && comparison.delta < 0 && comparison.p < spec.alpha && -comparison.delta > spec.minDelta;
  return {
    failed,
    metric: spec.metric,
    k,
    reference,
    comparison,
    alpha: spec.alpha,
    minDelta: spec.minDelta,
    worst: worstQueries(rows, spec.metric),
  };
}

const signed = (x: number) => `${x < 0 ? '−' : '+'}${Math.abs(x).toFixed(3)}`;

/**
 * The gate's line: "gate nDCG@10 FAILED: B (x) is worse than A (y) by 0.047 (p < 0.001 < alpha 0.05, 95% CI
 * −0.073 … −0.022, more than the allowed 0.000 over 42 paired queries); lost most: "tent" −0.52, …".
 */
export function gateLine(outcome: GateOutcome, b: string): string {
  const { comparison: c, alpha, minDelta } = outcome;
  const label = metricLabel(outcome.metric, outcome.k);
  if (c.n === 0)
    return `gate ${label} passed: no judged query was answered by both ${b} and ${outcome.reference}, so there is nothing to hold against (check the judgments match the queries).`;
  const ci = c.ci95 ? `, 95% CI ${signed(c.ci95[0])} … ${signed(c.ci95[1])}` : '';
  const p = `p ${c.p < 0.001 ? '< 0.001' : `= ${formatP(c.p)}`}`;
  const over = `over ${c.n} paired quer${c.n === 1 ? 'y' : 'ies'}`;
  const worst = outcome.worst.length
    ? `; lost most: ${outcome.worst.map((w) => `${JSON.stringify(w.query)} ${signed(w.delta)}`).join(', ')}`
    : '';
  const by = Math.abs(c.delta).toFixed(3);
  if (outcome.failed)
    return `gate ${label} FAILED: ${b} is worse than ${outcome.reference} by ${by} (${p} < alpha ${alpha}${ci}; more than the allowed ${minDelta.toFixed(3)}, ${over})${worst}.`;
  const why =
    c.delta >= 0
      ? `${b} is not worse than ${outcome.reference} (${signed(c.delta)}, ${p}${ci}, ${over})`
      : c.p >= alpha
        ? `${b} is behind ${outcome.reference} by ${by}, but not significantly (${p} ≥ alpha ${alpha}${ci}, ${over})`
        : `${b} is worse than ${outcome.reference} by ${by} (${p}${ci}, ${over}), within the allowed ${minDelta.toFixed(3)}`;
  return `gate ${label} passed: ${why}${worst}.`;
}

import type { QualityConfig } from '../compare';
import { type RatingIndex, queryKey } from '../judgments';
import {
  countsInMean,
  METRIC_NAMES,
  perMetric,
  queryQuality,
  type MetricName,
  type Metrics,
  meanInterval,
  comparePaired,
  type PairedComparison,
} from '../metrics';
import type { QueryLoss } from './gate';

/** One kept run of an experiment, as the trend reads it: each query's stored rankings and the ratings it is scored with. */
export interface RunRankings {
  batchId: string;
  startedAt: string;
  /** The hash of the judgment list the run was scored with (its snapshot), or null when it kept none. */
  judgmentsSha256: string | null;
  rows: { query: string; a: readonly string[] | null; b: readonly string[] | null }[];
}

/** A side's mean over the judged queries it answered, with the 95% interval of that mean (Student's t, as significance makes it). */
export interface SideMean {
  mean: number;
  ci95: [number, number] | null;
  n: number;
}

/** A run's side B against side B of the baseline run, paired over the queries both judged and answered. */
export interface VersusBaseline extends PairedComparison {
  /** B − baseline B is negative with p < 0.05: the run is flagged. */
  worse: boolean;
  /** Per query B − baseline B, losses first: the queries that lost most lead. */
  perQuery: QueryLoss[];
}

export interface TrendRun {
  batchId: string;
  startedAt: string;
  judgmentsSha256: string | null;
  /** Per metric: each side's mean, and (every run but the baseline) the comparison with the baseline run's B. */
  metrics: Record<MetricName, { a: SideMean; b: SideMean; vsBaseline: VersusBaseline | null }>;
}

type Scored = { key: string; query: string; a: Metrics | null; b: Metrics | null };

/** Each query's metrics per side, from stored rankings and a rating index; queries nobody judged are left out. */
export function scoreRun(rows: RunRankings['rows'], ratings: RatingIndex, config: QualityConfig): Scored[] {
  const out: Scored[] = [];
  for (const row of rows) {
    const key = queryKey(row.query);
    const judged = ratings.get(key)?.ratings;
    if (!judged || !countsInMean(judged)) continue;
    const score = (ranking: readonly string[] | null) => {
      if (ranking === null) return null;
      const q = queryQuality(ranking, judged, config);
      return perMetric((m) => q[m]);
    };
    const a = score(row.a);
    const b = score(row.b);
    if (a || b) out.push({ key, query: row.query, a, b });
  }
  return out;
}

function sideMean(values: number[]): SideMean {
  return {
    mean: values.length ? values.reduce((s, x) => s + x, 0) / values.length : 0,
    ci95: meanInterval(values),
    n: values.length,
  };
}

/** B of `run` against B of `baseline`, paired by query (normalised text), on one metric. */
export function versusBaseline(run: readonly Scored[], baseline: readonly Scored[], metric: MetricName): VersusBaseline {
  const then = new Map(baseline.filter((s) => s.b).map((s) => [s.key, s.b![metric]]));
  const x: number[] = [];
  const y: number[] = [];
  const perQuery: QueryLoss[] = [];
  for (const s of run) {
    const before = then.get(s.key);
    if (!s.b || before === undefined) continue;
    x.push(before);
    y.push(s.b[metric]);
    perQuery.push({ query: s.query, delta: s.b[metric] - before });
  }
  const c = comparePaired(x, y);
  perQuery.sort((p, q) => p.delta - q.delta || p.query.localeCompare(q.query));
  return { ...c, worse: c.significant && c.delta < 0, perQuery };
}

/**
 * The runs of an experiment over time: per metric, each run's mean for A and B with its interval, and each
 * run's B against the baseline run's B (paired, the same test as B − A), flagged when significantly worse.
 * `ratingsOf` gives the ratings a run is scored with: its own snapshot, or today's list to re-score them all.
 */
export function trend(
  runs: readonly RunRankings[],
  ratingsOf: (run: RunRankings) => RatingIndex,
  config: QualityConfig,
  baselineId: string | null,
): TrendRun[] {
  const scored = runs.map((run) => scoreRun(run.rows, ratingsOf(run), config));
  const base = runs.findIndex((r) => r.batchId === baselineId);
  return runs.map((run, i) => ({
    batchId: run.batchId,
    startedAt: run.startedAt,
    judgmentsSha256: run.judgmentsSha256,
    metrics: Object.fromEntries(
      METRIC_NAMES.map((m) => [
        m,
        {
          a: sideMean(scored[i]!.flatMap((s) => (s.a ? [s.a[m]] : []))),
          b: sideMean(scored[i]!.flatMap((s) => (s.b ? [s.b[m]] : []))),
          vsBaseline: base >= 0 && base !== i ? versusBaseline(scored[i]!, scored[base]!, m) : null,
        },
      ]),
    ) as TrendRun['metrics'],
  }));
}

/** Whether the runs were scored with more than one version of the judgment list. */
export function judgmentsChanged(runs: readonly Pick<RunRankings, 'judgmentsSha256'>[]): boolean {
  return new Set(runs.map((r) => r.judgmentsSha256 ?? 'none')).size > 1;
}

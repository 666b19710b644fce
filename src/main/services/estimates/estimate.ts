import {
  DEFAULT_CLIP,
  DEFAULT_REPLICATES,
  DEFAULT_SEED,
  estimateOnLog,
  type EstimatorName,
  LOW_COVERAGE,
  type ReplayModel,
  replayInterleaving,
  interleavingDelta,
  type OutcomeEstimate,
  type Support,
  type TargetClicks,
  type TrafficEstimate,
} from '../../../shared/estimates';
import type { Interval } from '../../../shared/click-models';
import { failure } from '../../../shared/errors';
import type { TrafficFilter } from '../../../shared/traffic';
import type { SearchClient } from '../search';
import type { StoreQueries } from '../traffic';
import { type ReplayContext, replayLogOnStore } from './log';
import { type RankingSource, runRankings, serviceRankings } from './rankings';

export interface EstimateInput {
  /** The days replayed (and the model fitted on): a configuration here is ignored, `configuration` says A. */
  filter: TrafficFilter;
  /** A: the configuration whose logged searches are replayed (default: every search). */
  configuration?: string;
  source: RankingSource;
  model: ReplayModel;
  k: number;
  clip?: number;
  replicates?: number;
  seed?: number;
}

/** The interleaving replay's answer: B's wins, losses and ties, and B − A as the share of searches won less lost. */
export interface InterleavingEstimate {
  wins: number;
  losses: number;
  ties: number;
  /** (wins − losses) / searches from the expected counts, with the 95% interval and the sign test's p a live test of as many searches would have. */
  delta: { value: number; ci95: Interval; p: number };
}

export interface EstimateReport {
  model: ReplayModel;
  k: number;
  replicates: number;
  /** The bootstrap's draws: shown with the result, and what gives the same figures again. */
  seed: number;
  configuration: string | null;
  /** B: its configuration, or the run file's name. */
  b: string;
  estimates: TrafficEstimate[];
  /** Whether the log supports IPS and SNIPS: the weights' effective sample size, the largest, B's places never shown. */
  support: Support;
  /** The estimator to read first: the one the diagnostics support (DR, or the model when the weights are unsound). */
  headline: EstimatorName;
  /** Click-through, and where the log has them add-to-carts and purchases per search, by the model. */
  outcomes: OutcomeEstimate[];
  /** Per query A's replayed searches and the model's clicks@k for A and B, the most clicks lost in all (B − A × searches) first. */
  queries: QueryClicks[];
  interleaving: InterleavingEstimate;
  coverage: number;
  lowCoverage: boolean;
  searches: number;
  /** A's searches whose query a run file lacks (not replayed). */
  missing: number;
  contexts: number;
  ms: { log: number; rankings: number; estimate: number };
}

/** One query's clicks@k on traffic by the model: A's pages as logged, B's ranking, over A's searches of it. */
export interface QueryClicks {
  query: string;
  searches: number;
  a: number;
  b: number;
  delta: number;
}

/** Per query (its contexts pooled, each by its searches), the most clicks lost in all first: B − A per search × its searches. */
export function queryClicks(contexts: readonly ReplayContext[], perTarget: TargetClicks): QueryClicks[] {
  const byQuery = new Map<string, { searches: number; a: number; b: number }>();
  contexts.forEach((c, t) => {
    const n = perTarget.searches[t] ?? 0;
    if (!n) return;
    const q = byQuery.get(c.query) ?? { searches: 0, a: 0, b: 0 };
    q.searches += n;
    q.a += n * perTarget.a[t]!;
    q.b += n * perTarget.b[t]!;
    byQuery.set(c.query, q);
  });
  return [...byQuery]
    .map(([query, q]) => ({ query, searches: q.searches, a: q.a / q.searches, b: q.b / q.searches, delta: (q.b - q.a) / q.searches }))
    .sort((x, y) => x.delta * x.searches - y.delta * y.searches || x.query.localeCompare(y.query));
}

export type EstimateProgress = { phase: 'rankings' | 'bootstrap'; done: number; total: number };

/**
 * What B would have earned on the store's traffic logged under A: the searches read and numbered, B's rankings
 * fetched (or read from a run file), the click model fitted, every estimator with its bootstrap interval, and the
 * interleaving replay.
 */
export async function estimateOnStore(
  deps: { search: SearchClient },
  store: StoreQueries,
  input: EstimateInput,
  options: { signal?: AbortSignal; onProgress?: (p: EstimateProgress) => void } = {},
): Promise<EstimateReport> {
  const t0 = performance.now();
  let missing = 0;
  let fetched = 0;
  const rankingsOf = async (contexts: ReplayContext[]) => {
    const t = performance.now();
    try {
      if (input.source.kind === 'run') {
        const read = runRankings(input.source, contexts);
        missing = read.missing;
        return read.rankings;
      }
      return await serviceRankings(deps.search, input.source, contexts, input.k, {
        ...(options.signal ? { signal: options.signal } : {}),
        onProgress: (done, total) => options.onProgress?.({ phase: 'rankings', done, total }),
      });
    } finally {
      fetched = performance.now() - t;
    }
  };
  const { log, contexts } = await replayLogOnStore(
    store,
    { filter: input.filter, ...(input.configuration !== undefined ? { configuration: input.configuration } : {}), k: input.k },
    rankingsOf,
  );
  const t1 = performance.now();
  if (!log.pages.searches)
    throw failure('validation', 'The traffic store has no first page with results in these days: import traffic, or widen the days.', {
      field: 'store',
    });
  if (!contexts.length)
    throw failure(
      'validation',
      `No search in the store was logged under configuration ${JSON.stringify(input.configuration)}: give --a-config as the log names it (traffic report --by configuration lists them).`,
      { field: 'configuration' },
    );
  if (!log.searchReplay.some((r, i) => r && log.searchTarget[i]! >= 0))
    throw failure(
      'validation',
      `None of the ${contexts.length.toLocaleString('en-US')} queries A's searches had is in ${input.source.kind === 'run' ? input.source.name : "B's answers"}: nothing to replay.`,
      { field: 'bRun' },
    );
  const replicates = input.replicates ?? DEFAULT_REPLICATES;
  const seed = input.seed ?? DEFAULT_SEED;
  const { estimates, outcomes, perTarget, behaviour, support, headline } = estimateOnLog(
    log,
    { model: input.model, k: input.k, clip: input.clip ?? DEFAULT_CLIP, replicates, seed },
    (done, total) => options.onProgress?.({ phase: 'bootstrap', done, total }),
  );
  // Exact expected credit: no draw, the same verdict whatever the seed.
  const tally = replayInterleaving(log, behaviour, input.k);
  const coverage = estimates[0]?.coverage ?? 0;
  return {
    model: input.model,
    k: input.k,
    replicates,
    configuration: input.configuration ?? null,
    b: input.source.kind === 'run' ? input.source.name : input.source.configurationId,
    estimates,
    support,
    headline,
    outcomes,
    queries: queryClicks(contexts, perTarget),
    interleaving: { ...tally, delta: interleavingDelta(tally) },
    seed,
    coverage,
    lowCoverage: coverage < LOW_COVERAGE,
    searches: estimates[0]?.searches ?? 0,
    missing,
    contexts: contexts.length,
    ms: { log: Math.round(t1 - t0 - fetched), rankings: Math.round(fetched), estimate: Math.round(performance.now() - t1) },
  };
}

/** Said beside an estimate whose coverage is low. */
export const lowCoverageWords = (coverage: number): string =>
  `only ${Math.round(coverage * 100)}% of B's top items were ever shown for their query in this log: the estimate rests mostly on the model's guess for the rest (IPS and SNIPS give those items nothing), not on shoppers' clicks`;

export type { EstimatorName };

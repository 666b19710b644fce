import { setMaxListeners } from 'node:events';
import { rankingOf, type QueryRow, kindedAnswer } from '../../../shared/compare';
import {
  explainDifferences,
  type Difference,
  type ExplainSides,
  type NotAttributed,
  explainQuery,
  explainSet,
  type ExplainAnswer,
  type ExplainJudged,
  type ExplainMeasure,
  type QueryExplanation,
  type ExplainRunView,
  queryRequests,
  subsetSides,
  type ExplainJob,
  type QueryRequests,
  shapleyPlan,
  type ShapleyPlan,
} from '../../../shared/explain';
import type { KindedResponse } from '../../../shared/request';
import type { SideSender } from '../compare';
import { PacedRetry, type PacedRetryOptions } from '../pacing';

export interface ExplainProgress {
  /** Distinct requests to send (answers reused from the comparison are not among them), and how many have ended. */
  total: number;
  done: number;
  failed: number;
}

export interface ExplainRunOptions extends Omit<PacedRetryOptions, 'pace'> {
  sides: ExplainSides;
  rows: readonly QueryRow[];
  measure: ExplainMeasure;
  /** Distinct requests per query at most (default: 2⁵, exact up to five differences). */
  budget?: number;
  seed?: number;
  /** The ratings of a query, for `ndcg`. */
  judged?: (query: string) => ExplainJudged | undefined;
  /** An answer already at hand for request(∅) (side A) or request(D) (side B) of a query: it is not asked again. */
  known?: (index: number, side: 'a' | 'b') => ExplainAnswer | undefined;
  send: SideSender;
  concurrency: number;
  pace?: 'auto';
  signal?: AbortSignal;
  onProgress?: (progress: ExplainProgress) => void;
}

export interface QueryOutcome {
  index: number;
  query: string;
  explanation: QueryExplanation | null;
  /** A request of this query could not run: why. */
  error?: string;
}

export type ExplainRun = ExplainRunView & { queries: QueryOutcome[] };

/** What an answer holds for the measures. */
export function explainAnswer(answer: KindedResponse): ExplainAnswer {
  // Explain sends searches only (a batch of another kind is refused before anything is sent).
  if (answer.kind !== 'search') return { ranking: [], count: null };
  const count = answer.response?.metadata?.count;
  return { ranking: rankingOf(answer.response), count: typeof count === 'number' ? count : null };
}

/** The plan and the requests of every query, before anything is sent: what the budget line shows. */
export function planExplanation(options: Pick<ExplainRunOptions, 'sides' | 'rows' | 'budget' | 'seed'>): {
  differences: Difference[];
  notAttributed: NotAttributed[];
  plan: ShapleyPlan;
  queries: QueryRequests[];
} {
  const { differences, notAttributed } = explainDifferences(options.sides);
  const plan = shapleyPlan(differences.length, {
    ...(options.budget !== undefined ? { budget: options.budget } : {}),
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
  });
  const subsets = subsetSides(options.sides, differences, plan);
  const queries = options.rows.map((row, index) => queryRequests(subsets, row, index));
  return { differences, notAttributed, plan, queries };
}

/**
 * Explains the change between two sides, query by query: request(S) for every subset of the plan (each distinct
 * request once, answers of the comparison reused), paced and retried as every run of many requests is, then
 * Shapley values per query and, over a query set, their means with intervals. Cancel stops what is in flight;
 * queries not finished are left out.
 */
export async function runExplanation(options: ExplainRunOptions): Promise<ExplainRun> {
  const abort = new AbortController();
  setMaxListeners(0, abort.signal);
  const stop = () => abort.abort();
  options.signal?.addEventListener('abort', stop, { once: true });
  if (options.signal?.aborted) abort.abort();
  const { differences, notAttributed, plan, queries } = planExplanation(options);
  const full = 2 ** differences.length - 1;
  const answers = queries.map(() => new Map<string, ExplainAnswer>());
  const errors = new Map<number, string>();
  const jobs: { query: number; job: ExplainJob }[] = [];
  let requests = 0;
  let reused = 0;
  queries.forEach((q, i) => {
    requests += q.jobs.size;
    if (differences.length === 0) return;
    for (const [mask, side] of [
      [0, 'a'],
      [full, 'b'],
    ] as const) {
      const known = options.known?.(q.index, side);
      const key = q.keyOf.get(mask)!;
      if (known && !answers[i]!.has(key)) {
        answers[i]!.set(key, known);
        reused++;
      }
    }
    for (const job of q.jobs.values()) if (!answers[i]!.has(job.key)) jobs.push({ query: i, job });
  });

  const sender = new PacedRetry(options);
  const progress: ExplainProgress = { total: jobs.length, done: 0, failed: 0 };
  let next = 0;
  let sent = 0;
  const runOne = async ({ query, job }: { query: number; job: ExplainJob }) => {
    // A query with a failed request cannot be explained: its other requests are not worth sending.
    if (!errors.has(query)) {
      sent++;
      const { value: answer, attempts } = await sender.send(
        () => options.send(job.target, { kind: 'search', request: job.request }, abort.signal),
        abort.signal,
      );
      if (abort.signal.aborted) return;
      if (answer.ok) answers[query]!.set(job.key, explainAnswer(kindedAnswer('search', answer.response)));
      else {
        errors.set(query, `${job.side.label}: ${answer.error.message}${attempts > 1 ? ` (after ${attempts} tries)` : ''}`);
        progress.failed++;
      }
    }
    progress.done++;
    options.onProgress?.({ ...progress });
  };
  try {
    const workers = Math.max(1, Math.min(options.concurrency, jobs.length || 1));
    await Promise.all(
      Array.from({ length: workers }, async () => {
        while (!abort.signal.aborted && next < jobs.length) await runOne(jobs[next++]!);
      }),
    );
  } finally {
    options.signal?.removeEventListener('abort', stop);
  }

  const outcomes: QueryOutcome[] = queries.map((q, i) => {
    const error = errors.get(i);
    if (error) return { index: q.index, query: q.query, explanation: null, error };
    const byMask = new Map<number, ExplainAnswer>();
    for (const [mask, key] of q.keyOf) {
      const answer = answers[i]!.get(key);
      if (answer) byMask.set(mask, answer);
    }
    if (byMask.size < plan.masks.length)
      return { index: q.index, query: q.query, explanation: null, error: 'not finished: the explanation was cancelled' };
    const explanation = explainQuery(plan, differences, byMask, options.measure, options.judged?.(q.query));
    return { index: q.index, query: q.query, explanation };
  });
  const stopped = abort.signal.aborted;
  const set =
    queries.length > 1
      ? explainSet(
          differences,
          options.measure,
          outcomes.map((o) => ({ ...o, failed: o.error !== undefined })),
        )
      : null;
  return {
    measure: options.measure,
    differences,
    notAttributed,
    exact: plan.exact,
    permutations: plan.permutations.length,
    requests,
    sent,
    reused,
    queries: outcomes,
    set,
    stopped,
  };
}

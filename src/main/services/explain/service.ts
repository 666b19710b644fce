import { BATCH_CONCURRENCY, type SideSpec, qualitySettings, type QueryRow } from '../../../shared/compare';
import { type ExplainProgressView, type ExplainView } from '../../../shared/explain';
import { failure } from '../../../shared/errors';
import {
  type ExplainAnswer,
  type ExplainJudged,
  type ExplainMeasure,
  explainReport,
  perQueryOf,
  explainDifferences,
  MAX_DIFFERENCES,
  minimumBudget,
  shapleyPlan,
  type ShapleyPlan,
} from '../../../shared/explain';
import { findJudged, indexRatings, type RatingsCounted, queryKey } from '../../../shared/judgments';
import type { QualityOptions } from '../../../shared/metrics';
import type { SearchTemplate } from '../../../shared/request';
import type { ClicksOf } from '../../../shared/estimates';
import { type CompareService, searchSender } from '../compare';
import type { SearchClient, Targets } from '../search';
import type { JudgmentLists } from '../judgments';
import { OneRun } from '../pacing';
import { runExplanation, type ExplainRun, type ExplainRunOptions } from './runner';

export interface ExplainServiceDeps {
  targets: Targets;
  search: SearchClient;
  /** The app's batches and judgment lists; the command line has neither (it explains a query set it read). */
  compare?: CompareService;
  judgments?: JudgmentLists;
  /** Clicks@k on traffic, per query, by the click model fitted on the traffic store: for the `clicks` measure. */
  clicks?: () => Promise<ClicksOf>;
  deadlineMs: () => number;
  onProgress: (progress: ExplainProgressView) => void;
}

type Sides = { base: SearchTemplate; a: SideSpec; b: SideSpec };

/** A query set to explain, as the command line reads it: its rows, and the ratings of each query when nDCG is measured. */
export interface ExplainSetInput {
  sides: Sides;
  rows: readonly QueryRow[];
  measure: ExplainMeasure;
  budget?: number;
  judged?: (query: string) => ExplainJudged;
  concurrency?: number;
  pace?: 'auto';
}

export interface ExplainQueryInput {
  base: SearchTemplate;
  sides: { a: SideSpec; b: SideSpec };
  query: string;
  measure: ExplainMeasure;
  budget?: number;
  known?: { a?: ExplainAnswer; b?: ExplainAnswer };
  judgments?: string;
}

/**
 * Explanations in the app: one query of Compare's side by side, or a batch over its query set. The requests in
 * between go to each side's own profile (B's when the profile is one of the differences), paced and retried as
 * batches are; one explanation at a time, cancellable.
 */
export class ExplainService {
  private readonly one = new OneRun('An explanation is in progress: wait for it, or cancel it first.');

  constructor(private readonly deps: ExplainServiceDeps) {}

  /** Where a side's requests go: its own address, or its profile's (Local demo once it is up). */
  private async targets(sides: { a: SideSpec; b: SideSpec }): Promise<Record<'a' | 'b', { baseUrl: string }>> {
    const one = async (side: SideSpec, key: 'a' | 'b') => {
      if (side.baseUrl) return { baseUrl: side.baseUrl };
      try {
        return { baseUrl: (await this.deps.targets(side.profileId)).searchUrl };
      } catch {
        throw failure('not-found', `The profile of side ${key.toUpperCase()} no longer exists; pick one of the profiles in the list.`, {
          field: `sides.${key}.profileId`,
        });
      }
    };
    return { a: await one(sides.a, 'a'), b: await one(sides.b, 'b') };
  }

  /** The ratings a measure reads, with the settings given — else the list's own (its threshold), as everywhere. */
  private async judged(file: string, given?: QualityOptions & { ratings?: RatingsCounted }): Promise<(query: string) => ExplainJudged> {
    if (!this.deps.judgments) throw failure('validation', 'Judgment lists are read in the app’s workspace.', { field: 'judgments' });
    const list = await this.deps.judgments.read(file);
    const options = given ?? qualitySettings({}, list.scale);
    const index = indexRatings(list.ratings, { ratings: options.ratings ?? 'confirmed' });
    return (query) => ({ ratings: index.get(findJudged(index, query) ?? queryKey(query))?.ratings ?? new Map(), options });
  }

  /** Clicks@10 on traffic per query, for the `clicks` measure. */
  private async onTraffic(): Promise<(query: string) => ExplainJudged> {
    if (!this.deps.clicks)
      throw failure('validation', 'Clicks on traffic need a traffic store: give --traffic STORE.', { field: 'traffic' });
    const clicksOf = await this.deps.clicks();
    return (query) => ({ clicks: (ranking) => clicksOf(query, ranking) });
  }

  /** What the measure reads: the traffic's clicks, or the judgment list's ratings (when there is one). */
  private async readsFor(measure: ExplainMeasure, judgments: () => Promise<(query: string) => ExplainJudged> | undefined) {
    return measure === 'clicks' ? await this.onTraffic() : await judgments();
  }

  /**
   * The checks every explanation passes before a request is sent, in the app and on the command line: nDCG has
   * ratings to measure with, the sides differ in few enough parameters, the budget can cover one order of them.
   * Answers how many differences there are and the plan of requests.
   */
  plan(sides: Sides, measure: ExplainMeasure, budget: number | undefined, judged: boolean): { differences: number; plan: ShapleyPlan } {
    if (measure === 'ndcg' && !judged)
      throw failure('validation', 'nDCG needs a judgment list to measure with: give one, or explain by ranking change.', {
        field: 'judgments',
      });
    const n = explainDifferences(sides).differences.length;
    if (n > MAX_DIFFERENCES)
      throw failure('validation', `The sides differ in ${n} parameters; explain takes at most ${MAX_DIFFERENCES}.`, { field: 'sides' });
    if (budget !== undefined && budget < minimumBudget(n))
      throw failure(
        'validation',
        `A budget of ${budget} requests cannot explain ${n} differences: give at least ${minimumBudget(n)} (one request per step of one order).`,
        { field: 'budget' },
      );
    return { differences: n, plan: shapleyPlan(n, budget !== undefined ? { budget } : {}) };
  }

  private async run(options: Omit<ExplainRunOptions, 'send' | 'signal' | 'onProgress' | 'deadlineMs'>): Promise<ExplainRun> {
    return this.one.start(async (signal) => {
      const targets = await this.targets(options.sides);
      const deadlineMs = this.deps.deadlineMs();
      let last = 0;
      return await runExplanation({
        ...options,
        send: searchSender(this.deps.search, (side) => targets[side], deadlineMs > 0 ? { deadlineMs } : {}),
        ...(deadlineMs > 0 ? { deadlineMs } : {}),
        signal,
        onProgress: (p) => {
          if (p.done < p.total && Date.now() - last < 100) return;
          last = Date.now();
          this.deps.onProgress(p);
        },
      });
    });
  }

  async query(input: ExplainQueryInput): Promise<ExplainView> {
    if (!input.query.trim()) throw failure('validation', 'Type the query to explain.', { field: 'query' });
    const sides = { base: input.base, a: input.sides.a, b: input.sides.b };
    this.plan(sides, input.measure, input.budget, Boolean(input.judgments));
    const judged = await this.readsFor(input.measure, () => (input.judgments ? this.judged(input.judgments) : undefined));
    const run = await this.run({
      sides,
      rows: [{ query: input.query, line: 1 }],
      measure: input.measure,
      ...(input.budget !== undefined ? { budget: input.budget } : {}),
      ...(judged ? { judged } : {}),
      ...(input.known ? { known: (_index: number, side: 'a' | 'b') => input.known?.[side] } : {}),
      concurrency: BATCH_CONCURRENCY,
    });
    if (input.measure === 'ndcg' && !run.stopped && run.differences.length && run.queries.every((q) => !q.error && !q.explanation))
      throw failure(
        'validation',
        `The judgment list rates no relevant item for “${input.query}”: nDCG cannot move. Rate some, or explain by ranking change.`,
        {
          field: 'judgments',
        },
      );
    return view(run);
  }

  /** A batch over its query set; its stored answers stand for A and B. The explanation is kept with the batch. */
  async batch(input: { id: string; measure: ExplainMeasure; budget?: number }): Promise<ExplainView> {
    const compare = this.deps.compare;
    if (!compare) throw failure('validation', 'Comparisons are explained in the app, where they are kept.', { field: 'id' });
    const { definition, results, progress } = compare.read(input.id);
    if (progress.status === 'running')
      throw failure('conflict', 'The comparison is still running: explain it once it is done.', { field: 'id' });
    if (definition.kind && definition.kind !== 'search')
      throw failure('validation', `Explain attributes changes of search answers; this comparison is of ${definition.kind}.`, {
        field: 'id',
      });
    if (input.measure === 'ndcg' && !definition.quality)
      throw failure(
        'validation',
        'This comparison is not measured against a judgment list, so nDCG cannot be explained: explain by ranking change.',
        {
          field: 'measure',
        },
      );
    const sides = { base: definition.base, a: definition.sides.a, b: definition.sides.b };
    this.plan(sides, input.measure, input.budget, true);
    const stored = new Map(results.map((r) => [r.index, r]));
    const known = (index: number, side: 'a' | 'b'): ExplainAnswer | undefined => {
      const r = stored.get(index)?.[side];
      return r?.ok ? { ranking: r.ranking ?? r.top.map((t) => t.id), count: r.count ?? null } : undefined;
    };
    const quality = definition.quality;
    const judged = await this.readsFor(input.measure, () => (quality ? this.judged(quality.judgments.file, quality) : undefined));
    const run = await this.run({
      sides,
      rows: definition.rows,
      measure: input.measure,
      ...(input.budget !== undefined ? { budget: input.budget } : {}),
      ...(judged ? { judged } : {}),
      known,
      concurrency: definition.concurrency,
      ...(definition.pace === 'auto' ? { pace: 'auto' as const } : {}),
    });
    const out = { ...view(run), perQuery: perQueryOf(run), batchId: input.id };
    if (!run.stopped) await compare.keepExplanation(input.id, out);
    return out;
  }

  /** A query set read elsewhere (the command line's --query or --queries): each query's explanation and the mean. */
  async queries(input: ExplainSetInput): Promise<ExplainRun> {
    this.plan(input.sides, input.measure, input.budget, Boolean(input.judged));
    return this.run({
      sides: input.sides,
      rows: input.rows,
      measure: input.measure,
      ...(input.budget !== undefined ? { budget: input.budget } : {}),
      ...(input.judged ? { judged: input.judged } : {}),
      concurrency: input.concurrency ?? BATCH_CONCURRENCY,
      ...(input.pace ? { pace: input.pace } : {}),
    });
  }

  cancel(): { cancelled: boolean } {
    return this.one.cancel();
  }
}

function view(run: ExplainRun): ExplainView {
  return {
    ...explainReport(run),
    sent: run.sent,
    reused: run.reused,
    stopped: run.stopped,
    errors: run.queries.filter((q) => q.error).map((q) => ({ query: q.query, error: q.error! })),
  };
}

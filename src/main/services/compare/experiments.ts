import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { failure } from '../../../shared/errors';
import {
  apartIndex,
  indexRatings,
  resolvedRatings,
  proposeIntent,
  itemFacets,
  poolQueue,
  skipKey,
  type JudgingQueue,
  type PoolQuery,
  queryKey,
  compileRules,
  suggestRating,
} from '../../../shared/judgments';
import { writeJsonAtomically } from '../storage';
import { WORKSPACE_FORMATS } from '../../../shared/workspace';
import { experimentBatch, experimentSchema, type Experiment, type NewExperiment } from '../../../shared/compare';
import type { RunSnapshot } from '../../../shared/runs';
import type { CompareService } from './service';
import type { JudgmentLists } from '../judgments';
import type { QuerySets, Workspace } from '../workspace';

export interface ExperimentRun {
  /** The batch comparison that is this run. */
  id: string;
  /** Items asked per query. */
  limit: number;
  /** Set when the page size was raised to k so every judged position has an item to measure. */
  notice?: string;
}

/**
 * Experiments in the workspace's `experiments/`: a query set on two sides,
 * optionally against a judgment list. Running one starts a batch
 * comparison (resumable, rate-aware) that keeps every request and answer,
 * and records it in the experiment's runs.
 */
/** What a rater skipped in an experiment's queue: kept under the data folder (it is the rater's, not the team's). */
const judgingStateSchema = z.object({ skipped: z.array(z.string()).max(100_000).default([]) });

export class Experiments {
  constructor(
    private readonly deps: {
      workspace: Workspace;
      querySets: QuerySets;
      judgments: JudgmentLists;
      compare: CompareService;
      /** Where each experiment's judging state (skipped items) is kept. */
      stateDir?: string;
    },
    private readonly now: () => Date = () => new Date(),
  ) {}

  private statePath(file: string): string | undefined {
    return this.deps.stateDir ? join(this.deps.stateDir, file) : undefined;
  }

  private async skipped(file: string): Promise<Set<string>> {
    const path = this.statePath(file);
    if (!path) return new Set();
    try {
      return new Set(judgingStateSchema.parse(JSON.parse(await readFile(path, 'utf8'))).skipped);
    } catch {
      return new Set(); // none yet, or unreadable: nothing is skipped
    }
  }

  /** Marks an item of the queue skipped (it comes back after the rest) or not; kept across restarts. */
  async skip(file: string, query: string, itemId: string, skipped: boolean): Promise<{ skipped: number }> {
    await this.read(file); // an experiment that is not there has nothing to skip
    const path = this.statePath(file);
    const set = await this.skipped(file);
    if (skipped) set.add(skipKey(query, itemId));
    else set.delete(skipKey(query, itemId));
    if (path) await writeJsonAtomically(path, { skipped: [...set].sort() });
    return { skipped: set.size };
  }

  /**
   * The pooled judging queue of an experiment's newest run: each query's
   * union of both sides' top k that the judgment list has no rating for, with
   * what the stored answers said of each item (so no request is sent again).
   */
  /**
   * The pooled judging queue of an experiment's newest run, for the rater of the moment: the items nobody has
   * rated; with `secondOpinion`, the items only others rated (their ratings unseen); with `calibration`, a
   * seeded share of those joins the ordinary queue; with `shoppersDisagree`, the items people and a click model both
   * rated differently, farthest apart first (a second look); with `judgeDisagrees`, those people and a language model
   * judge rated differently.
   */
  async queue(
    file: string,
    options: {
      secondOpinion?: boolean;
      secondOf?: string;
      calibration?: number;
      shoppersDisagree?: boolean;
      judgeDisagrees?: boolean;
    } = {},
  ): Promise<JudgingQueue> {
    const experiment = await this.read(file);
    if (!experiment.judgments)
      throw failure('validation', `${experiment.name} has no judgment list to rate into: create an experiment with one (Judgments).`, {
        field: 'judgments',
      });
    const run = experiment.runs.at(-1);
    if (!run)
      throw failure('validation', `${experiment.name} has not been run yet: Run it first, and the queue pools both sides' answers.`);
    const [list, querySet, skipped] = await Promise.all([
      this.deps.judgments.read(experiment.judgments),
      this.deps.querySets.read(experiment.querySet).catch(() => null),
      this.skipped(file),
    ]);
    let batch;
    try {
      batch = this.deps.compare.read(run.batchId);
    } catch {
      throw failure('not-found', `The answers of ${experiment.name}'s last run are gone (the batch was deleted): Run it again.`);
    }
    const notes = new Map((querySet?.queries ?? []).filter((q) => q.note).map((q) => [queryKey(q.query), q.note as string]));
    const intents = new Map((querySet?.queries ?? []).filter((q) => q.intent).map((q) => [queryKey(q.query), q.intent!]));
    const compiled = list.rules?.length ? compileRules(list.rules) : null;
    const rules = compiled?.ok ? compiled.rules : [];
    const results = new Map(batch.results.map((r) => [r.index, r]));
    const rankingOf = (side: { ok: boolean; ranking?: string[]; top: { id: string }[] } | undefined) =>
      side?.ok ? (side.ranking ?? side.top.map((t) => t.id)) : null;
    const queries: PoolQuery[] = batch.definition.rows.map((row, index) => {
      const result = results.get(index);
      const note = notes.get(queryKey(row.query));
      return { index, query: row.query, ...(note ? { note } : {}), rankings: { a: rankingOf(result?.a), b: rankingOf(result?.b) } };
    });
    const k = experiment.quality.k;
    const me = this.deps.judgments.raterName() ?? '';
    const opinions = new Map<string, { others: Set<string>; mine: boolean; decided: boolean }>();
    const raters = new Set<string>();
    for (const r of list.ratings) {
      if (r.rule !== undefined) continue;
      const key = `${queryKey(r.query)}\u0000${r.itemId}`;
      const o = opinions.get(key) ?? { others: new Set<string>(), mine: false, decided: false };
      if (r.adjudicated) o.decided = true;
      else if ((r.by ?? '') === me) o.mine = true;
      else {
        o.others.add(r.by ?? '');
        raters.add(r.by ?? '');
      }
      opinions.set(key, o);
    }
    // Items someone else rated (the one named, with `secondOf`) that this rater has not, and nobody has decided.
    const othersRated = (queryKey: string, itemId: string) => {
      const o = opinions.get(`${queryKey}\u0000${itemId}`);
      return !!o && !o.mine && !o.decided && (options.secondOf ? o.others.has(options.secondOf) : o.others.size > 0);
    };
    const apart =
      options.shoppersDisagree || options.judgeDisagrees ? apartIndex(list.ratings, options.judgeDisagrees ? 'llm' : 'clicks') : null;
    const pool = poolQueue(queries, indexRatings(list.ratings), k, skipped, {
      ...(apart ? { shoppersDisagree: true, apartOf: (key: string, itemId: string) => apart.get(`${key}\u0000${itemId}`) } : {}),
      ...(options.secondOpinion ? { secondOpinion: true } : {}),
      ...(options.calibration ? { calibration: options.calibration } : {}),
      othersRated,
    });
    const wanted = new Map(pool.queries.map((q) => [q.index, new Set(q.items.map((i) => i.id))]));
    const items = await this.deps.compare.answerItems(run.batchId, wanted);
    return {
      ...pool,
      experiment: {
        file,
        name: experiment.name,
        querySet: experiment.querySet,
        judgments: { file: experiment.judgments, name: list.name },
        sides: { a: experiment.sides.a.label, b: experiment.sides.b.label },
        batchId: run.batchId,
        answered: batch.results.length,
        queries: batch.definition.rows.length,
      },
      scale: list.scale,
      rater: me,
      raters: [...raters].sort(),
      ...(options.secondOpinion ? { secondOpinion: true } : {}),
      ...(options.shoppersDisagree && !options.judgeDisagrees ? { shoppersDisagree: true } : {}),
      ...(options.judgeDisagrees ? { judgeDisagrees: true } : {}),
      ...(options.secondOpinion && options.secondOf ? { secondOf: options.secondOf } : {}),
      ...(options.calibration ? { calibration: options.calibration } : {}),
      ...(rules.length ? { rules: rules.length } : {}),
      queries: pool.queries.map((q) => {
        const shown = q.items.map((i) => ({ ...i, item: items.get(q.index)?.get(i.id) ?? null }));
        if (!rules.length) return { ...q, items: shown };
        // The rules read the query's intent: the query set's, else one proposed from the query and the items' own values.
        const given = intents.get(queryKey(q.query));
        const intent = given ?? proposeIntent(q.query, itemFacets(shown.map((i) => i.item)));
        return {
          ...q,
          intent,
          ...(given ? {} : { intentProposed: true }),
          items: shown.map((i) => {
            const s = i.item ? suggestRating(rules, intent, i.item.product ?? {}) : null;
            return s ? { ...i, suggestion: { rating: s.rating, rule: s.rule } } : i;
          }),
        };
      }),
    };
  }

  read(file: string): Promise<Experiment> {
    return this.deps.workspace.read('experiments', file, experimentSchema);
  }

  async create(input: NewExperiment): Promise<{ file: string }> {
    // The files it names must be there now; a missing one is said before anything is written.
    await this.deps.querySets.read(input.querySet);
    const list = input.judgments ? await this.deps.judgments.read(input.judgments) : undefined;
    const quality = { ...input.quality, threshold: input.quality.threshold ?? list?.scale.threshold ?? 1 };
    const at = this.now().toISOString();
    const experiment: Experiment = {
      ...input,
      quality,
      format: WORKSPACE_FORMATS.experiments,
      version: 1,
      createdAt: at,
      updatedAt: at,
      runs: [],
    };
    const file = await this.deps.workspace.freeFile('experiments', input.name);
    return this.deps.workspace.write('experiments', file, experimentSchema, experiment, { overwrite: false });
  }

  async run(file: string): Promise<ExperimentRun> {
    const experiment = await this.read(file);
    const querySet = await this.deps.querySets.read(experiment.querySet);
    if (querySet.queries.length === 0)
      throw failure('validation', `The query set ${experiment.querySet} has no query.`, { field: 'querySet' });
    const judgments = experiment.judgments ? await this.deps.judgments.read(experiment.judgments) : undefined;
    const k = experiment.quality.k;
    const batch = experimentBatch(experiment, file, querySet, judgments);
    const limit = batch.base.options.limit;
    const { id } = await this.deps.compare.start(batch);
    // What the run was made with, kept beside its answers: the trend scores it as it was.
    const hash = async (kind: 'query-sets' | 'judgments', name: string) =>
      createHash('sha256')
        .update(await readFile(this.deps.workspace.path(kind, name)))
        .digest('hex');
    const snapshot: RunSnapshot = {
      querySet: { file: experiment.querySet, sha256: await hash('query-sets', experiment.querySet) },
      ...(judgments && experiment.judgments
        ? {
            judgments: {
              file: experiment.judgments,
              name: judgments.name,
              sha256: await hash('judgments', experiment.judgments),
              // The value each item counts with (adjudicated, raters combined, suggestions as the experiment counts them).
              ratings: resolvedRatings(indexRatings(judgments.ratings, { ratings: experiment.quality.ratings ?? 'confirmed' })),
            },
          }
        : {}),
    };
    await this.deps.compare.saveSnapshot(id, snapshot);
    const runs = [
      ...experiment.runs,
      {
        batchId: id,
        startedAt: this.now().toISOString(),
        limit,
        querySetSha256: snapshot.querySet.sha256,
        ...(snapshot.judgments ? { judgmentsSha256: snapshot.judgments.sha256 } : {}),
      },
    ];
    await this.deps.workspace.write(
      'experiments',
      file,
      experimentSchema,
      { ...experiment, runs, updatedAt: this.now().toISOString() },
      { overwrite: true },
    );
    return {
      id,
      limit,
      ...(limit > experiment.limit
        ? {
            notice: `Each query asks for ${limit} items instead of ${experiment.limit}, so nDCG@${k} and the other measures have an item at every judged position.`,
          }
        : {}),
    };
  }
}

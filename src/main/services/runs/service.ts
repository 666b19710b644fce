import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { type BatchResult, experimentSchema } from '../../../shared/compare';
import { type TrendView } from '../../../shared/runs';
import { failure } from '../../../shared/errors';
import { indexRatings, type RatingIndex } from '../../../shared/judgments';
import { runSnapshotSchema, type RunSnapshot, judgmentsChanged, trend, type RunRankings, type TrendRun } from '../../../shared/runs';
import type { CompareService, Experiments } from '../compare';
import type { Workspace } from '../workspace';
import type { JudgmentLists } from '../judgments';

const rankingOf = (side: BatchResult['a']): string[] | null => (side.ok ? (side.ranking ?? side.top.map((t) => t.id)) : null);

/** The queries per metric the window is sent of a run against the baseline: those that lost most (a run of 100,000 queries is not sent whole). */
export const TREND_QUERIES = 100;

function lostMost(run: TrendRun): TrendRun {
  const metrics = Object.fromEntries(
    Object.entries(run.metrics).map(([m, v]) => [
      m,
      { ...v, vsBaseline: v.vsBaseline && { ...v.vsBaseline, perQuery: v.vsBaseline.perQuery.slice(0, TREND_QUERIES) } },
    ]),
  ) as TrendRun['metrics'];
  return { ...run, metrics };
}

/**
 * An experiment's runs over time: each finished run scored from its stored rankings — with the judgment list
 * as it was when the run started (its snapshot), or all with today's list (re-scored, nothing sent) — each
 * run's B held against the pinned baseline run's B.
 */
export class RunsService {
  constructor(
    private readonly deps: { workspace: Workspace; experiments: Experiments; judgments: JudgmentLists; compare: CompareService },
  ) {}

  async trend(file: string, rescore: boolean): Promise<TrendView> {
    const experiment = await this.deps.experiments.read(file);
    const today = experiment.judgments ? await this.deps.judgments.read(experiment.judgments).catch(() => null) : null;
    const todayIndex = today ? indexRatings(today.ratings, { ratings: experiment.quality.ratings ?? 'confirmed' }) : null;
    const todaySha = experiment.judgments ? await this.sha('judgments', experiment.judgments) : null;
    const runs: (RunRankings & { ratings: RatingIndex | null; label: string; snapshot: boolean })[] = [];
    let running = 0;
    let missing = 0;
    for (const [i, run] of experiment.runs.entries()) {
      let batch;
      try {
        batch = this.deps.compare.read(run.batchId);
      } catch {
        missing++;
        continue;
      }
      if (batch.progress.status !== 'done') {
        running++;
        continue;
      }
      const parsed = runSnapshotSchema.safeParse(await this.deps.compare.snapshot(run.batchId));
      const snapshot: RunSnapshot | null = parsed.success ? parsed.data : null;
      const results = new Map(batch.results.map((r) => [r.index, r]));
      runs.push({
        batchId: run.batchId,
        startedAt: run.startedAt,
        label: `run ${i + 1}`,
        snapshot: !!snapshot?.judgments,
        judgmentsSha256: snapshot?.judgments?.sha256 ?? run.judgmentsSha256 ?? null,
        ratings: snapshot?.judgments
          ? indexRatings(snapshot.judgments.ratings.map(([query, itemId, rating]) => ({ query, itemId, rating })))
          : null,
        rows: batch.definition.rows.map((row, index) => {
          const r = results.get(index);
          return { query: row.query, a: r ? rankingOf(r.a) : null, b: r ? rankingOf(r.b) : null };
        }),
      });
    }
    const baseline = experiment.baseline && runs.some((r) => r.batchId === experiment.baseline) ? experiment.baseline : null;
    const empty: RatingIndex = new Map();
    // A run with no snapshot (made before runs kept one) is scored with today's list either way.
    const ratingsOf = (run: (typeof runs)[number]) => (rescore ? todayIndex : (run.ratings ?? todayIndex)) ?? empty;
    const scored = experiment.judgments ? trend(runs, (r) => ratingsOf(r as (typeof runs)[number]), experiment.quality, baseline) : [];
    return {
      file,
      name: experiment.name,
      sides: { a: experiment.sides.a.label, b: experiment.sides.b.label },
      quality: experiment.quality,
      judgments: experiment.judgments ?? null,
      rescored: rescore,
      judgmentsChanged: judgmentsChanged([
        ...runs.map((r) => ({ judgmentsSha256: r.judgmentsSha256 })),
        ...(todaySha ? [{ judgmentsSha256: todaySha }] : []),
      ]),
      baseline,
      running,
      missing,
      runs: runs.map((run, i) => ({
        ...(scored[i]
          ? lostMost(scored[i])
          : { batchId: run.batchId, startedAt: run.startedAt, judgmentsSha256: run.judgmentsSha256, metrics: null }),
        label: run.label,
        snapshot: run.snapshot,
        today: run.judgmentsSha256 !== null && run.judgmentsSha256 === todaySha,
      })),
    };
  }

  /** Pins a run as the baseline the trend holds the others against (null: none). */
  async pin(file: string, batchId: string | null): Promise<{ baseline: string | null }> {
    const experiment = await this.deps.experiments.read(file);
    if (batchId !== null && !experiment.runs.some((r) => r.batchId === batchId))
      throw failure('validation', `${batchId} is not a run of ${experiment.name}.`, { field: 'batchId' });
    const { baseline: _old, ...rest } = experiment;
    await this.deps.workspace.write(
      'experiments',
      file,
      experimentSchema,
      { ...rest, ...(batchId ? { baseline: batchId } : {}), updatedAt: new Date().toISOString() },
      { overwrite: true },
    );
    return { baseline: batchId };
  }

  private async sha(kind: 'judgments', file: string): Promise<string | null> {
    try {
      return createHash('sha256')
        .update(await readFile(this.deps.workspace.path(kind, file)))
        .digest('hex');
    } catch {
      return null;
    }
  }
}

import { failure } from '../../../shared/ipc/result';
import { WORKSPACE_FORMATS } from '../../../shared/workspace/kinds';
import { experimentSchema, type Experiment, type NewExperiment } from '../../../shared/workspace/experiment';
import type { CompareService } from '../compare/service';
import type { JudgmentLists } from './judgment-lists';
import type { QuerySets } from './query-sets';
import type { Workspace } from './workspace';

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
export class Experiments {
  constructor(
    private readonly deps: { workspace: Workspace; querySets: QuerySets; judgments: JudgmentLists; compare: CompareService },
    private readonly now: () => Date = () => new Date(),
  ) {}

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
    const limit = judgments ? Math.max(experiment.limit, k) : experiment.limit;
    const { id } = await this.deps.compare.start({
      name: `${experiment.name} · run ${experiment.runs.length + 1}`,
      base: { options: { offset: 0, limit } },
      sides: experiment.sides,
      rows: querySet.queries.map((q, i) => ({ ...q, line: i + 1 })).map(({ note: _note, ...row }) => row),
      concurrency: experiment.concurrency,
      ...(judgments && experiment.judgments
        ? { quality: { ...experiment.quality, judgments: { file: experiment.judgments, name: judgments.name } } }
        : {}),
      experiment: { file, name: experiment.name },
    });
    const runs = [...experiment.runs, { batchId: id, startedAt: this.now().toISOString(), limit }];
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

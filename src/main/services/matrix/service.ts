import { type MatrixProgressView } from '../../../shared/matrix';
import { failure } from '../../../shared/errors';
import { BATCH_CONCURRENCY } from '../../../shared/compare';
import { buildCells, checkMatrix, findBaseline, type MatrixAxis, type MatrixCell, type MatrixRun } from '../../../shared/matrix';
import type { SearchTemplate } from '../../../shared/request';
import type { SearchClient, Targets } from '../search';
import { OneRun } from '../pacing';
import { matrixSender, runMatrix } from './runner';

export interface MatrixServiceDeps {
  targets: Targets;
  search: SearchClient;
  deadlineMs: () => number;
  onProgress: (progress: MatrixProgressView) => void;
}

export interface MatrixInput {
  profileId?: string;
  base: SearchTemplate;
  queries: string[];
  axes: MatrixAxis[];
  configurations: string[];
  hours?: number[];
  baseline?: string;
  k: number;
  /** Requests in flight (8 by default), or paced from the service's own refusals. */
  concurrency?: number;
  pace?: 'auto';
}

/**
 * Context matrices, in the app and on the command line alike: one at a time, sent to a target (the emulator's clock
 * an axis on the emulator only), paced and retried as batches are, each answer reported as it arrives; cancellable.
 */
export class MatrixService {
  private readonly one = new OneRun('A matrix is running: wait for it, or cancel it first.');

  constructor(private readonly deps: MatrixServiceDeps) {}

  /** The grid a matrix would send, once its input passes every check that needs no request: its cells and baseline. */
  plan(input: MatrixInput): { cells: MatrixCell[]; baseline: string; token: string } {
    const problem = checkMatrix(input)[0];
    if (problem) throw failure('validation', problem.message, { field: problem.field });
    const token = input.base.token?.trim();
    if (!token) throw failure('validation', 'The matrix needs a search token: pick a profile, or type one.', { field: 'base.token' });
    const cells = buildCells(input);
    const baseline = findBaseline(cells, input, input.baseline);
    if ('error' in baseline) throw failure('validation', baseline.error, { field: 'baseline' });
    return { cells, baseline: baseline.key, token };
  }

  async run(input: MatrixInput): Promise<MatrixRun> {
    const { cells, baseline, token } = this.plan(input);
    return this.one.start(async (signal) => {
      let target;
      try {
        target = await this.deps.targets(input.profileId);
      } catch {
        throw failure('not-found', 'That profile no longer exists; pick one of the profiles in the list.', { field: 'profileId' });
      }
      if (input.hours?.length && !(await target.isEmulator()))
        throw failure(
          'validation',
          `The emulator's clock is an axis on Local demo only: ${target.name} is a real service, which sets its own clock. Remove the hours, or run on Local demo.`,
          { field: 'hours' },
        );
      const deadlineMs = this.deps.deadlineMs();
      return await runMatrix({
        ...input,
        cells,
        baseline,
        base: { ...input.base, token },
        send: matrixSender(this.deps.search, target.searchUrl, deadlineMs > 0 ? deadlineMs : undefined),
        concurrency: input.concurrency ?? BATCH_CONCURRENCY,
        ...(deadlineMs > 0 ? { deadlineMs } : {}),
        signal,
        // Every answer is reported as it arrives (5,000 at most), so the grid fills in cell by cell.
        onProgress: (progress, answered) => this.deps.onProgress({ ...progress, answered }),
      });
    });
  }

  cancel(): { cancelled: boolean } {
    return this.one.cancel();
  }
}

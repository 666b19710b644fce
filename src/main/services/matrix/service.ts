import type { MatrixProgressView } from '../../../shared/ipc/contract';
import { failure } from '../../../shared/ipc/result';
import { buildCells, checkMatrix, findBaseline, type MatrixAxis } from '../../../shared/matrix/grid';
import type { MatrixRun } from '../../../shared/matrix/report';
import type { SearchTemplate } from '../../../shared/request/types';
import type { LocalDemo } from '../demo/local-demo';
import { readyProfile } from '../profiles/profile-access';
import type { ProfileService } from '../profiles/profiles';
import type { SearchClient } from '../search/search-client';
import { OneRun } from '../pacing/one-run';
import { matrixSender, runMatrix } from './runner';

export interface MatrixServiceDeps {
  profiles: ProfileService;
  localDemo: LocalDemo | undefined;
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
}

/**
 * Context matrices in the app: one at a time, sent to a profile (the emulator's clock an axis on Local demo only),
 * paced and retried as batches are, each answer sent to the window as it arrives; cancellable.
 */
export class MatrixService {
  private readonly one = new OneRun('A matrix is running: wait for it, or cancel it first.');

  constructor(private readonly deps: MatrixServiceDeps) {}

  async run(input: MatrixInput): Promise<MatrixRun> {
    const problem = checkMatrix(input)[0];
    if (problem) throw failure('validation', problem.message, { field: problem.field });
    const token = input.base.token?.trim();
    if (!token) throw failure('validation', 'The matrix needs a search token: pick a profile, or type one.', { field: 'base.token' });
    const cells = buildCells(input);
    const baseline = findBaseline(cells, input, input.baseline);
    if ('error' in baseline) throw failure('validation', baseline.error, { field: 'baseline' });
    return this.one.start(async (signal) => {
      let profile;
      try {
        profile = await readyProfile(this.deps.profiles, this.deps.localDemo, input.profileId);
      } catch {
        throw failure('not-found', 'That profile no longer exists; pick one of the profiles in the list.', { field: 'profileId' });
      }
      if (input.hours?.length && !profile.builtIn)
        throw failure(
          'validation',
          `The emulator's clock is an axis on Local demo only: ${profile.name} is a real service, which sets its own clock. Remove the hours, or switch to Local demo.`,
          { field: 'hours' },
        );
      const deadlineMs = this.deps.deadlineMs();
      return await runMatrix({
        ...input,
        cells,
        baseline: baseline.key,
        base: { ...input.base, token },
        send: matrixSender(this.deps.search, profile.searchUrl, deadlineMs > 0 ? deadlineMs : undefined),
        concurrency: 8,
        ...(deadlineMs > 0 ? { deadlineMs } : {}),
        signal,
        // Every answer goes to the window as it arrives (5,000 at most), so the grid fills in cell by cell.
        onProgress: (progress, answered) => this.deps.onProgress({ ...progress, answered }),
      });
    });
  }

  cancel(): { cancelled: boolean } {
    return this.one.cancel();
  }
}

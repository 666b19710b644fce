import { OneRun } from '../pacing';
import { stat } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import { SUITE_CONCURRENCY, type SuiteProgressView, type SuiteRunView } from '../../../shared/assertions';
import { failure } from '../../../shared/errors';
import type { Shard } from '../../../shared/runs';
import type { SearchClient, Targets } from '../search';
import type { Workspace } from '../workspace';
import { caseSender } from './runner';
import { runSuite, SuiteChangedError, type SuiteRunState } from './suite-run';

/** A folder named for a suite: an absolute path to a folder that exists. */
async function suiteFolder(dir: string): Promise<string> {
  if (!isAbsolute(dir))
    throw failure(
      'validation',
      `The suite folder must be an absolute path (like /home/me/suites), not ${JSON.stringify(dir.slice(0, 120))}.`,
      {
        field: 'folder',
      },
    );
  const info = await stat(dir).catch(() => null);
  if (!info) throw failure('validation', `The suite folder ${dir} does not exist: pick an existing folder.`, { field: 'folder' });
  if (!info.isDirectory())
    throw failure('validation', `${dir} is a file, not a folder: pick the folder that holds it.`, { field: 'folder' });
  return dir;
}

export interface SuiteServiceDeps {
  targets: Targets;
  search: SearchClient;
  /** The app's workspace, the suite run when no folder is named; the command line has none. */
  workspace?: Workspace;
  deadlineMs: () => number;
  onProgress: (progress: SuiteProgressView) => void;
}

export interface SuiteRunInput {
  profileId?: string;
  configurationId?: string;
  /** The folder the suite is in (absolute); the workspace's when absent. */
  folder?: string;
  /** Files and folders of the suite, relative to the folder (default: all of it). */
  paths?: string[];
  resume?: boolean;
  /** Only the cases whose query text hashes to this shard (`test --shard i/n`). */
  shard?: Shard;
  /** Requests in flight (4 by default), or paced from the service's own refusals. */
  concurrency?: number;
  pace?: 'auto';
}

/**
 * Regression suites, in the app and on the command line (`search-workbench test`) alike: request files and query
 * sets with expectations (the workspace's, or a folder's), run against a target. One run at a time.
 */
export class AssertionsService {
  private readonly one = new OneRun('A suite run is in progress: wait for it, or cancel it first.');
  /** The last run that left something to do (Cancel, requests that could not run), to resume. */
  private unfinished: { key: string; state: SuiteRunState } | null = null;

  constructor(private readonly deps: SuiteServiceDeps) {}

  async run(input: SuiteRunInput): Promise<SuiteRunView> {
    return this.one.start(async (signal) => {
      const workspace = this.deps.workspace?.folder;
      const folder = input.folder ? await suiteFolder(input.folder) : workspace;
      if (folder === undefined) throw failure('validation', 'Name the folder the suite is in.', { field: 'folder' });
      const target = await this.deps.targets(input.profileId);
      const key = JSON.stringify([
        folder,
        target.name,
        target.searchUrl,
        target.token ?? '',
        input.configurationId ?? '',
        input.paths ?? [],
        input.shard ?? null,
      ]);
      const resume = input.resume ? this.unfinished : null;
      if (input.resume && resume?.key !== key)
        throw failure('validation', 'Nothing to resume for this folder, profile and configuration: run the suite from the start.', {
          field: 'resume',
        });
      const deadlineMs = this.deps.deadlineMs();
      const outcome = await runSuite({
        paths: input.paths?.length ? input.paths : ['.'],
        root: folder,
        // The target gives the token: the profile's first search token, or the command line's --token (a request
        // file's own is kept only when the profile has none).
        target: {
          baseUrl: target.searchUrl,
          ...(target.token ? { token: target.token } : {}),
          ...(input.configurationId ? { configurationId: input.configurationId } : {}),
        },
        send: caseSender(this.deps.search, target.searchUrl),
        concurrency: input.concurrency ?? SUITE_CONCURRENCY,
        ...(input.pace ? { pace: input.pace } : {}),
        ...(input.shard ? { shard: input.shard } : {}),
        ...(deadlineMs ? { deadlineMs } : {}),
        ...(resume ? { resume: resume.state } : {}),
        signal,
        onProgress: (p) => this.deps.onProgress(p),
      }).catch((err: unknown) => {
        if (err instanceof SuiteChangedError) throw failure('conflict', err.message, { field: 'resume' });
        throw err;
      });
      this.unfinished = outcome.left > 0 ? { key, state: outcome.state } : null;
      const { run, checkMs, stopped, left } = outcome;
      const inWorkspace = workspace !== undefined && resolve(folder) === resolve(workspace);
      return { ...run, profileName: target.name, checkMs, stopped, folder, inWorkspace, left };
    });
  }

  cancel(): { cancelled: boolean } {
    return this.one.cancel();
  }
}

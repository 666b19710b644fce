import { OneRun } from '../pacing/one-run';
import { stat } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import type { SuiteProgressView, SuiteRunView } from '../../../shared/ipc/contract';
import { failure } from '../../../shared/ipc/result';
import type { LocalDemo } from '../demo/local-demo';
import { readyProfile } from '../profiles/profile-access';
import type { ProfileService } from '../profiles/profiles';
import type { SearchClient } from '../search/search-client';
import type { Workspace } from '../workspace/workspace';
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
  profiles: ProfileService;
  localDemo: LocalDemo | undefined;
  search: SearchClient;
  workspace: Workspace;
  deadlineMs: () => number;
  onProgress: (progress: SuiteProgressView) => void;
}

/**
 * The app's regression suite: the workspace's request files and query sets with expectations, run against a
 * profile — the same reading, limits, runner and reports as `search-workbench test`. One run at a time.
 */
export class SuiteService {
  private readonly one = new OneRun('A suite run is in progress: wait for it, or cancel it first.');
  /** The last run that left something to do (Cancel, requests that could not run), to resume. */
  private unfinished: { key: string; state: SuiteRunState } | null = null;

  constructor(private readonly deps: SuiteServiceDeps) {}

  async run(input: { profileId?: string; configurationId?: string; folder?: string; resume?: boolean }): Promise<SuiteRunView> {
    return this.one.start(async (signal) => {
      const folder = input.folder ? await suiteFolder(input.folder) : this.deps.workspace.folder;
      const profile = await readyProfile(this.deps.profiles, this.deps.localDemo, input.profileId);
      const key = JSON.stringify([folder, profile.id, input.configurationId ?? '']);
      const resume = input.resume ? this.unfinished : null;
      if (input.resume && resume?.key !== key)
        throw failure('validation', 'Nothing to resume for this folder, profile and configuration: run the suite from the start.', {
          field: 'resume',
        });
      const deadlineMs = this.deps.deadlineMs();
      const outcome = await runSuite({
        paths: ['.'],
        root: folder,
        // As on the command line, the target gives the token: the profile's first search token (a request file's own
        // is kept only when the profile has none).
        target: {
          baseUrl: profile.searchUrl,
          ...(profile.searchTokens[0] ? { token: profile.searchTokens[0].token } : {}),
          ...(input.configurationId ? { configurationId: input.configurationId } : {}),
        },
        send: caseSender(this.deps.search, profile.searchUrl),
        concurrency: 4,
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
      const inWorkspace = resolve(folder) === resolve(this.deps.workspace.folder);
      return { ...run, profileName: profile.name, checkMs, stopped, folder, inWorkspace, left };
    });
  }

  cancel(): { cancelled: boolean } {
    return this.one.cancel();
  }
}

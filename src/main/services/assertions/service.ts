import type { SuiteProgressView, SuiteRunView } from '../../../shared/ipc/contract';
import { failure } from '../../../shared/ipc/result';
import type { LocalDemo } from '../local-demo';
import { readyProfile } from '../profile-access';
import type { ProfileService } from '../profiles';
import type { SearchClient } from '../search-client';
import type { Workspace } from '../workspace/workspace';
import { caseSender } from './runner';
import { runSuite } from './suite-run';

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
  private running: AbortController | null = null;

  constructor(private readonly deps: SuiteServiceDeps) {}

  async run(input: { profileId?: string; configurationId?: string }): Promise<SuiteRunView> {
    if (this.running) throw failure('conflict', 'A suite run is in progress: wait for it, or cancel it first.');
    const abort = new AbortController();
    this.running = abort;
    try {
      const profile = await readyProfile(this.deps.profiles, this.deps.localDemo, input.profileId);
      const deadlineMs = this.deps.deadlineMs();
      const { run, checkMs, stopped } = await runSuite({
        paths: ['.'],
        root: this.deps.workspace.folder,
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
        signal: abort.signal,
        onProgress: (p) => this.deps.onProgress(p),
      });
      return { ...run, profileName: profile.name, checkMs, stopped };
    } finally {
      this.running = null;
    }
  }

  cancel(): { cancelled: boolean } {
    if (!this.running) return { cancelled: false };
    this.running.abort();
    return { cancelled: true };
  }
}

import type { SuiteProgressView, SuiteRunView } from '@shared/assertions';
import { workbench } from '../../bridge';
import { type CallState, idleCall, lensAt, runCall } from '../../request-ui/lifecycle';
import type { SliceCreator } from '../../store/slice';

export interface SuiteRunOptions {
  profileId?: string;
  configurationId?: string;
  /** An absolute path; the workspace folder when empty. */
  folder?: string;
  resume?: boolean;
}

export interface AssertionsSlice {
  /** The last suite run, or the one in progress (status 'sending'). */
  suiteRun: CallState<SuiteRunView>;
  suiteProgress: SuiteProgressView | null;
  /** Runs a suite: the workspace's, or the folder given; with `resume`, only what the last run of it left. */
  runSuite: (options: SuiteRunOptions) => Promise<void>;
  cancelSuite: () => void;
  applySuiteProgress: (progress: SuiteProgressView) => void;
}

export const createAssertionsSlice: SliceCreator<AssertionsSlice> = (set, get) => {
  const run = lensAt(get, set, 'suiteRun');
  return {
    suiteRun: idleCall(),
    suiteProgress: null,
    runSuite: async ({ profileId, configurationId, folder, resume }) => {
      set({ suiteProgress: null });
      const config = configurationId?.trim();
      const dir = folder?.trim();
      await runCall(run, {
        scope: 'suite-run',
        send: () =>
          workbench().assertions.run({
            ...(profileId ? { profileId } : {}),
            ...(config ? { configurationId: config } : {}),
            ...(dir ? { folder: dir } : {}),
            ...(resume ? { resume } : {}),
          }),
        accept: (value) => value,
      });
    },
    cancelSuite: () => void workbench().assertions.cancel(),
    applySuiteProgress: (suiteProgress) => set({ suiteProgress }),
  };
};

import type { SuiteProgressView, SuiteRunView } from '@shared/ipc/contract';
import { workbench } from '../../bridge';
import { idleCall, lensOf, runCall, type CallState } from '../../request-ui/lifecycle';
import type { SliceCreator } from '../../store/slice';

export interface SuiteSlice {
  /** The last suite run, or the one in progress (status 'sending'). */
  suiteRun: CallState<SuiteRunView>;
  suiteProgress: SuiteProgressView | null;
  runSuite: (options: { profileId?: string; configurationId?: string }) => Promise<void>;
  cancelSuite: () => void;
  applySuiteProgress: (progress: SuiteProgressView) => void;
}

export const createSuiteSlice: SliceCreator<SuiteSlice> = (set, get) => {
  const run = lensOf(
    () => get().suiteRun,
    (suiteRun) => set({ suiteRun }),
  );
  return {
    suiteRun: idleCall(),
    suiteProgress: null,
    runSuite: async ({ profileId, configurationId }) => {
      set({ suiteProgress: null });
      const config = configurationId?.trim();
      await runCall(run, {
        scope: 'suite-run',
        send: () => workbench().suites.run({ ...(profileId ? { profileId } : {}), ...(config ? { configurationId: config } : {}) }),
        accept: (value) => value,
      });
    },
    cancelSuite: () => void workbench().suites.cancel(),
    applySuiteProgress: (suiteProgress) => set({ suiteProgress }),
  };
};

import type { TrendView } from '@shared/runs';
import type { MetricName } from '@shared/metrics';
import { workbench } from '../../bridge';
import { type CallState, idleCall, lensAt, runCall } from '../../request-ui/lifecycle';
import type { SliceCreator } from '../../store/slice';

export interface RunsState {
  /** The experiment whose runs are open (its file); null: the panel is closed. */
  file: string | null;
  call: CallState<TrendView>;
  metric: MetricName;
  /** Every run scored with today's judgment list instead of its own. */
  rescore: boolean;
  /** The run whose queries against the baseline are listed. */
  selected: string | null;
}

export interface RunsSlice {
  runs: RunsState;
  /** Opens (or reloads) an experiment's runs over time. */
  openRuns: (file: string) => Promise<void>;
  closeRuns: () => void;
  setRunsMetric: (metric: MetricName) => void;
  setRescore: (rescore: boolean) => Promise<void>;
  /** Pins a run as the baseline (null: none) and reloads the trend. */
  pinBaseline: (batchId: string | null) => Promise<void>;
  selectRun: (batchId: string | null) => void;
}

export const createRunsSlice: SliceCreator<RunsSlice> = (set, get) => {
  const patch = (p: Partial<RunsState>) => set({ runs: { ...get().runs, ...p } });
  const call = lensAt(() => get().runs, patch, 'call');
  const load = async () => {
    const { file, rescore } = get().runs;
    if (!file) return;
    await runCall(call, { scope: 'runs-trend', send: () => workbench().runs.trend({ file, rescore }), accept: (v) => v });
  };
  return {
    runs: { file: null, call: idleCall(), metric: 'ndcg', rescore: false, selected: null },
    openRuns: async (file) => {
      if (get().runs.file !== file) patch({ file, call: idleCall(), selected: null, rescore: false });
      await load();
    },
    closeRuns: () => patch({ file: null, call: idleCall(), selected: null }),
    setRunsMetric: (metric) => patch({ metric }),
    setRescore: async (rescore) => {
      patch({ rescore });
      await load();
    },
    pinBaseline: async (batchId) => {
      const file = get().runs.file;
      if (!file) return;
      const r = await workbench().runs.pin({ file, batchId });
      if (!r.ok) return void call.set({ status: 'error', error: r.error });
      await load();
    },
    selectRun: (selected) => patch({ selected }),
  };
};

import type { TrafficEstimateView } from '@shared/ipc';
import type { ReplayModel } from '@shared/estimates';
import { workbench } from '../../bridge';
import { type CallState, idleCall, lensAt, runCall } from '../../request-ui/lifecycle';
import type { SliceCreator } from '../../store/slice';

export interface OnTrafficState {
  /** The experiment estimated on traffic (its file); null: the panel is closed. */
  file: string | null;
  model: ReplayModel;
  call: CallState<TrafficEstimateView>;
}

export interface OnTrafficSlice {
  onTraffic: OnTrafficState;
  /** Opens the On traffic panel for an experiment and estimates its B on the workspace's traffic. */
  openOnTraffic: (file: string) => Promise<void>;
  /** Estimates again with another click model. */
  setOnTrafficModel: (model: ReplayModel) => Promise<void>;
  closeOnTraffic: () => void;
}

export const createOnTrafficSlice: SliceCreator<OnTrafficSlice> = (set, get) => {
  const patch = (p: Partial<OnTrafficState>) => set({ onTraffic: { ...get().onTraffic, ...p } });
  const call = lensAt(() => get().onTraffic, patch, 'call');
  const load = async () => {
    const { file, model } = get().onTraffic;
    if (!file) return;
    await runCall(call, { scope: 'on-traffic', send: () => workbench().estimates.experiment({ file, model }), accept: (v) => v });
  };
  return {
    onTraffic: { file: null, model: 'pbm', call: idleCall() },
    openOnTraffic: async (file) => {
      patch({ file, call: idleCall() });
      await load();
    },
    setOnTrafficModel: async (model) => {
      patch({ model });
      await load();
    },
    closeOnTraffic: () => patch({ file: null, call: idleCall() }),
  };
};

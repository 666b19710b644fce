import type { TrafficEstimateView } from '@shared/estimates';
import { estimatesCli, type ReplayModel } from '@shared/estimates';
import { defaultsOf } from '@shared/operations';
import { workbench } from '../../bridge';
import { type CallState, idleCall, lensAt, runCall } from '../../request-ui/lifecycle';
import type { SliceCreator } from '../../store/slice';

/** What On traffic estimates: an experiment (its file) or a batch (its id). */
export type OnTrafficSubject = { kind: 'experiment'; file: string } | { kind: 'batch'; id: string };

export interface OnTrafficState {
  /** The experiment or batch estimated on traffic; null: the panel is closed. */
  subject: OnTrafficSubject | null;
  model: ReplayModel;
  call: CallState<TrafficEstimateView>;
}

export interface EstimatesSlice {
  onTraffic: OnTrafficState;
  /** Opens the On traffic panel for an experiment or a batch and estimates its B on the workspace's traffic. */
  openOnTraffic: (subject: OnTrafficSubject) => Promise<void>;
  /** Estimates again with another click model. */
  setOnTrafficModel: (model: ReplayModel) => Promise<void>;
  closeOnTraffic: () => void;
}

export const createEstimatesSlice: SliceCreator<EstimatesSlice> = (set, get) => {
  const patch = (p: Partial<OnTrafficState>) => set({ onTraffic: { ...get().onTraffic, ...p } });
  const call = lensAt(() => get().onTraffic, patch, 'call');
  const load = async () => {
    const { subject, model } = get().onTraffic;
    if (!subject) return;
    await runCall(call, {
      scope: 'on-traffic',
      send: () =>
        subject.kind === 'experiment'
          ? workbench().estimates.experiment({ file: subject.file, model })
          : workbench().estimates.batch({ id: subject.id, model }),
      accept: (v) => v,
    });
  };
  return {
    onTraffic: { subject: null, model: defaultsOf(estimatesCli).model!, call: idleCall() },
    openOnTraffic: async (subject) => {
      patch({ subject, call: idleCall() });
      await load();
    },
    setOnTrafficModel: async (model) => {
      patch({ model });
      await load();
    },
    closeOnTraffic: () => patch({ subject: null, call: idleCall() }),
  };
};

/** The subject's key, to tell whether the panel shows this experiment or batch. */
export const subjectKey = (s: OnTrafficSubject | null): string | null =>
  s ? (s.kind === 'experiment' ? `e:${s.file}` : `b:${s.id}`) : null;

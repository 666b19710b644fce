import type { BatchQuality } from '@shared/compare';
import { type JudgingQueue, queryKey } from '@shared/judgments';
import { workbench } from '../../bridge';
import { type CallState, idleCall, lensAt, runCall } from '../../request-ui/lifecycle';
import type { ShellSlice } from '../../shell/shell-slice';
import type { SliceCreator } from '../../store/slice';
import type { SettingsSlice } from '../settings/state';
import type { RatingsSlice } from './ratings-slice';

/** Whose queue: unrated items (with a calibration share of others'), or a second opinion (on one rater's items, or anyone's). */
export interface QueueOptions {
  secondOpinion: boolean;
  /** A rater whose items the second opinion is on; empty: anyone's. */
  secondOf: string;
  calibration: number;
  /** The items people and shoppers rated differently, farthest apart first. */
  shoppersDisagree: boolean;
  /** The items people and a language model judge rated differently, farthest apart first. */
  judgeDisagrees: boolean;
}

/** The judging queue: an experiment's pooled items to rate, whose queue it is, and the run's quality as ratings come in. */
export interface QueueSlice {
  /** The pooled queue of the experiment being judged. */
  queue: CallState<JudgingQueue>;
  /** Quality of the judged experiment's last run, measured again as ratings come in. */
  queueQuality: CallState<BatchQuality | null>;
  openQueue: (experimentFile: string) => Promise<void>;
  /** Whose queue: the unrated items (with a calibration share of others' items), or a second opinion on others' items. */
  queueOptions: QueueOptions;
  setQueueOptions: (patch: Partial<QueueOptions>) => Promise<void>;
  /** Sets who rates (saved in the settings; empty: the OS account's name) and pools the queue again for them. */
  setRater: (name: string) => Promise<boolean>;
  closeQueue: () => void;
  /** Rates an item of the queue into the experiment's list; it leaves the queue. */
  rateInQueue: (query: string, itemId: string, rating: number) => Promise<boolean>;
  /** Moves an item of the queue behind the rest (kept across restarts). */
  skipInQueue: (query: string, itemId: string) => Promise<void>;
  loadQueueQuality: () => Promise<void>;
}

type Deps = Pick<ShellSlice, 'pushNotice'> & Pick<SettingsSlice, 'saveSetting'> & Pick<RatingsSlice, 'rateItem' | 'ratingsSaved'>;

export const createQueueSlice: SliceCreator<QueueSlice, Deps> = (set, get) => {
  const queueLens = lensAt(get, set, 'queue');
  const qualityLens = lensAt(get, set, 'queueQuality');
  const notice = (id: string, message: string) => get().pushNotice({ id, level: 'error', message });
  return {
    queue: idleCall(),
    queueQuality: idleCall(),
    queueOptions: { secondOpinion: false, secondOf: '', calibration: 0, shoppersDisagree: false, judgeDisagrees: false },
    setQueueOptions: async (patch) => {
      set((s) => ({ queueOptions: { ...s.queueOptions, ...patch } }));
      const queue = get().queue.result;
      if (queue) await get().openQueue(queue.experiment.file);
    },
    setRater: async (name) => {
      const saved = await get().saveSetting(
        'rater',
        { rater: name.trim() },
        name.trim() ? `Rating as ${name.trim()}.` : 'Rating as this computer’s user.',
      );
      const queue = get().queue.result;
      if (saved && queue) await get().openQueue(queue.experiment.file);
      return saved;
    },
    openQueue: async (experimentFile) => {
      const outcome = await runCall(queueLens, {
        scope: `queue:${experimentFile}`,
        send: async () => {
          // A rating made a moment ago (on Search, say) is still on its way to the file: the queue is made after it
          // lands, or it would offer that item as unrated.
          await get().ratingsSaved();
          const { secondOpinion, secondOf, calibration, shoppersDisagree, judgeDisagrees } = get().queueOptions;
          return workbench().experiments.queue({
            file: experimentFile,
            ...(shoppersDisagree ? { shoppersDisagree } : {}),
            ...(judgeDisagrees ? { judgeDisagrees } : {}),
            ...(secondOpinion ? { secondOpinion, ...(secondOf ? { secondOf } : {}) } : {}),
            ...(calibration ? { calibration } : {}),
          });
        },
        accept: (queue) => queue,
      });
      if (outcome.kind === 'done') await get().loadQueueQuality();
    },
    closeQueue: () => set({ queue: idleCall(), queueQuality: idleCall() }),
    rateInQueue: async (query, itemId, rating) => {
      const queue = get().queue.result;
      if (!queue) return false;
      // An item others rated (a second opinion, a calibration item) is rated beside their ratings, not over them.
      const second = queue.queries.find((q) => queryKey(q.query) === queryKey(query))?.items.find((i) => i.id === itemId)?.second;
      const ok = await get().rateItem(query, itemId, rating, queue.experiment.judgments.file, second ? 'second' : undefined);
      if (!ok) return false;
      const current = get().queue.result;
      if (current) {
        const queries = current.queries
          .map((q) =>
            queryKey(q.query) === queryKey(query) ? { ...q, rated: q.rated + 1, items: q.items.filter((i) => i.id !== itemId) } : q,
          )
          .filter((q) => q.items.length > 0);
        queueLens.set({ result: { ...current, rated: current.rated + 1, queries } });
      }
      void get().loadQueueQuality();
      return true;
    },
    skipInQueue: async (query, itemId) => {
      const queue = get().queue.result;
      if (!queue) return;
      const result = await workbench().experiments.skip({ file: queue.experiment.file, query, itemId, skipped: true });
      if (!result.ok) {
        notice('judgments:skip', `The skip was not kept: ${result.error.message}`);
        return;
      }
      const current = get().queue.result;
      if (!current) return;
      // The item goes behind the rest of its query; a query left with only skipped items goes last.
      const queries = current.queries.map((q) => {
        if (queryKey(q.query) !== queryKey(query)) return q;
        const item = q.items.find((i) => i.id === itemId);
        return item ? { ...q, items: [...q.items.filter((i) => i.id !== itemId), { ...item, skipped: true }] } : q;
      });
      const fresh = queries.filter((q) => q.items.some((i) => !i.skipped));
      queueLens.set({ result: { ...current, queries: [...fresh, ...queries.filter((q) => !fresh.includes(q))] } });
    },
    loadQueueQuality: async () => {
      const queue = get().queue.result;
      if (!queue) return;
      await runCall(qualityLens, {
        scope: 'queue-quality',
        send: () => workbench().compare.quality({ id: queue.experiment.batchId }),
        accept: ({ quality }) => quality,
      });
    },
  };
};

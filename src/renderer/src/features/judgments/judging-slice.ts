import type { BatchQuality } from '@shared/compare/quality';
import type { ListAgreement } from '@shared/judgments/agreement';
import type { Intent } from '@shared/judgments/rules';
import { indexRatings, type RatingIndex, type RatingMode, type Scale } from '@shared/judgments/model';
import type { JudgingQueue } from '@shared/judgments/pool';
import { queryKey } from '@shared/judgments/query-key';
import { workbench } from '../../bridge';
import { type CallState, idleCall, lensAt, runCall } from '../../request-ui/lifecycle';
import type { ShellSlice } from '../../shell/shell-slice';
import type { SliceCreator } from '../../store/slice';
import type { SettingsSlice } from '../settings/settings-slice';

/** The active judgment list as the rating widgets read it. */
export interface ActiveRatings {
  file: string;
  name: string;
  scale: Scale;
  index: RatingIndex;
}

/** One rating given, to take back with undo. */
export interface RatingStep {
  /** How it joined the list (a second opinion, an adjudication): undo takes it back the same way. */
  mode?: RatingMode;
  file: string;
  query: string;
  itemId: string;
  rating: number | null;
  previous: number | null;
}

/** Whose queue: unrated items (with a calibration share of others'), or a second opinion (on one rater's items, or anyone's). */
export interface QueueOptions {
  secondOpinion: boolean;
  /** A rater whose items the second opinion is on; empty: anyone's. */
  secondOf: string;
  calibration: number;
}

export interface JudgingSlice {
  /** The judgment list Search and Compare show and rate into (settings.activeJudgments), read whole. */
  activeRatings: CallState<ActiveRatings | null>;
  /** Ratings given this session, newest last. */
  ratingSteps: RatingStep[];
  /** Per judgment list file, how many times its ratings were saved or taken back this session: what depends on them recomputes. */
  ratingsRevision: Record<string, number>;
  /** The pooled queue of the experiment being judged. */
  queue: CallState<JudgingQueue>;
  /** Quality of the judged experiment's last run, measured again as ratings come in. */
  queueQuality: CallState<BatchQuality | null>;
  loadActiveRatings: () => Promise<void>;
  /** Makes a list the active one (saved in settings), or none with ''. */
  setActiveJudgments: (file: string) => Promise<void>;
  /** The active list's rating of an item for a query; undefined when unrated (or no list is active). */
  ratingOf: (query: string, itemId: string) => number | undefined;
  /** Rates (or with null clears) an item in a list — the active one unless named; shown at once, saved by main. */
  rateItem: (query: string, itemId: string, rating: number | null, file?: string, mode?: RatingMode) => Promise<boolean>;
  /** Settles once every rating given so far has been saved (or refused): what reads the files waits on it. */
  ratingsSaved: () => Promise<void>;
  /** Takes back the last rating given this session. */
  undoRating: () => Promise<RatingStep | null>;
  openQueue: (experimentFile: string) => Promise<void>;
  /** Whose queue: the unrated items (with a calibration share of others' items), or a second opinion on others' items. */
  queueOptions: QueueOptions;
  setQueueOptions: (patch: Partial<QueueOptions>) => Promise<void>;
  /** Sets who rates (saved in the settings; empty: the OS account's name) and pools the queue again for them. */
  setRater: (name: string) => Promise<boolean>;
  /** The agreement view of a judgment list: its file, and its figures. */
  agreementFile: string | null;
  agreement: CallState<ListAgreement & { disagreementCount: number }>;
  openAgreement: (file: string) => Promise<void>;
  closeAgreement: () => void;
  /** Decides a disagreement: a rating that settles the item (the raters' ratings stay). */
  adjudicate: (query: string, itemId: string, rating: number) => Promise<boolean>;
  closeQueue: () => void;
  /** Rates an item of the queue into the experiment's list; it leaves the queue. */
  rateInQueue: (query: string, itemId: string, rating: number) => Promise<boolean>;
  /** Moves an item of the queue behind the rest (kept across restarts). */
  skipInQueue: (query: string, itemId: string) => Promise<void>;
  /** Attaches rating rules (the JSON of a rules file) to the queue's judgment list, or with null takes them off; the queue is pooled again. */
  setQueueRules: (rules: unknown) => Promise<boolean>;
  /** Confirms every suggestion left in one query of the queue, one rating at a time (a button, never a default). */
  confirmSuggestions: (query: string) => Promise<number>;
  /** Sets (or, null, clears) a query's intent in the experiment's query set; the queue is pooled again (its suggestions follow). */
  setQueryIntent: (query: string, intent: Intent | null) => Promise<boolean>;
  /** Edits a query's information need in the experiment's query set. */
  setQueryNote: (query: string, note: string) => Promise<boolean>;
  loadQueueQuality: () => Promise<void>;
}

type Deps = Pick<ShellSlice, 'pushNotice' | 'settings'> & Pick<SettingsSlice, 'saveSetting'>;

const bump = (revisions: Record<string, number>, file: string) => ({ ...revisions, [file]: (revisions[file] ?? 0) + 1 });

/** The index with one rating changed, copying only the query it touches. */
function withRating(index: RatingIndex, query: string, itemId: string, rating: number | null): RatingIndex {
  const key = queryKey(query);
  const next = new Map(index);
  const entry = index.get(key);
  const ratings = new Map(entry?.ratings ?? []);
  if (rating === null) ratings.delete(itemId);
  else ratings.set(itemId, rating);
  next.set(key, { query: entry?.query ?? query, ratings });
  return next;
}

export const createJudgingSlice: SliceCreator<JudgingSlice, Deps> = (set, get) => {
  const active = lensAt(get, set, 'activeRatings');
  const queueLens = lensAt(get, set, 'queue');
  const agreementLens = lensAt(get, set, 'agreement');
  const qualityLens = lensAt(get, set, 'queueQuality');
  const notice = (id: string, message: string) => get().pushNotice({ id, level: 'error', message });

  /** Applies a rating to what is on screen: the active list's index when it is that list, and the queue. */
  const show = (file: string, query: string, itemId: string, rating: number | null) => {
    const current = get().activeRatings.result;
    if (current?.file === file) active.set({ result: { ...current, index: withRating(current.index, query, itemId, rating) } });
  };

  // Ratings still being saved: an undo pressed right after a rating waits for it, so it takes back that one.
  let saving: Promise<unknown> = Promise.resolve();
  // The active list being read: a rating given meanwhile waits for it, so the list read from before the rating
  // never lands over it, and a key pressed just after choosing a list rates into that list.
  let loading: Promise<unknown> | null = null;
  const whileLoading = <T>(work: Promise<T>): Promise<T> => {
    const mine = work.finally(() => {
      if (loading === mine) loading = null;
    });
    loading = mine;
    return mine;
  };
  const slice: JudgingSlice = {
    activeRatings: idleCall(),
    ratingSteps: [],
    ratingsRevision: {},
    queue: idleCall(),
    queueQuality: idleCall(),
    queueOptions: { secondOpinion: false, secondOf: '', calibration: 0 },
    agreementFile: null,
    agreement: idleCall(),
    setQueueOptions: async (patch) => {
      set((s) => ({ queueOptions: { ...s.queueOptions, ...patch } }));
      const queue = get().queue.result;
      if (queue) await slice.openQueue(queue.experiment.file);
    },
    setRater: async (name) => {
      const saved = await get().saveSetting(
        'rater',
        { rater: name.trim() },
        name.trim() ? `Rating as ${name.trim()}.` : 'Rating as this computer’s user.',
      );
      const queue = get().queue.result;
      if (saved && queue) await slice.openQueue(queue.experiment.file);
      return saved;
    },
    openAgreement: async (file) => {
      set({ agreementFile: file });
      await runCall(agreementLens, {
        scope: `agreement:${file}`,
        send: async () => {
          await saving;
          return workbench().judgments.agreement({ file });
        },
        accept: (report) => (get().agreementFile === file ? report : null),
      });
    },
    closeAgreement: () => set({ agreementFile: null, agreement: idleCall() }),
    adjudicate: async (query, itemId, rating) => {
      const file = get().agreementFile;
      if (!file) return false;
      const ok = await slice.rateItem(query, itemId, rating, file, 'adjudicate');
      if (ok) await slice.openAgreement(file);
      return ok;
    },
    loadActiveRatings: async () => {
      const file = get().settings?.activeJudgments ?? '';
      if (!file) {
        set({ activeRatings: idleCall() });
        return;
      }
      await whileLoading(
        runCall(active, {
          scope: 'active-judgments',
          // Ratings still being saved are in the file once read.
          send: async () => {
            await saving;
            return workbench().judgments.read({ file });
          },
          accept: (list): ActiveRatings => ({ file, name: list.name, scale: list.scale, index: indexRatings(list.ratings) }),
        }),
      );
    },
    setActiveJudgments: (file) =>
      whileLoading(
        (async () => {
          const saved = await get().saveSetting(
            'activeJudgments',
            { activeJudgments: file },
            file ? `Rating into ${file}.` : 'No judgment list.',
          );
          if (saved) await slice.loadActiveRatings();
        })(),
      ),
    ratingOf: (query, itemId) => get().activeRatings.result?.index.get(queryKey(query))?.ratings.get(itemId),
    rateItem: async (query, itemId, rating, file, mode) => {
      // Only while a list is being chosen or read: otherwise the rating is registered at once (an undo right after
      // it takes it back).
      if (!file && loading) await loading;
      const target = file ?? get().activeRatings.result?.file;
      if (!target) return false;
      const before = target === get().activeRatings.result?.file ? slice.ratingOf(query, itemId) : undefined;
      show(target, query, itemId, rating);
      const save = (async () => {
        const result = await workbench().judgments.rate({ file: target, query, itemId, rating, ...(mode ? { mode } : {}) });
        if (!result.ok) {
          // Not saved: what is on screen goes back to what the file holds.
          show(target, query, itemId, before ?? null);
          notice('judgments:rate', `The rating was not saved: ${result.error.message}`);
          return false;
        }
        set((s) => ({
          ratingSteps: [
            ...s.ratingSteps.slice(-199),
            { file: target, query, itemId, rating, previous: result.value.previous, ...(mode ? { mode } : {}) },
          ],
          ratingsRevision: bump(s.ratingsRevision, target),
        }));
        return true;
      })();
      saving = Promise.allSettled([saving, save]);
      return save;
    },
    ratingsSaved: async () => {
      await saving;
    },
    undoRating: async () => {
      await saving;
      const step = get().ratingSteps.at(-1);
      if (!step) return null;
      set((s) => ({ ratingSteps: s.ratingSteps.slice(0, -1) }));
      show(step.file, step.query, step.itemId, step.previous);
      const result = await workbench().judgments.rate({
        file: step.file,
        query: step.query,
        itemId: step.itemId,
        rating: step.previous,
        ...(step.mode ? { mode: step.mode } : {}),
      });
      if (!result.ok) {
        show(step.file, step.query, step.itemId, step.rating);
        notice('judgments:undo', `The rating could not be taken back: ${result.error.message}`);
        return null;
      }
      set((s) => ({ ratingsRevision: bump(s.ratingsRevision, step.file) }));
      // An item rated in the queue and taken back returns to it.
      const queue = get().queue.result;
      if (queue && queue.experiment.judgments.file === step.file && step.previous === null) await slice.openQueue(queue.experiment.file);
      else if (queue) void slice.loadQueueQuality();
      return step;
    },
    openQueue: async (experimentFile) => {
      const outcome = await runCall(queueLens, {
        scope: `queue:${experimentFile}`,
        send: () => {
          const { secondOpinion, secondOf, calibration } = get().queueOptions;
          return workbench().experiments.queue({
            file: experimentFile,
            ...(secondOpinion ? { secondOpinion, ...(secondOf ? { secondOf } : {}) } : {}),
            ...(calibration ? { calibration } : {}),
          });
        },
        accept: (queue) => queue,
      });
      if (outcome.kind === 'done') await slice.loadQueueQuality();
    },
    closeQueue: () => set({ queue: idleCall(), queueQuality: idleCall() }),
    rateInQueue: async (query, itemId, rating) => {
      const queue = get().queue.result;
      if (!queue) return false;
      // An item others rated (a second opinion, a calibration item) is rated beside their ratings, not over them.
      const second = queue.queries.find((q) => queryKey(q.query) === queryKey(query))?.items.find((i) => i.id === itemId)?.second;
      const ok = await slice.rateItem(query, itemId, rating, queue.experiment.judgments.file, second ? 'second' : undefined);
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
      void slice.loadQueueQuality();
      return true;
    },
    setQueueRules: async (rules) => {
      const queue = get().queue.result;
      if (!queue) return false;
      const result = await workbench().judgments.setRules({ file: queue.experiment.judgments.file, rules });
      if (!result.ok) {
        notice('judgments:rules', `The rules were not attached: ${result.error.message}`);
        return false;
      }
      await slice.openQueue(queue.experiment.file);
      return true;
    },
    confirmSuggestions: async (query) => {
      const q = get().queue.result?.queries.find((x) => queryKey(x.query) === queryKey(query));
      let confirmed = 0;
      for (const item of q?.items ?? [])
        if (item.suggestion && (await slice.rateInQueue(q!.query, item.id, item.suggestion.rating))) confirmed++;
      return confirmed;
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
    setQueryIntent: async (query, intent) => {
      const queue = get().queue.result;
      if (!queue) return false;
      const result = await workbench().querySets.setIntents({ file: queue.experiment.querySet, intents: [{ query, intent }] });
      if (!result.ok) {
        notice('query-sets:intent', `The intent was not saved: ${result.error.message}`);
        return false;
      }
      await slice.openQueue(queue.experiment.file);
      return true;
    },
    setQueryNote: async (query, note) => {
      const queue = get().queue.result;
      if (!queue) return false;
      const result = await workbench().querySets.setNote({ file: queue.experiment.querySet, query, note });
      if (!result.ok) {
        notice('judgments:note', `The note was not saved: ${result.error.message}`);
        return false;
      }
      const current = get().queue.result;
      if (current)
        queueLens.set({
          result: {
            ...current,
            queries: current.queries.map((q) => {
              if (queryKey(q.query) !== queryKey(query)) return q;
              const { note: _old, ...rest } = q;
              return note.trim() ? { ...rest, note: note.trim() } : rest;
            }),
          },
        });
      return true;
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
  return slice;
};

import { clicksIndex, indexRatings, type RatingIndex, type RatingMode, type Scale, type JudgingQueue, queryKey } from '@shared/judgments';
import { workbench } from '../../bridge';
import { type CallState, idleCall, lensAt, runCall } from '../../request-ui/lifecycle';
import type { ShellSlice } from '../../shell/shell-slice';
import type { SliceCreator } from '../../store/slice';
import type { SettingsSlice } from '../settings/state';

/** The active judgment list as the rating widgets read it. */
export interface ActiveRatings {
  file: string;
  name: string;
  scale: Scale;
  index: RatingIndex;
  /** The list's clicks' ratings (from Shopper traffic), shown beside a result's own rating. */
  clicks: ReturnType<typeof clicksIndex>;
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

/** Ratings: the active list as Search and Compare show it, rating into a list, undo, and what saved ratings move. */
export interface RatingsSlice {
  /** The judgment list Search and Compare show and rate into (settings.activeJudgments), read whole. */
  activeRatings: CallState<ActiveRatings | null>;
  /** Ratings given this session, newest last. */
  ratingSteps: RatingStep[];
  /** Per judgment list file, how many times its ratings were saved or taken back this session: what depends on them recomputes. */
  ratingsRevision: Record<string, number>;
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
}

/**
 * What an undo refreshes when the queue is open (the queue's own slice; named by shape here, so the two slices do
 * not import each other).
 */
interface QueueRefresh {
  queue: CallState<JudgingQueue>;
  openQueue: (experimentFile: string) => Promise<void>;
  loadQueueQuality: () => Promise<void>;
}

type Deps = Pick<ShellSlice, 'pushNotice' | 'settings'> & Pick<SettingsSlice, 'saveSetting'> & QueueRefresh;

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

export const createRatingsSlice: SliceCreator<RatingsSlice, Deps> = (set, get) => {
  const active = lensAt(get, set, 'activeRatings');
  const notice = (id: string, message: string) => get().pushNotice({ id, level: 'error', message });

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
  return {
    activeRatings: idleCall(),
    ratingSteps: [],
    ratingsRevision: {},
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
          accept: (list): ActiveRatings => ({
            file,
            name: list.name,
            scale: list.scale,
            index: indexRatings(list.ratings),
            clicks: clicksIndex(list.ratings),
          }),
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
          if (saved) await get().loadActiveRatings();
        })(),
      ),
    ratingOf: (query, itemId) => get().activeRatings.result?.index.get(queryKey(query))?.ratings.get(itemId),
    rateItem: async (query, itemId, rating, file, mode) => {
      // Only while a list is being chosen or read: otherwise the rating is registered at once (an undo right after
      // it takes it back).
      if (!file && loading) await loading;
      const target = file ?? get().activeRatings.result?.file;
      if (!target) return false;
      const before = target === get().activeRatings.result?.file ? get().ratingOf(query, itemId) : undefined;
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
      if (queue && queue.experiment.judgments.file === step.file && step.previous === null) await get().openQueue(queue.experiment.file);
      else if (queue) void get().loadQueueQuality();
      return step;
    },
  };
};

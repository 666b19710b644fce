import { queryKey, type Intent } from '@shared/judgments';
import { workbench } from '../../bridge';
import { lensAt } from '../../request-ui/lifecycle';
import type { ShellSlice } from '../../shell/shell-slice';
import type { SliceCreator } from '../../store/slice';
import type { QueueSlice } from './queue-slice';

/** What a query of the queue means: its intent (the rules' suggestions follow it) and its information need. */
export interface IntentsSlice {
  /** Sets (or, null, clears) a query's intent in the experiment's query set; the queue is pooled again (its suggestions follow). */
  setQueryIntent: (query: string, intent: Intent | null) => Promise<boolean>;
  /** Edits a query's information need in the experiment's query set. */
  setQueryNote: (query: string, note: string) => Promise<boolean>;
}

type Deps = Pick<ShellSlice, 'pushNotice'> & Pick<QueueSlice, 'queue' | 'openQueue'>;

export const createIntentsSlice: SliceCreator<IntentsSlice, Deps> = (set, get) => {
  const queueLens = lensAt(get, set, 'queue');
  const notice = (id: string, message: string) => get().pushNotice({ id, level: 'error', message });
  return {
    setQueryIntent: async (query, intent) => {
      const queue = get().queue.result;
      if (!queue) return false;
      const result = await workbench().querySets.setIntents({ file: queue.experiment.querySet, intents: [{ query, intent }] });
      if (!result.ok) {
        notice('query-sets:intent', `The intent was not saved: ${result.error.message}`);
        return false;
      }
      await get().openQueue(queue.experiment.file);
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
  };
};

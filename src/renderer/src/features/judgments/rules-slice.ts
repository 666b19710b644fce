import { queryKey } from '@shared/judgments';
import { workbench } from '../../bridge';
import type { ShellSlice } from '../../shell/shell-slice';
import type { SliceCreator } from '../../store/slice';
import type { QueueSlice } from './queue-slice';

/** Rating rules on the queue's list: attached or taken off, and their suggestions confirmed a query at a time. */
export interface RulesSlice {
  /** Attaches rating rules (the JSON of a rules file) to the queue's judgment list, or with null takes them off; the queue is pooled again. */
  setQueueRules: (rules: unknown) => Promise<boolean>;
  /** Confirms every suggestion left in one query of the queue, one rating at a time (a button, never a default). */
  confirmSuggestions: (query: string) => Promise<number>;
}

type Deps = Pick<ShellSlice, 'pushNotice'> & Pick<QueueSlice, 'queue' | 'openQueue' | 'rateInQueue'>;

export const createRulesSlice: SliceCreator<RulesSlice, Deps> = (_set, get) => {
  const notice = (id: string, message: string) => get().pushNotice({ id, level: 'error', message });
  return {
    setQueueRules: async (rules) => {
      const queue = get().queue.result;
      if (!queue) return false;
      const result = await workbench().judgments.setRules({ file: queue.experiment.judgments.file, rules });
      if (!result.ok) {
        notice('judgments:rules', `The rules were not attached: ${result.error.message}`);
        return false;
      }
      await get().openQueue(queue.experiment.file);
      return true;
    },
    confirmSuggestions: async (query) => {
      const q = get().queue.result?.queries.find((x) => queryKey(x.query) === queryKey(query));
      let confirmed = 0;
      for (const item of q?.items ?? [])
        if (item.suggestion && (await get().rateInQueue(q!.query, item.id, item.suggestion.rating))) confirmed++;
      return confirmed;
    },
  };
};

import type { ExchangeRecord } from '@shared/errors';
import type { HistoryView } from '@shared/search';
import type { HistoryEntry, HistoryQuery } from '@shared/history';
import { workbench } from '../../bridge';
import { type CallState, idleCall, lensAt, runCall } from '../../request-ui/lifecycle';
import type { ShellSlice } from '../../shell/shell-slice';
import type { SliceCreator } from '../../store/slice';

export interface HistorySlice {
  history: HistoryEntry[];
  historyQuery: HistoryQuery;
  /** The last listing request: its errors are shown in the drawer, its answer is `history`. */
  historyCall: CallState<HistoryEntry[]>;
  /** The last entry read back to re-open or pin (its id as the result). */
  historyOpen: CallState<string>;
  /** One entry with its stored answer, through the request lifecycle; null (and a notice) when it is gone. */
  readHistoryEntry: (id: string) => Promise<HistoryView | null>;
  loadHistory: (query?: HistoryQuery) => Promise<void>;
}

export const createHistorySlice: SliceCreator<HistorySlice, Pick<ShellSlice, 'pushNotice'>> = (set, get) => {
  const lens = lensAt(get, set, 'historyCall');
  const openLens = lensAt(get, set, 'historyOpen');
  return {
    history: [],
    historyQuery: {},
    historyCall: idleCall(),
    historyOpen: idleCall(),
    readHistoryEntry: async (id) => {
      const outcome = await runCall(openLens, { scope: 'history-open', send: () => workbench().history.get({ id }), accept: () => id });
      if (outcome.kind === 'done') return outcome.value;
      if (outcome.kind === 'error') get().pushNotice({ id: `history:${id}`, level: 'error', message: outcome.error.message });
      return null;
    },
    loadHistory: async (query) => {
      const q = query ?? get().historyQuery;
      const outcome = await runCall(lens, { scope: 'history', send: () => workbench().history.list(q), accept: (entries) => entries });
      if (outcome.kind === 'done') set({ history: outcome.value, historyQuery: q });
    },
  };
};

/** The exchange of a re-opened history entry: what the history kept (headers are not kept). */
export function historyExchange(entry: HistoryEntry): ExchangeRecord {
  return {
    id: entry.id,
    startedAt: entry.at,
    method: entry.transport === 'get' ? 'GET' : 'POST',
    url: entry.url,
    requestHeaders: [],
    responseHeaders: [],
    size: entry.size,
    timings: { connectMs: null, firstByteMs: null, totalMs: entry.durationMs, reusedConnection: null },
    viaProxy: null,
    ...(entry.status ? { status: entry.status } : {}),
  };
}

import type { StateCreator } from 'zustand';
import type { HistoryEntry, HistoryQuery } from '../../../shared/history';
import type { ExchangeRecord } from '../../../shared/exchange';
import type { AutocompleteRequest, SearchRequest, SearchResponse, SuggestRequest, SuggestResponse } from '../../../shared/request/types';
import { workbench } from '../bridge';
import type { AppState } from './store';

export interface HistorySlice {
  history: HistoryEntry[];
  historyQuery: HistoryQuery;
  loadHistory: (query?: HistoryQuery) => Promise<void>;
  /** Re-opens a past search in a new tab, with the response it got. */
  openFromHistory: (id: string) => Promise<void>;
}

export const createHistorySlice: StateCreator<AppState, [], [], HistorySlice> = (set, get) => ({
  history: [],
  historyQuery: {},
  loadHistory: async (query) => {
    const q = query ?? get().historyQuery;
    const result = await workbench().history.list(q);
    if (result.ok) set({ history: result.value, historyQuery: q });
  },
  openFromHistory: async (id) => {
    const result = await workbench().history.get({ id });
    if (!result.ok) {
      get().pushNotice({ id: `history:${id}`, level: 'error', message: result.error.message });
      return;
    }
    const { entry, response } = result.value;
    const origin = `History · ${new Date(entry.at).toLocaleString()}`;
    if (entry.kind === 'suggest') {
      get().loadSuggest(entry.request as unknown as SuggestRequest, {
        origin,
        ...(response ? { answer: { response: response as SuggestResponse, exchange: historyExchange(entry) } } : { send: false }),
      });
      return;
    }
    if (entry.kind === 'autocomplete') {
      get().loadAutocomplete(entry.request as unknown as AutocompleteRequest);
      return;
    }
    const tabId = get().openTab({
      request: structuredClone(entry.request) as SearchRequest,
      transport: entry.transport,
      origin,
    });
    if (response) {
      set((s) => ({
        tabs: s.tabs.map((t) =>
          t.id === tabId
            ? {
                ...t,
                status: 'done',
                result: {
                  response: response as SearchResponse,
                  exchange: historyExchange(entry),
                  warnings: [],
                  diagnostics: [],
                  historyId: entry.id,
                  sent: entry.request as SearchRequest,
                  profileId: entry.profileId,
                  receivedAt: entry.at,
                },
                unmasked: (response as SearchResponse).items ?? [],
              }
            : t,
        ),
      }));
    }
    get().setArea('search');
  },
});

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

import type { StateCreator } from 'zustand';
import type { ExchangeRecord } from '../../../../shared/exchange';
import type { AutocompleteRequest, AutocompleteResponse } from '../../../../shared/request/types';
import { workbench } from '../../bridge';
import type { AppState } from '../../store/store';
import { nextRequestId } from '../request/request-id';
import type { RequestError } from '../request/ServiceError';

export interface AutocompleteState {
  request: AutocompleteRequest;
  status: 'idle' | 'sending' | 'done' | 'error';
  requestId: string | null;
  result: { response: AutocompleteResponse; exchange: ExchangeRecord; warnings: string[]; sent: AutocompleteRequest } | null;
  error: RequestError | null;
  /** Requests sent, and how many of them a newer keystroke cancelled. */
  sent: number;
  cancelled: number;
}

export interface AutocompleteSlice {
  autocomplete: AutocompleteState;
  updateAutocomplete: (fn: (request: AutocompleteRequest) => AutocompleteRequest) => void;
  /** Asks for suggestions for the current request, cancelling one still in flight. */
  runAutocomplete: () => Promise<void>;
  loadAutocomplete: (request: AutocompleteRequest) => void;
  /** Opens a suggestion as a search in a new tab and sends it. */
  searchSuggestion: (suggestion: string) => void;
}

export const createAutocompleteSlice: StateCreator<AppState, [], [], AutocompleteSlice> = (set, get) => {
  const patch = (p: Partial<AutocompleteState>) => set((s) => ({ autocomplete: { ...s.autocomplete, ...p } }));
  return {
    autocomplete: {
      request: { token: '', query: '', options: { numberOfSuggestions: 10 } },
      status: 'idle',
      requestId: null,
      result: null,
      error: null,
      sent: 0,
      cancelled: 0,
    },
    updateAutocomplete: (fn) => patch({ request: fn(get().autocomplete.request) }),
    runAutocomplete: async () => {
      const current = get().autocomplete;
      if (current.requestId) {
        patch({ cancelled: current.cancelled + 1 });
        void workbench().request.cancel({ requestId: current.requestId });
      }
      const requestId = nextRequestId('autocomplete');
      const sent = structuredClone(current.request);
      patch({ status: 'sending', requestId, sent: get().autocomplete.sent + 1 });
      // Keystrokes stay out of the history: it would fill with every prefix typed.
      const result = await workbench().search.run({
        requestId,
        kind: 'autocomplete',
        transport: 'post',
        request: sent as unknown as Record<string, unknown>,
        record: false,
      });
      if (get().autocomplete.requestId !== requestId) return; // a newer keystroke took over
      if (result.ok) {
        patch({
          status: 'done',
          requestId: null,
          error: null,
          result: {
            response: result.value.response as AutocompleteResponse,
            exchange: result.value.exchange,
            warnings: result.value.warnings,
            sent,
          },
        });
      } else if (result.error.code !== 'cancelled') {
        const exchange = result.error.details?.exchange as ExchangeRecord | undefined;
        patch({ status: 'error', requestId: null, error: { ...result.error, ...(exchange ? { exchange } : {}) } });
      }
    },
    loadAutocomplete: (request) => {
      patch({ request: structuredClone(request), result: null, error: null });
      get().setArea('autocomplete');
    },
    searchSuggestion: (suggestion) => {
      const { request } = get().autocomplete;
      const tabId = get().openTab({
        request: {
          token: request.token,
          query: suggestion,
          options: { offset: 0, limit: 24 },
          ...(request.configurationId ? { configurationId: request.configurationId } : {}),
        },
        origin: `Autocomplete suggestion for "${request.query}"`,
      });
      get().setArea('search');
      void get().send(tabId);
    },
  };
};

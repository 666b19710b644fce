import type { ExchangeRecord } from '@shared/exchange';
import type { AutocompleteRequest, AutocompleteResponse } from '@shared/request/types';
import { idleCall, lensOf, runCall, type CallState } from '../../request-ui/lifecycle';
import { cancelRequest, runRequest } from '../../request-ui/run-request';
import type { ShellSlice } from '../../shell/shell-slice';
import type { SliceCreator } from '../../store/slice';
import type { SearchSlice } from '../search/search-slice';

export interface AutocompleteResult {
  response: AutocompleteResponse;
  exchange: ExchangeRecord;
  warnings: string[];
  sent: AutocompleteRequest;
}

export interface AutocompleteState extends CallState<AutocompleteResult> {
  request: AutocompleteRequest;
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

type Deps = Pick<ShellSlice, 'setArea'> & Pick<SearchSlice, 'openTab' | 'send'>;

export const createAutocompleteSlice: SliceCreator<AutocompleteSlice, Deps> = (set, get) => {
  const patch = (p: Partial<AutocompleteState>) => set((s) => ({ autocomplete: { ...s.autocomplete, ...p } }));
  const lens = lensOf(
    () => get().autocomplete,
    (next) => patch(next),
  );
  return {
    autocomplete: {
      ...idleCall<AutocompleteResult>(),
      request: { token: '', query: '', options: { numberOfSuggestions: 10 } },
      sent: 0,
      cancelled: 0,
    },
    updateAutocomplete: (fn) => patch({ request: fn(get().autocomplete.request) }),
    runAutocomplete: async () => {
      const current = get().autocomplete;
      if (current.requestId) patch({ cancelled: current.cancelled + 1 });
      const sent = structuredClone(current.request);
      patch({ sent: current.sent + 1 });
      await runCall(lens, {
        scope: 'autocomplete',
        cancel: cancelRequest,
        // Keystrokes stay out of the history: it would fill with every prefix typed.
        send: (requestId) => runRequest({ requestId, kind: 'autocomplete', request: sent, record: false }),
        accept: (value) => ({ response: value.response, exchange: value.exchange, warnings: value.warnings, sent }),
      });
    },
    loadAutocomplete: (request) => {
      patch({ request: structuredClone(request), result: null, error: null, status: 'idle' });
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

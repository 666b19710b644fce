import { type Assertion, type AutocompleteRequest, type AutocompleteResponse, PAGE_SIZE } from '@shared/request';
import type { ExchangeRecord } from '@shared/errors';
import { idleCall, lensOf, runCall, type CallState } from '../../request-ui/lifecycle';
import { cancelRequest, runRequest } from '../../request-ui/run-request';
import type { ShellSlice } from '../../shell/shell-slice';
import type { SliceCreator } from '../../store/slice';
import type { SavedSlice, SearchSlice, SavedRef } from '../search/state';

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
  /** Requests loaded from elsewhere (a file, a suite, the history): each asks again, even for the same request. */
  loads: number;
  /** Expectations on the answer, checked on every answer and saved with the request. */
  expect: Assertion[];
  /** The request file it was opened from (or last saved to): expectations are saved back there. */
  saved: SavedRef | null;
}

export interface AutocompleteSlice {
  autocomplete: AutocompleteState;
  updateAutocomplete: (fn: (request: AutocompleteRequest) => AutocompleteRequest) => void;
  /** Asks for suggestions for the current request, cancelling one still in flight. */
  runAutocomplete: () => Promise<void>;
  loadAutocomplete: (request: AutocompleteRequest, options?: { expect?: Assertion[]; saved?: SavedRef }) => void;
  setAutocompleteExpect: (expect: Assertion[]) => void;
  /** Saves the request with its expectations into its file (a new one named after the prefix when it has none). */
  saveAutocompleteExpectations: () => Promise<boolean>;
  /** Opens a suggestion as a search in a new tab and sends it. */
  searchSuggestion: (suggestion: string) => void;
}

type Deps = Pick<ShellSlice, 'setArea'> & Pick<SearchSlice, 'openTab' | 'send'> & Pick<SavedSlice, 'saveRequestFile'>;

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
      loads: 0,
      expect: [],
      saved: null,
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
    loadAutocomplete: (request, options = {}) => {
      patch({
        request: structuredClone(request),
        result: null,
        error: null,
        status: 'idle',
        loads: get().autocomplete.loads + 1,
        expect: options.expect ?? [],
        saved: options.saved ?? null,
      });
      get().setArea('autocomplete');
    },
    setAutocompleteExpect: (expect) => patch({ expect }),
    saveAutocompleteExpectations: async () => {
      const { request, expect, saved } = get().autocomplete;
      const name = saved?.name ?? `Autocomplete “${request.query.trim()}”`;
      const envelope = { kind: 'autocomplete' as const, transport: 'post' as const, request };
      const file = await get().saveRequestFile({ name, envelope, expect, file: saved?.file ?? null });
      if (file === null) return false;
      patch({ saved: { file, name } });
      return true;
    },
    searchSuggestion: (suggestion) => {
      const { request } = get().autocomplete;
      const tabId = get().openTab({
        request: {
          token: request.token,
          query: suggestion,
          options: { offset: 0, limit: PAGE_SIZE },
          ...(request.configurationId ? { configurationId: request.configurationId } : {}),
        },
        origin: `Autocomplete suggestion for "${request.query}"`,
      });
      get().setArea('search');
      void get().send(tabId);
    },
  };
};

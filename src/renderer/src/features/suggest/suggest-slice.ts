import type { Assertion, Facet, Item, SuggestRequest, SuggestResponse } from '@shared/request';
import type { ExchangeRecord } from '@shared/errors';
import { cancelCall, idleCall, lensOf, runCall, type CallState } from '../../request-ui/lifecycle';
import type { AnswerPanel } from '../../request-ui/panels';
import { cancelRequest, runRequest } from '../../request-ui/run-request';
import type { ShellSlice } from '../../shell/shell-slice';
import type { SliceCreator } from '../../store/slice';
import type { SavedSlice, SavedRef } from '../search/state';

export interface SuggestResult {
  response: SuggestResponse;
  exchange: ExchangeRecord;
  warnings: string[];
  /** The request exactly as sent: group notes compare against its size. */
  sent: SuggestRequest;
  receivedAt: string;
}

/** Facets (with their values) and sample items from a plain search with the suggest's query, filter and configuration. */
export interface GroupSource extends CallState<{ facets: Facet[]; samples: Item[] }> {
  /** What the facets were read for: query, filter, configuration, token. */
  key: string;
}

export interface SuggestState extends CallState<SuggestResult> {
  request: SuggestRequest;
  panel: AnswerPanel;
  source: GroupSource;
  /** Where a loaded request came from (history, a pasted cURL). */
  origin: string | null;
  /** Expectations on the answer, checked on every answer and saved with the request. */
  expect: Assertion[];
  /** The request file it was opened from (or last saved to): expectations are saved back there. */
  saved: SavedRef | null;
}

export interface SuggestSlice {
  suggest: SuggestState;
  updateSuggest: (fn: (request: SuggestRequest) => SuggestRequest) => void;
  setSuggestPanel: (panel: SuggestState['panel']) => void;
  /** Replaces the request (from history or a paste); sends it unless told not to. */
  loadSuggest: (
    request: SuggestRequest,
    options?: {
      origin?: string;
      send?: boolean;
      answer?: { response: SuggestResponse; exchange: ExchangeRecord };
      expect?: Assertion[];
      saved?: SavedRef;
    },
  ) => void;
  setSuggestExpect: (expect: Assertion[]) => void;
  /** Saves the request with its expectations into its file (a new one named after the query when it has none). */
  saveSuggestExpectations: () => Promise<boolean>;
  sendSuggest: () => Promise<void>;
  cancelSuggest: () => void;
  /** Reads the facets for the attribute and value pickers, once per query/filter/configuration. */
  loadGroupSource: (force?: boolean) => Promise<void>;
}

type Deps = Pick<ShellSlice, 'setArea'> & Pick<SavedSlice, 'saveRequestFile'>;

export function blankSuggestRequest(token: string): SuggestRequest {
  return { token, query: '', options: { groupBy: { attribute: '', values: [], size: 5 } } };
}

export function sourceKey(r: SuggestRequest): string {
  return JSON.stringify([r.token, r.query, r.options.filter ?? '', r.configurationId ?? '']);
}

/** The plain search that reads the facets and a few items for the pickers. */
export function sourceProbe(r: SuggestRequest) {
  return {
    token: r.token,
    query: r.query,
    options: { limit: 10, ...(r.options.filter?.trim() ? { filter: r.options.filter } : {}) },
    ...(r.configurationId ? { configurationId: r.configurationId } : {}),
  };
}

const idleSource = (key = ''): GroupSource => ({ ...idleCall(), key });

export const createSuggestSlice: SliceCreator<SuggestSlice, Deps> = (set, get) => {
  const patch = (p: Partial<SuggestState>) => set((s) => ({ suggest: { ...s.suggest, ...p } }));
  const answer = lensOf(
    () => get().suggest,
    (next) => patch(next),
  );
  const source = lensOf(
    () => get().suggest.source,
    (next) => patch({ source: { ...get().suggest.source, ...next } }),
  );
  return {
    suggest: {
      ...idleCall<SuggestResult>(),
      request: blankSuggestRequest(''),
      panel: 'results',
      source: idleSource(),
      origin: null,
      expect: [],
      saved: null,
    },
    updateSuggest: (fn) => patch({ request: fn(get().suggest.request) }),
    setSuggestPanel: (panel) => patch({ panel }),
    loadSuggest: (request, options = {}) => {
      patch({
        request: structuredClone(request),
        origin: options.origin ?? null,
        expect: options.expect ?? [],
        saved: options.saved ?? null,
        error: null,
        status: options.answer ? 'done' : 'idle',
        result: options.answer
          ? { ...options.answer, warnings: [], sent: structuredClone(request), receivedAt: new Date().toISOString() }
          : null,
      });
      get().setArea('suggest');
      if (options.send !== false && !options.answer) void get().sendSuggest();
    },
    setSuggestExpect: (expect) => patch({ expect }),
    saveSuggestExpectations: async () => {
      const { request, expect, saved } = get().suggest;
      const name = saved?.name ?? `Suggest “${request.query.trim() || 'every item'}”`;
      const file = await get().saveRequestFile({
        name,
        envelope: { kind: 'suggest', transport: 'post', request },
        expect,
        file: saved?.file ?? null,
      });
      if (file === null) return false;
      patch({ saved: { file, name } });
      return true;
    },
    sendSuggest: async () => {
      const sent = structuredClone(get().suggest.request);
      await runCall(answer, {
        scope: 'suggest',
        cancel: cancelRequest,
        send: (requestId) => runRequest({ requestId, kind: 'suggest', request: sent }),
        accept: (value): SuggestResult => ({
          response: value.response,
          exchange: value.exchange,
          warnings: value.warnings,
          sent,
          receivedAt: new Date().toISOString(),
        }),
      });
    },
    cancelSuggest: () => cancelCall(answer, cancelRequest),
    loadGroupSource: async (force = false) => {
      const { request, source: current } = get().suggest;
      const key = sourceKey(request);
      if (!force && current.key === key && (current.status === 'done' || current.status === 'sending')) return;
      if (!request.token.trim()) {
        patch({
          source: {
            ...idleSource(key),
            status: 'error',
            error: { code: 'validation', message: 'Pick a search token to read the attribute values.' },
          },
        });
        return;
      }
      if (current.key !== key) patch({ source: { ...current, key } });
      const outcome = await runCall(source, {
        scope: 'suggest-values',
        cancel: cancelRequest,
        // Not recorded: these probes are the workbench's own, not the user's requests.
        send: (requestId) => runRequest({ requestId, kind: 'search', request: sourceProbe(request), record: false }),
        accept: (value) => ({ facets: value.response.metadata?.facets ?? [], samples: value.response.items ?? [] }),
      });
      if (outcome.kind === 'error')
        source.set({ error: { ...outcome.error, message: `The attribute values could not be read: ${outcome.error.message}` } });
    },
  };
};

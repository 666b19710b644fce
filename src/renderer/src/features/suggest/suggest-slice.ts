import type { StateCreator } from 'zustand';
import type { ExchangeRecord } from '../../../../shared/exchange';
import type { Facet, Item, SearchResponse, SuggestRequest, SuggestResponse } from '../../../../shared/request/types';
import { workbench } from '../../bridge';
import type { AppState } from '../../store/store';
import type { AnswerPanel } from '../request/AnswerBody';
import { nextRequestId } from '../request/request-id';
import type { RequestError } from '../request/ServiceError';

export interface SuggestResult {
  response: SuggestResponse;
  exchange: ExchangeRecord;
  warnings: string[];
  /** The request exactly as sent: group notes compare against its size. */
  sent: SuggestRequest;
  receivedAt: string;
}

/** Facets (with their values) and sample items from a plain search with the suggest's query, filter and configuration. */
export interface GroupSource {
  status: 'idle' | 'loading' | 'done' | 'error';
  /** What the facets were read for: query, filter, configuration, token. */
  key: string;
  facets: Facet[];
  samples: Item[];
  message?: string;
}

export interface SuggestState {
  request: SuggestRequest;
  status: 'idle' | 'sending' | 'done' | 'error';
  requestId: string | null;
  result: SuggestResult | null;
  error: RequestError | null;
  panel: AnswerPanel;
  source: GroupSource;
  /** Where a loaded request came from (history, a pasted cURL). */
  origin: string | null;
}

export interface SuggestSlice {
  suggest: SuggestState;
  updateSuggest: (fn: (request: SuggestRequest) => SuggestRequest) => void;
  setSuggestPanel: (panel: SuggestState['panel']) => void;
  /** Replaces the request (from history or a paste); sends it unless told not to. */
  loadSuggest: (
    request: SuggestRequest,
    options?: { origin?: string; send?: boolean; answer?: { response: SuggestResponse; exchange: ExchangeRecord } },
  ) => void;
  sendSuggest: () => Promise<void>;
  cancelSuggest: () => Promise<void>;
  /** Reads the facets for the attribute and value pickers, once per query/filter/configuration. */
  loadGroupSource: (force?: boolean) => Promise<void>;
}

export function blankSuggestRequest(token: string): SuggestRequest {
  return { token, query: '', options: { groupBy: { attribute: '', values: [], size: 5 } } };
}

export function sourceKey(r: SuggestRequest): string {
  return JSON.stringify([r.token, r.query, r.options.filter ?? '', r.configurationId ?? '']);
}

const idle: GroupSource = { status: 'idle', key: '', facets: [], samples: [] };

export const createSuggestSlice: StateCreator<AppState, [], [], SuggestSlice> = (set, get) => {
  const patch = (p: Partial<SuggestState>) => set((s) => ({ suggest: { ...s.suggest, ...p } }));
  return {
    suggest: {
      request: blankSuggestRequest(''),
      status: 'idle',
      requestId: null,
      result: null,
      error: null,
      panel: 'results',
      source: idle,
      origin: null,
    },
    updateSuggest: (fn) => patch({ request: fn(get().suggest.request) }),
    setSuggestPanel: (panel) => patch({ panel }),
    loadSuggest: (request, options = {}) => {
      patch({
        request: structuredClone(request),
        origin: options.origin ?? null,
        error: null,
        status: options.answer ? 'done' : 'idle',
        result: options.answer
          ? {
              ...options.answer,
              warnings: [],
              sent: structuredClone(request),
              receivedAt: new Date().toISOString(),
            }
          : null,
      });
      get().setArea('suggest');
      if (options.send !== false && !options.answer) void get().sendSuggest();
    },
    sendSuggest: async () => {
      const { suggest } = get();
      if (suggest.requestId) await workbench().request.cancel({ requestId: suggest.requestId });
      const requestId = nextRequestId('suggest');
      const sent = structuredClone(suggest.request);
      patch({ status: 'sending', requestId, error: null });
      const result = await workbench().search.run({
        requestId,
        kind: 'suggest',
        transport: 'post',
        request: sent as unknown as Record<string, unknown>,
      });
      if (get().suggest.requestId !== requestId) return;
      if (result.ok) {
        patch({
          status: 'done',
          requestId: null,
          result: {
            response: result.value.response as SuggestResponse,
            exchange: result.value.exchange,
            warnings: result.value.warnings,
            sent,
            receivedAt: new Date().toISOString(),
          },
        });
      } else {
        const cancelled = result.error.code === 'cancelled';
        const exchange = result.error.details?.exchange as ExchangeRecord | undefined;
        patch({
          status: cancelled ? (get().suggest.result ? 'done' : 'idle') : 'error',
          requestId: null,
          error: cancelled ? null : { ...result.error, ...(exchange ? { exchange } : {}) },
        });
      }
      void get().loadHistory();
    },
    cancelSuggest: async () => {
      const { requestId, result } = get().suggest;
      if (!requestId) return;
      patch({ status: result ? 'done' : 'idle', requestId: null });
      await workbench().request.cancel({ requestId });
    },
    loadGroupSource: async (force = false) => {
      const { request, source } = get().suggest;
      const key = sourceKey(request);
      if (!force && source.key === key && (source.status === 'done' || source.status === 'loading')) return;
      if (!request.token.trim()) {
        patch({ source: { ...idle, key, status: 'error', message: 'Pick a search token to read the attribute values.' } });
        return;
      }
      patch({ source: { ...source, key, status: 'loading' } });
      const probe = {
        token: request.token,
        query: request.query,
        options: { limit: 10, ...(request.options.filter?.trim() ? { filter: request.options.filter } : {}) },
        ...(request.configurationId ? { configurationId: request.configurationId } : {}),
      };
      const result = await workbench().search.run({
        requestId: nextRequestId('suggest-values'),
        kind: 'search',
        transport: 'post',
        request: probe,
        record: false,
      });
      if (get().suggest.source.key !== key) return;
      if (result.ok) {
        const response = result.value.response as SearchResponse;
        patch({ source: { status: 'done', key, facets: response.metadata?.facets ?? [], samples: response.items ?? [] } });
      } else {
        patch({
          source: { ...idle, key, status: 'error', message: `The attribute values could not be read: ${result.error.message}` },
        });
      }
    },
  };
};

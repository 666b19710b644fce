import type { StateCreator } from 'zustand';
import type { ExchangeRecord } from '../../../../shared/exchange';
import type { Transport } from '../../../../shared/request/http';
import type { FacetSelection, SearchRequest, SearchResponse, SortValue } from '../../../../shared/request/types';
import { workbench } from '../../bridge';
import type { AppState } from '../../store/store';
import { nextRequestId } from '../request/request-id';
import { blankTab, titleOf, type SearchTab } from './tab-model';

export interface SearchSlice {
  tabs: SearchTab[];
  activeTabId: string | null;
  openTab: (init?: Parameters<typeof blankTab>[0]) => string;
  closeTab: (id: string) => void;
  selectTab: (id: string) => void;
  updateRequest: (id: string, update: (request: SearchRequest) => SearchRequest) => void;
  patchTab: (id: string, patch: Partial<Pick<SearchTab, 'transport' | 'view' | 'panel' | 'title'>>) => void;
  setRawText: (id: string, text: string) => void;
  send: (id: string) => Promise<void>;
  cancel: (id: string) => Promise<void>;
  toggleFacetValue: (id: string, facetId: string, value: string) => void;
  goToPage: (id: string, offset: number) => void;
  setSort: (id: string, sortBy: SortValue[]) => void;
}

function withOptions(
  request: SearchRequest,
  update: (o: NonNullable<SearchRequest['options']>) => NonNullable<SearchRequest['options']>,
): SearchRequest {
  return { ...request, options: update({ ...(request.options ?? {}) }) };
}

/** Adds or removes one value of a facet: OR within a facet, AND across facets, as the service reads them. */
export function toggleFacet(facets: FacetSelection[] | undefined, facetId: string, value: string): FacetSelection[] {
  const list = (facets ?? []).map((f) => ({ ...f, values: [...f.values] }));
  const entry = list.find((f) => (f.id ?? f.attribute) === facetId);
  if (!entry) return [...list, { id: facetId, values: [value] }];
  entry.values = entry.values.includes(value) ? entry.values.filter((v) => v !== value) : [...entry.values, value];
  return list.filter((f) => f.values.length > 0);
}

export const createSearchSlice: StateCreator<AppState, [], [], SearchSlice> = (set, get) => {
  const update = (id: string, fn: (tab: SearchTab) => SearchTab) => set((s) => ({ tabs: s.tabs.map((t) => (t.id === id ? fn(t) : t)) }));
  const tab = (id: string) => get().tabs.find((t) => t.id === id);

  return {
    tabs: [],
    activeTabId: null,
    openTab: (init = {}) => {
      const token = init.token ?? get().activeProfile()?.searchTokens[0]?.token ?? '';
      const created = blankTab({ ...init, token });
      set((s) => ({ tabs: [...s.tabs, created], activeTabId: created.id }));
      return created.id;
    },
    closeTab: (id) =>
      set((s) => {
        const index = s.tabs.findIndex((t) => t.id === id);
        const tabs = s.tabs.filter((t) => t.id !== id);
        const activeTabId = s.activeTabId === id ? (tabs[Math.max(0, index - 1)]?.id ?? null) : s.activeTabId;
        return { tabs, activeTabId };
      }),
    selectTab: (id) => set({ activeTabId: id }),
    updateRequest: (id, fn) => update(id, (t) => ({ ...t, request: fn(t.request), rawText: null })),
    patchTab: (id, patch) => update(id, (t) => ({ ...t, ...patch })),
    setRawText: (id, text) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      // Invalid JSON stays in the raw view, marked, and never clobbers the form.
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        update(id, (t) => ({ ...t, request: parsed as SearchRequest, rawText: null }));
      else update(id, (t) => ({ ...t, rawText: text }));
    },
    send: async (id) => {
      const current = tab(id);
      if (!current) return;
      if (current.requestId) await workbench().request.cancel({ requestId: current.requestId });
      const requestId = nextRequestId(id);
      const sent = structuredClone(current.request);
      performance.mark('wb:send');
      update(id, (t) => ({ ...t, status: 'sending', requestId, error: null, title: titleOf(sent) }));
      const transport: Transport = current.transport;
      const result = await workbench().search.run({
        requestId,
        kind: 'search',
        transport,
        request: sent as unknown as Record<string, unknown>,
      });
      if (tab(id)?.requestId !== requestId) return; // a newer send or a cancel took over
      if (result.ok) {
        const response = result.value.response as SearchResponse;
        const masked = !!sent.options?.customResponseMask?.trim();
        update(id, (t) => ({
          ...t,
          status: 'done',
          requestId: null,
          error: null,
          result: {
            response,
            exchange: result.value.exchange,
            warnings: result.value.warnings,
            diagnostics: result.value.diagnostics,
            historyId: result.value.historyId,
            sent,
            profileId: result.value.profileId,
            receivedAt: new Date().toISOString(),
          },
          unmasked: masked ? t.unmasked : (response.items ?? []),
        }));
      } else {
        const exchange = result.error.details?.exchange as ExchangeRecord | undefined;
        update(id, (t) => ({
          ...t,
          status: result.error.code === 'cancelled' ? 'idle' : 'error',
          requestId: null,
          error: result.error.code === 'cancelled' ? null : { ...result.error, ...(exchange ? { exchange } : {}) },
        }));
      }
      void get().loadHistory();
    },
    cancel: async (id) => {
      const current = tab(id);
      if (!current?.requestId) return;
      const requestId = current.requestId;
      update(id, (t) => ({ ...t, status: t.result ? 'done' : 'idle', requestId: null }));
      await workbench().request.cancel({ requestId });
    },
    toggleFacetValue: (id, facetId, value) => {
      get().updateRequest(id, (r) => withOptions(r, (o) => ({ ...o, offset: 0, facets: toggleFacet(o.facets, facetId, value) })));
      void get().send(id);
    },
    goToPage: (id, offset) => {
      get().updateRequest(id, (r) => withOptions(r, (o) => ({ ...o, offset: Math.max(0, offset) })));
      void get().send(id);
    },
    setSort: (id, sortBy) => get().updateRequest(id, (r) => withOptions(r, (o) => ({ ...o, sortBy }))),
  };
};

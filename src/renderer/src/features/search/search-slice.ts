import { isRequest, requestProblems, type FacetSelection, type SearchRequest, type SortValue } from '@shared/request';
import { asSentence } from '@shared/zod';
import { cancelCall, runCall, type CallLens } from '../../request-ui/lifecycle';
import { cancelRequest, runRequest } from '../../request-ui/run-request';
import type { SliceCreator } from '../../store/slice';
import type { ProfilesSlice } from '../profiles/state';
import { blankTab, sameRequest, sendBlocker, titleOf, type SearchResult, type SearchTab } from './tab-model';
import { markSend } from '../../perf/user-timing';

export interface SearchSlice {
  tabs: SearchTab[];
  activeTabId: string | null;
  openTab: (init?: Parameters<typeof blankTab>[0]) => string;
  closeTab: (id: string) => void;
  selectTab: (id: string) => void;
  updateRequest: (id: string, update: (request: SearchRequest) => SearchRequest) => void;
  patchTab: (
    id: string,
    patch: Partial<
      Pick<
        SearchTab,
        'transport' | 'view' | 'panel' | 'title' | 'profileId' | 'expect' | 'saved' | 'highlight' | 'variablesDraft' | 'sendRefused'
      >
    >,
  ) => void;
  setRawText: (id: string, text: string) => void;
  send: (id: string) => Promise<void>;
  cancel: (id: string) => void;
  toggleFacetValue: (id: string, facetId: string, value: string) => void;
  goToPage: (id: string, offset: number) => void;
  setSort: (id: string, sortBy: SortValue[]) => void;
}

type Deps = Pick<ProfilesSlice, 'activeProfile'>;

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
  entry.values = entry.values.some((v) => String(v) === value) ? entry.values.filter((v) => String(v) !== value) : [...entry.values, value];
  return list.filter((f) => f.values.length > 0);
}

/**
 * What the raw JSON view holds: a request the form can take, or why not —
 * invalid JSON, or a field without the interface's type (named). Until it is
 * a request, the form keeps the last one that was.
 */
export function readRawRequest(text: string): { request: SearchRequest } | { problem: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    return { problem: `This JSON does not parse (${(err as Error).message}); the form keeps the last valid request until it does.` };
  }
  if (isRequest('search', parsed)) return { request: parsed };
  return {
    problem: `This is not a search request yet — ${asSentence(requestProblems('search', parsed))} The form keeps the last valid request until it is.`,
  };
}

export const createSearchSlice: SliceCreator<SearchSlice, Deps> = (set, get) => {
  const update = (id: string, fn: (tab: SearchTab) => SearchTab) => set((s) => ({ tabs: s.tabs.map((t) => (t.id === id ? fn(t) : t)) }));
  const tab = (id: string) => get().tabs.find((t) => t.id === id);
  const lens = (id: string): CallLens<SearchResult> => ({
    get: () => tab(id) ?? blankTab(),
    // One store update per answer: the mask preview's sample (the items of the last answer sent
    // without a mask) changes with the result, not in a second render after it.
    set: (patch) =>
      update(id, (t) => ({
        ...t,
        ...patch,
        ...(patch.result && !patch.result.sent.options?.customResponseMask?.trim() ? { unmasked: patch.result.response.items ?? [] } : {}),
      })),
  });

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
    updateRequest: (id, fn) => update(id, (t) => ({ ...t, request: fn(t.request), rawText: null, rawProblem: null, sendRefused: false })),
    patchTab: (id, patch) => update(id, (t) => ({ ...t, ...patch })),
    setRawText: (id, text) => {
      const read = readRawRequest(text);
      // A raw text that is not a request stays in the raw view, marked, and never clobbers the form.
      // The raw view's request replaces the form's whole, its variables with it: a draft typed in the form goes.
      if ('request' in read)
        update(id, (t) => ({ ...t, request: read.request, rawText: null, rawProblem: null, variablesDraft: null, sendRefused: false }));
      else update(id, (t) => ({ ...t, rawText: text, rawProblem: read.problem }));
    },
    send: async (id) => {
      const current = tab(id);
      if (!current) return;
      // What is typed but not usable is never sent as the last valid value: the send is refused and says why.
      if (sendBlocker(current)) return update(id, (t) => ({ ...t, sendRefused: true }));
      const sent = structuredClone(current.request);
      const transport = current.transport;
      const pinned = current.profileId;
      markSend();
      // Notes and steps explain the request they came with (a pasted URL): a different request sends without them.
      update(id, (t) => ({
        ...t,
        // A saved request's tab keeps the request's name; any other is named by what it sends.
        title: t.saved ? t.saved.name : titleOf(sent),
        ...(t.notesFor && !sameRequest(t.notesFor, sent) ? { notes: [], steps: [], notesFor: null } : {}),
      }));
      await runCall(lens(id), {
        scope: id,
        cancel: cancelRequest,
        send: (requestId) => runRequest({ requestId, kind: 'search', transport, request: sent, ...(pinned ? { profileId: pinned } : {}) }),
        accept: (value): SearchResult => ({
          response: value.response,
          exchange: value.exchange,
          warnings: value.warnings,
          diagnostics: value.diagnostics,
          historyId: value.historyId,
          sent,
          profileId: value.profileId,
          receivedAt: new Date().toISOString(),
        }),
      });
    },
    cancel: (id) => cancelCall(lens(id), cancelRequest),
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

import type { StateCreator } from 'zustand';
import { requestFor } from '../../../../shared/compare/sides';
import type { BatchProgress, BatchResult, QueryRow, SideSpec } from '../../../../shared/compare/types';
import type { ExchangeRecord } from '../../../../shared/exchange';
import type { BatchListItem, BatchView } from '../../../../shared/ipc/contract';
import type { ContextValue, SearchRequest, SearchResponse } from '../../../../shared/request/types';
import { workbench } from '../../bridge';
import { historyExchange } from '../../store/history-slice';
import type { AppState } from '../../store/store';
import { nextRequestId } from '../request/request-id';
import type { RequestError } from '../request/ServiceError';

export type SideKey = 'a' | 'b';

/** One side as the user edits it. */
export interface SideDraft {
  label: string;
  /** Null: the active profile. */
  profileId: string | null;
  token: string;
  configurationId: string;
  filter: string;
  /** Context variables as JSON text; empty for none. */
  variables: string;
}

export interface SideAnswer {
  status: 'idle' | 'sending' | 'done' | 'error';
  request: SearchRequest | null;
  response: SearchResponse | null;
  exchange: ExchangeRecord | null;
  error: RequestError | null;
  requestId: string | null;
  /** Where a stored answer came from: a pinned history entry, a batch. */
  source: string | null;
}

export interface BatchDraft {
  name: string;
  text: string;
  fileName: string;
  concurrency: number;
}

export interface CompareState {
  mode: 'single' | 'batch';
  query: string;
  limit: number;
  sides: Record<SideKey, SideDraft>;
  answers: Record<SideKey, SideAnswer>;
  /** Side A is a pinned baseline from history: it is not sent again. */
  pinnedA: boolean;
  panel: 'results' | 'facets' | 'products' | 'raw';
  batches: BatchListItem[];
  batch: BatchView | null;
  draft: BatchDraft;
}

export interface CompareSlice {
  compare: CompareState;
  patchCompare: (patch: Partial<Pick<CompareState, 'mode' | 'query' | 'limit' | 'panel'>>) => void;
  setSide: (key: SideKey, patch: Partial<SideDraft>) => void;
  swapSides: () => void;
  runComparison: () => Promise<void>;
  pinFromHistory: (id: string) => Promise<void>;
  unpin: () => void;
  setBatchDraft: (patch: Partial<BatchDraft>) => void;
  loadBatches: () => Promise<void>;
  startBatch: (rows: QueryRow[]) => Promise<string | null>;
  openBatch: (id: string) => Promise<void>;
  closeBatch: () => void;
  controlBatch: (action: 'pause' | 'resume' | 'cancel' | 'rerun-failed') => Promise<void>;
  deleteBatch: (id: string) => Promise<void>;
  applyBatchProgress: (update: { id: string; progress: BatchProgress; results: BatchResult[] }) => void;
  openBatchResult: (index: number) => Promise<void>;
}

const idleAnswer: SideAnswer = {
  status: 'idle',
  request: null,
  response: null,
  exchange: null,
  error: null,
  requestId: null,
  source: null,
};

export function blankSide(label: string, configurationId = ''): SideDraft {
  return { label, profileId: null, token: '', configurationId, filter: '', variables: '' };
}

/** A side's variables JSON, or the reason it cannot be used. */
export function parseVariables(
  text: string,
): { ok: true; value: Record<string, ContextValue> | undefined } | { ok: false; message: string } {
  if (!text.trim()) return { ok: true, value: undefined };
  try {
    const parsed = JSON.parse(text) as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
      return { ok: false, message: 'Context variables must be a JSON object, like {"segment": "premium"}.' };
    return { ok: true, value: parsed as Record<string, ContextValue> };
  } catch (err) {
    return { ok: false, message: `Context variables are not valid JSON: ${(err as Error).message}` };
  }
}

/** The side as the service will see it: token, configuration, filter and variables over the shared request. */
export function sideSpec(draft: SideDraft, defaultToken: string): SideSpec {
  const variables = parseVariables(draft.variables);
  const overrides: Partial<SearchRequest> = {
    token: draft.token.trim() || defaultToken,
    ...(draft.configurationId.trim() ? { configurationId: draft.configurationId.trim() } : {}),
    ...(draft.filter.trim() ? { options: { filter: draft.filter } } : {}),
    ...(variables.ok && variables.value ? { context: { variables: variables.value } } : {}),
  };
  return { label: draft.label.trim() || 'side', ...(draft.profileId ? { profileId: draft.profileId } : {}), overrides };
}

export const createCompareSlice: StateCreator<AppState, [], [], CompareSlice> = (set, get) => {
  const patch = (p: Partial<CompareState>) => set((s) => ({ compare: { ...s.compare, ...p } }));
  const answer = (key: SideKey, p: Partial<SideAnswer>) =>
    set((s) => ({ compare: { ...s.compare, answers: { ...s.compare.answers, [key]: { ...s.compare.answers[key], ...p } } } }));
  const profileFor = (draft: SideDraft) => {
    const list = get().profiles;
    return list?.profiles.find((p) => p.id === (draft.profileId ?? list.activeId));
  };
  const spec = (key: SideKey) => {
    const draft = get().compare.sides[key];
    return sideSpec(draft, profileFor(draft)?.searchTokens[0]?.token ?? '');
  };
  const requestOf = (key: SideKey) => {
    const { query, limit } = get().compare;
    return requestFor({ options: { offset: 0, limit } }, spec(key), { query, line: 0 });
  };

  const send = async (key: SideKey) => {
    const previous = get().compare.answers[key].requestId;
    if (previous) void workbench().request.cancel({ requestId: previous });
    const requestId = nextRequestId(`compare-${key}`);
    const request = requestOf(key);
    const draft = get().compare.sides[key];
    answer(key, { status: 'sending', requestId, request, error: null, source: null });
    const result = await workbench().search.run({
      requestId,
      ...(draft.profileId ? { profileId: draft.profileId } : {}),
      kind: 'search',
      transport: 'post',
      request: request as unknown as Record<string, unknown>,
    });
    if (get().compare.answers[key].requestId !== requestId) return;
    if (result.ok)
      answer(key, { status: 'done', requestId: null, response: result.value.response as SearchResponse, exchange: result.value.exchange });
    else {
      const exchange = result.error.details?.exchange as ExchangeRecord | undefined;
      answer(key, {
        status: result.error.code === 'cancelled' ? 'idle' : 'error',
        requestId: null,
        response: null,
        exchange: exchange ?? null,
        error: { ...result.error, ...(exchange ? { exchange } : {}) },
      });
    }
  };

  return {
    compare: {
      mode: 'single',
      query: '',
      limit: 24,
      sides: { a: blankSide('A'), b: blankSide('B') },
      answers: { a: idleAnswer, b: idleAnswer },
      pinnedA: false,
      panel: 'results',
      batches: [],
      batch: null,
      draft: { name: '', text: '', fileName: '', concurrency: 6 },
    },
    patchCompare: (p) => patch(p),
    setSide: (key, p) =>
      set((s) => ({ compare: { ...s.compare, sides: { ...s.compare.sides, [key]: { ...s.compare.sides[key], ...p } } } })),
    swapSides: () => {
      const { sides, answers } = get().compare;
      patch({ sides: { a: sides.b, b: sides.a }, answers: { a: answers.b, b: answers.a }, pinnedA: false });
    },
    runComparison: async () => {
      const { pinnedA } = get().compare;
      await Promise.all(pinnedA ? [send('b')] : [send('a'), send('b')]);
      void get().loadHistory();
    },
    pinFromHistory: async (id) => {
      const result = await workbench().history.get({ id });
      if (!result.ok) {
        get().pushNotice({ id: `pin:${id}`, level: 'error', message: result.error.message });
        return;
      }
      const { entry, response } = result.value;
      if (entry.kind !== 'search' || !response) {
        get().pushNotice({ id: `pin:${id}`, level: 'info', message: 'Only a search with its stored answer can be pinned as side A.' });
        return;
      }
      const request = entry.request as unknown as SearchRequest;
      const when = new Date(entry.at).toLocaleString();
      set((s) => ({
        compare: {
          ...s.compare,
          mode: 'single',
          query: request.query ?? '',
          pinnedA: true,
          sides: {
            ...s.compare.sides,
            a: {
              ...s.compare.sides.a,
              label: `Baseline · ${when}`,
              profileId: entry.profileId,
              token: request.token ?? '',
              configurationId: request.configurationId ?? '',
              filter: request.options?.filter ?? '',
              variables: request.context?.variables ? JSON.stringify(request.context.variables, null, 2) : '',
            },
          },
          answers: {
            ...s.compare.answers,
            a: {
              ...idleAnswer,
              status: 'done',
              request,
              response: response as SearchResponse,
              exchange: historyExchange(entry),
              source: `History · ${when}`,
            },
          },
        },
      }));
    },
    unpin: () => patch({ pinnedA: false, answers: { ...get().compare.answers, a: idleAnswer } }),
    setBatchDraft: (p) => patch({ draft: { ...get().compare.draft, ...p } }),
    loadBatches: async () => {
      const result = await workbench().compare.list();
      if (result.ok) patch({ batches: result.value });
    },
    startBatch: async (rows) => {
      const { draft, sides, limit } = get().compare;
      const name = draft.name.trim() || `${sides.a.label || 'A'} vs ${sides.b.label || 'B'}`;
      const result = await workbench().compare.start({
        name,
        base: { options: { offset: 0, limit: Math.min(limit, 100) } },
        sides: { a: spec('a'), b: spec('b') } as {
          a: SideSpec & { overrides: Record<string, unknown> };
          b: SideSpec & { overrides: Record<string, unknown> };
        },
        rows: rows as { query: string; line: number }[],
        concurrency: draft.concurrency,
      });
      if (!result.ok) {
        get().pushNotice({ id: 'batch:start', level: 'error', message: result.error.message });
        return null;
      }
      await get().loadBatches();
      await get().openBatch(result.value.id);
      return result.value.id;
    },
    openBatch: async (id) => {
      const result = await workbench().compare.get({ id });
      if (result.ok) patch({ batch: result.value, mode: 'batch' });
      else get().pushNotice({ id: `batch:${id}`, level: 'error', message: result.error.message });
    },
    closeBatch: () => patch({ batch: null }),
    controlBatch: async (action) => {
      const batch = get().compare.batch;
      if (!batch) return;
      const result = await workbench().compare.control({ id: batch.definition.id, action });
      if (!result.ok) get().pushNotice({ id: `batch:${action}`, level: 'error', message: result.error.message });
      else if (action === 'rerun-failed') await get().openBatch(batch.definition.id);
      else patch({ batch: { ...batch, progress: result.value } });
    },
    deleteBatch: async (id) => {
      const result = await workbench().compare.delete({ id });
      if (!result.ok) get().pushNotice({ id: `batch:delete`, level: 'error', message: result.error.message });
      if (get().compare.batch?.definition.id === id) patch({ batch: null });
      await get().loadBatches();
    },
    applyBatchProgress: ({ id, progress, results }) => {
      const { batch, batches } = get().compare;
      const next: Partial<CompareState> = {
        batches: batches.map((b) => (b.id === id ? { ...b, progress } : b)),
      };
      if (batch?.definition.id === id) {
        const byIndex = new Map(batch.results.map((r) => [r.index, r]));
        for (const r of results) byIndex.set(r.index, r);
        next.batch = { ...batch, progress, results: results.length ? [...byIndex.values()] : batch.results };
      }
      patch(next);
    },
    openBatchResult: async (index) => {
      const batch = get().compare.batch;
      if (!batch) return;
      const result = await workbench().compare.result({ id: batch.definition.id, index });
      if (!result.ok) {
        get().pushNotice({ id: `batch:result`, level: 'error', message: result.error.message });
        return;
      }
      const { requests, responses, result: row } = result.value;
      const source = `${batch.definition.name} · query ${index + 1}`;
      const stored = (key: SideKey): SideAnswer => ({
        ...idleAnswer,
        status: row[key].ok ? 'done' : 'error',
        request: requests[key],
        response: (responses[key] as SearchResponse | undefined) ?? null,
        error: row[key].error ? { code: 'http', message: row[key].error!.message } : null,
        source,
      });
      const draftOf = (key: SideKey): SideDraft => {
        const spec = batch.definition.sides[key];
        return {
          label: spec.label,
          profileId: spec.profileId ?? null,
          token: spec.overrides.token ?? '',
          configurationId: spec.overrides.configurationId ?? '',
          filter: spec.overrides.options?.filter ?? '',
          variables: spec.overrides.context?.variables ? JSON.stringify(spec.overrides.context.variables, null, 2) : '',
        };
      };
      patch({
        mode: 'single',
        query: row.query,
        pinnedA: false,
        sides: { a: draftOf('a'), b: draftOf('b') },
        answers: { a: stored('a'), b: stored('b') },
        panel: 'results',
      });
    },
  };
};

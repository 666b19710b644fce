import type { BatchQuality } from '@shared/compare/quality';
import { buildSide, defaultBatchName, requestFor } from '@shared/compare/sides';
import type { BatchProgress, BatchRow, QueryRow, SideSpec } from '@shared/compare/types';
import type { ExchangeRecord } from '@shared/exchange';
import type { BatchListItem, BatchView } from '@shared/ipc/contract';
import type { Result } from '@shared/ipc/result';
import type {
  AutocompleteRequest,
  AutocompleteResponse,
  SearchRequest,
  SearchResponse,
  SearchTemplate,
  SuggestRequest,
  SuggestResponse,
} from '@shared/request/types';
import { KIND_WORDS, kindRequest, type CompareKind } from '@shared/compare/kinds';
import { canonicalJson } from '@shared/workspace/canonical-json';
import { workbench } from '../../bridge';
import { idleCall, lensOf, runCall, type CallState } from '../../request-ui/lifecycle';
import { parseVariables } from '../../request-ui/parse-variables';
import { cancelRequest, runRequest } from '../../request-ui/run-request';
import type { ShellSlice } from '../../shell/shell-slice';
import type { SliceCreator } from '../../store/slice';
import { historyExchange, type HistorySlice } from '../history/history-slice';
import type { ProfilesSlice } from '../profiles/profiles-slice';
import type { JudgingSlice } from '../judging/judging-slice';

export type SideKey = 'a' | 'b';

/** What a side answered: the response, and the exchange when it was sent now (a pinned or stored answer has none). */
export interface SideResponse {
  response: SearchResponse;
  exchange: ExchangeRecord | null;
}

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

export interface SideAnswer extends CallState<SideResponse> {
  request: SearchRequest | null;
  /** The profile the request was sent to (the one active then, for a side on "the active profile"). */
  sentTo?: string | null;
  /** Where a stored answer came from: a pinned history entry, a batch. */
  source: string | null;
}

export interface BatchDraft {
  name: string;
  text: string;
  fileName: string;
  concurrency: number;
  /** Fixed concurrency, or paced automatically from the service's refusals. */
  pace: 'fixed' | 'auto';
}

export type BatchOp = 'list' | 'start' | 'open' | 'control' | 'delete' | 'export' | 'result';

/** What a side answered to a product suggest or an autocomplete request. */
export interface KindSideAnswer extends CallState<
  | { kind: 'suggest'; response: SuggestResponse; exchange: ExchangeRecord | null }
  | {
      kind: 'autocomplete';
      response: AutocompleteResponse;
      exchange: ExchangeRecord | null;
    }
> {
  request: SuggestRequest | AutocompleteRequest | null;
  /** Where a stored answer came from (a batch). */
  source: string | null;
}

/** The suggest request's grouping as the user edits it: values comma-separated. */
export interface GroupByDraft {
  attribute: string;
  values: string;
  size: number;
}

export interface CompareState {
  mode: 'single' | 'batch' | 'matrix';
  /** What both sides are asked: search, product suggest or autocomplete (side by side and in a batch). */
  kind: CompareKind;
  query: string;
  groupBy: GroupByDraft;
  /** Autocomplete: suggestions asked per prefix. */
  numberOfSuggestions: number;
  /** Each side's answer to a suggest or autocomplete request (search answers are in `answers`). */
  kindAnswers: Record<SideKey, KindSideAnswer>;
  limit: number;
  sides: Record<SideKey, SideDraft>;
  answers: Record<SideKey, SideAnswer>;
  /** Side A is a pinned baseline from history: it is not sent again. */
  pinnedA: boolean;
  panel: 'results' | 'facets' | 'products' | 'raw' | 'explain';
  batches: BatchListItem[];
  batch: BatchView | null;
  /**
   * Each kind of batch operation's last call (list, start, open, control…),
   * apart, so listing the batches never drops the answer of an open in
   * flight; errors also go out as notices.
   */
  batchCalls: Partial<Record<BatchOp, CallState<string>>>;
  /** The open batch's quality per side and significance, when it is measured against a judgment list. */
  batchQuality: CallState<BatchQuality | null>;
  /** The revision of the batch's judgment list (ratingsRevision) its quality was last measured at. */
  batchQualityRevision: number;
  draft: BatchDraft;
}

export interface CompareSlice {
  compare: CompareState;
  patchCompare: (
    patch: Partial<Pick<CompareState, 'mode' | 'kind' | 'query' | 'limit' | 'panel' | 'groupBy' | 'numberOfSuggestions'>>,
  ) => void;
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
  /** Measures the open batch against its judgment list as the list is now (main computes it from the stored rankings). */
  loadBatchQuality: () => Promise<void>;
  controlBatch: (action: 'pause' | 'resume' | 'cancel' | 'rerun-failed') => Promise<void>;
  deleteBatch: (id: string) => Promise<void>;
  applyBatchProgress: (update: { id: string; progress: BatchProgress; results: BatchRow[] }) => void;
  openBatchResult: (index: number) => Promise<void>;
  /** The sides as the next comparison sends them: the shared request, each side's spec (profile pinned), the query. */
  comparedSides: () => { base: SearchTemplate; a: SideSpec; b: SideSpec; query: string };
  /** Side answers that answer the sides as they are now (sent, not pinned, same request and profile): for reuse. */
  currentAnswers: () => Partial<Record<SideKey, SearchResponse>>;
  /** The open batch as a report file's name, content and type; null (and a notice) when it could not be made. */
  exportBatch: (format: 'html' | 'csv' | 'json') => Promise<{ fileName: string; content: string; mime: string } | null>;
}

const idleAnswer: SideAnswer = { ...idleCall<SideResponse>(), request: null, source: null };
const idleKindAnswer: KindSideAnswer = { ...idleCall(), request: null, source: null };

/** The values of a grouping as typed: comma-separated, trimmed, none empty. */
export const groupValues = (text: string) =>
  text
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/**
 * The shared request of a kind: for suggest its grouping, for autocomplete
 * the suggestions asked, for search the page; the side's overrides and the
 * query come on top.
 */
export function kindBase(state: Pick<CompareState, 'kind' | 'limit' | 'groupBy' | 'numberOfSuggestions'>): SearchTemplate {
  if (state.kind === 'suggest') {
    const { attribute, values, size } = state.groupBy;
    return { options: { groupBy: { attribute: attribute.trim(), values: groupValues(values), size } } as SearchTemplate['options'] };
  }
  if (state.kind === 'autocomplete') return { options: { numberOfSuggestions: state.numberOfSuggestions } as SearchTemplate['options'] };
  return { options: { offset: 0, limit: state.limit } };
}

/** What keeps a suggest comparison from being sent, with the field it is about; null when nothing does. */
export function kindProblem(state: Pick<CompareState, 'kind' | 'groupBy'>): { field: string; message: string } | null {
  if (state.kind !== 'suggest') return null;
  if (!state.groupBy.attribute.trim()) return { field: 'group-attribute', message: 'Give the attribute to group by, like category.' };
  if (groupValues(state.groupBy.values).length === 0)
    return { field: 'group-values', message: `Give the values of ${state.groupBy.attribute.trim()} to group by, comma-separated.` };
  return null;
}

export function blankSide(label: string, configurationId = ''): SideDraft {
  return { label, profileId: null, token: '', configurationId, filter: '', variables: '' };
}

/** The side as the service will see it: token, configuration, filter and variables over the shared request. */
export function sideSpec(draft: SideDraft, defaultToken: string): SideSpec {
  const variables = parseVariables(draft.variables);
  return buildSide({
    label: draft.label,
    profileId: draft.profileId,
    token: draft.token.trim() || defaultToken,
    configurationId: draft.configurationId,
    filter: draft.filter,
    ...(variables.ok && variables.value ? { variables: variables.value } : {}),
  });
}

type Deps = Pick<ShellSlice, 'pushNotice'> &
  Pick<ProfilesSlice, 'profiles'> &
  Pick<HistorySlice, 'loadHistory' | 'readHistoryEntry'> &
  Pick<JudgingSlice, 'ratingsRevision'>;

export const createCompareSlice: SliceCreator<CompareSlice, Deps> = (set, get) => {
  const patch = (p: Partial<CompareState>) => set((s) => ({ compare: { ...s.compare, ...p } }));
  const answer = (key: SideKey, p: Partial<SideAnswer>) =>
    set((s) => ({ compare: { ...s.compare, answers: { ...s.compare.answers, [key]: { ...s.compare.answers[key], ...p } } } }));
  const profileFor = (draft: SideDraft) => {
    const list = get().profiles;
    return list?.profiles.find((p) => p.id === (draft.profileId ?? list.activeId));
  };
  /** The side as sent: a side on "the active profile" is pinned to the one active now, so what it ran against is recorded. */
  const spec = (key: SideKey) => {
    const draft = get().compare.sides[key];
    return sideSpec(
      { ...draft, profileId: draft.profileId ?? get().profiles?.activeId ?? null },
      profileFor(draft)?.searchTokens[0]?.token ?? '',
    );
  };
  const baseOf = (): SearchTemplate => ({ options: { offset: 0, limit: get().compare.limit } });
  const requestOf = (key: SideKey) => requestFor(baseOf(), spec(key), { query: get().compare.query, line: 0 });

  const lens = (key: SideKey) =>
    lensOf(
      () => get().compare.answers[key],
      (next) => answer(key, next),
    );

  const batchLens = (op: BatchOp) =>
    lensOf(
      () => get().compare.batchCalls[op] ?? idleCall<string>(),
      (next) => patch({ batchCalls: { ...get().compare.batchCalls, [op]: next } }),
    );
  /** The last status each batch's events reported, to catch a run that stopped while it was being opened. */
  const lastStatus = new Map<string, BatchProgress['status']>();
  const qualityLens = lensOf(
    () => get().compare.batchQuality,
    (batchQuality) => patch({ batchQuality }),
  );
  /** A batch operation through the request lifecycle: its answer, or null with the error as a notice. */
  const track = async <T>(op: BatchOp, scope: string, call: () => Promise<Result<T>>): Promise<T | null> => {
    const outcome = await runCall(batchLens(op), { scope, send: call, accept: () => scope });
    if (outcome.kind === 'done') return outcome.value;
    if (outcome.kind === 'error') get().pushNotice({ id: scope, level: 'error', message: outcome.error.message });
    return null;
  };

  const kindAnswer = (key: SideKey, p: Partial<KindSideAnswer>) =>
    set((s) => ({ compare: { ...s.compare, kindAnswers: { ...s.compare.kindAnswers, [key]: { ...s.compare.kindAnswers[key], ...p } } } }));
  const kindLens = (key: SideKey) =>
    lensOf(
      () => get().compare.kindAnswers[key],
      (next) => kindAnswer(key, next),
    );
  /** One side of a suggest or autocomplete comparison: the same side, the endpoint of the kind. */
  const sendKind = async (key: SideKey, kind: 'suggest' | 'autocomplete') => {
    const request = kindRequest(kind, requestFor(kindBase(get().compare), spec(key), { query: get().compare.query, line: 0 })) as
      SuggestRequest | AutocompleteRequest;
    const draft = get().compare.sides[key];
    kindAnswer(key, { request, source: null });
    const profile = draft.profileId ? { profileId: draft.profileId } : {};
    type Answered = NonNullable<KindSideAnswer['result']>;
    const outcome = await runCall(kindLens(key), {
      scope: `compare-${kind}-${key}`,
      cancel: cancelRequest,
      send: async (requestId): Promise<Result<Answered>> => {
        if (kind === 'suggest') {
          const r = await runRequest({ requestId, ...profile, kind, request: request as SuggestRequest });
          return r.ok ? { ok: true, value: { kind, response: r.value.response, exchange: r.value.exchange } } : r;
        }
        const r = await runRequest({ requestId, ...profile, kind, request: request as AutocompleteRequest, record: false });
        return r.ok ? { ok: true, value: { kind, response: r.value.response, exchange: r.value.exchange } } : r;
      },
      accept: (value) => value,
    });
    if (outcome.kind === 'error') kindAnswer(key, { result: null });
  };

  const send = async (key: SideKey) => {
    const request = requestOf(key);
    const draft = get().compare.sides[key];
    answer(key, { request, source: null, sentTo: draft.profileId ?? get().profiles?.activeId ?? null });
    const outcome = await runCall(lens(key), {
      scope: `compare-${key}`,
      cancel: cancelRequest,
      send: (requestId) =>
        runRequest({ requestId, ...(draft.profileId ? { profileId: draft.profileId } : {}), kind: 'search', transport: 'post', request }),
      accept: (value): SideResponse => ({ response: value.response, exchange: value.exchange }),
    });
    // A side-by-side diff against an older query's answer would lie: a failed side shows its error and nothing else.
    if (outcome.kind === 'error') answer(key, { result: null });
  };

  return {
    compare: {
      mode: 'single',
      kind: 'search',
      query: '',
      groupBy: { attribute: 'category', values: '', size: 5 },
      numberOfSuggestions: 10,
      kindAnswers: { a: idleKindAnswer, b: idleKindAnswer },
      limit: 24,
      sides: { a: blankSide('A'), b: blankSide('B') },
      answers: { a: idleAnswer, b: idleAnswer },
      pinnedA: false,
      panel: 'results',
      batches: [],
      batch: null,
      batchCalls: {},
      batchQuality: idleCall(),
      batchQualityRevision: 0,
      draft: { name: '', text: '', fileName: '', concurrency: 6, pace: 'fixed' },
    },
    patchCompare: (p) => patch(p),
    setSide: (key, p) =>
      set((s) => ({ compare: { ...s.compare, sides: { ...s.compare.sides, [key]: { ...s.compare.sides[key], ...p } } } })),
    swapSides: () => {
      const { sides, answers, kindAnswers } = get().compare;
      patch({
        sides: { a: sides.b, b: sides.a },
        answers: { a: answers.b, b: answers.a },
        kindAnswers: { a: kindAnswers.b, b: kindAnswers.a },
        pinnedA: false,
      });
    },
    runComparison: async () => {
      const { pinnedA, kind } = get().compare;
      if (kind !== 'search') {
        if (kindProblem(get().compare)) return;
        await Promise.all([sendKind('a', kind), sendKind('b', kind)]);
        void get().loadHistory();
        return;
      }
      await Promise.all(pinnedA ? [send('b')] : [send('a'), send('b')]);
      void get().loadHistory();
    },
    pinFromHistory: async (id) => {
      const view = await get().readHistoryEntry(id);
      if (!view) return;
      if (view.kind !== 'search' || !view.response) {
        get().pushNotice({ id: `pin:${id}`, level: 'info', message: 'Only a search with its stored answer can be pinned as side A.' });
        return;
      }
      const { entry, response } = view;
      const request = entry.request;
      const when = new Date(entry.at).toLocaleString();
      set((s) => ({
        compare: {
          ...s.compare,
          mode: 'single',
          kind: 'search',
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
              result: { response, exchange: historyExchange(entry) },
              source: `History · ${when}`,
            },
          },
        },
      }));
    },
    unpin: () => patch({ pinnedA: false, answers: { ...get().compare.answers, a: idleAnswer } }),
    setBatchDraft: (p) => patch({ draft: { ...get().compare.draft, ...p } }),
    loadBatches: async () => {
      const batches = await track('list', 'batch:list', () => workbench().compare.list());
      if (batches) patch({ batches });
    },
    startBatch: async (rows) => {
      const state = get().compare;
      const { draft, limit, kind } = state;
      const sides = { a: spec('a'), b: spec('b') };
      const named = draft.name.trim() || defaultBatchName(sides);
      const started = await track('start', 'batch:start', () =>
        workbench().compare.start({
          name: kind === 'search' ? named : `${KIND_WORDS[kind].title}: ${named}`,
          ...(kind === 'search' ? {} : { kind }),
          base: kind === 'search' ? { options: { offset: 0, limit: Math.min(limit, 100) } } : kindBase(state),
          sides,
          rows,
          ...(draft.pace === 'auto' ? { concurrency: 32, pace: 'auto' as const } : { concurrency: draft.concurrency }),
        }),
      );
      if (!started) return null;
      await get().loadBatches();
      await get().openBatch(started.id);
      return started.id;
    },
    openBatch: async (id) => {
      const fetch = () => track('open', `batch:${id}`, () => workbench().compare.get({ id }));
      let batch = await fetch();
      // Events and answers travel apart: a run that stopped while this was read may have sent its last event
      // already. Read it once more, so the view never sits at "running" after the run ended.
      if (batch?.progress.status === 'running' && lastStatus.get(id) !== undefined && lastStatus.get(id) !== 'running')
        batch = await fetch();
      if (!batch) return;
      const same = get().compare.batch?.definition.id === id;
      patch({ batch, mode: 'batch', ...(same ? {} : { batchQuality: idleCall<BatchQuality | null>() }) });
      if (batch.definition.quality && batch.progress.status !== 'running') await get().loadBatchQuality();
    },
    closeBatch: () => patch({ batch: null, batchQuality: idleCall() }),
    loadBatchQuality: async () => {
      const batch = get().compare.batch;
      if (!batch) return;
      const id = batch.definition.id;
      const judgments = batch.definition.quality?.judgments.file;
      patch({ batchQualityRevision: judgments ? (get().ratingsRevision[judgments] ?? 0) : 0 });
      await runCall(qualityLens, {
        scope: `batch-quality:${id}`,
        send: () => workbench().compare.quality({ id }),
        // A slow answer for a batch the user has since left is dropped.
        accept: ({ quality }) => (get().compare.batch?.definition.id === id ? quality : null),
      });
    },
    controlBatch: async (action) => {
      const batch = get().compare.batch;
      if (!batch) return;
      const progress = await track('control', `batch:${action}`, () => workbench().compare.control({ id: batch.definition.id, action }));
      if (!progress) return;
      if (action === 'rerun-failed') await get().openBatch(batch.definition.id);
      else patch({ batch: { ...batch, progress } });
    },
    deleteBatch: async (id) => {
      await track('delete', 'batch:delete', () => workbench().compare.delete({ id }));
      if (get().compare.batch?.definition.id === id) patch({ batch: null });
      await get().loadBatches();
    },
    applyBatchProgress: ({ id, progress, results }) => {
      const { batch, batches } = get().compare;
      const next: Partial<CompareState> = {
        batches: batches.map((b) => (b.id === id ? { ...b, progress } : b)),
      };
      const open = batch?.definition.id === id ? batch : null;
      if (open) {
        const byIndex = new Map(open.results.map((r) => [r.index, r]));
        for (const r of results) byIndex.set(r.index, r);
        next.batch = { ...open, progress, results: results.length ? [...byIndex.values()] : open.results };
      }
      patch(next);
      lastStatus.set(id, progress.status);
      // A run that has just stopped: read it whole (an event lost on the way would leave rows out) and measure it.
      if (open && open.progress.status === 'running' && progress.status !== 'running') void get().openBatch(id);
    },
    comparedSides: () => ({ base: baseOf(), a: spec('a'), b: spec('b'), query: get().compare.query }),
    currentAnswers: () => {
      const out: Partial<Record<SideKey, SearchResponse>> = {};
      const { answers, pinnedA } = get().compare;
      for (const key of ['a', 'b'] as const) {
        const at = answers[key];
        if ((key === 'a' && pinnedA) || at.source || at.status !== 'done' || !at.result || !at.request) continue;
        if (at.sentTo !== (spec(key).profileId ?? null)) continue;
        if (canonicalJson(at.request) === canonicalJson(requestOf(key))) out[key] = at.result.response;
      }
      return out;
    },
    exportBatch: async (format) => {
      const batch = get().compare.batch;
      if (!batch) return null;
      return track('export', `batch:export`, () => workbench().compare.export({ id: batch.definition.id, format }));
    },
    openBatchResult: async (index) => {
      const batch = get().compare.batch;
      if (!batch) return;
      const view = await track('result', 'batch:result', () => workbench().compare.result({ id: batch.definition.id, index }));
      if (!view) return;
      const { result: row } = view;
      const source = `${batch.definition.name} · ${KIND_WORDS[view.kind].row} ${index + 1}`;
      const stored = (key: SideKey) => {
        const error = row[key].error;
        return {
          status: row[key].ok ? ('done' as const) : ('error' as const),
          error: error ? { code: 'http' as const, message: error.message } : null,
          source,
        };
      };
      const answersOf = (): Pick<CompareState, 'answers' | 'kindAnswers'> => {
        const { answers, kindAnswers } = get().compare;
        const one = (key: SideKey) => {
          if (view.kind === 'search') {
            const response = view.responses[key];
            return { ...idleAnswer, ...stored(key), request: view.requests[key], result: response ? { response, exchange: null } : null };
          }
          return null;
        };
        const kindOne = (key: SideKey): KindSideAnswer => {
          const base = { ...idleKindAnswer, ...stored(key) };
          if (view.kind === 'suggest') {
            const response = view.responses[key];
            return { ...base, request: view.requests[key], result: response ? { kind: 'suggest', response, exchange: null } : null };
          }
          if (view.kind === 'autocomplete') {
            const response = view.responses[key];
            return { ...base, request: view.requests[key], result: response ? { kind: 'autocomplete', response, exchange: null } : null };
          }
          return base;
        };
        return view.kind === 'search'
          ? { answers: { a: one('a')!, b: one('b')! }, kindAnswers }
          : { answers, kindAnswers: { a: kindOne('a'), b: kindOne('b') } };
      };
      const draftOf = (key: SideKey): SideDraft => {
        const spec = batch.definition.sides[key];
        return {
          label: spec.label,
          // A stored row keeps the profile its batch ran against; a batch that recorded none is pinned to the one active now.
          profileId: spec.profileId ?? get().profiles?.activeId ?? null,
          token: spec.overrides.token ?? '',
          configurationId: spec.overrides.configurationId ?? '',
          filter: spec.overrides.options?.filter ?? '',
          variables: spec.overrides.context?.variables ? JSON.stringify(spec.overrides.context.variables, null, 2) : '',
        };
      };
      const options = batch.definition.base.options as { groupBy?: { attribute: string; values: string[]; size: number } } | undefined;
      patch({
        mode: 'single',
        kind: view.kind,
        query: row.query,
        pinnedA: false,
        sides: { a: draftOf('a'), b: draftOf('b') },
        ...answersOf(),
        ...(options?.groupBy
          ? { groupBy: { attribute: options.groupBy.attribute, values: options.groupBy.values.join(', '), size: options.groupBy.size } }
          : {}),
        panel: 'results',
      });
    },
  };
};

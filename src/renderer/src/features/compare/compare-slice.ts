import { BATCH_CONCURRENCY, compareCli, requestFor, kindRequest } from '@shared/compare';
import { defaultsOf } from '@shared/operations';
import type { Result } from '@shared/ipc';
import { PAGE_SIZE, type SearchResponse, type SearchTemplate } from '@shared/request';
import { canonicalJson } from '@shared/workspace';
import { idleCall, lensOf, runCall } from '../../request-ui/lifecycle';
import { cancelRequest, runRequest } from '../../request-ui/run-request';
import type { SliceCreator } from '../../store/slice';
import { historyExchange } from '../history/state';
import { batchActions } from './batch-actions';
import {
  blankSide,
  idleAnswer,
  idleKindAnswer,
  kindBase,
  kindProblem,
  sideSpec,
  type CompareDeps,
  type CompareSlice,
  type CompareState,
  type KindSideAnswer,
  type SideAnswer,
  type SideDraft,
  type SideKey,
  type SideResponse,
} from './compare-state';

/**
 * Compare side by side: two sides sent the same query (search, product suggest or autocomplete), side A
 * possibly a baseline pinned from history. The batches' actions are batch-actions.ts', composed in here.
 */
export const createCompareSlice: SliceCreator<CompareSlice, CompareDeps> = (set, get) => {
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

  const kindAnswer = (key: SideKey, p: Partial<KindSideAnswer>) =>
    set((s) => ({ compare: { ...s.compare, kindAnswers: { ...s.compare.kindAnswers, [key]: { ...s.compare.kindAnswers[key], ...p } } } }));
  const kindLens = (key: SideKey) =>
    lensOf(
      () => get().compare.kindAnswers[key],
      (next) => kindAnswer(key, next),
    );
  /** One side of a suggest or autocomplete comparison: the same side, the endpoint of the kind. */
  const sendKind = async (key: SideKey, kind: 'suggest' | 'autocomplete') => {
    const kinded = kindRequest(kind, requestFor(kindBase(get().compare), spec(key), { query: get().compare.query, line: 0 }));
    // kindRequest answers the kind it is asked for; the check tells the compiler so.
    if (kinded.kind === 'search') return;
    const draft = get().compare.sides[key];
    kindAnswer(key, { request: kinded.request, source: null });
    const profile = draft.profileId ? { profileId: draft.profileId } : {};
    type Answered = NonNullable<KindSideAnswer['result']>;
    const outcome = await runCall(kindLens(key), {
      scope: `compare-${kind}-${key}`,
      cancel: cancelRequest,
      send: async (requestId): Promise<Result<Answered>> => {
        if (kinded.kind === 'suggest') {
          const r = await runRequest({ requestId, ...profile, kind: 'suggest', request: kinded.request });
          return r.ok ? { ok: true, value: { kind: 'suggest', response: r.value.response, exchange: r.value.exchange } } : r;
        }
        const r = await runRequest({ requestId, ...profile, kind: 'autocomplete', request: kinded.request, record: false });
        return r.ok ? { ok: true, value: { kind: 'autocomplete', response: r.value.response, exchange: r.value.exchange } } : r;
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
      groupBy: { attribute: 'category', values: '', size: defaultsOf(compareCli).size! },
      numberOfSuggestions: 10,
      kindAnswers: { a: idleKindAnswer, b: idleKindAnswer },
      limit: PAGE_SIZE,
      sides: { a: blankSide('A'), b: blankSide('B') },
      answers: { a: idleAnswer, b: idleAnswer },
      pinnedA: false,
      panel: 'results',
      batches: [],
      batch: null,
      batchCalls: {},
      batchQuality: idleCall(),
      batchQualityRevision: 0,
      batchNotes: {},
      draft: { name: '', text: '', fileName: '', concurrency: BATCH_CONCURRENCY, pace: 'fixed' },
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
    ...batchActions(get, patch, spec),
  };
};

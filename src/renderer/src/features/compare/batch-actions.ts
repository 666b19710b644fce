import { type BatchQuality, defaultBatchName, type BatchProgress, type SideSpec, KIND_WORDS } from '@shared/compare';
import type { Result } from '@shared/ipc';
import { workbench } from '../../bridge';
import { idleCall, lensAt, lensOf, runCall } from '../../request-ui/lifecycle';
import {
  idleAnswer,
  idleKindAnswer,
  kindBase,
  type BatchOp,
  type CompareDeps,
  type CompareSlice,
  type CompareState,
  type KindSideAnswer,
  type SideDraft,
  type SideKey,
} from './compare-state';

/**
 * Compare's batches: start one from the sides as they are, open it, follow its progress events, pause, resume,
 * cancel or rerun its failures, measure it against its judgment list, export it, and open one of its rows side
 * by side. Each operation goes through the request lifecycle; an error is also a notice.
 */
export function batchActions(
  get: () => CompareSlice & CompareDeps,
  patch: (p: Partial<CompareState>) => void,
  /** A side as the next request sends it (its profile pinned). */
  spec: (key: SideKey) => SideSpec,
): Pick<
  CompareSlice,
  | 'setBatchDraft'
  | 'loadBatches'
  | 'startBatch'
  | 'openBatch'
  | 'closeBatch'
  | 'noteBatch'
  | 'loadBatchQuality'
  | 'controlBatch'
  | 'deleteBatch'
  | 'applyBatchProgress'
  | 'exportBatch'
  | 'openBatchResult'
> {
  const batchLens = (op: BatchOp) =>
    lensOf(
      () => get().compare.batchCalls[op] ?? idleCall<string>(),
      (next) => patch({ batchCalls: { ...get().compare.batchCalls, [op]: next } }),
    );
  /** The last status each batch's events reported, to catch a run that stopped while it was being opened. */
  const lastStatus = new Map<string, BatchProgress['status']>();
  const qualityLens = lensAt(() => get().compare, patch, 'batchQuality');
  /** A batch operation through the request lifecycle: its answer, or null with the error as a notice. */
  const track = async <T>(op: BatchOp, scope: string, call: () => Promise<Result<T>>): Promise<T | null> => {
    const outcome = await runCall(batchLens(op), { scope, send: call, accept: () => scope });
    if (outcome.kind === 'done') return outcome.value;
    if (outcome.kind === 'error') get().pushNotice({ id: scope, level: 'error', message: outcome.error.message });
    return null;
  };

  return {
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
      // The run's own view first (its progress is what the user waits for); the list of batches behind it.
      await get().openBatch(started.id);
      void get().loadBatches();
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
    noteBatch: (id, note) => patch({ batchNotes: { ...get().compare.batchNotes, [id]: note } }),
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
}

import { type BatchView, rankingOf, type SideSpec } from '@shared/compare';
import { describeDifference, type Difference, type ExplainMeasure } from '@shared/explain';
import { canonicalJson } from '@shared/workspace';
import type { ExplainProgressView, ExplainView } from '@shared/explain';
import type { SearchResponse, SearchTemplate } from '@shared/request';
import { workbench } from '../../bridge';
import { type CallState, idleCall, lensAt, runCall } from '../../request-ui/lifecycle';
import { parseVariables } from '../../request-ui/parse-variables';
import type { HostedSliceCreator } from '../../store/slice';
import type { SideDraft, SideKey } from '../../request-ui/side-draft';
import type { ShellSlice } from '../../shell/shell-slice';

export interface ExplainState {
  /** The last explanation (one query of Compare, or a batch), or the one in progress. */
  call: CallState<ExplainView>;
  progress: ExplainProgressView | null;
  measure: ExplainMeasure;
  /** What the shown explanation explains (sides and query as they were), to tell when it no longer matches the screen. */
  explained: string | null;
  /** Side B as it was before one difference's own side by side was opened: "Back to A vs B" puts it back. */
  restoreB: SideDraft | null;
  /** The difference whose own side by side is on screen. */
  showing: string | null;
}

export interface ExplainSlice {
  explain: ExplainState;
  setExplainMeasure: (measure: ExplainMeasure) => void;
  /** Explains Compare's two sides for its query; the answers on screen that match the sides are not asked again. */
  explainQuery: () => Promise<void>;
  /** Explains the open batch over its query set (kept with the batch). */
  explainBatch: () => Promise<void>;
  cancelExplain: () => void;
  applyExplainProgress: (progress: ExplainProgressView) => void;
  /** Opens A against A with one difference taken from B, side by side (and sends it). */
  showDifference: (difference: Difference) => Promise<void>;
  /** Puts side B back as it was and compares again. */
  backToSides: () => Promise<void>;
  /** The key of Compare's sides and query now: equal to `explained` while the explanation on screen answers them. */
  explainKey: () => string;
}

/**
 * What Explain uses of the screen that hosts it (Compare): its sides and open batch, and the actions that put a side
 * and compare again. Declared here, by the panel, so Explain imports nothing of its host; the store checks that
 * Compare offers it.
 */
export interface ExplainHost {
  compare: { sides: Record<SideKey, SideDraft>; batch: BatchView | null };
  comparedSides: () => { base: SearchTemplate; a: SideSpec; b: SideSpec; query: string };
  currentAnswers: () => Partial<Record<SideKey, SearchResponse>>;
  setSide: (key: SideKey, patch: Partial<SideDraft>) => void;
  runComparison: () => Promise<void>;
  openBatch: (id: string) => Promise<void>;
  patchCompare: (patch: { panel?: 'results' | 'explain' }) => void;
}

type Deps = ExplainHost & Pick<ShellSlice, 'settings'>;

const answerOf = (response: SearchResponse) => ({
  ranking: rankingOf(response),
  count: typeof response.metadata?.count === 'number' ? response.metadata.count : null,
});

/** Side A's draft with one difference taken from side B: what "A + that difference" sends. */
export function draftWith(a: SideDraft, b: SideDraft, difference: Difference): SideDraft {
  const label = `A + ${describeDifference(difference)}`.slice(0, 80);
  const name = difference.name;
  if (name === 'profile') return { ...a, label, profileId: b.profileId };
  if (name === 'token') return { ...a, label, token: b.token };
  if (name === 'configurationId') return { ...a, label, configurationId: b.configurationId };
  if (name === 'options.filter') return { ...a, label, filter: b.filter };
  if (name.startsWith('context.variables.')) {
    const variable = name.slice('context.variables.'.length);
    const parsed = parseVariables(a.variables);
    const variables = { ...(parsed.ok ? (parsed.value ?? {}) : {}) };
    if (difference.b === null) delete variables[variable];
    else variables[variable] = difference.b as never;
    return { ...a, label, variables: Object.keys(variables).length ? JSON.stringify(variables, null, 2) : '' };
  }
  return { ...a, label };
}

export const createExplainSlice: HostedSliceCreator<ExplainSlice, Deps> = (set, get) => {
  const patch = (p: Partial<ExplainState>) => set((s) => ({ explain: { ...s.explain, ...p } }));
  const call = lensAt(() => get().explain, patch, 'call');
  const key = () => {
    const { base, a, b, query } = get().comparedSides();
    return canonicalJson({ base, a, b, query, measure: get().explain.measure });
  };
  return {
    explain: { call: idleCall(), progress: null, measure: 'rbo', explained: null, restoreB: null, showing: null },
    setExplainMeasure: (measure) => patch({ measure }),
    explainKey: key,
    explainQuery: async () => {
      const { base, a, b, query } = get().comparedSides();
      const known = get().currentAnswers();
      const measure = get().explain.measure;
      const judgments = get().settings?.activeJudgments;
      const explained = key();
      patch({ progress: null, explained });
      await runCall(call, {
        scope: 'explain',
        send: () =>
          workbench().explain.query({
            base,
            sides: { a, b },
            query,
            measure,
            known: {
              ...(known.a ? { a: answerOf(known.a) } : {}),
              ...(known.b ? { b: answerOf(known.b) } : {}),
            },
            ...(measure === 'ndcg' && judgments ? { judgments } : {}),
          }),
        accept: (value) => value,
      });
    },
    explainBatch: async () => {
      const batch = get().compare.batch;
      if (!batch) return;
      const id = batch.definition.id;
      patch({ progress: null, explained: `batch:${id}` });
      const outcome = await runCall(call, {
        scope: 'explain',
        send: () => workbench().explain.batch({ id, measure: get().explain.measure }),
        accept: (value) => value,
      });
      // The batch keeps it: read it back so the view and the reports agree.
      if (outcome.kind === 'done' && !outcome.value.stopped) await get().openBatch(id);
    },
    cancelExplain: () => void workbench().explain.cancel(),
    applyExplainProgress: (progress) => patch({ progress }),
    showDifference: async (difference) => {
      const { sides } = get().compare;
      const restoreB = get().explain.restoreB ?? sides.b;
      patch({ restoreB, showing: difference.name });
      get().setSide('b', draftWith(sides.a, restoreB, difference));
      get().patchCompare({ panel: 'results' });
      await get().runComparison();
    },
    backToSides: async () => {
      const restoreB = get().explain.restoreB;
      if (!restoreB) return;
      patch({ restoreB: null, showing: null });
      get().setSide('b', restoreB);
      get().patchCompare({ panel: 'explain' });
      await get().runComparison();
    },
  };
};

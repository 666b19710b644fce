import type { MatrixProgressView } from '@shared/matrix';
import {
  buildCells,
  checkMatrix,
  MAX_MATRIX_QUERIES,
  parseAxisArg,
  type MatrixAxis,
  type MatrixCell,
  type MatrixProblem,
  type MatrixSpec,
  type CellAnswer,
  type MatrixRun,
} from '@shared/matrix';
import { workbench } from '../../bridge';
import { type CallState, idleCall, lensAt, runCall } from '../../request-ui/lifecycle';
import type { HostedSliceCreator } from '../../store/slice';
import type { SideDraft, SideKey } from '../../request-ui/side-draft';
import type { ProfilesSlice } from '../profiles/state';

/** One axis as typed: the variable's name and its values, comma-separated (`none` for absent). */
export interface AxisDraft {
  name: string;
  values: string;
}

export interface MatrixState {
  /** One query per line, up to 50. */
  queries: string;
  axes: AxisDraft[];
  /** Configuration ids, comma-separated; empty: the tenant default. */
  configurations: string;
  /** Hours of the emulator's clock, comma-separated (Local demo only); empty: none. */
  hours: string;
  k: number;
  /** The baseline cell's key; empty: the first cell. */
  baseline: string;
  call: CallState<MatrixRun>;
  progress: MatrixProgressView | null;
  /** Answers as they arrive, by `query \0 cell`: the grid fills in before the run ends. */
  answers: Record<string, CellAnswer>;
  /** The cells of the run on screen (or in progress). */
  cells: MatrixCell[];
  /** The query the grid shows when the matrix ran over several. */
  shownQuery: string | null;
}

export interface MatrixSlice {
  matrix: MatrixState;
  patchMatrix: (patch: Partial<Pick<MatrixState, 'queries' | 'configurations' | 'hours' | 'k' | 'baseline' | 'shownQuery'>>) => void;
  setAxis: (index: number, patch: Partial<AxisDraft>) => void;
  addAxis: () => void;
  removeAxis: (index: number) => void;
  runMatrix: () => Promise<void>;
  cancelMatrix: () => void;
  applyMatrixProgress: (progress: MatrixProgressView) => void;
  /** Opens one cell against the baseline cell in Compare's side by side, for one query, and sends it. */
  openMatrixCell: (cell: string, query: string) => Promise<void>;
}

/**
 * What the matrix uses of the screen that hosts it (Compare): the actions that open a cell against the baseline side
 * by side. Declared here, by the panel, so the matrix imports nothing of its host; the store checks Compare offers it.
 */
export interface MatrixHost {
  setSide: (key: SideKey, patch: Partial<SideDraft>) => void;
  patchCompare: (patch: { mode?: 'single'; kind?: 'search'; query?: string }) => void;
  runComparison: () => Promise<void>;
}

type Deps = MatrixHost & Pick<ProfilesSlice, 'profiles'>;

export const answerKey = (query: string, cell: string) => `${query}\u0000${cell}`;

/** The form as a grid: the spec the service runs, and every problem with its field (the form shows each beside it). */
export function matrixSpecOf(state: Pick<MatrixState, 'queries' | 'axes' | 'configurations' | 'hours'>): {
  spec: MatrixSpec;
  problems: MatrixProblem[];
} {
  const problems: MatrixProblem[] = [];
  const queries = state.queries
    .split(/\r?\n/)
    .map((q) => q.trim())
    .filter(Boolean);
  const axes: MatrixAxis[] = state.axes.map((draft, i) => {
    const parsed = parseAxisArg(`axis=${draft.values}`);
    if ('error' in parsed) {
      problems.push({ field: `axes[${i}].values`, message: 'A quoted value must be followed by a comma or the end.' });
      return { name: draft.name.trim(), values: [] };
    }
    return { name: draft.name.trim(), values: draft.values.trim() === '' ? [] : parsed.values };
  });
  const configurations = state.configurations
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  const hoursText = state.hours.split(',').map((h) => h.trim());
  const hours = state.hours.trim() === '' ? undefined : hoursText.map((h) => (/^\d{1,2}$/.test(h) ? Number(h) : NaN));
  if (hours?.some((h) => Number.isNaN(h)))
    problems.push({ field: 'hours', message: 'Hours are whole numbers 0–23, separated by commas (e.g. 9, 21).' });
  const spec: MatrixSpec = {
    queries,
    axes,
    configurations: configurations.length ? configurations : [''],
    ...(hours && !hours.some((h) => Number.isNaN(h)) ? { hours } : {}),
  };
  return { spec, problems: [...problems, ...checkMatrix(spec)] };
}

export const createMatrixSlice: HostedSliceCreator<MatrixSlice, Deps> = (set, get) => {
  const patch = (p: Partial<MatrixState>) => set((s) => ({ matrix: { ...s.matrix, ...p } }));
  const call = lensAt(() => get().matrix, patch, 'call');
  const activeProfile = () => {
    const list = get().profiles;
    return list?.profiles.find((p) => p.id === list.activeId);
  };
  return {
    matrix: {
      queries: 'rain jacket',
      axes: [
        { name: 'segment', values: 'none, premium, outlet' },
        { name: 'weather', values: 'sun, rain' },
      ],
      configurations: 'default',
      hours: '',
      k: 10,
      baseline: '',
      call: idleCall<MatrixRun>(),
      progress: null,
      answers: {},
      cells: [],
      shownQuery: null,
    },
    patchMatrix: (p) => patch(p),
    setAxis: (index, p) => patch({ axes: get().matrix.axes.map((a, i) => (i === index ? { ...a, ...p } : a)) }),
    addAxis: () => patch({ axes: [...get().matrix.axes, { name: '', values: '' }] }),
    removeAxis: (index) => patch({ axes: get().matrix.axes.filter((_, i) => i !== index) }),
    runMatrix: async () => {
      const state = get().matrix;
      const { spec, problems } = matrixSpecOf(state);
      if (problems.length || spec.queries.length > MAX_MATRIX_QUERIES) return;
      const cells = buildCells(spec);
      const baseline = cells.find((c) => c.key === state.baseline) ?? cells[0];
      const profile = activeProfile();
      patch({ answers: {}, progress: null, cells, shownQuery: spec.queries[0] ?? null, baseline: baseline?.key ?? '' });
      await runCall(call, {
        scope: 'matrix',
        send: () =>
          workbench().matrix.run({
            ...(profile ? { profileId: profile.id } : {}),
            base: { token: profile?.searchTokens[0]?.token ?? '' },
            ...spec,
            k: state.k,
            ...(baseline ? { baseline: baseline.key } : {}),
          }),
        accept: (value) => value,
      });
    },
    cancelMatrix: () => void workbench().matrix.cancel(),
    applyMatrixProgress: (progress) => {
      const answered = progress.answered;
      patch({
        progress,
        ...(answered ? { answers: { ...get().matrix.answers, [answerKey(answered.query, answered.cell)]: answered.answer } } : {}),
      });
    },
    openMatrixCell: async (cellKey, query) => {
      const { cells, baseline } = get().matrix;
      const cell = cells.find((c) => c.key === cellKey);
      const base = cells.find((c) => c.key === baseline) ?? cells[0];
      if (!cell || !base) return;
      const draft = (c: MatrixCell, label: string) => ({
        label,
        profileId: null,
        token: '',
        configurationId: c.configurationId,
        filter: '',
        variables: Object.keys(c.variables).length ? JSON.stringify(c.variables, null, 2) : '',
      });
      get().setSide('a', draft(base, `Baseline: ${base.key}`.slice(0, 80)));
      get().setSide('b', draft(cell, cell.key.slice(0, 80)));
      get().patchCompare({ mode: 'single', kind: 'search', query });
      await get().runComparison();
    },
  };
};

import {
  checkFilter,
  type ImportView,
  type StoreImport,
  type TrafficOverview,
  type TrafficProgressView,
  trafficReportCli,
} from '@shared/traffic';
import { defaultsOf } from '@shared/operations';
import type { QuerySetEntry } from '@shared/workspace';

/** A traffic query saved into a query set: weighted by its searches, with what it was served with where given. */
export type SavedQuery = Pick<QuerySetEntry, 'query' | 'filter' | 'variables'> & { weight: number };
import type { PositionBase, QueryPage, TrafficFilter, TrafficReport, TrafficRow, Worklist, WorklistRow } from '@shared/traffic';
import { workbench } from '../../bridge';
import { type CallState, idleCall, lensAt, runCall } from '../../request-ui/lifecycle';
import type { HostedSliceCreator } from '../../store/slice';
import type { ShellSlice } from '../../shell/shell-slice';
import type { SearchSlice } from '../search/state';

/** The traffic view's tabs: every query, a worklist, or ratings from clicks (the click-models capability's panel). */
export type TrafficTab = 'queries' | Worklist | 'clicks';

export interface TrafficState {
  filter: TrafficFilter;
  k: number;
  tab: TrafficTab;
  /** The filter cannot be read (datesProblem): the figures on screen are the last range read, marked so. */
  stale: boolean;
  overview: CallState<TrafficOverview>;
  /** Every query of the range, most searched first (the table sorts and filters them in the window). */
  queries: CallState<TrafficReport>;
  worklist: CallState<WorklistRow[]>;
  /** The query whose page is open. */
  selected: string | null;
  page: CallState<QueryPage & { row: TrafficRow | null }>;
  progress: TrafficProgressView | null;
  /** The last import or simulation: what each file gave. */
  imported: CallState<ImportView & { sessions?: number; searches?: number; seed?: number }>;
  /** A query set saved from the worklist or a sample: its file, said under the list. */
  saved: CallState<{ file: string; queries: number }>;
  /** Every import the store holds, oldest first. */
  imports: CallState<StoreImport[]>;
  /** The last import taken out: what it took, and the actions of other imports it left untied. */
  removal: CallState<{ removed: StoreImport; untied: number }>;
}

/**
 * Dates the filter's schema refuses together (its rule, through checkFilter: one definition), in the screen's words
 * — the service says them as the command line's flags.
 */
export function datesProblem(filter: TrafficFilter): string | null {
  if (!filter.from || !filter.to || !checkFilter({ from: filter.from, to: filter.to })) return null;
  return `From (${filter.from}) is after To (${filter.to}): pick a first day on or before the last.`;
}

export interface TrafficSlice {
  traffic: TrafficState;
  /** Loads what the store holds under the filter, and the tab on show. */
  loadTraffic: () => Promise<void>;
  setTrafficFilter: (patch: Partial<TrafficFilter> & { k?: number }) => Promise<void>;
  setTrafficTab: (tab: TrafficTab) => Promise<void>;
  openTrafficQuery: (query: string | null) => Promise<void>;
  /** `positions`: where the logs' ordinals start (default auto). */
  importTraffic: (files: string[], positions?: PositionBase) => Promise<void>;
  simulateShoppers: () => Promise<void>;
  /** Takes one import out of the store, then reads the store again. */
  removeTrafficImport: (id: string) => Promise<void>;
  applyTrafficProgress: (progress: TrafficProgressView) => void;
  saveTrafficQuerySet: (name: string, source: string, queries: SavedQuery[]) => Promise<void>;
  sampleTraffic: (method: 'top' | 'random' | 'pps', n: number, seed: number) => Promise<void>;
  /** Opens a query in Search with the request it was served with (configuration, context variables, filter), and sends it. */
  openServedInSearch: (served: ServedRequest, origin: string) => Promise<void>;
}

export interface ServedRequest {
  query: string;
  configurationId: string | null;
  variables: Record<string, unknown> | null;
  filter: string | null;
}

/** Every query of a range fits one answer: the table is virtualised. */
const QUERY_LIMIT = 20_000;

/** What shopper traffic uses of the screen that hosts it (Workspace): its listing, read again after a query set is saved. */
export interface TrafficHost {
  loadWorkspace: () => Promise<void>;
}

type Deps = TrafficHost & Pick<SearchSlice, 'openTab' | 'updateRequest' | 'send'> & Pick<ShellSlice, 'setArea'>;

export const createTrafficSlice: HostedSliceCreator<TrafficSlice, Deps> = (set, get) => {
  const patch = (p: Partial<TrafficState>) => set({ traffic: { ...get().traffic, ...p } });
  const overview = lensAt(() => get().traffic, patch, 'overview');
  const queries = lensAt(() => get().traffic, patch, 'queries');
  const worklist = lensAt(() => get().traffic, patch, 'worklist');
  const page = lensAt(() => get().traffic, patch, 'page');
  const imported = lensAt(() => get().traffic, patch, 'imported');
  const saved = lensAt(() => get().traffic, patch, 'saved');
  const imports = lensAt(() => get().traffic, patch, 'imports');
  const removal = lensAt(() => get().traffic, patch, 'removal');
  const loadTab = async () => {
    const { tab, filter, k } = get().traffic;
    if (tab === 'queries')
      await runCall(queries, {
        scope: 'traffic-queries',
        send: () => workbench().traffic.report({ by: 'query', filter, k, limit: QUERY_LIMIT }),
        accept: (v) => v,
      });
    else if (tab !== 'clicks')
      await runCall(worklist, {
        scope: 'traffic-worklist',
        send: () => workbench().traffic.worklist({ kind: tab, filter, k, limit: 2000 }),
        accept: (v) => v,
      });
  };
  const loadPage = async () => {
    const { selected, filter, k } = get().traffic;
    if (selected === null) return;
    await runCall(page, {
      scope: 'traffic-query',
      send: () => workbench().traffic.query({ query: selected, filter, k }),
      accept: (v) => v,
    });
  };
  const load = async () => {
    const { filter, k } = get().traffic;
    await Promise.all([
      runCall(overview, { scope: 'traffic-overview', send: () => workbench().traffic.overview({ filter, k }), accept: (v) => v }),
      runCall(imports, { scope: 'traffic-imports', send: () => workbench().traffic.imports({}), accept: (v) => v }),
      loadTab(),
      loadPage(),
    ]);
  };
  return {
    traffic: {
      filter: {},
      k: defaultsOf(trafficReportCli).k!,
      tab: 'queries',
      stale: false,
      overview: idleCall(),
      queries: idleCall(),
      worklist: idleCall(),
      selected: null,
      page: idleCall(),
      progress: null,
      imported: idleCall(),
      saved: idleCall(),
      imports: idleCall(),
      removal: idleCall(),
    },
    loadTraffic: load,
    setTrafficFilter: async ({ k, ...filter }) => {
      const next = { ...get().traffic.filter, ...filter };
      for (const key of Object.keys(next) as (keyof TrafficFilter)[]) if (next[key] === '' || next[key] === undefined) delete next[key];
      // Dates that cannot be read together are said by the fields and not sent; what is on screen is marked as the
      // last range read (stale), not left looking current.
      const unreadable = datesProblem(next) !== null;
      patch({ filter: next, ...(k !== undefined ? { k } : {}), stale: unreadable });
      if (!unreadable) await load();
    },
    setTrafficTab: async (tab) => {
      patch({ tab, worklist: idleCall(), saved: idleCall() });
      await loadTab();
    },
    openTrafficQuery: async (query) => {
      patch({ selected: query, page: idleCall() });
      await loadPage();
    },
    importTraffic: async (files, positions = 'auto') => {
      const outcome = await runCall(imported, {
        scope: 'traffic-import',
        send: () => workbench().traffic.import({ files, positions }),
        accept: (v) => v,
      });
      if (outcome.kind === 'done') await load();
    },
    simulateShoppers: async () => {
      patch({ progress: null });
      const outcome = await runCall(imported, {
        scope: 'traffic-simulate',
        send: () => workbench().traffic.simulateDemo({ sessions: 2000 }),
        accept: (v) => v,
      });
      patch({ progress: null });
      if (outcome.kind === 'done') await load();
    },
    removeTrafficImport: async (id) => {
      const outcome = await runCall(removal, {
        scope: 'traffic-remove-import',
        send: () => workbench().traffic.removeImport({ id }),
        accept: (v) => ({ removed: v.removed, untied: v.untied }),
      });
      if (outcome.kind === 'done') await load();
    },
    applyTrafficProgress: (progress) => {
      if (get().traffic.imported.status === 'sending') patch({ progress });
    },
    saveTrafficQuerySet: async (name, source, list) => {
      await runCall(saved, {
        scope: 'traffic-save',
        send: () => workbench().traffic.saveQuerySet({ name, source, queries: list }),
        accept: (v) => ({ file: v.file, queries: list.length }),
      });
      if (get().traffic.saved.status === 'done') void get().loadWorkspace();
    },
    sampleTraffic: async (method, n, seed) => {
      const { filter } = get().traffic;
      await runCall(saved, {
        scope: 'traffic-sample',
        // Unnamed: main names it by the queries it drew (fewer than asked when the store holds fewer).
        send: () => workbench().traffic.sample({ method, n, seed, filter }),
        accept: (v) => v,
      });
      if (get().traffic.saved.status === 'done') void get().loadWorkspace();
    },
    openServedInSearch: async (served, origin) => {
      const id = get().openTab({ origin });
      get().updateRequest(id, (request) => ({
        ...request,
        query: served.query,
        ...(served.configurationId ? { configurationId: served.configurationId } : {}),
        ...(served.variables
          ? {
              context: { ...request.context, variables: served.variables as NonNullable<NonNullable<typeof request.context>['variables']> },
            }
          : {}),
        options: { ...request.options, offset: 0, ...(served.filter ? { filter: served.filter } : {}) },
      }));
      get().setArea('search');
      await get().send(id);
    },
  };
};

import type { JudgmentsImported } from '@shared/judgments';
import { type ExportFormat, JUDGMENT_FORMAT_NAMES, type Scale, queryKey, type Intent } from '@shared/judgments';
import type { WorkspaceKind, WorkspaceListing, QuerySetPage } from '@shared/workspace';
import type { NewExperiment } from '@shared/compare';
import { workbench } from '../../bridge';
import { type CallState, idleCall, lensAt, runCall } from '../../request-ui/lifecycle';
import type { SliceCreator } from '../../store/slice';
import { plural } from '@shared/text';

export type QuerySetFrom = { kind: 'text'; text: string; fileName?: string } | { kind: 'history'; days: number };

export interface WorkspaceSlice {
  /** The workspace folder as last read from disk. */
  workspaceList: CallState<WorkspaceListing>;
  /** The last change (create, import, delete, export): a confirmation, or its error. */
  workspaceOp: CallState<string>;
  /** Where that message shows: in the card of the kind it concerns (beside its form), or by the folder ('folder'). */
  workspaceOpAt: WorkspaceKind | 'folder';
  /** Takes the message away: leaving the screen ends what it announced. */
  clearWorkspaceOp: () => void;
  /** The query set opened to look at its queries: one page of it (a set of 100,000 is never sent whole). */
  querySetView: CallState<{ file: string; page: QuerySetPage; find: string }>;
  loadWorkspace: () => Promise<void>;
  createQuerySet: (name: string, from: QuerySetFrom) => Promise<boolean>;
  /** Opens a query set at a page (the first without `at`), of the entries holding `find` when given. */
  openQuerySet: (file: string, at?: { offset?: number; find?: string }) => Promise<void>;
  closeQuerySet: () => void;
  /** Intents proposed for the open query set's queries (by query key), from the active profile's catalog: none saved yet. */
  intentProposals: CallState<{ file: string; byKey: Record<string, Intent>; failed: number; attributes: string[] }>;
  /** Proposes intents for the queries on the open page that have none. */
  proposeIntents: () => Promise<void>;
  /** Saves intents (null clears one) into the open query set in one write, then shows the page again; true when saved. */
  saveIntents: (intents: { query: string; intent: Intent | null }[]) => Promise<boolean>;
  createJudgmentList: (name: string, scale: Scale) => Promise<boolean>;
  importJudgments: (input: { name: string; text: string; fileName: string; scale: Scale }) => Promise<JudgmentsImported | null>;
  /** A judgment list in another tool's format, to download; null when it could not be made (said in workspaceOp). */
  exportJudgments: (file: string, format: ExportFormat) => Promise<{ fileName: string; content: string; mime: string } | null>;
  deleteWorkspaceFile: (kind: WorkspaceKind, file: string, name: string) => Promise<boolean>;
  createExperiment: (experiment: NewExperiment) => Promise<boolean>;
  /** Starts a run of an experiment: the batch's id and what was changed to run it; null when it could not start (said in workspaceOp). */
  runExperiment: (file: string) => Promise<{ id: string; notice?: string } | null>;
  /** The batch of an experiment's newest run; null when it has none (said in workspaceOp). */
  lastExperimentRun: (file: string) => Promise<string | null>;
  /** Writes the Local demo's query set, judgments and experiment where they are missing. */
  addDemoFiles: () => Promise<boolean>;
}

/** Entries on one page of the query-set view. */
export const QUERY_SET_PAGE = 200;

/** What an import did, in one sentence. */
export function importSummary(report: JudgmentsImported, fileName: string): string {
  const format = JUDGMENT_FORMAT_NAMES[report.format];
  const dupes = report.duplicates ? `; ${plural(report.duplicates, 'duplicate row')} (the last one won)` : '';
  const unjudged = report.unjudged
    ? `; ${plural(report.unjudged, 'line')} with a negative grade read as unjudged, as trec_eval reads them`
    : '';
  const scale = report.scale ? `; ${report.scale}` : '';
  const cuts = report.cuts ? `; real-valued grades cut at ${report.cuts.map((c) => Number(c.toFixed(4))).join(', ')}` : '';
  const unrated = report.unrated
    ? `; ${plural(report.unrated, 'query', 'queries')} with no rating yet, kept with the rest in the query set ${report.querySet ?? ''}`
    : '';
  return `Imported ${plural(report.ratings, 'rating')} on ${plural(report.queries, 'query', 'queries')} from ${fileName} (${format})${dupes}${unjudged}${scale}${cuts}${unrated}.`;
}

export const createWorkspaceSlice: SliceCreator<WorkspaceSlice> = (set, get) => {
  const list = lensAt(get, set, 'workspaceList');
  const ops = lensAt(get, set, 'workspaceOp');
  /** The message lens, its message shown in the card of `at`. */
  const op = (at: WorkspaceKind | 'folder') => {
    set({ workspaceOpAt: at });
    return ops;
  };
  const view = lensAt(get, set, 'querySetView');
  const proposals = lensAt(get, set, 'intentProposals');
  const slice: WorkspaceSlice = {
    workspaceList: idleCall(),
    workspaceOp: idleCall(),
    workspaceOpAt: 'folder',
    clearWorkspaceOp: () => {
      if (get().workspaceOp.status !== 'sending') set({ workspaceOp: idleCall() });
    },
    querySetView: idleCall(),
    intentProposals: idleCall(),
    loadWorkspace: async () => {
      await runCall(list, { scope: 'workspace-list', send: () => workbench().workspace.list(), accept: (listing) => listing });
    },
    createQuerySet: async (name, from) => {
      const outcome = await runCall(op('query-sets'), {
        scope: 'query-set-create',
        send: () => workbench().querySets.create({ name, from }),
        accept: (created) =>
          `Created “${created.page.name}” with ${plural(created.page.total, 'query', 'queries')}${
            created.problemCount
              ? `; ${plural(created.problemCount, 'line')} skipped (line ${created.problems[0]!.line}: ${created.problems[0]!.message})`
              : ''
          }.`,
      });
      await slice.loadWorkspace();
      return outcome.kind === 'done';
    },
    openQuerySet: async (file, at = {}) => {
      const find = at.find ?? '';
      await runCall(view, {
        scope: 'query-set-read',
        send: () =>
          workbench().querySets.page({
            file,
            offset: at.offset ?? 0,
            limit: QUERY_SET_PAGE,
            ...(find.trim() ? { find: find.trim() } : {}),
          }),
        accept: (page) => ({ file, page, find }),
      });
    },
    closeQuerySet: () => set({ querySetView: idleCall(), intentProposals: idleCall() }),
    proposeIntents: async () => {
      const shown = get().querySetView.result;
      if (!shown) return;
      const queries = shown.page.entries.filter(({ entry }) => !entry.intent).map(({ entry }) => entry.query);
      const earlier = get().intentProposals.result;
      const kept = earlier?.file === shown.file ? earlier.byKey : {};
      if (queries.length === 0) {
        proposals.set({
          status: 'done',
          error: null,
          result: { file: shown.file, byKey: kept, failed: 0, attributes: earlier?.attributes ?? [] },
        });
        return;
      }
      await runCall(proposals, {
        scope: 'query-set-propose',
        send: () => workbench().querySets.proposeIntents({ queries }),
        accept: (v) => ({
          file: shown.file,
          // Proposals of earlier pages stay: paging back shows them again.
          byKey: { ...kept, ...Object.fromEntries(v.proposals.map((p) => [queryKey(p.query), p.intent])) },
          failed: v.failed.length,
          attributes: v.attributes,
        }),
      });
    },
    saveIntents: async (intents) => {
      const shown = get().querySetView.result;
      if (!shown) return false;
      const result = await workbench().querySets.setIntents({ file: shown.file, intents });
      if (!result.ok) {
        view.set({ error: { ...result.error, message: `The intent was not saved: ${result.error.message}` } });
        return false;
      }
      const earlier = get().intentProposals.result;
      if (earlier?.file === shown.file) {
        const byKey = { ...earlier.byKey };
        for (const { query } of intents) delete byKey[queryKey(query)];
        proposals.set({ result: { ...earlier, byKey } });
      }
      await slice.openQuerySet(shown.file, { offset: shown.page.offset, find: shown.find });
      return true;
    },
    createJudgmentList: async (name, scale) => {
      const outcome = await runCall(op('judgments'), {
        scope: 'judgments-create',
        send: () => workbench().judgments.create({ name, scale }),
        accept: (v) => `Created ${v.file}: an empty list rated 0–${scale.max}, relevant from ${scale.threshold}.`,
      });
      await slice.loadWorkspace();
      return outcome.kind === 'done';
    },
    importJudgments: async (input) => {
      const outcome = await runCall(op('judgments'), {
        scope: 'judgments-import',
        send: () => workbench().judgments.import(input),
        accept: (report) => importSummary(report, input.fileName),
      });
      await slice.loadWorkspace();
      return outcome.kind === 'done' ? outcome.value : null;
    },
    exportJudgments: async (file, format) => {
      const outcome = await runCall(op('judgments'), {
        scope: 'judgments-export',
        send: () => workbench().judgments.export({ file, format }),
        accept: (v) => `Exported ${v.fileName}.`,
      });
      return outcome.kind === 'done' ? outcome.value : null;
    },
    deleteWorkspaceFile: async (kind, file, name) => {
      const outcome = await runCall(op(kind), {
        scope: 'workspace-delete',
        send: () => workbench().workspace.delete({ kind, file }),
        accept: () => `Deleted ${name}.`,
      });
      if (get().querySetView.result?.file === file) slice.closeQuerySet();
      await slice.loadWorkspace();
      return outcome.kind === 'done';
    },
    createExperiment: async (experiment) => {
      const outcome = await runCall(op('experiments'), {
        scope: 'experiment-create',
        send: () => workbench().experiments.create({ experiment }),
        accept: (v) => `Created ${v.file}: run it to compare ${experiment.sides.a.label} with ${experiment.sides.b.label}.`,
      });
      await slice.loadWorkspace();
      return outcome.kind === 'done';
    },
    runExperiment: async (file) => {
      const outcome = await runCall(op('experiments'), {
        scope: 'experiment-run',
        send: () => workbench().experiments.run({ file }),
        accept: (run) => `Started a run of ${file}${run.notice ? `. ${run.notice}` : '.'}`,
      });
      await slice.loadWorkspace();
      return outcome.kind === 'done' ? outcome.value : null;
    },
    addDemoFiles: async () => {
      const outcome = await runCall(op('folder'), {
        scope: 'workspace-demo',
        send: () => workbench().workspace.addDemo(),
        accept: ({ written }) =>
          written.length ? `Added ${written.join(', ')}.` : 'The demo files are all there already (nothing was overwritten).',
      });
      await slice.loadWorkspace();
      return outcome.kind === 'done';
    },
    lastExperimentRun: async (file) => {
      const outcome = await runCall(op('experiments'), {
        scope: 'experiment-read',
        send: () => workbench().experiments.read({ file }),
        accept: (e) => (e.runs.length ? `Opened the last run of ${e.name}.` : `${e.name} has not been run yet: press Run.`),
      });
      return outcome.kind === 'done' ? (outcome.value.runs.at(-1)?.batchId ?? null) : null;
    },
  };
  return slice;
};

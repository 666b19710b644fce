import { cp, lstat, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Emulator } from '../../emulator/emulator';
import { runSearch } from '../../emulator/engine/search';
import { canonicalRatings, newJudgmentList, judgmentListSchema, type JudgmentList, type Rating } from '../../../shared/judgments';
import { LOCAL_DEMO_ID } from '../../../shared/profiles';
import { experimentSchema, type Experiment } from '../../../shared/compare';
import {
  WORKSPACE_FORMATS,
  type WorkspaceKind,
  newQuerySet,
  querySetSchema,
  type QuerySet,
  requestFileSchema,
} from '../../../shared/workspace';
import { failure } from '../../../shared/errors';
import { abTestFileSchema } from '../../../shared/abtest';
import { exists, writeJsonAtomically } from '../storage';
import type { Workspace } from '../workspace';
import { DEMO_QUERIES, intentOf, relevance } from '../../emulator/catalog/demo-queries';
import { DEMO_SUITE } from './demo-suite';

/** The configurations the demo ratings are pooled over: every one the demo tenant has. */
export const DEMO_POOL_CONFIGURATIONS = ['default', 'new-arrivals', 'bestsellers'] as const;
/** Pool depth of the demo ratings: each configuration's top 20. */
export const DEMO_POOL_DEPTH = 20;

export const DEMO_FILES = {
  querySet: 'demo-shopper-queries.json',
  judgments: 'demo-judgments.json',
  experiment: 'demo-default-vs-new-arrivals.json',
} as const;

/** The demo files' dates: fixed, so the same catalog always gives the same bytes. */
const DEMO_DATE = new Date('2026-11-01T00:00:00.000Z');

export interface DemoWorkspace {
  querySet: QuerySet;
  judgments: JudgmentList;
  experiment: Experiment;
}

/**
 * The Local demo's workspace files, from the emulator's own catalog: the
 * demo query set, a judgment list for it and an experiment comparing two
 * configurations. The ratings follow `relevance` (catalog attributes only),
 * over the pool of every configuration's top 20 — the way TREC pools runs —
 * so no configuration is favoured by which items were rated. The queries
 * marked unjudged are left for the judging queue.
 */
export async function buildDemoWorkspace(emulator: Emulator): Promise<DemoWorkspace> {
  const tenant = emulator.tenants.get('demo');
  if (!tenant) throw new Error('the emulator has no demo tenant');
  const token = tenant.config.searchTokens[0] as string;
  const byId = new Map(emulator.items.map((item) => [item.id, item]));
  const ctx = { baseUrl: 'http://127.0.0.1', now: DEMO_DATE };
  const ratings: Rating[] = [];
  for (const q of DEMO_QUERIES) {
    if (q.unjudged) continue;
    // A query at a time, giving the event loop back in between: the window stays responsive while this runs.
    await new Promise<void>((resolve) => setImmediate(resolve));
    const pool = new Set<string>();
    for (const configurationId of DEMO_POOL_CONFIGURATIONS) {
      const answer = runSearch(tenant, { token, query: q.query, configurationId, options: { offset: 0, limit: DEMO_POOL_DEPTH } }, ctx);
      for (const item of answer.items ?? []) pool.add(item.id);
    }
    for (const id of pool) {
      const item = byId.get(id);
      if (item)
        ratings.push({ query: q.query, itemId: id, rating: relevance(q.intent, item), by: 'demo rule', at: DEMO_DATE.toISOString() });
    }
  }
  const querySet = newQuerySet(
    'Demo shopper queries',
    // Every query with its intent, an empty one included (a query the shop cannot answer names no attribute).
    DEMO_QUERIES.map((q) => ({ query: q.query, note: q.note, intent: intentOf(q.intent) })),
    'Local demo',
    DEMO_DATE,
  );
  const judgments: JudgmentList = {
    ...newJudgmentList('Demo judgments', { max: 3, threshold: 2 }, DEMO_DATE),
    ratings: canonicalRatings(ratings),
  };
  const side = (label: string, configurationId?: string) => ({
    label,
    profileId: LOCAL_DEMO_ID,
    overrides: configurationId ? { configurationId } : {},
  });
  const experiment: Experiment = {
    format: WORKSPACE_FORMATS.experiments,
    version: 1,
    name: 'Demo: default vs new-arrivals',
    createdAt: DEMO_DATE.toISOString(),
    updatedAt: DEMO_DATE.toISOString(),
    querySet: DEMO_FILES.querySet,
    judgments: DEMO_FILES.judgments,
    quality: { k: 10, gain: 'exponential', threshold: 2 },
    limit: 24,
    concurrency: 6,
    sides: { a: side('default'), b: side('new-arrivals', 'new-arrivals') },
    runs: [],
  };
  return { querySet, judgments, experiment };
}

/**
 * Writes the demo files into the workspace, each only where no file of that
 * name is there yet (nothing is overwritten). Returns the files written.
 */
export async function writeDemoWorkspace(workspace: Workspace, demo: DemoWorkspace): Promise<string[]> {
  const written: string[] = [];
  const put = async (kind: WorkspaceKind, file: string, write: () => Promise<unknown>) => {
    if (await exists(join(workspace.kindFolder(kind), file))) return;
    await write();
    written.push(`${kind}/${file}`);
  };
  const once = { overwrite: false };
  await put('query-sets', DEMO_FILES.querySet, () =>
    workspace.write('query-sets', DEMO_FILES.querySet, querySetSchema, demo.querySet, once),
  );
  await put('judgments', DEMO_FILES.judgments, () =>
    workspace.write('judgments', DEMO_FILES.judgments, judgmentListSchema, demo.judgments, once),
  );
  await put('experiments', DEMO_FILES.experiment, () =>
    workspace.write('experiments', DEMO_FILES.experiment, experimentSchema, demo.experiment, once),
  );
  // The demo regression suite: request files and a query set with expectations (the workspace is its default folder).
  for (const [file, value] of Object.entries(DEMO_SUITE.requests))
    await put('requests', file, () => workspace.write('requests', file, requestFileSchema, value, once));
  for (const [file, value] of Object.entries(DEMO_SUITE.querySets))
    await put('query-sets', file, () => workspace.write('query-sets', file, querySetSchema, value, once));
  for (const [file, value] of Object.entries(DEMO_SUITE.abTests))
    await put('ab-tests', file, () => workspace.write('ab-tests', file, abTestFileSchema, value, once));
  return written;
}

/**
 * The demo files of a workspace: written once into a new install's default
 * workspace folder when Local demo is up (a marker in the data folder
 * remembers it, so files the user deletes stay deleted), and again on
 * request (`add`), never over a file that is there.
 */
export class DemoFiles {
  private seeding: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly deps: {
      workspace: Workspace;
      dataDir: string;
      /** The running Local demo's emulator, once it is up; undefined when it is off or failed. */
      emulator: () => Promise<Emulator | undefined>;
      /** The shipped week of demo traffic (a traffic store folder), copied into the workspace's `traffic/`. */
      demoTraffic?: string;
      log?: (message: string) => void;
    },
  ) {}

  /** The demo traffic into the workspace's store folder, when it has none: copied beside it, then renamed into place. */
  private async addTraffic(): Promise<string[]> {
    const from = this.deps.demoTraffic;
    const to = join(this.deps.workspace.folder, 'traffic');
    if (!from || !(await exists(from)) || (await exists(to))) return [];
    const temp = `${to}.incoming-${process.pid}`;
    await rm(temp, { recursive: true, force: true });
    try {
      // Regular files and folders only: a link in the source is not followed into the workspace.
      await cp(from, temp, {
        recursive: true,
        errorOnExist: true,
        force: false,
        filter: async (path) => !(await lstat(path)).isSymbolicLink(),
      });
      await rename(temp, to);
    } finally {
      await rm(temp, { recursive: true, force: true });
    }
    return ['traffic/'];
  }

  /** Starts the first-run seeding in the background; `ready` waits for it. */
  start(): void {
    this.seeding = this.seedOnce().catch((err: unknown) => this.deps.log?.(`demo files not written: ${(err as Error).message}`));
  }

  /** Settles when the first-run seeding has finished (or was not needed). */
  ready(): Promise<unknown> {
    return this.seeding;
  }

  private async seedOnce(): Promise<void> {
    const marker = join(this.deps.dataDir, 'demo-workspace.json');
    if (await exists(marker)) return;
    const { workspace } = this.deps;
    // A folder the user chose (a team's git checkout) is theirs: the demo goes only into the app's own folder.
    if (workspace.folder !== workspace.defaultFolder) return;
    const emulator = await this.deps.emulator();
    if (!emulator) return;
    const written = [...(await writeDemoWorkspace(workspace, await buildDemoWorkspace(emulator))), ...(await this.addTraffic())];
    await writeJsonAtomically(marker, { seededAt: new Date().toISOString(), files: written });
  }

  /** Writes whichever demo files are missing from the workspace folder now. */
  async add(): Promise<{ written: string[] }> {
    await this.seeding;
    const emulator = await this.deps.emulator();
    if (!emulator) throw failure('network', 'The demo files are built from the Local demo catalog, and Local demo is not running.');
    return {
      written: [...(await writeDemoWorkspace(this.deps.workspace, await buildDemoWorkspace(emulator))), ...(await this.addTraffic())],
    };
  }
}

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  type ImportView,
  previousPeriod,
  sessionIdOf,
  type StoreImport,
  type TrafficOverview,
  type TrafficProgressView,
} from '../../../shared/traffic';
import { failure } from '../../../shared/errors';
import {
  clicksByPositionSql,
  type FileImport,
  type PositionBase,
  FORMAT_NAMES,
  queryByDaySql,
  queryItemsSql,
  type QueryPage,
  type SampleMethod,
  sampleQueries,
  servedSql,
  type TrafficFilter,
  type TrafficGroup,
  type TrafficReport,
  type TrafficRow,
  type Worklist,
  type WorklistRow,
  worklistSql,
} from '../../../shared/traffic';
import { newQuerySet, type QuerySetEntry, querySetSchema } from '../../../shared/workspace';
import type { HttpClient } from '../http';
import type { LocalDemo } from '../profiles';
import type { SearchClient } from '../search';
import type { Workspace } from '../workspace';
import { importFile, type ImportProgress } from './importer';
import { listImports, removeImport } from './ledger';
import { StoreQueries } from './queries';
import { simulateTraffic } from './simulate';
import { StoreError, TrafficStore } from './store';

/** The defaults of Local demo's *Simulate shoppers*: a week, two configurations. */
export const DEMO_SIMULATION = {
  sessions: 2000,
  days: 7,
  /** The first seed tried: the store's own seeds are passed over (freshSeed), so a new week never repeats one. */
  seed: 1,
  configurations: ['default', 'new-arrivals'],
  start: '2026-11-01',
} as const;

export interface ImportOptions {
  onProgress?: (progress: ImportProgress) => void;
  onFile?: (file: ImportView['files'][number]) => void;
  refresh?: boolean;
  /** Where the logs' positions start (default `auto`: per search and application, from ordinal 0 seen). */
  positions?: PositionBase;
}

/** What the app's traffic service has beside its store: the workspace, and Local demo's service to simulate shoppers on. */
export interface TrafficAppDeps {
  workspace: Workspace;
  http: HttpClient;
  search: SearchClient;
  localDemo: LocalDemo | undefined;
  onProgress: (progress: TrafficProgressView) => void;
}

/**
 * The store a traffic service works on: the workspace's `traffic/` in the app, `--store DIR` on the command line —
 * which a command that reads refuses when the folder does not exist (`create` for one that imports).
 */
export type TrafficDeps = { folder: string; create?: boolean } | TrafficAppDeps;

/**
 * A traffic store's service, for the app and the command line alike: what it holds, the views (report, a query's page,
 * worklists), samples, import; in the app also query sets into the workspace and simulated shoppers on Local demo.
 * One store at a time, opened on first use; every capability that reads traffic reads it through `read`.
 */
export class TrafficService {
  private open: { dir: string; store: Promise<TrafficStore> } | undefined;
  private busy = false;

  constructor(private readonly deps: TrafficDeps) {}

  get dir(): string {
    return 'folder' in this.deps ? resolve(this.deps.folder) : join(this.deps.workspace.folder, 'traffic');
  }

  /** The app's own dependencies, for what only the app does (a query set into the workspace, Local demo's shoppers). */
  private app(what: string): TrafficAppDeps {
    if ('folder' in this.deps) throw failure('validation', `${what} is done in the app, on its workspace's store.`, { field: 'store' });
    return this.deps;
  }

  /** Opens the store now: a folder that is not a store is said before any work starts. */
  async opened(): Promise<void> {
    await this.store();
  }

  private store(): Promise<TrafficStore> {
    const dir = this.dir;
    if (this.open?.dir !== dir) {
      if (this.open) void this.open.store.then((s) => s.close()).catch(() => undefined);
      // The app's workspace store reads as empty until something is imported; the command line's is a path a user typed.
      const store = TrafficStore.open(dir, 'folder' in this.deps ? (this.deps.create ? 'create' : 'refuse') : 'empty');
      this.open = { dir, store };
      store.catch(() => (this.open = undefined));
    }
    return this.open.store.catch((err: unknown) => {
      if (err instanceof StoreError) throw failure('validation', err.message, { field: 'store' });
      throw err;
    });
  }

  /**
   * Other capabilities' work on the open store, through its named queries (`StoreQueries`: typed rows, no SQL of
   * theirs); the store's own errors said as validation errors with their field.
   */
  ask<T>(work: (queries: StoreQueries) => Promise<T>): Promise<T> {
    return this.read((store) => work(new StoreQueries(store)));
  }

  /** Work on the open store; the store's own errors said as validation errors with their field. */
  private async read<T>(work: (store: TrafficStore) => Promise<T>): Promise<T> {
    const store = await this.store();
    try {
      return await work(store);
    } catch (err) {
      throw storeFailure(err);
    }
  }

  async overview(filter: TrafficFilter, k: number): Promise<TrafficOverview> {
    const canSimulate = !('folder' in this.deps) && !!this.deps.localDemo?.emulator;
    return this.read(async (store) => {
      const size = await store.size();
      const values = async (column: string) =>
        (await store.duck.all(`SELECT DISTINCT ${column} AS v FROM searches WHERE ${column} IS NOT NULL ORDER BY 1 LIMIT 200`)).map((r) =>
          String(r.v),
        );
      const byDay = (await store.report('day', filter, k)).rows;
      return {
        store: this.dir,
        ...size,
        configurations: await values('configuration_id'),
        segments: await values('segment'),
        total: await store.total(filter, k),
        previous: await previousOf(store, filter, k, size),
        byDay,
        canSimulate,
      };
    });
  }

  report(by: TrafficGroup, filter: TrafficFilter, k: number, limit?: number): Promise<TrafficReport> {
    return this.read((store) => store.report(by, filter, k, limit));
  }

  async query(query: string, filter: TrafficFilter, k: number): Promise<QueryPage & { row: TrafficRow | null }> {
    return this.read(async (store) => {
      const all = async (sql: { text: string; params: Record<string, string | number> }) => store.duck.all(sql.text, sql.params);
      const [served] = await all(servedSql(filter, query));
      const row = (await store.report('query', { ...filter, query }, k)).rows[0] ?? null;
      return {
        query,
        row,
        served: served
          ? {
              hitIds: (served.hit_ids as string[]) ?? [],
              configurationId: (served.configuration_id as string | null) ?? null,
              variables: served.variables ? (JSON.parse(served.variables as string) as Record<string, unknown>) : null,
              filter: (served.filter as string | null) ?? null,
              at: String(served.ts),
            }
          : null,
        clicksByPosition: (await all(clicksByPositionSql(filter, query))).map((r) => ({ rank: Number(r.rank), clicks: Number(r.clicks) })),
        items: (await all(queryItemsSql(filter, query))).map((r) => ({
          docid: String(r.docid),
          clicks: Number(r.clicks),
          carts: Number(r.carts),
          purchases: Number(r.purchases),
          revenue: Number(r.revenue),
        })),
        byDay: (await all(queryByDaySql(filter, query, k))).map((r) => ({
          day: String(r.day),
          searches: Number(r.searches),
          ctrAtK: Number(r.ctrAtK),
        })),
      };
    });
  }

  async worklist(kind: Worklist, filter: TrafficFilter, k: number, limit: number): Promise<WorklistRow[]> {
    return this.read(async (store) => {
      const sql = worklistSql(kind, filter, k, limit);
      return (await store.duck.all(sql.text, sql.params)).map((r) => ({
        query: String(r.query),
        searches: Number(r.searches),
        affected: Number(r.affected),
        configurationId: (r.configuration_id as string | null) ?? null,
        variables: r.variables ? (JSON.parse(r.variables as string) as Record<string, unknown>) : null,
        filter: (r.filter as string | null) ?? null,
      }));
    });
  }

  /** A query set in the workspace from queries of the traffic, each with its frequency as weight. */
  async saveQuerySet(name: string, queries: QuerySetEntry[], source: string): Promise<{ file: string }> {
    if (!queries.length) throw failure('validation', 'There is no query to save: the list is empty.', { field: 'queries' });
    const { workspace } = this.app('Saving a query set');
    // Two saves of one worklist are two sets, told apart by name as well as by file.
    const names = new Set((await workspace.list('query-sets')).map((item) => item.name));
    let unique = name;
    for (let i = 2; names.has(unique); i++) unique = `${name} (${i})`;
    const set = newQuerySet(unique, queries, source);
    return workspace.write('query-sets', await workspace.freeFile('query-sets', unique), querySetSchema, set, { overwrite: false });
  }

  /** Queries drawn from the traffic, each weighted by its searches: the top N, or a sample with a seed. */
  sampleOf(method: SampleMethod, n: number, seed: number, filter: TrafficFilter): Promise<{ query: string; weight: number }[]> {
    return this.read(async (store) => sampleQueries(await store.queryFrequencies(filter), method, n, seed));
  }

  /** A report's rows a chunk at a time, in its order: what a report file of any size is written from. */
  async *reportChunks(by: TrafficGroup, filter: TrafficFilter, k: number, limit?: number): AsyncGenerator<TrafficRow[]> {
    const store = await this.store();
    try {
      yield* store.reportChunks(by, filter, k, limit);
    } catch (err) {
      throw storeFailure(err);
    }
  }

  /** How much the store holds: searches, events, days. */
  size(): Promise<{ searches: number; events: number; from: string | null; to: string | null }> {
    return this.read((store) => store.size());
  }

  async sample(
    method: SampleMethod,
    n: number,
    seed: number,
    filter: TrafficFilter,
    name?: string,
  ): Promise<{ file: string; queries: number }> {
    const sample = await this.sampleOf(method, n, seed, filter);
    // Named by what it holds: a store with 1,089 distinct queries gives 1,089 for "top 100,000", and says so.
    const named = name ?? `Traffic sample (${method} ${sample.length}${sample.length < n ? ` of ${n} asked` : ''})`;
    const saved = await this.saveQuerySet(named, sample, `traffic: ${method} ${n}${method === 'top' ? '' : `, seed ${seed}`}`);
    return { file: saved.file, queries: sample.length };
  }

  /**
   * Files imported one after the other, each file's outcome handed to `onFile` as it is known; each search's outcome
   * table made once after the last file (`refresh: false` leaves it to whoever reads the store next: a command that
   * ends after the import). A file that cannot be read at all is a failure of the field `files`.
   */
  async import(paths: string[], options: ImportOptions = {}): Promise<ImportView> {
    return this.exclusive(() => this.importAll(paths, options));
  }

  private async importAll(paths: string[], options: ImportOptions & { label?: (path: string) => string }): Promise<ImportView> {
    const store = await this.store();
    const files: ImportView['files'] = [];
    try {
      for (const path of paths) {
        let result: FileImport;
        try {
          result = await importFile(store, path, options.onProgress, {
            outcomes: false,
            ...(options.positions ? { positions: options.positions } : {}),
          });
        } catch (err) {
          throw failure('validation', (err as Error).message, { field: 'files' });
        }
        const file = { ...result, file: options.label?.(path) ?? path, formats: result.formats.map((f) => FORMAT_NAMES[f]) };
        files.push(file);
        options.onFile?.(file);
      }
    } finally {
      // Each search's outcome made once, after the last file (or the one that failed).
      if (options.refresh !== false) await store.refresh();
    }
    return { files };
  }

  /**
   * Local demo's shoppers: a week of sessions against the emulator, imported into the workspace's store — under the
   * first seed whose sessions the store does not hold (the demo week is seed 1), so their searches and events are
   * new ones, never taken for repeats of the store's (which kept their events on searches that never showed those items).
   */
  async simulateDemo(
    sessions: number = DEMO_SIMULATION.sessions,
  ): Promise<ImportView & { sessions: number; searches: number; seed: number }> {
    const deps = this.app('Simulating shoppers');
    const running = deps.localDemo?.emulator;
    if (!running)
      throw failure(
        'validation',
        'Simulated shoppers go to Local demo only: make Local demo the active profile, and wait for it to start.',
        { field: 'profile' },
      );
    return this.exclusive(async () => {
      const seed = await this.read(async (store) => {
        let s = DEMO_SIMULATION.seed;
        while (await store.hasSession(sessionIdOf(s, 0))) s++;
        return s;
      });
      const out = await mkdtemp(join(tmpdir(), 'workbench-shoppers-'));
      try {
        const tenant = running.emulator.tenants.get('demo');
        const summary = await simulateTraffic(
          { http: deps.http, search: deps.search },
          {
            baseUrl: running.searchUrl,
            token: tenant?.config.searchTokens[0] ?? 'demo-search-token-0001',
            trackerKey: tenant?.config.trackerKey ?? 'demo-tracker-key-0001',
            sessions,
            days: DEMO_SIMULATION.days,
            seed,
            configurations: [...DEMO_SIMULATION.configurations],
            clickModel: 'dbn',
            start: DEMO_SIMULATION.start,
            out,
          },
          (p) => deps.onProgress({ ...p, phase: 'shoppers' }),
        );
        deps.onProgress({ sessions: summary.sessions, total: summary.sessions, searches: summary.searches, phase: 'import' });
        const { files } = await this.importAll(summary.files.slice(0, 2), { label: (file) => file.slice(out.length + 1) });
        return { files, sessions: summary.sessions, searches: summary.searches, seed };
      } finally {
        await rm(out, { recursive: true, force: true });
      }
    });
  }

  /** Every import the store holds, oldest first, with what it added. */
  imports(): Promise<StoreImport[]> {
    return this.read((store) => listImports(store));
  }

  /** One import taken out of the store (never while another import runs). */
  removeImport(id: string): Promise<{ removed: StoreImport; untied: number; imports: StoreImport[] }> {
    return this.exclusive(() => this.read((store) => removeImport(store, id)));
  }

  private async exclusive<T>(work: () => Promise<T>): Promise<T> {
    if (this.busy)
      throw failure('validation', 'The traffic store is busy with an import; try again when it has finished.', { field: 'store' });
    this.busy = true;
    try {
      return await work();
    } finally {
      this.busy = false;
    }
  }

  async close(): Promise<void> {
    const open = this.open;
    this.open = undefined;
    if (open) (await open.store.catch(() => undefined))?.close();
  }
}

/** The store's own errors said as validation errors with their field; anything else as it was. */
function storeFailure(err: unknown): unknown {
  return err instanceof StoreError ? failure('validation', err.message, { field: err.field }) : err;
}

/** The overview's last period: the days before the range read (the filter's, else the store's), under the same filter. */
async function previousOf(
  store: TrafficStore,
  filter: TrafficFilter,
  k: number,
  size: { from: string | null; to: string | null },
): Promise<TrafficOverview['previous']> {
  const from = filter.from ?? size.from;
  const to = filter.to ?? size.to;
  if (!from || !to) return null;
  const before = previousPeriod(from, to);
  const total = await store.total({ ...filter, from: before.from, to: before.to }, k);
  return { from: before.from, to: before.to, total: total && total.searches > 0 ? total : null };
}

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { failure, type ImportView, type TrafficOverview, type TrafficProgressView } from '../../../shared/ipc';
import {
  clicksByPositionSql,
  type FileImport,
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
import { newQuerySet, querySetSchema } from '../../../shared/workspace';
import type { HttpClient } from '../http';
import type { LocalDemo } from '../profiles';
import type { SearchClient } from '../search';
import type { Workspace } from '../workspace';
import { importFile } from './importer';
import { simulateTraffic } from './simulate';
import { StoreError, TrafficStore } from './store';

/** The defaults of Local demo's *Simulate shoppers*: a week, two configurations. */
export const DEMO_SIMULATION = {
  sessions: 2000,
  days: 7,
  seed: 1,
  configurations: ['default', 'new-arrivals'],
  start: '2026-11-01',
} as const;

export interface TrafficDeps {
  workspace: Workspace;
  http: HttpClient;
  search: SearchClient;
  localDemo: LocalDemo | undefined;
  onProgress: (progress: TrafficProgressView) => void;
}

/**
 * The workspace's traffic store, for the app: what it holds, the views (report, a query's page, worklists), query
 * sets from it, import, and simulated shoppers on Local demo. One store at a time, opened on first use.
 */
export class TrafficService {
  private open: { dir: string; store: Promise<TrafficStore> } | undefined;
  private busy = false;

  constructor(private readonly deps: TrafficDeps) {}

  get dir(): string {
    return join(this.deps.workspace.folder, 'traffic');
  }

  private store(): Promise<TrafficStore> {
    const dir = this.dir;
    if (this.open?.dir !== dir) {
      if (this.open) void this.open.store.then((s) => s.close()).catch(() => undefined);
      const store = TrafficStore.open(dir);
      this.open = { dir, store };
      store.catch(() => (this.open = undefined));
    }
    return this.open.store.catch((err: unknown) => {
      if (err instanceof StoreError) throw failure('validation', err.message, { field: 'store' });
      throw err;
    });
  }

  /** Work on the open store; the store's own errors said as validation errors with their field. */
  async read<T>(work: (store: TrafficStore) => Promise<T>): Promise<T> {
    const store = await this.store();
    try {
      return await work(store);
    } catch (err) {
      if (err instanceof StoreError) throw failure('validation', err.message, { field: err.field });
      throw err;
    }
  }

  async overview(filter: TrafficFilter, k: number): Promise<TrafficOverview> {
    const canSimulate = !!this.deps.localDemo?.emulator;
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
  async saveQuerySet(name: string, queries: { query: string; weight: number }[], source: string): Promise<{ file: string }> {
    if (!queries.length) throw failure('validation', 'There is no query to save: the list is empty.', { field: 'queries' });
    const set = newQuerySet(name, queries, source);
    return this.deps.workspace.write('query-sets', await this.deps.workspace.freeFile('query-sets', name), querySetSchema, set, {
      overwrite: false,
    });
  }

  async sample(
    method: SampleMethod,
    n: number,
    seed: number,
    filter: TrafficFilter,
    name: string,
  ): Promise<{ file: string; queries: number }> {
    const sample = await this.read(async (store) => sampleQueries(await store.queryFrequencies(filter), method, n, seed));
    const saved = await this.saveQuerySet(name, sample, `traffic: ${method} ${n}${method === 'top' ? '' : `, seed ${seed}`}`);
    return { file: saved.file, queries: sample.length };
  }

  async import(paths: string[]): Promise<ImportView> {
    return this.exclusive(async () => {
      const store = await this.store();
      const files: ImportView['files'] = [];
      try {
        for (const path of paths) {
          let result: FileImport;
          try {
            result = await importFile(store, path, undefined, { outcomes: false });
          } catch (err) {
            throw failure('validation', (err as Error).message, { field: 'files' });
          }
          files.push({ ...result, formats: result.formats.map((f) => FORMAT_NAMES[f]) });
        }
      } finally {
        // Each search's outcome made once, after the last file (or the one that failed).
        await store.refresh();
      }
      return { files };
    });
  }

  /** Local demo's shoppers: a week of sessions against the emulator, imported into the workspace's store. */
  async simulateDemo(sessions: number = DEMO_SIMULATION.sessions): Promise<ImportView & { sessions: number; searches: number }> {
    const running = this.deps.localDemo?.emulator;
    if (!running)
      throw failure(
        'validation',
        'Simulated shoppers go to Local demo only: make Local demo the active profile, and wait for it to start.',
        { field: 'profile' },
      );
    return this.exclusive(async () => {
      const out = await mkdtemp(join(tmpdir(), 'workbench-shoppers-'));
      try {
        const tenant = running.emulator.tenants.get('demo');
        const summary = await simulateTraffic(
          { http: this.deps.http, search: this.deps.search },
          {
            baseUrl: running.searchUrl,
            token: tenant?.config.searchTokens[0] ?? 'demo-search-token-0001',
            trackerKey: tenant?.config.trackerKey ?? 'demo-tracker-key-0001',
            sessions,
            days: DEMO_SIMULATION.days,
            seed: DEMO_SIMULATION.seed,
            configurations: [...DEMO_SIMULATION.configurations],
            clickModel: 'dbn',
            start: DEMO_SIMULATION.start,
            out,
          },
          (p) => this.deps.onProgress({ ...p, phase: 'shoppers' }),
        );
        this.deps.onProgress({ sessions: summary.sessions, total: summary.sessions, searches: summary.searches, phase: 'import' });
        const store = await this.store();
        const files: ImportView['files'] = [];
        try {
          for (const file of summary.files.slice(0, 2)) {
            const result = await importFile(store, file, undefined, { outcomes: false });
            files.push({ ...result, file: file.slice(out.length + 1), formats: result.formats.map((f) => FORMAT_NAMES[f]) });
          }
        } finally {
          await store.refresh();
        }
        return { files, sessions: summary.sessions, searches: summary.searches };
      } finally {
        await rm(out, { recursive: true, force: true });
      }
    });
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

import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { batchCsv, batchHtml, batchJson } from '../../../shared/compare/reports';
import { requestFor } from '../../../shared/compare/sides';
import type { BatchDefinition, BatchProgress, BatchResult, QueryRow, SideSpec } from '../../../shared/compare/types';
import type { BatchListItem } from '../../../shared/ipc/contract';
import { failure } from '../../../shared/ipc/result';
import type { SearchRequest } from '../../../shared/request/types';
import type { ProfileService } from '../profiles';
import type { SearchClient } from '../search-client';
import { BatchRunner } from './runner';
import { searchSender } from './sender';
import { BatchStore } from './store';

export interface NewBatch {
  name: string;
  base: Partial<SearchRequest>;
  sides: { a: SideSpec; b: SideSpec };
  rows: QueryRow[];
  concurrency: number;
}

export interface CompareDeps {
  profiles: ProfileService;
  search: SearchClient;
  deadlineMs: () => number;
  /** New results and progress of a run, at most every 200 ms and once at the end. */
  onProgress: (update: { id: string; progress: BatchProgress; results: BatchResult[] }) => void;
  log?: (message: string, err?: unknown) => void;
}

const safeName = (name: string) =>
  name
    .replace(/[^\w.-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'comparison';

/**
 * Batch comparisons kept under the data folder, one directory each: started,
 * paused, resumed, cancelled, rerun and exported here; runs that were going
 * when the app stopped come back as "interrupted", ready to resume.
 */
export class CompareService {
  private readonly runners = new Map<string, BatchRunner>();
  private readonly running = new Map<string, Promise<void>>();

  constructor(
    private readonly dir: string,
    private readonly deps: CompareDeps,
  ) {}

  async init(): Promise<void> {
    let names: string[] = [];
    try {
      names = await readdir(this.dir);
    } catch {
      return;
    }
    for (const id of names) {
      try {
        const store = new BatchStore(join(this.dir, id));
        const runner = this.runnerFor(await store.definition(), store);
        await runner.load();
        this.runners.set(id, runner);
      } catch (err) {
        this.deps.log?.(`batch ${id} could not be read; it is left as it is`, err);
      }
    }
  }

  /** The side's base URL and token: its own, or its profile's. */
  private target(side: SideSpec): { baseUrl: string; token: string | undefined } {
    if (side.baseUrl) return { baseUrl: side.baseUrl, token: side.overrides.token };
    const profile = side.profileId ? this.deps.profiles.find(side.profileId) : this.deps.profiles.resolve(undefined);
    if (!profile) throw new Error(`The profile of side "${side.label}" no longer exists; start a new comparison.`);
    return { baseUrl: profile.searchUrl, token: side.overrides.token || profile.searchTokens[0]?.token };
  }

  private runnerFor(definition: BatchDefinition, store: BatchStore): BatchRunner {
    let pending: BatchResult[] = [];
    let last = 0;
    let timer: NodeJS.Timeout | undefined;
    const id = definition.id;
    const push = () => {
      timer = undefined;
      last = Date.now();
      const results = pending;
      pending = [];
      this.deps.onProgress({ id, progress: runner.progress(), results });
    };
    const runner = new BatchRunner({
      definition,
      store,
      send: searchSender(this.deps.search, (side) => this.target(definition.sides[side]), { deadlineMs: this.deps.deadlineMs() }),
      onResult: (r) => pending.push(r),
      onProgress: (p) => {
        if (p.status !== 'running') {
          if (timer) clearTimeout(timer);
          push();
        } else if (!timer) timer = setTimeout(push, Math.max(0, 200 - (Date.now() - last)));
      },
    });
    return runner;
  }

  private get(id: string): BatchRunner {
    const runner = this.runners.get(id);
    if (!runner) throw failure('not-found', `There is no comparison ${id}; it may have been deleted.`, { field: 'id' });
    return runner;
  }

  private launch(id: string, run: () => Promise<void>): void {
    const task = run()
      .catch((err: unknown) => this.deps.log?.(`batch ${id} stopped on an error`, err))
      .finally(() => this.running.delete(id));
    this.running.set(id, task);
  }

  async start(input: NewBatch): Promise<{ id: string }> {
    if (input.rows.length === 0) throw failure('validation', 'The query list is empty: paste queries or import a file.', { field: 'rows' });
    const id = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`;
    // Sides keep their profile id, never its secrets; the token joins the side so the run is reproducible.
    const sides = { a: input.sides.a, b: input.sides.b };
    for (const key of ['a', 'b'] as const) {
      const t = this.target(sides[key]);
      if (!sides[key].overrides.token && t.token) sides[key] = { ...sides[key], overrides: { ...sides[key].overrides, token: t.token } };
    }
    const definition: BatchDefinition = {
      id,
      name: input.name,
      createdAt: new Date().toISOString(),
      base: input.base,
      sides,
      rows: input.rows,
      concurrency: input.concurrency,
    };
    const store = await BatchStore.create(join(this.dir, id), definition);
    const runner = this.runnerFor(definition, store);
    await runner.load();
    this.runners.set(id, runner);
    this.launch(id, () => runner.start());
    return { id };
  }

  list(): BatchListItem[] {
    return [...this.runners.values()]
      .map((r) => ({
        id: r.definition.id,
        name: r.definition.name,
        createdAt: r.definition.createdAt,
        sides: { a: r.definition.sides.a.label, b: r.definition.sides.b.label },
        progress: r.progress(),
      }))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  read(id: string): { definition: BatchDefinition; progress: BatchProgress; results: BatchResult[] } {
    const runner = this.get(id);
    return { definition: runner.definition, progress: runner.progress(), results: runner.list() };
  }

  async control(id: string, action: 'pause' | 'resume' | 'cancel' | 'rerun-failed'): Promise<BatchProgress> {
    const runner = this.get(id);
    const status = runner.progress().status;
    if (action === 'pause') await runner.pause();
    else if (action === 'cancel') await runner.cancel();
    else if (status === 'running') throw failure('conflict', 'The comparison is already running.');
    else if (action === 'resume') this.launch(id, () => runner.start());
    else this.launch(id, () => runner.rerunFailed());
    return runner.progress();
  }

  /** One query of a batch with both requests and both answers, to open side by side. */
  async result(id: string, index: number) {
    const runner = this.get(id);
    const row = runner.definition.rows[index];
    if (!row) throw failure('not-found', `The comparison has no query ${index + 1}.`, { field: 'index' });
    const record = await runner.store.responses(index);
    if (!record) throw failure('not-found', `Query ${index + 1} has no result yet.`, { field: 'index' });
    const { base, sides } = runner.definition;
    return {
      result: record.result,
      responses: record.responses,
      requests: { a: requestFor(base, sides.a, row), b: requestFor(base, sides.b, row) },
      baseUrls: { a: this.safeBaseUrl(sides.a), b: this.safeBaseUrl(sides.b) },
    };
  }

  private safeBaseUrl(side: SideSpec): string {
    try {
      return this.target(side).baseUrl;
    } catch {
      return side.baseUrl ?? '';
    }
  }

  export(id: string, format: 'html' | 'csv' | 'json'): { fileName: string; content: string; mime: string } {
    const runner = this.get(id);
    const results = runner.list();
    const name = safeName(runner.definition.name);
    if (format === 'csv') return { fileName: `${name}.csv`, content: batchCsv(results), mime: 'text/csv' };
    if (format === 'json') return { fileName: `${name}.json`, content: batchJson(runner.definition, results), mime: 'application/json' };
    return { fileName: `${name}.html`, content: batchHtml(runner.definition, results), mime: 'text/html' };
  }

  async delete(id: string): Promise<void> {
    const runner = this.get(id);
    await runner.cancel();
    await this.running.get(id);
    this.runners.delete(id);
    await new BatchStore(join(this.dir, id)).remove();
  }

  /** Pauses every run and flushes its results, for a clean quit. */
  async dispose(): Promise<void> {
    await Promise.all([...this.runners.values()].map((r) => r.pause()));
    await Promise.all(this.running.values());
  }
}

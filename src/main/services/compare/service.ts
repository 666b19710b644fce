import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { batchCsvPieces, batchHead, batchJsonPieces, batchRow, kindRequest, requestFor } from '../../../shared/compare';
import { batchHtml, explanationAddition } from '../../../report';
import type { BatchDefinition, BatchProgress, BatchQuality, BatchResult, BatchRow, NewBatch } from '../../../shared/compare';
import type { ReportContext, SideSpec } from '../../../shared/compare';
import type { KeptExplanation } from '../../../shared/explain';
import { type BatchListItem, type BatchResultView, type BatchView } from '../../../shared/compare';
import { failure } from '../../../shared/errors';
import { LIMITS, type Item, checkResponse } from '../../../shared/request';
import type { ProfileService } from '../profiles';
import type { SearchClient } from '../search';
import { BatchRunner } from './runner';
import { searchSender } from './sender';
import { BatchStore } from './store';

export type { NewBatch } from '../../../shared/compare';

/** A batch with its results whole, as main uses it. */
export type StoredBatch = Omit<BatchView, 'results' | 'definition'> & { definition: BatchDefinition; results: BatchResult[] };

export interface CompareDeps {
  /** Quality per side and significance for a batch measured against judgments (null for one that is not). */
  qualityOf?: (definition: BatchDefinition, results: BatchResult[]) => Promise<BatchQuality | null>;
  /** Where sides with a profile id find their address and token; the command line has none (its sides carry a base URL). */
  profiles?: ProfileService;
  search: SearchClient;
  deadlineMs: () => number;
  /** New results (as rows, for the window) and progress of a run, at most every 200 ms and once at the end. */
  onProgress: (update: { id: string; progress: BatchProgress; results: BatchRow[] }) => void;
  log?: (message: string, err?: unknown) => void;
}

export type ExportFormat = 'html' | 'csv' | 'json';

const safeName = (name: string) =>
  name
    .replace(/[^\w.-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'comparison';

/** A kept explanation as read back from disk: enough of its shape to show and report it (an unreadable one is made again). */
function isKeptExplanation(value: unknown): value is KeptExplanation {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<KeptExplanation>;
  return typeof v.measure === 'string' && Array.isArray(v.differences) && Array.isArray(v.notAttributed) && typeof v.queries === 'number';
}

/**
 * What a batch of suggest or autocomplete needs beyond a search batch's
 * fields, each problem with its field: suggest groups by an attribute's
 * values; autocomplete has no ranking of items to judge.
 */
export function checkKind(input: NewBatch): void {
  const kind = input.kind ?? 'search';
  if (kind === 'suggest') {
    const groupBy = (input.base.options as { groupBy?: { attribute?: unknown; values?: unknown; size?: unknown } } | undefined)?.groupBy;
    const attribute = typeof groupBy?.attribute === 'string' ? groupBy.attribute.trim() : '';
    const values = Array.isArray(groupBy?.values) ? groupBy.values : [];
    if (!attribute)
      throw failure('validation', 'Suggest groups its items by an attribute: give one, like category or brand.', {
        field: 'base.options.groupBy.attribute',
      });
    if (values.length === 0 || values.some((v) => typeof v !== 'string' || !v.trim()))
      throw failure('validation', `Give the values of ${attribute} to group by, one group each (like Dresses, Shoes).`, {
        field: 'base.options.groupBy.values',
      });
    const size = groupBy?.size;
    if (typeof size !== 'number' || !Number.isInteger(size) || size < LIMITS.groupSize.min || size > LIMITS.groupSize.max)
      throw failure('validation', `The group size is a whole number from ${LIMITS.groupSize.min} to ${LIMITS.groupSize.max}.`, {
        field: 'base.options.groupBy.size',
      });
  }
  if (kind === 'autocomplete' && input.quality)
    throw failure('validation', 'Autocomplete suggests queries, not items: a judgment list has nothing to rate there. Leave it out.', {
      field: 'quality',
    });
}

/** A new batch id: the time, then a random suffix; only letters, digits and dashes, so it never names a path. */
export const newBatchId = () => `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`;

/** A batch as a report in one of the export formats, with its quality summary when it has one. */
export function batchReport(
  definition: BatchDefinition,
  results: BatchResult[],
  format: ExportFormat,
  quality?: BatchQuality | null,
  explanation?: KeptExplanation | null,
): string {
  return [...batchReportPieces(definition, results, format, quality, explanation)].join('');
}

/** The report a piece at a time (CSV a row, JSON a query), to write one of any length without one string of it. */
export function batchReportPieces(
  definition: BatchDefinition,
  results: BatchResult[],
  format: ExportFormat,
  quality?: BatchQuality | null,
  explanation?: KeptExplanation | null,
  context: ReportContext = {},
): Iterable<string> {
  const addition = explanation ? explanationAddition(explanation) : undefined;
  if (format === 'csv') return batchCsvPieces(results, quality ?? undefined, addition, definition.kind);
  if (format === 'json') return batchJsonPieces(definition, results, quality ?? undefined, addition, context);
  return [batchHtml(definition, results, { ...(quality ? { quality } : {}), ...(addition ? { addition } : {}), context })];
}

/**
 * Batch comparisons kept under one folder, one directory each: started,
 * paused, resumed, cancelled, rerun and exported here; runs that were going
 * when the app stopped come back as "interrupted", ready to resume. The app
 * and the command line both run batches through this.
 */
export class CompareService {
  private readonly runners = new Map<string, BatchRunner>();
  private readonly running = new Map<string, Promise<void>>();
  /** Each batch's kept explanation (its query set's), read with the batch. */
  private readonly explanations = new Map<string, KeptExplanation>();

  constructor(
    private readonly dir: string,
    private readonly deps: CompareDeps,
  ) {}

  /** Reads every stored batch; one that cannot be read is left as it is. */
  async init(): Promise<void> {
    let names: string[] = [];
    try {
      names = await readdir(this.dir);
    } catch {
      return;
    }
    for (const id of names) {
      try {
        await this.load(id);
      } catch (err) {
        this.deps.log?.(`batch ${id} could not be read; it is left as it is`, err);
      }
    }
  }

  /** Opens one stored batch (by its folder name) with what it already holds. */
  async load(id: string): Promise<StoredBatch> {
    const store = new BatchStore(join(this.dir, id));
    const runner = this.runnerFor(await store.definition(), store);
    await runner.load();
    this.runners.set(id, runner);
    const kept = await store.side('explanation');
    if (isKeptExplanation(kept)) this.explanations.set(id, kept);
    return this.read(id);
  }

  /** Keeps an explanation of the batch with it (the last one made replaces the one before), for the view and the reports. */
  async keepExplanation(id: string, explanation: KeptExplanation): Promise<void> {
    await this.get(id).store.saveSide('explanation', explanation);
    this.explanations.set(id, explanation);
  }

  /** Keeps what a batch was run with beside it (an experiment run's snapshot of its files). */
  async saveSnapshot(id: string, snapshot: unknown): Promise<void> {
    await this.get(id).store.saveSide('snapshot', snapshot);
  }

  /** The snapshot kept with a batch, or null. */
  async snapshot(id: string): Promise<unknown> {
    return this.get(id).store.side('snapshot');
  }

  /** Whether a batch folder exists under this service's folder (a run to resume). */
  async has(id: string): Promise<boolean> {
    return BatchStore.exists(join(this.dir, id));
  }

  /** The side's base URL and token: its own, or its profile's. */
  private target(side: SideSpec, key: 'a' | 'b', starting = false): { baseUrl: string; token: string | undefined } {
    if (side.baseUrl) return { baseUrl: side.baseUrl, token: side.overrides.token };
    const profiles = this.deps.profiles;
    const profile = profiles && (side.profileId ? profiles.find(side.profileId) : profiles.resolve(undefined));
    if (!profile)
      throw failure(
        'not-found',
        starting
          ? `Side "${side.label}" names a profile that does not exist; pick one of the profiles in the list.`
          : `The profile of side "${side.label}" no longer exists; start a new comparison.`,
        { field: `sides.${key}.profileId` },
      );
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
      const results = pending.map(batchRow);
      pending = [];
      this.deps.onProgress({ id, progress: runner.progress(), results });
    };
    const deadlineMs = this.deps.deadlineMs();
    const runner = new BatchRunner({
      definition,
      store,
      ...(deadlineMs > 0 ? { deadlineMs } : {}),
      send: searchSender(this.deps.search, (side) => this.target(definition.sides[side], side), { deadlineMs: this.deps.deadlineMs() }),
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

  /** Starts a new batch (in the folder named `id` when given: the command line's `--state`). */
  async start(input: NewBatch, options: { id?: string } = {}): Promise<{ id: string }> {
    if (input.rows.length === 0) throw failure('validation', 'The query list is empty: paste queries or import a file.', { field: 'rows' });
    checkKind(input);
    const id = options.id ?? newBatchId();
    // Sides keep their profile id, never its secrets; the token joins the side so the run is reproducible.
    const sides = { a: input.sides.a, b: input.sides.b };
    for (const key of ['a', 'b'] as const) {
      const t = this.target(sides[key], key, true);
      if (!sides[key].overrides.token && t.token) sides[key] = { ...sides[key], overrides: { ...sides[key].overrides, token: t.token } };
    }
    const definition: BatchDefinition = { ...input, id, createdAt: new Date().toISOString(), sides };
    const store = await BatchStore.create(join(this.dir, id), definition);
    const runner = this.runnerFor(definition, store);
    await runner.load();
    this.runners.set(id, runner);
    this.launch(id, () => runner.start());
    return { id };
  }

  /** Resolves when the batch's current run stops (done, paused, cancelled). */
  async finished(id: string): Promise<BatchProgress> {
    await this.running.get(id);
    return this.get(id).progress();
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

  /** One batch with every stored result whole (items and rankings): for reports, quality and explanations in main. */
  read(id: string): StoredBatch {
    const runner = this.get(id);
    const explanation = this.explanations.get(id);
    return { definition: runner.definition, progress: runner.progress(), results: runner.list(), ...(explanation ? { explanation } : {}) };
  }

  /** One batch as the window gets it: each query's row, not its items (100,000 queries stay a few tens of MB). */
  view(id: string): BatchView {
    const batch = this.read(id);
    return { ...batch, definition: batchHead(batch.definition), results: batch.results.map(batchRow) };
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
  async result(id: string, index: number): Promise<BatchResultView> {
    const runner = this.get(id);
    const row = runner.definition.rows[index];
    if (!row) throw failure('not-found', `The comparison has no query ${index + 1}.`, { field: 'index' });
    const record = await runner.store.responses(index);
    if (!record) throw failure('not-found', `Query ${index + 1} has no result yet.`, { field: 'index' });
    const { base, sides } = runner.definition;
    const kind = runner.definition.kind ?? 'search';
    const answer = (body: unknown) =>
      body === undefined ? undefined : checkResponse(kind, body, { masked: false, check: false }).response;
    const a = answer(record.responses.a);
    const b = answer(record.responses.b);
    // Each side's answer and request are of the batch's one kind: the union's branch is the kind's.
    return {
      kind,
      result: record.result,
      responses: { ...(a ? { a } : {}), ...(b ? { b } : {}) },
      requests: {
        a: kindRequest(kind, requestFor(base, sides.a, row)).request,
        b: kindRequest(kind, requestFor(base, sides.b, row)).request,
      },
      baseUrls: { a: this.safeBaseUrl(sides.a, 'a'), b: this.safeBaseUrl(sides.b, 'b') },
    } as BatchResultView;
  }

  /**
   * Items of the stored answers, by query and id, as the service sent them
   * (the first side that has one wins): what the judging queue shows on its
   * cards, without asking the service again.
   */
  async answerItems(id: string, wanted: ReadonlyMap<number, ReadonlySet<string>>): Promise<Map<number, Map<string, Item>>> {
    const runner = this.get(id);
    const records = await runner.store.records(wanted.keys());
    const out = new Map<number, Map<string, Item>>();
    for (const [index, record] of records) {
      const ids = wanted.get(index)!;
      const items = new Map<string, Item>();
      for (const side of ['a', 'b'] as const) {
        const body = record.responses[side];
        if (body === undefined) continue;
        for (const item of checkResponse('search', body, { masked: false, check: false }).response.items ?? [])
          if (ids.has(item.id) && !items.has(item.id)) items.set(item.id, item);
      }
      out.set(index, items);
    }
    return out;
  }

  private safeBaseUrl(side: SideSpec, key: 'a' | 'b'): string {
    try {
      return this.target(side, key).baseUrl;
    } catch {
      return side.baseUrl ?? '';
    }
  }

  /** Quality per side and the significance of B − A, from the stored rankings and the judgment list as it is now. */
  async quality(id: string): Promise<{ quality: BatchQuality | null }> {
    const runner = this.get(id);
    return { quality: (await this.deps.qualityOf?.(runner.definition, runner.list())) ?? null };
  }

  async export(id: string, format: ExportFormat): Promise<{ fileName: string; content: string; mime: string }> {
    const runner = this.get(id);
    const name = safeName(runner.definition.name);
    const mime = format === 'csv' ? 'text/csv' : format === 'json' ? 'application/json' : 'text/html';
    const { quality } = await this.quality(id);
    return {
      fileName: `${name}.${format}`,
      content: batchReport(runner.definition, runner.list(), format, quality, this.explanations.get(id)),
      mime,
    };
  }

  async delete(id: string): Promise<{ deleted: true }> {
    const runner = this.get(id);
    await runner.cancel();
    await this.running.get(id);
    this.runners.delete(id);
    this.explanations.delete(id);
    await new BatchStore(join(this.dir, id)).remove();
    return { deleted: true };
  }

  /** Pauses one run and flushes its results (Ctrl+C on the command line). */
  async pause(id: string): Promise<void> {
    await this.get(id).pause();
  }

  /** Pauses every run and flushes its results, for a clean quit. */
  async dispose(): Promise<void> {
    await Promise.all([...this.runners.values()].map((r) => r.pause()));
    await Promise.all(this.running.values());
  }
}

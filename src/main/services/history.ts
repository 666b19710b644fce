import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { HistoryEntry, HistoryQuery } from '../../shared/history';
import type { Notice } from '../../shared/ipc/contract';
import { failure } from '../../shared/ipc/result';
import { writeJsonAtomically } from './storage/atomic';
import { JsonDocument } from './storage/json-document';

const entrySchema = z.looseObject({
  id: z.string(),
  at: z.string(),
  profileId: z.string(),
  profileName: z.string(),
  kind: z.enum(['search', 'suggest', 'autocomplete']),
  transport: z.enum(['post', 'get']),
  request: z.record(z.string(), z.unknown()),
  ok: z.boolean(),
  status: z.number().nullable(),
  durationMs: z.number(),
  url: z.string(),
  size: z.number(),
});

const historyFileSchema = z.object({ entries: z.array(entrySchema).default([]) });

export interface HistoryLimits {
  maxEntries: number;
  /** Total bytes of stored response bodies. */
  maxResponseBytes: number;
}

/**
 * Sent requests, newest first, capped by count and by the size of the
 * responses kept beside them (each in its own file, for re-opening and for
 * pinning as a comparison baseline). Searchable by query, profile,
 * configuration and status.
 */
export class HistoryService {
  private readonly doc: JsonDocument<typeof historyFileSchema>;
  private entries: HistoryEntry[] = [];
  private readonly dir: string;
  private sizes = new Map<string, number>();

  constructor(
    dataDir: string,
    private limits: HistoryLimits,
  ) {
    this.dir = join(dataDir, 'history');
    this.doc = new JsonDocument({
      file: join(dataDir, 'history.json'),
      schema: historyFileSchema,
      version: 1,
      defaults: () => ({ entries: [] }),
    });
  }

  get file(): string {
    return this.doc.file;
  }

  async load(): Promise<Notice | undefined> {
    const outcome = await this.doc.load();
    this.entries = outcome.value.entries as unknown as HistoryEntry[];
    for (const e of this.entries) this.sizes.set(e.id, e.size);
    return outcome.notice;
  }

  setLimits(limits: HistoryLimits): void {
    this.limits = limits;
  }

  private responseFile(id: string): string {
    if (!/^[0-9a-f-]{36}$/.test(id)) throw failure('validation', 'That is not a history entry id.', { field: 'id' });
    return join(this.dir, `${id}.json`);
  }

  async add(entry: HistoryEntry, response: unknown): Promise<void> {
    if (response !== undefined) await writeJsonAtomically(this.responseFile(entry.id), response);
    this.entries.unshift(entry);
    this.sizes.set(entry.id, response === undefined ? 0 : entry.size);
    const dropped: HistoryEntry[] = [];
    while (this.entries.length > this.limits.maxEntries) dropped.push(this.entries.pop() as HistoryEntry);
    let total = this.entries.reduce((s, e) => s + (this.sizes.get(e.id) ?? 0), 0);
    while (total > this.limits.maxResponseBytes && this.entries.length > 1) {
      const old = this.entries.pop() as HistoryEntry;
      total -= this.sizes.get(old.id) ?? 0;
      dropped.push(old);
    }
    await this.doc.save({ entries: this.entries as never });
    for (const d of dropped) {
      this.sizes.delete(d.id);
      await rm(this.responseFile(d.id), { force: true });
    }
  }

  list(query: HistoryQuery = {}): HistoryEntry[] {
    const text = query.text?.trim().toLowerCase();
    return this.entries
      .filter((e) => {
        if (query.profileId && e.profileId !== query.profileId) return false;
        if (query.kind && e.kind !== query.kind) return false;
        if (
          query.configurationId &&
          e.configurationId !== query.configurationId &&
          (e.request as { configurationId?: string }).configurationId !== query.configurationId
        )
          return false;
        if (query.status === 'ok' && !e.ok) return false;
        if (query.status === 'error' && e.ok) return false;
        if (text) {
          const hay =
            `${(e.request as { query?: string }).query ?? ''} ${e.profileName} ${e.configurationId ?? ''} ${e.status ?? ''} ${e.errorMessage ?? ''}`.toLowerCase();
          if (!hay.includes(text)) return false;
        }
        return true;
      })
      .slice(0, query.limit ?? 200);
  }

  async get(id: string): Promise<{ entry: HistoryEntry; response: unknown }> {
    const entry = this.entries.find((e) => e.id === id);
    if (!entry) throw failure('not-found', 'That history entry is gone (history keeps the most recent requests only).', { field: 'id' });
    let response: unknown = null;
    try {
      response = JSON.parse(await readFile(this.responseFile(id), 'utf8'));
    } catch {
      response = null;
    }
    return { entry, response };
  }

  async clear(): Promise<void> {
    const ids = this.entries.map((e) => e.id);
    this.entries = [];
    this.sizes.clear();
    await this.doc.save({ entries: [] });
    for (const id of ids) await rm(this.responseFile(id), { force: true });
  }
}

import { readFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { historyEntrySchema, type HistoryEntry, type HistoryQuery } from '../../../shared/history';
import { type HistoryView } from '../../../shared/search';
import { type Notice } from '../../../shared/app';
import { failure } from '../../../shared/errors';
import { answerTooDeep, MAX_ANSWER_DEPTH, nestingDepth } from '../../../shared/json-value';
import { checkResponse, type RequestKind } from '../../../shared/request';
import { writeFileAtomically, writeJsonAtomically, JsonDocument } from '../storage';

/** Entries are parsed one by one (below), so one entry an older version wrote differently never costs the rest. */
const historyFileSchema = z.object({ entries: z.array(z.unknown()).default([]) });

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

  async load(now: () => Date = () => new Date()): Promise<Notice | undefined> {
    const outcome = await this.doc.load(now);
    const unreadable: unknown[] = [];
    this.entries = [];
    for (const raw of outcome.value.entries) {
      const parsed = historyEntrySchema.safeParse(raw);
      if (parsed.success) this.entries.push(parsed.data);
      else unreadable.push(raw);
    }
    for (const e of this.entries) this.sizes.set(e.id, e.size);
    if (unreadable.length === 0) return outcome.notice;
    // Kept aside, not dropped: the entries an earlier version recorded with a request this one cannot type.
    const aside = join(dirname(this.doc.file), `history.unreadable-${now().toISOString().replace(/[:.]/g, '-')}.json`);
    await writeJsonAtomically(aside, { entries: unreadable });
    await this.doc.save({ entries: this.entries });
    return {
      id: 'history:unreadable',
      level: 'warning',
      message: `${unreadable.length} history ${unreadable.length === 1 ? 'entry does' : 'entries do'} not have a request this version can read; kept in ${aside}.`,
    };
  }

  setLimits(limits: HistoryLimits): void {
    this.limits = limits;
  }

  private responseFile(id: string): string {
    if (!/^[0-9a-f-]{36}$/.test(id)) throw failure('validation', 'That is not a history entry id.', { field: 'id' });
    return join(this.dir, `${id}.json`);
  }

  /** Responses recorded but not yet on disk, served from memory until their file is written. */
  private readonly unwritten = new Map<string, unknown>();
  /** Writes run one after another, in the order of the adds. */
  private writes: Promise<void> = Promise.resolve();

  /**
   * Records an entry: the list changes at once (so the answer is never held
   * back by the disk), and the response file and the index are written in
   * the background, in order. The returned promise settles when this entry
   * is on disk, so a caller can report a failed write. `raw` is the answer's
   * body as received, stored as is; it must be the JSON `response` was read from.
   */
  add(entry: HistoryEntry, response: unknown, raw?: Buffer): Promise<void> {
    if (response !== undefined) this.unwritten.set(entry.id, response);
    this.entries.unshift(entry);
    this.sizes.set(entry.id, response === undefined ? 0 : entry.size);
    const dropped: HistoryEntry[] = [];
    for (let last = this.entries.at(-1); this.entries.length > this.limits.maxEntries && last; last = this.entries.at(-1)) {
      this.entries.pop();
      dropped.push(last);
    }
    let total = this.entries.reduce((s, e) => s + (this.sizes.get(e.id) ?? 0), 0);
    for (let old = this.entries.at(-1); total > this.limits.maxResponseBytes && this.entries.length > 1 && old; old = this.entries.at(-1)) {
      this.entries.pop();
      total -= this.sizes.get(old.id) ?? 0;
      dropped.push(old);
    }
    for (const d of dropped) this.sizes.delete(d.id);
    return this.enqueue(async () => {
      try {
        // The bytes as they came when the caller has them (no second serialisation), else the JSON of the answer.
        if (raw !== undefined) await writeFileAtomically(this.responseFile(entry.id), raw);
        else if (response !== undefined) await writeJsonAtomically(this.responseFile(entry.id), response);
      } finally {
        this.unwritten.delete(entry.id);
      }
      await this.doc.save({ entries: this.entries });
      for (const d of dropped) await rm(this.responseFile(d.id), { force: true });
    });
  }

  /** Resolves when every recorded entry is on disk (or its write has failed). */
  idle(): Promise<void> {
    return this.writes;
  }

  private enqueue(write: () => Promise<void>): Promise<void> {
    const done = this.writes.then(write);
    this.writes = done.catch(() => undefined);
    return done;
  }

  list(query: HistoryQuery = {}): HistoryEntry[] {
    const text = query.text?.trim().toLowerCase();
    return this.entries
      .filter((e) => {
        if (query.profileId && e.profileId !== query.profileId) return false;
        if (query.kind && e.kind !== query.kind) return false;
        if (query.configurationId && e.configurationId !== query.configurationId && e.request.configurationId !== query.configurationId)
          return false;
        if (query.status === 'ok' && !e.ok) return false;
        if (query.status === 'error' && e.ok) return false;
        if (text) {
          const hay =
            `${e.request.query ?? ''} ${e.profileName} ${e.configurationId ?? ''} ${e.status ?? ''} ${e.errorMessage ?? ''}`.toLowerCase();
          if (!hay.includes(text)) return false;
        }
        return true;
      })
      .slice(0, query.limit ?? 200);
  }

  async get(id: string): Promise<HistoryView> {
    const entry = this.entries.find((e) => e.id === id);
    if (!entry) throw failure('not-found', 'That history entry is gone (history keeps the most recent requests only).', { field: 'id' });
    let body: unknown = this.unwritten.get(id) ?? null;
    if (body === null) {
      try {
        body = JSON.parse(await readFile(this.responseFile(id), 'utf8'));
      } catch {
        body = null;
      }
    }
    // An answer kept before answers had a depth limit is refused by name, never read into a stack overflow.
    if (body !== null && nestingDepth(body, MAX_ANSWER_DEPTH) > MAX_ANSWER_DEPTH) throw failure('http', answerTooDeep(entry.status ?? 200));
    const read = <K extends RequestKind>(kind: K) =>
      body === null ? null : checkResponse(kind, body, { masked: false, check: false }).response;
    switch (entry.kind) {
      case 'search':
        return { kind: 'search', entry, response: read('search') };
      case 'suggest':
        return { kind: 'suggest', entry, response: read('suggest') };
      case 'autocomplete':
        return { kind: 'autocomplete', entry, response: read('autocomplete') };
    }
  }

  async clear(): Promise<{ cleared: true }> {
    const ids = this.entries.map((e) => e.id);
    this.entries = [];
    this.sizes.clear();
    await this.enqueue(async () => {
      await this.doc.save({ entries: [] });
      for (const id of ids) await rm(this.responseFile(id), { force: true });
    });
    return { cleared: true };
  }
}

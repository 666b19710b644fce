import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  resultChunkSchema,
  batchDefinitionSchema,
  type BatchDefinition,
  type BatchResult,
  type BatchStatus,
} from '../../../shared/compare';
import { failure } from '../../../shared/errors';
import { describeIssues, zodIssues } from '../../../shared/zod';
import { parseJsonText } from '../../../shared/json-value';
import { exists, writeFileAtomically, writeJsonAtomically, readTextFile } from '../storage';

/**
 * A batch's files, read like any input: a --state folder may come from another machine (`merge`), so a file that
 * is a FIFO, a device or a link to one is refused rather than read forever. 256 MB: a chunk of raw answers is large.
 */
/** A file of the batch's own folder: never through a link, and parsed with a message that quotes none of it. */
const readStored = async (file: string): Promise<unknown> =>
  parseJsonText(await readTextFile(file, { maxBytes: 256 * 1024 * 1024, followLinks: false }), file);

export interface StoredRecord {
  result: BatchResult;
  responses: { a?: unknown; b?: unknown };
}

/** An answer to store: the body as received (written as is, not parsed and printed again), or a value. */
export type StoredAnswer = { raw: Buffer } | { value: unknown };

export interface RecordToStore {
  result: BatchResult;
  responses: { a?: StoredAnswer; b?: StoredAnswer };
}

const answerBytes = (answer: StoredAnswer) => ('raw' in answer ? answer.raw : Buffer.from(JSON.stringify(answer.value)));

/** A chunk's JSON as byte pieces, around the raw answers rather than decoding and re-serialising them. */
function chunkBytes(records: readonly RecordToStore[]): Buffer[] {
  const parts: Buffer[] = [Buffer.from('[')];
  records.forEach((r, i) => {
    parts.push(Buffer.from(`${i ? ',\n' : ''}{"result":${JSON.stringify(r.result)},"responses":{`));
    (['a', 'b'] as const)
      .filter((k) => r.responses[k])
      .forEach((k, j) => {
        parts.push(Buffer.from(`${j ? ',' : ''}"${k}":`), answerBytes(r.responses[k]!));
      });
    parts.push(Buffer.from('}}'));
  });
  parts.push(Buffer.from(']'));
  return parts;
}

export interface StoredState {
  status: BatchStatus;
  startedAt: string | null;
  updatedAt: string;
}

const CHUNK = /^(\d{6})\.json$/;

/**
 * One batch on disk: its definition, its state, and its results in numbered
 * chunk files. Every file is written once, atomically (temp file, fsync,
 * rename), so a crash loses at most the results not yet flushed — and a
 * resumed run simply asks for those again. A later chunk's record for the
 * same query (a rerun) replaces an earlier one.
 */
export class BatchStore {
  private nextChunk = 1;
  /** Which chunk holds each query's latest record. */
  private readonly where = new Map<number, number>();

  constructor(readonly dir: string) {}

  /** A side file kept beside the batch's results (its explanation, its snapshot): written atomically. */
  async saveSide(name: 'explanation' | 'snapshot', value: unknown): Promise<void> {
    await writeJsonAtomically(join(this.dir, `${name}.json`), value);
  }

  /** A kept side file, or null when there is none (or it cannot be read: the caller does without). */
  async side(name: 'explanation' | 'snapshot'): Promise<unknown> {
    try {
      return (await readStored(join(this.dir, `${name}.json`))) as unknown;
    } catch {
      return null;
    }
  }

  static async create(dir: string, definition: BatchDefinition): Promise<BatchStore> {
    const store = new BatchStore(dir);
    await writeJsonAtomically(join(dir, 'definition.json'), definition);
    await store.saveState({ status: 'running', startedAt: null, updatedAt: new Date().toISOString() });
    return store;
  }

  /** Whether a batch is stored in this folder. */
  static async exists(dir: string): Promise<boolean> {
    return exists(join(dir, 'definition.json'));
  }

  /** The stored definition, parsed with its schema: a file that does not match is refused, naming the fields. */
  async definition(): Promise<BatchDefinition> {
    const file = join(this.dir, 'definition.json');
    let raw: unknown;
    try {
      raw = await readStored(file);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      throw failure(
        'storage',
        code === 'ENOENT'
          ? `${file} is missing: the folder holds no batch to resume.`
          : `${file} cannot be read as a batch definition (${code ?? (err as Error).message}); remove the folder to start again.`,
      );
    }
    const parsed = batchDefinitionSchema.safeParse(raw);
    if (!parsed.success) throw failure('storage', `${file} is not a batch definition: ${describeIssues(zodIssues(parsed.error))}`);
    return parsed.data;
  }

  async state(): Promise<StoredState | null> {
    try {
      return (await readStored(join(this.dir, 'state.json'))) as StoredState;
    } catch {
      return null;
    }
  }

  async saveState(state: StoredState): Promise<void> {
    await writeJsonAtomically(join(this.dir, 'state.json'), state);
  }

  /**
   * Every query's latest result, from the chunks on disk. A chunk that cannot be read is left out (its queries
   * run again) — unless `strict` (a folder from elsewhere, as `merge` reads shards): then every chunk is read
   * through its schema and the first that does not match is refused, naming the file and what is wrong.
   */
  async load(options: { strict?: boolean } = {}): Promise<Map<number, BatchResult>> {
    const results = new Map<number, BatchResult>();
    let names: string[] = [];
    try {
      names = (await readdir(join(this.dir, 'results'))).filter((n) => CHUNK.test(n)).sort();
    } catch {
      return results;
    }
    for (const name of names) {
      const seq = Number(CHUNK.exec(name)![1]);
      this.nextChunk = Math.max(this.nextChunk, seq + 1);
      let records: StoredRecord[];
      const file = join(this.dir, 'results', name);
      try {
        records = (await readStored(file)) as StoredRecord[];
      } catch (err) {
        if (options.strict) throw failure('storage', `${file} cannot be read as results: ${(err as Error).message}`);
        continue; // unreadable (should not happen with atomic writes): its queries run again
      }
      if (options.strict) {
        const parsed = resultChunkSchema.safeParse(records);
        if (!parsed.success) throw failure('storage', `${file} is not a chunk of results: ${describeIssues(zodIssues(parsed.error))}`);
        records = parsed.data as StoredRecord[];
      }
      for (const record of records) {
        results.set(record.result.index, record.result);
        this.where.set(record.result.index, seq);
      }
    }
    return results;
  }

  async append(records: readonly RecordToStore[]): Promise<void> {
    if (records.length === 0) return;
    const seq = this.nextChunk++;
    // Still temp file + rename, so never torn; no fsync: after a power cut a chunk may be missing or
    // unreadable, and load() then simply leaves its queries to run again.
    await writeFileAtomically(join(this.dir, 'results', `${String(seq).padStart(6, '0')}.json`), chunkBytes(records), { durable: false });
    for (const r of records) this.where.set(r.result.index, seq);
  }

  /** Both answers of one query, to open it side by side. */
  async responses(index: number): Promise<StoredRecord | null> {
    return (await this.records([index])).get(index) ?? null;
  }

  /** The latest record of each of these queries, reading each chunk that holds one once. */
  async records(indices: Iterable<number>): Promise<Map<number, StoredRecord>> {
    const bySeq = new Map<number, Set<number>>();
    for (const index of indices) {
      const seq = this.where.get(index);
      if (seq === undefined) continue;
      const set = bySeq.get(seq) ?? new Set<number>();
      set.add(index);
      bySeq.set(seq, set);
    }
    const out = new Map<number, StoredRecord>();
    for (const [seq, wanted] of bySeq) {
      const records = (await readStored(join(this.dir, 'results', `${String(seq).padStart(6, '0')}.json`))) as StoredRecord[];
      for (const r of records) if (wanted.has(r.result.index)) out.set(r.result.index, r);
    }
    return out;
  }

  async remove(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }
}

import { readdir, readFile, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { z } from 'zod';
import type { SavedListing, SavedRequestView } from '../../shared/ipc/contract';
import { failure } from '../../shared/ipc/result';
import { envelopeSchemaWith, withEnvelope, type RequestEnvelope } from '../../shared/request/schema';
import { describeIssues, zodIssues } from '../../shared/zod-issues';
import { exists, writeJsonAtomically } from './storage/atomic';

export const SAVED_FORMAT = 'search-workbench-request';

const savedSchema = envelopeSchemaWith({
  format: z.literal(SAVED_FORMAT),
  version: z.literal(1),
  name: z.string().min(1).max(200),
  profileName: z.string().optional(),
  savedAt: z.string(),
});
export type SavedRequest = z.output<typeof savedSchema>;

/** What the renderer asks to save: a named request envelope. */
export type SaveInput = RequestEnvelope & { name: string; overwrite: boolean };

export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return slug || 'request';
}

/**
 * Saved requests as plain JSON files, one per request, in a folder the user
 * picks: readable in a diff, easy to keep in git. File names from the
 * renderer are bare names inside that folder, never paths.
 */
export class SavedRequests {
  private dir: string;
  constructor(
    readonly defaultFolder: string,
    chosen?: string,
    /** The active profile's name, written into each saved file for whoever reads it later. */
    private readonly profileName: () => string | undefined = () => undefined,
  ) {
    this.dir = chosen || defaultFolder;
  }

  get folder(): string {
    return this.dir;
  }

  setFolder(dir: string): void {
    this.dir = dir;
  }

  private path(file: string): string {
    const name = basename(file);
    if (name !== file || !name.endsWith('.json') || name.startsWith('.'))
      throw failure('validation', `${JSON.stringify(file)} is not a saved-request file name.`, { field: 'file' });
    return join(this.dir, name);
  }

  /** The folder and every file in it, readable or not (an unreadable one says why). */
  async listing(): Promise<{ folder: string; items: SavedListing[] }> {
    return { folder: this.dir, items: await this.list() };
  }

  async list(): Promise<SavedListing[]> {
    let names: string[];
    try {
      names = (await readdir(this.dir)).filter((n) => n.endsWith('.json') && !n.startsWith('.'));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw failure('storage', `The saved-requests folder ${this.dir} cannot be read (${(err as NodeJS.ErrnoException).code}).`);
    }
    const out: SavedListing[] = [];
    for (const file of names.sort()) {
      try {
        const saved = await this.read(file);
        out.push({ file, name: saved.name, kind: saved.kind, savedAt: saved.savedAt });
      } catch (err) {
        out.push({ file, name: file, problem: (err as Error).message });
      }
    }
    return out;
  }

  async read(file: string): Promise<SavedRequest> {
    let raw: unknown;
    try {
      raw = JSON.parse(await readFile(this.path(file), 'utf8'));
    } catch (err) {
      if ((err as { error?: unknown }).error) throw err;
      throw failure('storage', `${file} cannot be read as JSON (${(err as Error).message}).`, { field: 'file' });
    }
    const parsed = savedSchema.safeParse(raw);
    if (!parsed.success)
      throw failure('validation', `${file} is not a saved request: ${describeIssues(zodIssues(parsed.error))}`, { field: 'file' });
    return parsed.data;
  }

  /** The request as the renderer reads it back: its envelope, name and when it was saved. */
  async open(file: string): Promise<SavedRequestView> {
    const { format: _f, version: _v, profileName: _p, ...view } = await this.read(file);
    return view;
  }

  async save(input: SaveInput, options: { now?: Date } = {}): Promise<{ file: string }> {
    const { overwrite, name, ...envelope } = input;
    const base = slugify(name);
    let file = `${base}.json`;
    if (!overwrite) {
      for (let i = 2; await exists(join(this.dir, file)); i++) file = `${base}-${i}.json`;
    }
    const profileName = this.profileName();
    const saved: SavedRequest = withEnvelope(envelope, {
      format: SAVED_FORMAT,
      version: 1 as const,
      name,
      ...(profileName ? { profileName } : {}),
      savedAt: (options.now ?? new Date()).toISOString(),
    });
    await writeJsonAtomically(this.path(file), saved);
    return { file };
  }

  async delete(file: string): Promise<{ deleted: true }> {
    await rm(this.path(file), { force: true });
    return { deleted: true };
  }
}

import { readdir, readFile, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { z } from 'zod';
import { failure } from '../../shared/ipc/result';
import { describeIssues, zodIssues } from '../../shared/zod-issues';
import { exists, writeJsonAtomically } from './storage/atomic';

export const SAVED_FORMAT = 'search-workbench-request';

const savedSchema = z.object({
  format: z.literal(SAVED_FORMAT),
  version: z.literal(1),
  name: z.string().min(1).max(200),
  kind: z.enum(['search', 'suggest', 'autocomplete']),
  transport: z.enum(['post', 'get']).default('post'),
  profileName: z.string().optional(),
  savedAt: z.string(),
  request: z.record(z.string(), z.unknown()),
});
export type SavedRequest = z.infer<typeof savedSchema>;

export interface SavedListing {
  file: string;
  name: string;
  kind?: string;
  savedAt?: string;
  /** Set when the file is not a readable saved request. */
  problem?: string;
}

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

  async save(
    input: Omit<SavedRequest, 'format' | 'version' | 'savedAt'>,
    options: { overwrite?: boolean; now?: Date } = {},
  ): Promise<{ file: string }> {
    const base = slugify(input.name);
    let file = `${base}.json`;
    if (!options.overwrite) {
      for (let i = 2; await exists(join(this.dir, file)); i++) file = `${base}-${i}.json`;
    }
    const saved: SavedRequest = { format: SAVED_FORMAT, version: 1, ...input, savedAt: (options.now ?? new Date()).toISOString() };
    await writeJsonAtomically(this.path(file), saved);
    return { file };
  }

  async delete(file: string): Promise<void> {
    await rm(this.path(file), { force: true });
  }
}

import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';
import { failure } from '../../../shared/errors';
import { judgmentListSchema, queryKey } from '../../../shared/judgments';
import {
  canonicalJson,
  isWorkspaceFileName,
  slugify,
  WORKSPACE_FORMATS,
  WORKSPACE_KINDS,
  type WorkspaceItem,
  type WorkspaceKind,
  type WorkspaceListing,
  querySetSchema,
  type QuerySet,
  requestFileSchema,
} from '../../../shared/workspace';
import { experimentSchema, sidesSummary } from '../../../shared/compare';
import { abTestFileSchema } from '../../../shared/abtest';
import { asSentence, describeIssues, zodIssues } from '../../../shared/zod';
import { exists, PRIVATE_DIR_MODE, writeFileAtomically, readTextFile } from '../storage';
import { plural } from '../../../shared/text';

/** The largest workspace file read: a judgment list of 700,000 ratings is about 100 MB. */
const MAX_WORKSPACE_FILE_BYTES = 256 * 1024 * 1024;

/** How each kind's files are recognised, and what the listing says of one. */
const KINDS: Record<WorkspaceKind, { schema: z.ZodType; summary: (raw: unknown) => string | undefined }> = {
  requests: {
    schema: requestFileSchema,
    summary: (raw) => {
      const r = requestFileSchema.parse(raw);
      return r.kind === 'search' ? `search · ${r.transport.toUpperCase()}` : r.kind;
    },
  },
  'query-sets': { schema: querySetSchema, summary: (raw) => plural(querySetSchema.parse(raw).queries.length, 'query', 'queries') },
  judgments: {
    schema: judgmentListSchema,
    summary: (raw) => {
      const list = judgmentListSchema.parse(raw);
      const queries = new Set(list.ratings.map((r) => queryKey(r.query))).size;
      return `${plural(list.ratings.length, 'rating')} on ${plural(queries, 'query', 'queries')} · scale 0–${list.scale.max}`;
    },
  },
  experiments: {
    schema: experimentSchema,
    summary: (raw) => {
      const e = experimentSchema.parse(raw);
      const runs = e.runs.length ? plural(e.runs.length, 'run') : 'not run yet';
      return `${sidesSummary(e.sides.a, e.sides.b)} · ${e.querySet}${e.judgments ? ` · ${e.judgments}` : ''} · ${runs}`;
    },
  },
  'ab-tests': {
    schema: abTestFileSchema,
    summary: (raw) => {
      const t = abTestFileSchema.parse(raw);
      return `${t.variations.map((v) => `${v.id} ${v.weight}%`).join(' / ')} · from ${t.start.slice(0, 10)}${t.end ? ` to ${t.end.slice(0, 10)}` : ''}`;
    },
  },
};

/**
 * The workspace folder on disk: one subfolder per kind, every file the app
 * writes pretty-printed with a stable key order and written atomically. The
 * app overwrites and deletes only its own files — those that carry its
 * format marker and parse as their kind — and names from the renderer are
 * bare file names, never paths. Everything is read from disk on each call,
 * so files changed by `git pull` show up at the next listing.
 */
export class Workspace {
  private dir: string;
  /** Work the next listing waits for (the demo files being written on a first run). */
  private pending: Promise<unknown> = Promise.resolve();

  constructor(
    /** Under the data folder; the app creates it. */
    readonly defaultFolder: string,
    chosen?: string,
  ) {
    this.dir = chosen || defaultFolder;
  }

  /** Makes listings wait until this settles (whether it succeeds or not). */
  holdListing(until: Promise<unknown>): void {
    this.pending = until.catch(() => undefined);
  }

  get folder(): string {
    return this.dir;
  }

  setFolder(dir: string): void {
    this.dir = dir || this.defaultFolder;
  }

  kindFolder(kind: WorkspaceKind): string {
    return join(this.dir, kind);
  }

  /** Creates a kind's folder (and the workspace folder when it is the default one under the data folder). */
  async ensure(kind: WorkspaceKind): Promise<void> {
    await mkdir(this.kindFolder(kind), { recursive: true, mode: PRIVATE_DIR_MODE });
  }

  /** The path of a file the renderer named, refused before any file-system call unless it is a bare `.json` name. */
  path(kind: WorkspaceKind, file: string): string {
    if (!isWorkspaceFileName(file))
      throw failure(
        'validation',
        `${JSON.stringify(file.slice(0, 80))} is not a workspace file name: a bare name ending in .json, with no folder.`,
        { field: 'file' },
      );
    return join(this.kindFolder(kind), file);
  }

  /** One of the app's own files, parsed with its kind's schema; a file that is not one is refused with what is wrong. */
  read<S extends z.ZodType>(kind: WorkspaceKind, file: string, schema: S): Promise<z.output<S>> {
    return this.readAt(this.path(kind, file), kind, file, schema);
  }

  /** `read` of a path already checked by `path`: every read of a workspace file comes here. */
  protected async readAt<S extends z.ZodType>(path: string, kind: WorkspaceKind, file: string, schema: S): Promise<z.output<S>> {
    let raw: unknown;
    try {
      // A workspace may be a git checkout: what a pull request put there is read like any input (no FIFO, device or huge file).
      raw = JSON.parse(await readTextFile(path, { name: file, maxBytes: MAX_WORKSPACE_FILE_BYTES }));
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') throw failure('not-found', `${file} is not in ${this.kindFolder(kind)} (any more).`, { field: 'file' });
      throw failure('storage', `${file} cannot be read as JSON (${(err as Error).message}).`, { field: 'file' });
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      const marker = typeof raw === 'object' && raw !== null && 'format' in raw ? raw.format : undefined;
      const why =
        marker === WORKSPACE_FORMATS[kind] ? describeIssues(zodIssues(parsed.error)) : `it has no "format": "${WORKSPACE_FORMATS[kind]}"`;
      throw failure('validation', `${file} is not a workbench ${kind.replace(/s$/, '').replace('-', ' ')} file: ${why}.`, {
        field: 'file',
      });
    }
    return parsed.data;
  }

  /** Whether a file is one of the app's own: only those are overwritten or deleted. */
  private async ownFile(kind: WorkspaceKind, file: string): Promise<boolean> {
    try {
      await this.read(kind, file, KINDS[kind].schema);
      return true;
    } catch {
      return false;
    }
  }

  /** A file name not yet taken, from a name: `red-dresses.json`, then `red-dresses-2.json`… */
  async freeFile(kind: WorkspaceKind, name: string): Promise<string> {
    const base = slugify(name);
    let file = `${base}.json`;
    for (let i = 2; await exists(join(this.kindFolder(kind), file)); i++) file = `${base}-${i}.json`;
    return file;
  }

  /**
   * Writes a value (checked against its kind's schema) atomically. Over an
   * existing file only when asked and only when that file is the app's own.
   */
  async write<S extends z.ZodType>(
    kind: WorkspaceKind,
    file: string,
    schema: S,
    value: z.output<S>,
    options: { overwrite: boolean },
  ): Promise<{ file: string }> {
    const path = this.path(kind, file);
    const checked = schema.safeParse(value);
    if (!checked.success) {
      const issues = zodIssues(checked.error);
      throw failure('validation', `Not saved: ${asSentence(describeIssues(issues))}`, { issues });
    }
    if (await exists(path)) {
      if (!options.overwrite) throw failure('conflict', `${file} already exists in ${this.kindFolder(kind)}.`, { field: 'file' });
      if (!(await this.ownFile(kind, file)))
        throw failure('conflict', `${file} is not a workbench file, so it was left alone; save under another name.`, { field: 'file' });
    }
    await writeFileAtomically(path, canonicalJson(value));
    return { file };
  }

  /**
   * Changes one of the app's own files with one read and one write: the file is read and checked once — which also
   * shows it is the app's own — `change` makes the new value from it, and that is written atomically. `change`
   * checks what it adds; the rest was checked as it was read. Callers keep changes to one file in order.
   */
  async update<S extends z.ZodType, T>(
    kind: WorkspaceKind,
    file: string,
    schema: S,
    change: (current: z.output<S>) => { value: z.output<S>; result: T },
  ): Promise<T> {
    const path = this.path(kind, file);
    const { value, result } = change(await this.readAt(path, kind, file, schema));
    await writeFileAtomically(path, canonicalJson(value));
    return result;
  }

  /** Deletes one of the app's own files; any other file is refused and left alone. */
  async delete(kind: WorkspaceKind, file: string): Promise<{ deleted: true }> {
    const path = this.path(kind, file);
    if (!(await exists(path))) return { deleted: true };
    if (!(await this.ownFile(kind, file)))
      throw failure('conflict', `${file} is not a workbench file, so it was left alone.`, { field: 'file' });
    await rm(path, { force: true });
    return { deleted: true };
  }

  /** Every `.json` file of a kind, the app's own with a summary, others listed with why they are left alone. */
  async list(kind: WorkspaceKind): Promise<WorkspaceItem[]> {
    let names: string[];
    try {
      names = (await readdir(this.kindFolder(kind))).filter((n) => isWorkspaceFileName(n));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw failure('storage', `${this.kindFolder(kind)} cannot be read (${(err as NodeJS.ErrnoException).code}).`);
    }
    const items: WorkspaceItem[] = [];
    for (const file of names.sort()) {
      let updatedAt: string | undefined;
      try {
        updatedAt = (await stat(join(this.kindFolder(kind), file))).mtime.toISOString();
      } catch {
        updatedAt = undefined;
      }
      try {
        const value: unknown = await this.read(kind, file, KINDS[kind].schema);
        const summary = KINDS[kind].summary(value);
        const name = typeof value === 'object' && value !== null && 'name' in value ? String(value.name) : file;
        // `value` was read with the kind's schema: a query set's entries as parsed.
        const weighted = kind === 'query-sets' && (value as QuerySet).queries.some((q) => q.weight !== undefined);
        items.push({
          kind,
          file,
          name,
          ...(summary ? { summary } : {}),
          ...(weighted ? { weighted } : {}),
          ...(updatedAt ? { updatedAt } : {}),
        });
      } catch (err) {
        items.push({ kind, file, name: file, problem: (err as Error).message, ...(updatedAt ? { updatedAt } : {}) });
      }
    }
    return items;
  }

  async listing(): Promise<WorkspaceListing> {
    await this.pending;
    const lists = await Promise.all(WORKSPACE_KINDS.map((kind) => this.list(kind)));
    return {
      folder: this.dir,
      items: Object.fromEntries(WORKSPACE_KINDS.map((kind, i) => [kind, lists[i] ?? []])) as WorkspaceListing['items'],
    };
  }
}

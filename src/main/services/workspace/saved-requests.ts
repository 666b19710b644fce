import { type Assertion, withEnvelope, type RequestEnvelope } from '../../../shared/request';
import type { SavedListing, SavedRequestView } from '../../../shared/search';
import { slugify, WORKSPACE_FORMATS, requestFileSchema, type RequestFile } from '../../../shared/workspace';
import type { Workspace } from './workspace';

/** What the renderer asks to save: a named request envelope. */
export type SaveInput = RequestEnvelope & { name: string; overwrite: boolean; file?: string; expect?: Assertion[] };

/** Saved requests: one JSON file each in the workspace's `requests/`. */
export class SavedRequests {
  constructor(
    private readonly workspace: Workspace,
    /** The active profile's name, written into each saved file for whoever reads it later. */
    private readonly profileName: () => string | undefined = () => undefined,
  ) {}

  get folder(): string {
    return this.workspace.kindFolder('requests');
  }

  /** The folder and every file in it, readable or not (an unreadable one says why). */
  async listing(): Promise<{ folder: string; items: SavedListing[] }> {
    const items = await this.workspace.list('requests');
    const out: SavedListing[] = [];
    for (const item of items) {
      if (item.problem) {
        out.push({ file: item.file, name: item.name, problem: item.problem });
        continue;
      }
      const saved = await this.read(item.file);
      out.push({ file: item.file, name: saved.name, kind: saved.kind, savedAt: saved.savedAt });
    }
    return { folder: this.folder, items: out };
  }

  read(file: string): Promise<RequestFile> {
    return this.workspace.read('requests', file, requestFileSchema);
  }

  /** The request as the renderer reads it back: its envelope, name and when it was saved. */
  async open(file: string): Promise<SavedRequestView> {
    const { format: _f, version: _v, profileName: _p, ...view } = await this.read(file);
    return view;
  }

  async save(input: SaveInput, options: { now?: Date } = {}): Promise<{ file: string }> {
    const { overwrite, name, file: named, expect, ...envelope } = input;
    const file = named ?? (overwrite ? `${slugify(name)}.json` : await this.workspace.freeFile('requests', name));
    const profileName = this.profileName();
    const saved: RequestFile = withEnvelope(envelope, {
      format: WORKSPACE_FORMATS.requests,
      version: 1 as const,
      name,
      ...(profileName ? { profileName } : {}),
      savedAt: (options.now ?? new Date()).toISOString(),
      ...(expect?.length ? { expect } : {}),
    });
    return this.workspace.write('requests', file, requestFileSchema, saved, { overwrite: overwrite || named !== undefined });
  }

  delete(file: string): Promise<{ deleted: true }> {
    return this.workspace.delete('requests', file);
  }
}

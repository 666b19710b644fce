import { readdir, readFile, rename, rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import { isWorkspaceFileName, requestFileSchema } from '../../../shared/workspace';
import { exists } from '../storage';
import type { Workspace } from './workspace';

/**
 * Moves the saved requests of an earlier version into the workspace's
 * `requests/`: from the old default folder (`<data>/saved-requests`), or
 * from the root of a folder the user had chosen (which is now the
 * workspace). Only files that parse as saved requests move; anything else
 * stays where it is. A name already taken gets a `-2` suffix: nothing is
 * overwritten, nothing lost. Returns how many moved.
 */
export async function migrateSavedRequests(from: string, workspace: Workspace, options: { removeWhenEmpty: boolean }): Promise<number> {
  let names: string[];
  try {
    names = (await readdir(from)).filter((n) => isWorkspaceFileName(n));
  } catch {
    return 0;
  }
  let moved = 0;
  for (const name of names) {
    const source = join(from, name);
    try {
      if (!requestFileSchema.safeParse(JSON.parse(await readFile(source, 'utf8'))).success) continue;
    } catch {
      continue;
    }
    let target = join(workspace.kindFolder('requests'), name);
    for (let i = 2; await exists(target); i++) target = join(workspace.kindFolder('requests'), name.replace(/\.json$/, `-${i}.json`));
    await workspace.ensure('requests');
    await rename(source, target);
    moved++;
  }
  // The old default folder goes once it is empty; a folder the user chose is theirs and stays.
  if (options.removeWhenEmpty) await rmdir(from).catch(() => undefined);
  return moved;
}

import { z } from 'zod';

/** A bare `.json` name inside a kind's folder — no path, no NUL, no hidden file. */
export const WORKSPACE_FILE_NAME = /^[^/\\\0.][^/\\\0]*\.json$/;

/** What a workspace file name must be, in the words every message uses. */
export const WORKSPACE_FILE_RULE = 'a bare file name ending in .json (no folder, not hidden)';

/** A file name the renderer may name: a bare `.json` name inside a kind's folder — no path, no NUL, no hidden file. */
export function isWorkspaceFileName(file: string): boolean {
  return WORKSPACE_FILE_NAME.test(file) && file.length <= 200;
}

/** The same rule for every schema that names a workspace file (operations, experiments, batches, settings). */
export const workspaceFileSchema = z.string().min(1).max(200).regex(WORKSPACE_FILE_NAME, WORKSPACE_FILE_RULE);

/** The name a user gives a new item (a query set, a judgment list): trimmed, 1 to 200 characters. */
export const itemName = z.string().trim().min(1, 'give it a name').max(200);

/** A random draw's seed, as every seeded operation takes it: a whole number a 32-bit generator accepts, and its default. */
export const seedField = (fallback: number) =>
  z
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .default(fallback);

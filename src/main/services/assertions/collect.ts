import type { Dirent } from 'node:fs';
import { lstat, readdir, readFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { ASSERTION_LIMITS } from '../../../shared/assertions/schema';
import { readSuiteFile, type SuiteFile } from '../../../shared/assertions/suite';

/** Folders never searched for suite files: dependencies, version control, and hidden folders. */
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', '.hg', '.svn', 'out', 'dist']);
/** A suite folder with more JSON files than this is refused rather than read for minutes. */
export const MAX_SUITE_FILES = 10_000;

export interface CollectedSuite {
  files: SuiteFile[];
  /** Files found that are not JSON, so not read (counted, not listed). */
  otherFiles: number;
}

/** Paths as the run names them: relative to its folder, with forward slashes on every system. */
function displayName(root: string, path: string): string {
  const rel = relative(root, path) || path;
  return rel.split(sep).join('/');
}

/** Reads one file as a suite file, refusing one over the size limit before reading it. */
export async function readSuitePath(path: string, name: string): Promise<SuiteFile> {
  try {
    const info = await lstat(path);
    if (info.size > ASSERTION_LIMITS.fileBytes) return readSuiteFile(name, '', info.size);
    const text = await readFile(path, 'utf8');
    return readSuiteFile(name, text, Buffer.byteLength(text));
  } catch (err) {
    return { status: 'error', file: name, message: `${name} cannot be read: ${(err as Error).message}` };
  }
}

/**
 * The suite at these paths: each file as given (whatever its extension), each folder searched recursively for
 * `.json` files — without following links, and skipping dependency, version-control and hidden folders. Files
 * are read in a stable order (by path) so two runs list them alike.
 */
export async function collectSuite(paths: readonly string[], root: string): Promise<CollectedSuite> {
  const found: string[] = [];
  let otherFiles = 0;
  const missing: SuiteFile[] = [];
  const walk = async (folder: string): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (err) {
      missing.push({
        status: 'error',
        file: displayName(root, folder),
        message: `${displayName(root, folder)} cannot be read: ${(err as Error).message}`,
      });
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name) && !entry.name.startsWith('.')) await walk(path);
      } else if (entry.isFile()) {
        if (entry.name.toLowerCase().endsWith('.json')) found.push(path);
        else otherFiles++;
      }
      if (found.length > MAX_SUITE_FILES) return;
    }
  };
  for (const given of paths) {
    const path = resolve(root, given);
    let info;
    try {
      info = await lstat(path);
    } catch {
      missing.push({ status: 'error', file: given, message: `${given} does not exist.` });
      continue;
    }
    if (info.isDirectory()) await walk(path);
    else found.push(path);
  }
  if (found.length > MAX_SUITE_FILES)
    return {
      files: [
        ...missing,
        {
          status: 'error',
          file: paths.join(' '),
          message: `${paths.join(' ')} holds over ${MAX_SUITE_FILES.toLocaleString('en-US')} JSON files: name the suite's own folder.`,
        },
      ],
      otherFiles,
    };
  const unique = [...new Set(found)];
  const files: SuiteFile[] = [...missing];
  for (const path of unique) files.push(await readSuitePath(path, displayName(root, path)));
  return { files, otherFiles };
}

import type { Dirent } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { ASSERTION_LIMITS } from '../../../shared/request';
import { readSuiteFile, type SuiteFile } from '../../../shared/assertions';
import { InputFileError, openInputFile, textOf } from '../storage';

/** Folders never searched for suite files: dependencies, version control, and hidden folders. */
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', '.hg', '.svn', 'out', 'dist']);
/** A suite folder with more JSON files than this is refused rather than read for minutes. */
export const MAX_SUITE_FILES = 10_000;

export interface CollectedSuite {
  files: SuiteFile[];
  /** Files found that are not JSON, so not read (counted, not listed). */
  otherFiles: number;
}

/** Forward slashes on every system. */
const slashed = (path: string) => path.split(sep).join('/');

/**
 * A file as reports name it: relative to the folder the suite was found in, wherever the run starts from (one
 * folder given: `requests/x.json`); with several paths given, behind the path as typed, so two folders' files
 * stay apart; a file given is named as typed.
 */
function displayName(folder: string | null, given: string, path: string, several: boolean): string {
  const typed = slashed(given).replace(/\/+$/, '') || '.';
  if (folder === null) return several ? typed : slashed(given).split('/').at(-1) || typed;
  const inside = slashed(relative(folder, path)) || '.';
  return several && typed !== '.' ? `${typed}/${inside}` : inside;
}

/**
 * Reads one file as a suite file through the one input reader: what is not a regular file (a FIFO, a device, a
 * link to one) is refused before reading, and a file over the size limit by its size.
 */
export async function readSuitePath(path: string, name: string): Promise<SuiteFile> {
  try {
    const { handle, size } = await openInputFile(path, { name, maxBytes: Number.MAX_SAFE_INTEGER });
    try {
      if (size > ASSERTION_LIMITS.fileBytes) return readSuiteFile(name, '', size);
      const bytes = await handle.readFile();
      return readSuiteFile(name, textOf(bytes, name), bytes.length);
    } finally {
      await handle.close();
    }
  } catch (err) {
    return {
      status: 'error',
      file: name,
      message: err instanceof InputFileError ? err.message : `${name} cannot be read: ${(err as Error).message}`,
    };
  }
}

/**
 * The suite at these paths: each file as given (whatever its extension), each folder searched recursively for
 * `.json` files — without following links, and skipping dependency, version-control and hidden folders. Files
 * are read in a stable order (by path) so two runs list them alike.
 */
export async function collectSuite(paths: readonly string[], root: string): Promise<CollectedSuite> {
  const found: { path: string; name: string }[] = [];
  let otherFiles = 0;
  const missing: SuiteFile[] = [];
  const several = paths.length > 1;
  const walk = async (top: string, given: string, folder: string): Promise<void> => {
    const name = (path: string) => displayName(top, given, path, several);
    let entries: Dirent[];
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (err) {
      missing.push({ status: 'error', file: name(folder), message: `${name(folder)} cannot be read: ${(err as Error).message}` });
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name) && !entry.name.startsWith('.')) await walk(top, given, path);
      } else if (entry.isFile()) {
        if (entry.name.toLowerCase().endsWith('.json')) found.push({ path, name: name(path) });
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
    if (info.isDirectory()) await walk(path, given, path);
    else found.push({ path, name: displayName(null, given, path, several) });
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
  const unique = [...new Map(found.map((f) => [f.path, f])).values()];
  const files: SuiteFile[] = [...missing];
  let assertions = 0;
  for (const { path, name } of unique) {
    const file = await readSuitePath(path, name);
    if (file.status === 'cases') assertions += file.cases.reduce((n, c) => n + c.assertions.length, 0);
    // Past the suite's limit nothing more is read, and what was read is dropped: the run is refused as a whole.
    if (assertions > ASSERTION_LIMITS.perSuite)
      return {
        files: [
          ...missing,
          {
            status: 'error',
            file: paths.join(' '),
            message: `${paths.join(' ')} holds over ${ASSERTION_LIMITS.perSuite.toLocaleString('en-US')} assertions (the most one run takes; ${files.length + 1} of ${unique.length} files read): run a part of the suite, a folder at a time.`,
          },
        ],
        otherFiles,
      };
    files.push(file);
  }
  return { files, otherFiles };
}

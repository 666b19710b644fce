import { mkdir, open, readdir, rename, rm, stat, writeFile, type FileHandle } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';

/** The app's own files are readable by their owner only; folders it creates likewise. */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;
/** For what the user writes out to share (reports, public keys). */
export const SHARED_FILE_MODE = 0o644;

/**
 * Every file the app writes goes through here: temp file, fsync, rename.
 * A crash leaves the old or the new content, never a torn file. Files are
 * created `0600` (unless `mode` says otherwise) and missing folders `0700`.
 */
export async function writeFileAtomically(
  file: string,
  /** Pieces are written one after another with one writev, without joining them first. */
  data: string | Buffer | Buffer[],
  options: {
    mode?: number;
    /** fsync before the rename (default). Files whose loss is recovered from may skip it. */ durable?: boolean;
  } = {},
): Promise<void> {
  await mkdir(dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
  const mode = options.mode ?? PRIVATE_FILE_MODE;
  if (options.durable === false) {
    // Temp file and rename, without the fsync and the ownership lookups: still never torn.
    const temp = `${file}.${process.pid}.${++tempCounter}.tmp`;
    try {
      if (Array.isArray(data)) {
        const handle = await open(temp, 'wx', mode);
        try {
          await writeAll(handle, data);
        } finally {
          await handle.close();
        }
      } else await writeFile(temp, data, { flag: 'wx', mode });
      await rename(temp, file);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
    return;
  }
  await writeFileAtomic(file, Array.isArray(data) ? Buffer.concat(data) : data, { fsync: true, mode });
}

/** Temp names of an interrupted atomic write: write-file-atomic's `<file>.<hash>`, and this module's `<file>.<pid>.<n>.tmp`. */
const TEMP_NAME = /^(.+\.json)\.(\d{4,}|\d+\.\d+\.tmp)$/;

/**
 * Removes temp files left by writes a crash interrupted, anywhere under the
 * data folder. Only names of the two temp shapes, and only those older than
 * `olderThanMs` (a write in flight from another process is younger).
 */
export async function removeStaleTemps(dir: string, options: { olderThanMs?: number; now?: number } = {}): Promise<string[]> {
  const cutoff = (options.now ?? Date.now()) - (options.olderThanMs ?? 60_000);
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile() || !TEMP_NAME.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    try {
      if ((await stat(path)).mtimeMs > cutoff) continue;
      await rm(path, { force: true });
      removed.push(path);
    } catch {
      // Gone already, or not ours to remove: either way nothing to do.
    }
  }
  return removed;
}

let tempCounter = 0;

/**
 * Text produced a piece at a time (a report of 100,000 queries) written atomically as it comes — temp file,
 * fsync, rename — so it is never one string in memory: pieces are gathered into writes of about 1 MB.
 */
export async function writePiecesAtomically(file: string, pieces: Iterable<string>, options: { mode?: number } = {}): Promise<void> {
  await mkdir(dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
  const temp = `${file}.${process.pid}.${++tempCounter}.tmp`;
  try {
    const handle = await open(temp, 'wx', options.mode ?? PRIVATE_FILE_MODE);
    try {
      let gathered: Buffer[] = [];
      let size = 0;
      for (const piece of pieces) {
        const bytes = Buffer.from(piece);
        gathered.push(bytes);
        size += bytes.length;
        if (size < 1 << 20) continue;
        await writeAll(handle, gathered);
        gathered = [];
        size = 0;
      }
      await writeAll(handle, gathered);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}

export async function writeJsonAtomically(file: string, value: unknown, options: { mode?: number } = {}): Promise<void> {
  await writeFileAtomically(file, `${JSON.stringify(value, null, 2)}\n`, options);
}

/**
 * writev in batches the kernel accepts (IOV_MAX is 1024 on Linux), going on
 * after a short write: every byte lands, in order.
 */
async function writeAll(handle: FileHandle, buffers: Buffer[]): Promise<void> {
  let pending = buffers.filter((b) => b.length > 0);
  while (pending.length > 0) {
    const batch = pending.slice(0, 512);
    const expected = batch.reduce((n, b) => n + b.length, 0);
    const { bytesWritten } = await handle.writev(batch);
    if (bytesWritten === expected) {
      pending = pending.slice(batch.length);
      continue;
    }
    // A short write: drop what was written, keep the rest of the buffer it stopped in.
    let skip = bytesWritten;
    let i = 0;
    while (skip >= (pending[i] as Buffer).length) skip -= (pending[i++] as Buffer).length;
    pending = [(pending[i] as Buffer).subarray(skip), ...pending.slice(i + 1)];
  }
}

/** Whether something exists at `path` (a missing parent folder counts as no). */
export async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

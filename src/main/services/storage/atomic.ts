import { lstat, mkdir, open, readdir, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** The app's own files are readable by their owner only; folders it creates likewise. */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;
/** For what the user writes out to share (reports, public keys). */
export const SHARED_FILE_MODE = 0o644;

/** A write the workbench refuses before touching anything: the target is a link, a folder or not a regular file. */
export class WriteTargetError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
    this.name = 'WriteTargetError';
  }
}

/**
 * Whether `file` may be written: it does not exist yet, or it is a regular file. A symbolic link is never
 * followed (writing through `junit.xml -> ~/.bashrc` would replace the file it points to, and replacing the
 * link itself would surprise whoever made it); a folder, a device, a FIFO or a socket is never replaced
 * (`--out /dev/null` run as root would turn the device into a file). Said with the path and what to do.
 * Checked before a long run (so it fails at once) and again by every write below.
 */
export async function checkWriteTarget(file: string): Promise<void> {
  let info;
  try {
    info = await lstat(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw new WriteTargetError(file, `${file} cannot be written: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}.`);
  }
  if (info.isSymbolicLink())
    throw new WriteTargetError(
      file,
      `${file} is a symbolic link; the workbench never writes through one. Remove the link or give another path.`,
    );
  if (info.isDirectory())
    throw new WriteTargetError(file, `${file} is a folder; give the path of a file (for example ${join(file, 'report.json')}).`);
  if (!info.isFile())
    throw new WriteTargetError(
      file,
      `${file} is not a regular file (a device, FIFO or socket), so it is not replaced. Give the path of a file; leave the option out to print to standard output.`,
    );
}

/**
 * Every file the app writes goes through here: the target checked (checkWriteTarget), a temp file beside it
 * created exclusively (never through a link), written, fsynced, renamed over the target. A crash leaves the
 * old or the new content, never a torn file. Files are created `0600` (unless `mode` says otherwise) and
 * missing folders `0700`. (write-file-atomic, used before, resolves links and writes to what they point to.)
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
  const pieces = typeof data === 'string' ? [Buffer.from(data)] : Array.isArray(data) ? data : [data];
  await writeThroughTemp(file, options.mode ?? PRIVATE_FILE_MODE, options.durable !== false, (handle) => writeAll(handle, pieces));
}

/** The one temp-write-rename: the target checked, a temp beside it opened `wx`, filled by `fill`, synced, renamed. */
async function writeThroughTemp(file: string, mode: number, durable: boolean, fill: (handle: FileHandle) => Promise<void>): Promise<void> {
  await mkdir(dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
  await checkWriteTarget(file);
  const temp = `${file}.${process.pid}.${++tempCounter}.tmp`;
  try {
    const handle = await open(temp, 'wx', mode);
    try {
      await fill(handle);
      if (durable) await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}

/** Temp names of an interrupted atomic write: this module's `<file>.<pid>.<n>.tmp`, and `<file>.<hash>` from write-file-atomic (used before). */
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
export async function writePiecesAtomically(
  file: string,
  pieces: Iterable<string> | AsyncIterable<string>,
  options: { mode?: number } = {},
): Promise<void> {
  await writeThroughTemp(file, options.mode ?? PRIVATE_FILE_MODE, true, async (handle) => {
    let gathered: Buffer[] = [];
    let size = 0;
    for await (const piece of pieces) {
      const bytes = Buffer.from(piece);
      gathered.push(bytes);
      size += bytes.length;
      if (size < 1 << 20) continue;
      await writeAll(handle, gathered);
      gathered = [];
      size = 0;
    }
    await writeAll(handle, gathered);
  });
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

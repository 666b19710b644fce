import { mkdir, open, rename, rm, stat, writeFile, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import writeFileAtomic from 'write-file-atomic';

/**
 * Every file the app writes goes through here: temp file, fsync, rename.
 * A crash leaves the old or the new content, never a torn file.
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
  await mkdir(dirname(file), { recursive: true });
  if (options.durable === false && options.mode === undefined) {
    // Temp file and rename, without the fsync and the ownership lookups: still never torn.
    const temp = `${file}.${process.pid}.${++tempCounter}.tmp`;
    try {
      if (Array.isArray(data)) {
        const handle = await open(temp, 'wx');
        try {
          await writeAll(handle, data);
        } finally {
          await handle.close();
        }
      } else await writeFile(temp, data, { flag: 'wx' });
      await rename(temp, file);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
    return;
  }
  await writeFileAtomic(file, Array.isArray(data) ? Buffer.concat(data) : data, {
    fsync: options.durable !== false,
    ...(options.mode !== undefined ? { mode: options.mode } : {}),
  });
}

let tempCounter = 0;

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

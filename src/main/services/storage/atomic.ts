import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import writeFileAtomic from 'write-file-atomic';

/**
 * Every file the app writes goes through here: temp file, fsync, rename.
 * A crash leaves the old or the new content, never a torn file.
 */
export async function writeFileAtomically(file: string, data: string | Buffer, options: { mode?: number } = {}): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFileAtomic(file, data, { fsync: true, ...(options.mode !== undefined ? { mode: options.mode } : {}) });
}

export async function writeJsonAtomically(file: string, value: unknown, options: { mode?: number } = {}): Promise<void> {
  await writeFileAtomically(file, `${JSON.stringify(value, null, 2)}\n`, options);
}

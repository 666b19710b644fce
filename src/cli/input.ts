import { lstat } from 'node:fs/promises';
import { InputFileError, readTextFile, streamTextFile, textOf } from '../main/services/storage';
import { parseJsonText } from '../shared/json-value';
import type { CliIo } from './command';

export class InputError extends Error {}

export { textOf };

/** The one reader's refusals (a FIFO, a device, too big, not UTF-8) as the command line's input errors (exit 3). */
async function asInputError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw err instanceof InputFileError ? new InputError(err.message) : err;
  }
}

/**
 * Reads `[file|-]`: a path, or standard input for `-` or nothing. Only UTF-8 text is read, from a regular file
 * of at most 64 MB (see read-text: FIFOs, devices and links to them are refused before reading).
 */
export async function readInput(arg: string | undefined, io: CliIo): Promise<{ text: string; name: string }> {
  if (arg === undefined || arg === '-') {
    const text = await asInputError(() => io.readStdin());
    const nul = text.indexOf('\0');
    if (nul >= 0)
      throw new InputError(
        `standard input is not a text file: it holds binary data (a NUL character at position ${nul}). Give UTF-8 text (one query per line, CSV or JSON).`,
      );
    return { text, name: 'standard input' };
  }
  return { text: await asInputError(() => readTextFile(arg)), name: arg };
}

/**
 * Reads `[file|-]` a piece at a time into `push` (a file of any size never becomes one string), with the checks
 * readInput makes. Standard input arrives whole.
 */
export async function streamInput(arg: string | undefined, io: CliIo, push: (piece: string) => void): Promise<{ name: string }> {
  if (arg === undefined || arg === '-') {
    push((await readInput(arg, io)).text);
    return { name: 'standard input' };
  }
  await asInputError(() => streamTextFile(arg, push));
  return { name: arg };
}

export function parseJsonInput(text: string, name: string): unknown {
  try {
    return parseJsonText(text, name);
  } catch (err) {
    throw new InputError((err as Error).message);
  }
}

export async function readJson(arg: string | undefined, io: CliIo): Promise<unknown> {
  const { text, name } = await readInput(arg, io);
  return parseJsonInput(text, name);
}

export function printJson(io: CliIo, value: unknown): void {
  io.stdout(JSON.stringify(value, null, 2));
}

/** Items from a list, or from a search response's `items`. */
export function itemList(value: unknown, name: string): unknown[] {
  if (Array.isArray(value)) return value;
  if (value && typeof value === 'object' && Array.isArray((value as { items?: unknown }).items))
    return (value as { items: unknown[] }).items;
  throw new InputError(`${name} must be a JSON array of items, or a search response with "items".`);
}

/** --state names a folder, or nothing yet (it is made): a file, a FIFO, a device or a link is said as such. */
export async function checkStateFolder(state: string): Promise<void> {
  const info = await lstat(state).catch(() => undefined);
  if (!info || info.isDirectory()) return;
  const kind = info.isSymbolicLink()
    ? 'a symbolic link'
    : info.isFIFO()
      ? 'a named pipe (FIFO)'
      : info.isFile()
        ? 'a file'
        : 'not a regular folder (a device or a socket)';
  throw new InputError(`--state ${state} is ${kind}: give a folder of its own (it is made when missing).`);
}

import { constants, type Stats } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';

/**
 * The one reader of text files that come from elsewhere — query lists, judgments, suites, rules, shards, a
 * workspace in a git checkout. Before a byte is read, the path is opened without blocking and the open file
 * checked: a FIFO (which would hang the read), a device (`/dev/zero` never ends), a socket or a folder is
 * refused, and so is a link to one (the check is on what the path opens, not on its name); a file over the
 * size limit is refused by its size. The bytes must be UTF-8 text: a byte-order mark is dropped, UTF-16 is
 * named as such, a NUL byte or an invalid UTF-8 sequence is refused with its byte offset.
 */

/** The largest input file read by default: 64 MB (a query list of 100,000 queries with notes is well under it). */
export const MAX_INPUT_BYTES = 64 * 1024 * 1024;

export class InputFileError extends Error {
  constructor(
    message: string,
    /** The system's code when the path could not be opened (ENOENT…). */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'InputFileError';
  }
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function kindOf(info: Stats): string {
  if (info.isDirectory()) return 'a folder';
  if (info.isFIFO()) return 'a FIFO (named pipe)';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device';
  if (info.isSocket()) return 'a socket';
  return 'not a regular file';
}

/** Why a path cannot be opened, as the user can act on it. */
function unopenable(name: string, err: unknown): InputFileError {
  const code = (err as NodeJS.ErrnoException).code;
  const message =
    code === 'ENOENT'
      ? `${name}: no such file.`
      : code === 'EISDIR'
        ? `${name} is a folder; give a file.`
        : code === 'EACCES' || code === 'EPERM'
          ? `${name}: no permission to read it.`
          : code === 'ELOOP'
            ? `${name} is a loop of symbolic links.`
            : `${name}: cannot read it (${code ?? (err as Error).message}).`;
  return new InputFileError(message, code);
}

/**
 * Opens a path for reading, refusing before any read what is not a regular file (after following links) or is
 * over `maxBytes`. The caller reads from the handle and closes it.
 */
export async function openInputFile(path: string, options: InputFileOptions = {}): Promise<{ handle: FileHandle; size: number }> {
  const name = options.name ?? path;
  const maxBytes = options.maxBytes ?? MAX_INPUT_BYTES;
  let handle: FileHandle;
  try {
    // O_NONBLOCK: opening a FIFO with no writer would otherwise wait forever, before it could be refused.
    const noFollow = options.followLinks === false ? (constants.O_NOFOLLOW ?? 0) : 0;
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK | noFollow);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOOP' && options.followLinks === false)
      throw new InputFileError(`${name} is a symbolic link: the file itself is read, never one a link points to.`);
    throw unopenable(name, err);
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new InputFileError(`${name} is ${kindOf(info)}, not a regular file: give the path of a file.`);
    if (info.size > maxBytes)
      throw new InputFileError(`${name} is ${megabytes(info.size)}, over the ${megabytes(maxBytes)} an input file may be.`);
    return { handle, size: info.size };
  } catch (err) {
    await handle.close();
    throw err instanceof InputFileError ? err : unopenable(name, err);
  }
}

export interface InputFileOptions {
  /** How the file is named in a message (default: its path). */
  name?: string;
  maxBytes?: number;
  /** False for the app's own files (a batch's folder, which may come from another machine): a link is refused. */
  followLinks?: boolean;
}

/** The byte offset of the first sequence that is not UTF-8 (overlong, a surrogate, past U+10FFFF, cut short), or -1. */
export function invalidUtf8Offset(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    const need = b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : 0;
    if (need === 0 || i + need >= bytes.length + 1) return i;
    let cp = b & [0, 0x1f, 0x0f, 0x07][need]!;
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (c & 0x3f);
    }
    const min = [0, 0x80, 0x800, 0x10000][need]!;
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += need + 1;
  }
  return -1;
}

/** What the first bytes say of an encoding that is not UTF-8: a UTF-16 byte-order mark, or UTF-16's NUL bytes between ASCII. */
function utf16(bytes: Uint8Array): 'UTF-16LE' | 'UTF-16BE' | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'UTF-16LE';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'UTF-16BE';
  if (bytes.length >= 4 && bytes[0] !== 0 && bytes[1] === 0 && bytes[2] !== 0 && bytes[3] === 0) return 'UTF-16LE';
  if (bytes.length >= 4 && bytes[0] === 0 && bytes[1] !== 0 && bytes[2] === 0 && bytes[3] !== 0) return 'UTF-16BE';
  return undefined;
}

const TEXT_HINT = 'Give a UTF-8 text file (one query per line, CSV or JSON).';

/**
 * Decodes one piece of a file (`offset`: where it starts in the file) as UTF-8, checking what textOf checks;
 * `decoder` carries a sequence split between pieces. The first piece may start with a byte-order mark.
 */
export function decodePiece(bytes: Uint8Array, name: string, offset: number, decoder: TextDecoder, stream: boolean): string {
  if (offset === 0) {
    const encoding = utf16(bytes);
    if (encoding) throw new InputFileError(`${name} is ${encoding} text, not UTF-8: save it as UTF-8 and give it again.`);
  }
  const nul = bytes.indexOf(0);
  if (nul >= 0)
    throw new InputFileError(`${name} is not a text file: it holds binary data (a NUL byte at byte ${offset + nul}). ${TEXT_HINT}`);
  let text: string;
  try {
    text = decoder.decode(bytes, { stream });
  } catch {
    const at = invalidUtf8Offset(bytes);
    throw new InputFileError(`${name} is not UTF-8: the bytes at byte ${offset + Math.max(0, at)} are not a UTF-8 character. ${TEXT_HINT}`);
  }
  return offset === 0 && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The bytes of a whole input as UTF-8 text (standard input, or a file read whole), with decodePiece's checks. */
export function textOf(bytes: Uint8Array, name: string): string {
  return decodePiece(bytes, name, 0, new TextDecoder('utf-8', { fatal: true }), false);
}

/** A text file read whole, after openInputFile's checks. */
export async function readTextFile(path: string, options: InputFileOptions = {}): Promise<string> {
  const name = options.name ?? path;
  const { handle } = await openInputFile(path, options);
  try {
    const bytes = await handle.readFile();
    // The file may have grown since it was checked: the limit holds for what was read.
    const maxBytes = options.maxBytes ?? MAX_INPUT_BYTES;
    if (bytes.length > maxBytes) throw new InputFileError(`${name} is over the ${megabytes(maxBytes)} an input file may be.`);
    return textOf(bytes, name);
  } finally {
    await handle.close();
  }
}

/**
 * A text file a piece at a time (about 1 MB each) into `push`, after openInputFile's checks: never one string. A
 * `push` that returns a promise is waited for before the next piece is read (a writer keeping pace).
 */
export async function streamTextFile(
  path: string,
  push: (piece: string) => void | Promise<void>,
  options: { name?: string; maxBytes?: number } = {},
): Promise<void> {
  const name = options.name ?? path;
  const maxBytes = options.maxBytes ?? MAX_INPUT_BYTES;
  const { handle } = await openInputFile(path, options);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let offset = 0;
  try {
    const buffer = Buffer.alloc(1 << 20);
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      if (offset + bytesRead > maxBytes) throw new InputFileError(`${name} is over the ${megabytes(maxBytes)} an input file may be.`);
      await push(decodePiece(buffer.subarray(0, bytesRead), name, offset, decoder, true));
      offset += bytesRead;
    }
    await push(decodePiece(new Uint8Array(0), name, offset, decoder, false));
  } finally {
    await handle.close();
  }
}

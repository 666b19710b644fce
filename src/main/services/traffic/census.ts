import { createHash } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import { copyFile, type FileHandle, link } from 'node:fs/promises';
import { LIMITS } from '../../../shared/traffic';
import { openInputFile } from '../storage';

/** The largest traffic file read (JSON Lines or CSV are read a piece at a time; a JSON array is read whole). */
export const MAX_TRAFFIC_BYTES = 32 * 1024 ** 3;

const NEWLINE = 0x0a;
const CR = 0x0d;
const FIRST_LINE_BYTES = 65_536;
/** The longest line DuckDB reads (max_line_size, 2 × LIMITS.line characters), in UTF-8's most bytes a character. */
const MAX_MARKED_LINE_BYTES = 2 * LIMITS.line * 4;
/** The bytes a blank line may hold (as the SQL side counts them: BLANK_CHARACTERS). */
const isBlankByte = (b: number) => b === 0x20 || b === 0x09 || b === CR;

/** What one read of a file tells before anything is imported. */
export interface Census {
  sha256: string;
  size: number;
  /** Lines, as a JSON Lines reader numbers them (a last line without a newline counts). */
  lines: number;
  /** Lines with something on them but space, tab or carriage return. */
  filled: number;
  /** The first filled line (at most 64 KB of it), to tell the format by. */
  firstLine: string;
  /** The file as it was read: the same file must still be there after DuckDB has read it. */
  identity: string;
}

export const identityOf = (info: { dev: number; ino: number; size: number; mtimeMs: number }): string =>
  `${info.dev}:${info.ino}:${info.size}:${info.mtimeMs}`;

/** Reads an open file from its start to its end, a megabyte at a time. */
async function eachPiece(handle: FileHandle, piece: (bytes: Buffer) => void): Promise<void> {
  const buffer = Buffer.alloc(1 << 20);
  for (;;) {
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
    if (bytesRead === 0) break;
    piece(buffer.subarray(0, bytesRead));
  }
}

/** What eachLine says of a line beside its bytes. */
interface LineInfo {
  /** Something on it but space, tab or carriage return. */
  filled: boolean;
  /** Its bytes are all in the parts (false: only the first `keep` of a longer line are). */
  whole: boolean;
}

/**
 * Each line of a file as byte ranges across pieces: `line(parts, number, info)` at each line's end, with at most
 * `keep` bytes of it (without the newline) — a line of any length (a 2 GB file of one line) holds no more memory
 * than that. Returns the number of lines.
 */
async function eachLine(
  handle: FileHandle,
  keep: number,
  line: (parts: Buffer[], number: number, info: LineInfo) => void,
  onPiece?: (bytes: Buffer) => void,
): Promise<number> {
  let number = 0;
  let parts: Buffer[] = [];
  let held = 0;
  let info: LineInfo = { filled: false, whole: true };
  let lastByte = NEWLINE;
  // `copy`: the rest of a piece, copied, as the buffer is read into again.
  const hold = (bytes: Buffer, copy: boolean) => {
    if (!info.filled) info.filled = bytes.some((b) => !isBlankByte(b));
    const room = keep - held;
    if (bytes.length > room) info.whole = false;
    const kept = bytes.length > room ? bytes.subarray(0, Math.max(0, room)) : bytes;
    if (kept.length === 0) return;
    parts.push(copy ? Buffer.from(kept) : kept);
    held += kept.length;
  };
  const end = () => {
    line(parts, ++number, info);
    parts = [];
    held = 0;
    info = { filled: false, whole: true };
  };
  await eachPiece(handle, (bytes) => {
    onPiece?.(bytes);
    let from = 0;
    for (let nl = bytes.indexOf(NEWLINE); nl >= 0; nl = bytes.indexOf(NEWLINE, from)) {
      hold(bytes.subarray(from, nl), false);
      end();
      from = nl + 1;
    }
    if (from < bytes.length) hold(bytes.subarray(from), true);
    lastByte = bytes[bytes.length - 1]!;
  });
  if (lastByte !== NEWLINE) end();
  return number;
}

/** The file's SHA-256, its lines counted and its first filled line kept, in one read. */
export async function censusOf(path: string, name: string, onBytes?: (bytes: number, total: number) => void): Promise<Census> {
  const { handle, size } = await openInputFile(path, { maxBytes: MAX_TRAFFIC_BYTES, name });
  const hash = createHash('sha256');
  let filled = 0;
  let firstLine: string | null = null;
  let read = 0;
  try {
    const info = await handle.stat();
    const lines = await eachLine(
      handle,
      FIRST_LINE_BYTES,
      (parts, _number, { filled: hasText }) => {
        if (!hasText) return;
        filled++;
        firstLine ??= Buffer.concat(parts).toString('utf8');
      },
      (bytes) => {
        hash.update(bytes);
        read += bytes.length;
        onBytes?.(read, size);
      },
    );
    return { sha256: hash.digest('hex'), size, lines, filled, firstLine: firstLine ?? '', identity: identityOf(info) };
  } finally {
    await handle.close();
  }
}

/** A line as the SQL side hands it back: its length in bytes and its MD5, both without a closing carriage return. */
export interface LineMark {
  bytes: number;
  md5: string;
}

const withoutCr = (line: Buffer) => (line.length > 0 && line[line.length - 1] === CR ? line.subarray(0, line.length - 1) : line);

/**
 * Finds the marked lines in a file and hands each to `found` in order, with its number: only a line of a marked length
 * is hashed. Gives false when a mark is not found as often as it was given — the file is not as the SQL side read it,
 * and what `found` was given is to be thrown away.
 */
export async function findLines(
  path: string,
  name: string,
  identity: string,
  marks: LineMark[],
  found: (text: string, number: number) => void,
): Promise<boolean> {
  const wanted = new Map<string, number>();
  const lengths = new Set<number>();
  for (const m of marks) {
    wanted.set(`${m.bytes}:${m.md5}`, (wanted.get(`${m.bytes}:${m.md5}`) ?? 0) + 1);
    lengths.add(m.bytes);
  }
  let left = marks.length;
  const { handle } = await openInputFile(path, { maxBytes: MAX_TRAFFIC_BYTES, name });
  try {
    if (identityOf(await handle.stat()) !== identity) return false;
    // A marked line is one DuckDB read whole, so never longer than its limit: a longer one is passed over unheld.
    await eachLine(handle, MAX_MARKED_LINE_BYTES, (parts, number, info) => {
      if (left === 0 || !info.whole) return;
      const whole = withoutCr(parts.length === 1 ? parts[0]! : Buffer.concat(parts));
      if (!lengths.has(whole.length)) return;
      const key = `${whole.length}:${createHash('md5').update(whole).digest('hex')}`;
      const count = wanted.get(key);
      if (!count) return;
      wanted.set(key, count - 1);
      left--;
      found(whole.toString('utf8'), number);
    });
  } finally {
    await handle.close();
  }
  return left === 0;
}

/**
 * The file to import, linked into the work folder (copied where a link cannot be made): DuckDB reads nothing outside
 * the store. False when neither can be done (JavaScript then reads the file itself).
 */
export async function linkInto(path: string, input: string): Promise<boolean> {
  try {
    await link(path, input);
    return true;
  } catch {
    return copyFile(path, input, fsConstants.COPYFILE_EXCL).then(
      () => true,
      () => false,
    );
  }
}

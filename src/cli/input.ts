import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { jsonErrorPosition } from '../shared/url/codec';
import type { CliIo } from './command';

export class InputError extends Error {}

/** Reads `[file|-]`: a path, or standard input for `-` or nothing. Only UTF-8 text is read. */
export async function readInput(arg: string | undefined, io: CliIo): Promise<{ text: string; name: string }> {
  if (arg === undefined || arg === '-') {
    const text = await io.readStdin();
    const nul = text.indexOf('\0');
    if (nul >= 0) throw binary('standard input', `a NUL character at position ${nul}`);
    return { text, name: 'standard input' };
  }
  let bytes: Buffer;
  try {
    bytes = await readFile(arg);
  } catch (err) {
    throw unreadable(arg, err);
  }
  return { text: textOf(bytes, arg), name: arg };
}

/** Why a file could not be read, as the user can act on it. */
function unreadable(arg: string, err: unknown): InputError {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return new InputError(`${arg}: no such file.`);
  if (code === 'EISDIR') return new InputError(`${arg} is a folder; give a file.`);
  return new InputError(`${arg}: cannot read it (${code ?? (err as Error).message}).`);
}

const notUtf8 = (name: string) =>
  new InputError(
    `${name} is not a text file: it holds bytes that are not UTF-8. Give a UTF-8 text file (one query per line, CSV or JSON).`,
  );

/**
 * Reads `[file|-]` a piece at a time into `push` (a file of any size never becomes one string), with the checks
 * readInput makes: UTF-8 only, no NUL, a leading byte-order mark dropped. Standard input arrives whole.
 */
export async function streamInput(arg: string | undefined, io: CliIo, push: (piece: string) => void): Promise<{ name: string }> {
  if (arg === undefined || arg === '-') {
    push((await readInput(arg, io)).text);
    return { name: 'standard input' };
  }
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let offset = 0;
  let first = true;
  const text = (bytes: Uint8Array, stream: boolean) => {
    let piece: string;
    try {
      piece = decoder.decode(bytes, { stream });
    } catch {
      throw notUtf8(arg);
    }
    if (first && piece.length > 0) {
      first = false;
      if (piece.charCodeAt(0) === 0xfeff) piece = piece.slice(1);
    }
    return piece;
  };
  try {
    for await (const chunk of createReadStream(arg, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
      const nul = chunk.indexOf(0);
      if (nul >= 0) throw binary(arg, `a NUL byte at byte ${offset + nul}`);
      offset += chunk.length;
      push(text(chunk, true));
    }
    push(text(new Uint8Array(0), false));
  } catch (err) {
    throw err instanceof InputError ? err : unreadable(arg, err);
  }
  return { name: arg };
}

/** The bytes as UTF-8 text; binary data (a NUL byte, or bytes that are not UTF-8) is refused, naming the file. */
export function textOf(bytes: Uint8Array, name: string): string {
  const nul = bytes.indexOf(0);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw notUtf8(name);
  }
  if (nul >= 0) throw binary(name, `a NUL byte at byte ${nul}`);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function binary(name: string, what: string): InputError {
  return new InputError(
    `${name} is not a text file: it holds binary data (${what}). Give a UTF-8 text file (one query per line, CSV or JSON).`,
  );
}

export function parseJsonInput(text: string, name: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    const position = jsonErrorPosition(err, text);
    const where = position !== undefined ? ` at position ${position} (line ${text.slice(0, position).split('\n').length})` : '';
    throw new InputError(`${name} is not valid JSON${where}: ${(err as Error).message}`);
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

import { readFile } from 'node:fs/promises';
import { jsonErrorPosition } from '../shared/url/codec';
import type { CliIo } from './command';

export class InputError extends Error {}

/** Reads `[file|-]`: a path, or standard input for `-` or nothing. */
export async function readInput(arg: string | undefined, io: CliIo): Promise<{ text: string; name: string }> {
  if (arg === undefined || arg === '-') return { text: await io.readStdin(), name: 'standard input' };
  try {
    return { text: await readFile(arg, 'utf8'), name: arg };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new InputError(code === 'ENOENT' ? `${arg}: no such file.` : `${arg}: cannot read it (${code ?? (err as Error).message}).`);
  }
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

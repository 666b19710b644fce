import { resolve } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { z } from 'zod';
import { checkWriteTarget } from '../main/services/storage';

/**
 * Exit codes, one rule for every command: 0 passed, 1 a check failed (an assertion, a gate, `filter check`,
 * `request check`), 2 a usage error, 3 could not run (input that cannot be read, a service that cannot be reached
 * or answers errors). 3 wins over 1.
 */
export const EXIT = { ok: 0, failed: 1, usage: 2, couldNotRun: 3 } as const;

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  readStdin: () => Promise<string>;
}

export interface Command {
  name: string;
  summary: string;
  usage: string;
  run(argv: string[], io: CliIo): Promise<number>;
}

export class UsageError extends Error {}

/** What `parse` answers: node's own parsed values for these options (named here so the type can be written out). */
type Parsed<T extends NonNullable<ParseArgsConfig['options']>> = ReturnType<
  typeof parseArgs<{ args: string[]; options: T; allowPositionals: boolean; strict: true }>
>;

export function parse<T extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: T, allowPositionals = true): Parsed<T> {
  try {
    return parseArgs({ args: argv, options, allowPositionals, strict: true });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

export function intOption(value: string | undefined, name: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, got ${JSON.stringify(value)}`);
  return n;
}

/**
 * Checks an `--out` path before the work starts, so a run of minutes does not end in a refusal: a symbolic
 * link, a folder, a device or a FIFO is refused (exit 3, the reason named) — the write checks again.
 */
export async function checkOut(out: string | undefined): Promise<string | undefined> {
  if (out === undefined) return undefined;
  await checkWriteTarget(resolve(out));
  return out;
}

/** One field of an operation's input as a flag: its name, the text given (absent: the schema's default), and its kind. */
export interface FieldFlag {
  flag: string;
  text: string | undefined;
  /** A number: the text is read as one (text that is no number is refused by the schema, with the text). */
  number?: true;
}

/**
 * Flags checked and defaulted by the operation's own input schema — the one the app's channel parses with — so the
 * command line has no limits or defaults of its own. A refused field is a usage error naming its flag and its text.
 */
export function inputFromFlags<S extends z.ZodType>(schema: S, fields: Record<string, FieldFlag>): z.output<S> {
  const values: Record<string, unknown> = {};
  for (const [field, { text, number }] of Object.entries(fields))
    if (text !== undefined) values[field] = number ? (text.trim() === '' ? Number.NaN : Number(text)) : text;
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = fields[String(issue.path[0] ?? '')];
  throw new UsageError(field ? `${field.flag}: ${issue.message}, got ${JSON.stringify(field.text)}` : issue.message);
}

import { resolve } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { z } from 'zod';
import { type CliForm, FlagError, flagOptions, inputFromFlags } from '../shared/operations';
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
  /** A command with subcommands: each one's own usage, printed by `command sub --help`. */
  subcommands?: Record<string, string>;
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

/**
 * An operation's input from its flags, checked and defaulted by the operation's own schema — the one the app's
 * operation parses with (src/shared/operations/cli.ts) — so the command line has no limits or defaults of its own.
 * A refused value is a usage error naming its flag and its text.
 */
export function flagsInput<S extends z.ZodObject>(form: CliForm<S>, values: Record<string, unknown>): z.output<S> {
  const texts: Record<string, string | undefined> = {};
  for (const name of Object.keys(flagOptions(form))) texts[name] = typeof values[name] === 'string' ? values[name] : undefined;
  try {
    return inputFromFlags(form, texts);
  } catch (err) {
    if (err instanceof FlagError) throw new UsageError(err.message);
    throw err;
  }
}

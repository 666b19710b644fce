import { z } from 'zod';

/**
 * One operation: the schema every caller's input is parsed with (the window's, over
 * IPC or HTTP, and the command line's), a phantom for the output type, and the doc shown to callers.
 */
export interface OperationSpec<I extends z.ZodType, O> {
  readonly input: I;
  readonly doc: string;
  /** Its command-line form, where the command line offers it. */
  readonly cli?: CliForm;
  /** A valid input, checked against the schema when it compiles: what the router's fuzz test mutates field by field. */
  readonly example?: z.input<I>;
  /** Type-only marker; never present at run time. */
  readonly output?: O;
}

export interface EventSpec<P> {
  readonly doc: string;
  readonly payload?: P;
}

/**
 * An operation on the command line: the command a user types, and the input's fields set by flags — each field's
 * path (`k`, `filter.from`) with its flag and one line saying what it is. The flag's limits, choices and default are
 * the input schema's: `--help`, the parsing and docs/cli.md are made from here (src/shared/operations/cli.ts).
 */
export interface CliForm<S extends z.ZodObject = z.ZodObject> {
  /** What a user types: `traffic report`. */
  readonly command: string;
  /** The fields flags set: the operation's own field schemas (its input is made from these, not a copy of them). */
  readonly input: S;
  readonly flags: Readonly<Record<string, FlagSpec>>;
}

/** A command-line form, its input's type kept for the command that parses with it. */
export function cliForm<S extends z.ZodObject>(form: CliForm<S>): CliForm<S> {
  return form;
}

export interface FlagSpec {
  /** `--k`. */
  readonly flag: string;
  /** One line: what the field is, in the words of the app. Its limits and default are added from the schema. */
  readonly doc: string;
  /** The value's name in the synopsis where the schema gives no choice or default (`D` for a day). */
  readonly value?: string;
  /** What leaving out a field with no default means (`all`). */
  readonly absent?: string;
}

/** `operation<Output>()({ input, doc, cli?, example? })` — the output is named explicitly, the input inferred. */
export function operation<O>() {
  return <I extends z.ZodType>(spec: { input: I; doc: string; cli?: CliForm; example?: z.input<NoInfer<I>> }): OperationSpec<I, O> => spec;
}

export function event<P>(doc: string): EventSpec<P> {
  return { doc };
}

/** The input of a channel that takes none: an empty object, or nothing at all. */
export const noInput = z.object({}).strict().default({});

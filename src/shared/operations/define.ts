import { z } from 'zod';

/**
 * One operation: the schema every caller's input is parsed with (the window's, over
 * IPC or HTTP, and the command line's), a phantom for the output type, and the doc shown to callers.
 */
export interface OperationSpec<I extends z.ZodType, O> {
  readonly input: I;
  readonly doc: string;
  /** Type-only marker; never present at run time. */
  readonly output?: O;
}

export interface EventSpec<P> {
  readonly doc: string;
  readonly payload?: P;
}

/** `operation<Output>()({ input, doc })` — the output is named explicitly, the input inferred. */
export function operation<O>() {
  return <I extends z.ZodType>(spec: { input: I; doc: string }): OperationSpec<I, O> => spec;
}

export function event<P>(doc: string): EventSpec<P> {
  return { doc };
}

/** The input of a channel that takes none: an empty object, or nothing at all. */
export const noInput = z.object({}).strict().default({});

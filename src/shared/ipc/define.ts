import { z } from 'zod';

/**
 * One channel of the contract: the schema main parses the renderer's input
 * with, a phantom for the output type, and the doc comment shown to callers.
 */
export interface ChannelSpec<I extends z.ZodType, O> {
  readonly input: I;
  readonly doc: string;
  /** Type-only marker; never present at run time. */
  readonly output?: O;
}

export interface EventSpec<P> {
  readonly doc: string;
  readonly payload?: P;
}

/** `channel<Output>()({ input, doc })` — the output is named explicitly, the input inferred. */
export function channel<O>() {
  return <I extends z.ZodType>(spec: { input: I; doc: string }): ChannelSpec<I, O> => spec;
}

export function event<P>(doc: string): EventSpec<P> {
  return { doc };
}

/** The input of a channel that takes none: an empty object, or nothing at all. */
export const noInput = z.object({}).strict().default({});

import { z } from 'zod';

/**
 * Expectations on an answer (assertions), kept as data in the `expect` array of a workspace request file and of a
 * query-set entry, so `git diff` shows them. Suite files arrive in pull requests, so every field is bounded
 * here (the limits below) and nothing in one can name a file, a command or a host: the target of a run comes only
 * from the command line or the app.
 */

/** The limits on what a suite file may ask for; a file beyond one is refused with the file, the index and the limit. */
export const ASSERTION_LIMITS = {
  /** Bytes of one suite file. */
  fileBytes: 1024 * 1024,
  /** Assertions in one file (over all its requests or queries). */
  perFile: 1000,
  /** Assertions in one suite run, over all its files: reading stops past it, and the run is refused (memory stays bounded). */
  perSuite: 50_000,
  /** Characters of a filter or a glob. */
  text: 10_000,
  /** Depth of a k, a rank or a `within`. */
  depth: 1000,
  /** Characters of an item id, a facet id or value, a group value, a suggestion. */
  id: 500,
} as const;

const depth = (what: string) =>
  z
    .int({ error: `${what} must be a whole number` })
    .min(1, `${what} must be at least 1`)
    .max(ASSERTION_LIMITS.depth, `${what} must be at most ${ASSERTION_LIMITS.depth}`);
const id = (what: string) =>
  z.string().min(1, `${what} must not be empty`).max(ASSERTION_LIMITS.id, `${what} is over ${ASSERTION_LIMITS.id} characters`);
const text = (what: string) =>
  z
    .string()
    .min(1, `${what} must not be empty`)
    .max(ASSERTION_LIMITS.text, `${what} is over ${ASSERTION_LIMITS.text.toLocaleString('en-US')} characters`);
const count = (what: string) => z.int({ error: `${what} must be a whole number` }).min(0, `${what} must not be negative`);
/** The label in reports; without one, a sentence is made from the assertion. */
const name = z.string().trim().min(1).max(200).optional();

export const assertionSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('inTop'), name, id: id('id'), k: depth('k') }),
    z.strictObject({ type: z.literal('notInTop'), name, id: id('id'), k: depth('k') }),
    z.strictObject({ type: z.literal('atRank'), name, id: id('id'), rank: depth('rank') }),
    z.strictObject({ type: z.literal('above'), name, id: id('id'), other: id('other') }),
    z
      .strictObject({ type: z.literal('matchInTop'), name, filter: text('filter'), k: depth('k'), atLeast: count('atLeast').optional() })
      .refine((a) => a.atLeast === undefined || a.atLeast <= a.k, { message: 'atLeast must not be more than k', path: ['atLeast'] }),
    z.strictObject({ type: z.literal('noneInTop'), name, filter: text('filter'), k: depth('k') }),
    z
      .strictObject({ type: z.literal('count'), name, min: count('min').optional(), max: count('max').optional() })
      .refine((a) => a.min !== undefined || a.max !== undefined, { message: 'give min, max or both', path: ['min'] })
      .refine((a) => a.min === undefined || a.max === undefined || a.min <= a.max, { message: 'min must not be above max', path: ['max'] }),
    z.strictObject({ type: z.literal('notEmpty'), name }),
    z.strictObject({ type: z.literal('redirect'), name, url: text('url') }),
    z.strictObject({ type: z.literal('facet'), name, id: id('id'), value: id('value').optional(), minCount: count('minCount').optional() }),
    z.strictObject({ type: z.literal('group'), name, value: id('value'), minItems: count('minItems').optional() }),
    z.strictObject({ type: z.literal('suggestion'), name, text: id('text'), within: depth('within').optional() }),
    z.strictObject({
      type: z.literal('time'),
      name,
      maxMs: z.number({ error: 'maxMs must be a number' }).positive('maxMs must be more than 0').max(600_000),
      fail: z.boolean().optional(),
    }),
  ],
  {
    error: (issue) =>
      issue.code === 'invalid_union'
        ? 'type must be one of inTop, notInTop, atRank, above, matchInTop, noneInTop, count, notEmpty, redirect, facet, group, suggestion, time'
        : undefined,
  },
);

export type Assertion = z.output<typeof assertionSchema>;
export type AssertionType = Assertion['type'];

/** The `expect` array of a request file or a query-set entry. */
export const expectSchema = z
  .array(assertionSchema)
  .max(ASSERTION_LIMITS.perFile, `at most ${ASSERTION_LIMITS.perFile.toLocaleString('en-US')} assertions in one file`);

/** Which answers an assertion can be checked on. */
export const ASSERTION_KINDS: Record<AssertionType, readonly ('search' | 'suggest' | 'autocomplete')[]> = {
  inTop: ['search'],
  notInTop: ['search'],
  atRank: ['search'],
  above: ['search'],
  matchInTop: ['search'],
  noneInTop: ['search'],
  count: ['search'],
  notEmpty: ['search', 'suggest', 'autocomplete'],
  redirect: ['search'],
  facet: ['search'],
  group: ['suggest'],
  suggestion: ['autocomplete'],
  time: ['search', 'suggest', 'autocomplete'],
};

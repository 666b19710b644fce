import { z } from 'zod';
import { expectSchema, contextVariablesSchema } from '../request';
import { intentSchema } from '../judgments';
import { WORKSPACE_FORMATS } from './kinds';

/** The most queries one batch runs and one query set holds (a longer list runs as shards: `compare --shard i/n`). */
export const MAX_QUERIES = 100_000;

/** The longest query a list, a batch or a query set keeps. */
export const MAX_QUERY_LENGTH = 1000;

/** One line of a query list: the query and any per-row overrides (from CSV). */
export const queryRowSchema = z.strictObject({
  query: z.string().trim().min(1).max(MAX_QUERY_LENGTH),
  filter: z.string().max(10_000).optional(),
  facets: z
    .array(z.strictObject({ id: z.string().min(1), values: z.array(z.string()) }))
    .max(50)
    .optional(),
  variables: contextVariablesSchema.optional(),
  /** How often shoppers searched it (a query set sampled from traffic): quality can be weighted by it. */
  weight: z.number().positive().max(1e12).optional(),
  /** Line in the source file, for messages. */
  line: z.number().int().min(0),
});

export type QueryRow = z.output<typeof queryRowSchema>;

/**
 * A query set: a named list of queries, each with its own filter, facet
 * selections and context variables where it has them, an optional
 * note — the information need a judge reads before rating — and optional
 * expectations on its answer.
 */
export const querySetEntrySchema = queryRowSchema.omit({ line: true }).extend({
  note: z.string().max(2000).optional(),
  /** Expectations on this query's answer (assertions), run as a regression suite. */
  expect: expectSchema.optional(),
  /** What the shopper means, attribute → value(s), as rating rules read it (`$intent.<attribute>`). */
  intent: intentSchema.optional(),
});

export const querySetSchema = z.strictObject({
  format: z.literal(WORKSPACE_FORMATS['query-sets']),
  version: z.literal(1),
  name: z.string().trim().min(1).max(200),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Where the queries came from, in words ("pasted", "queries.csv", "history, last 7 days"). */
  source: z.string().max(200).optional(),
  queries: z.array(querySetEntrySchema).max(MAX_QUERIES, 'at most 100,000 queries in one query set'),
});

export type QuerySetEntry = z.output<typeof querySetEntrySchema>;
export type QuerySet = z.output<typeof querySetSchema>;

/** A query set's queries as the rows a batch runs (its filters, facets, variables and weights kept; notes and expectations are not the request's). */
export function rowsOfQuerySet(set: Pick<QuerySet, 'queries'>): QueryRow[] {
  return set.queries.map(({ note: _note, expect: _expect, intent: _intent, ...row }, i) => ({ ...row, line: i + 1 }));
}

export function newQuerySet(name: string, queries: QuerySetEntry[], source?: string, now = new Date()): QuerySet {
  const at = now.toISOString();
  return {
    format: WORKSPACE_FORMATS['query-sets'],
    version: 1,
    name,
    createdAt: at,
    updatedAt: at,
    ...(source ? { source } : {}),
    queries,
  };
}

/** The most entries one page of a query set holds. */
export const QUERY_SET_PAGE_MAX = 500;

export interface QuerySetPage {
  name: string;
  source?: string;
  /** Entries in the whole set. */
  total: number;
  /** Entries that match `find` (the total without it). */
  matched: number;
  /** Where this page starts among the matches. */
  offset: number;
  /** The page's entries, each with its place in the whole set (0-based). */
  entries: { index: number; entry: QuerySetEntry }[];
}

/**
 * One page of a query set, so a set of 100,000 queries is looked through a page at a time: the entries from
 * `offset` among those whose query or note holds `find` (any case; all of them without it).
 */
export function querySetPage(set: QuerySet, options: { offset: number; limit: number; find?: string }): QuerySetPage {
  const find = options.find?.trim().toLowerCase();
  const limit = Math.max(0, Math.min(options.limit, QUERY_SET_PAGE_MAX));
  const entries: QuerySetPage['entries'] = [];
  let matched = 0;
  set.queries.forEach((entry, index) => {
    if (find && !entry.query.toLowerCase().includes(find) && !entry.note?.toLowerCase().includes(find)) return;
    if (matched >= options.offset && entries.length < limit) entries.push({ index, entry });
    matched++;
  });
  return {
    name: set.name,
    ...(set.source ? { source: set.source } : {}),
    total: set.queries.length,
    matched,
    offset: Math.min(options.offset, matched),
    entries,
  };
}

import { z } from 'zod';
import { expectSchema } from '../assertions/schema';
import { queryRowSchema } from '../compare/schema';
import type { QueryRow } from '../compare/types';
import { WORKSPACE_FORMATS } from './kinds';

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
});

export const querySetSchema = z.strictObject({
  format: z.literal(WORKSPACE_FORMATS['query-sets']),
  version: z.literal(1),
  name: z.string().trim().min(1).max(200),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Where the queries came from, in words ("pasted", "queries.csv", "history, last 7 days"). */
  source: z.string().max(200).optional(),
  queries: z.array(querySetEntrySchema).max(20_000),
});

export type QuerySetEntry = z.output<typeof querySetEntrySchema>;
export type QuerySet = z.output<typeof querySetSchema>;

/** A query set's queries as the rows a batch runs (its filters, facets and variables kept; notes and expectations are not the request's). */
export function rowsOfQuerySet(set: Pick<QuerySet, 'queries'>): QueryRow[] {
  return set.queries.map(({ note: _note, expect: _expect, ...row }, i) => ({ ...row, line: i + 1 }));
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

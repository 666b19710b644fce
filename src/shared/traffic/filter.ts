import { z } from 'zod';
import type { TrafficFilter } from './views';

/** A day on the calendar, YYYY-MM-DD. */
export const daySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a day as YYYY-MM-DD')
  .refine((v) => {
    const ms = Date.parse(`${v}T00:00:00Z`);
    return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === v;
  }, 'a day that is on the calendar');

/** Which of the store's searches an operation reads: days (inclusive), a segment, a configuration; none is all. */
export const trafficFilterSchema = z
  .strictObject({
    from: daySchema.optional(),
    to: daySchema.optional(),
    segment: z.string().max(256).optional(),
    configuration: z.string().max(256).optional(),
  })
  .refine((f) => !(f.from && f.to && f.from > f.to), { message: 'the first day is after the last', path: ['from'] })
  .default({});

/** What is wrong with a filter, by the schema's own rule (the field and a sentence), or null. */
export function checkFilter(filter: TrafficFilter): { field: string; message: string } | null {
  // Only the filter's own fields: a store query may carry more (the query a page is about).
  const { from, to, segment, configuration } = filter;
  const parsed = trafficFilterSchema.safeParse({ from, to, segment, configuration });
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  const field = String(issue.path[0] ?? 'filter');
  const value = (filter as Record<string, unknown>)[field];
  return { field, message: `${field}: ${issue.message}${value === undefined ? '' : `, got ${JSON.stringify(value)}`}` };
}

import { z } from 'zod';
import type { RequestKind } from './request/types';

/**
 * Lenient checks of what the service answers: the fields the workbench
 * relies on must have the documented types; anything extra is kept. A
 * mismatch becomes a warning shown with the result, never a crash.
 */
const item = z.looseObject({ id: z.string(), score: z.number() });
const facet = z.looseObject({
  id: z.string(),
  title: z.string(),
  count: z.number(),
  values: z.array(z.looseObject({ value: z.string(), count: z.number(), selected: z.boolean() })),
});

/** A response mask may drop any item field, so masked items are only checked to be objects. */
const maskedItem = z.looseObject({});

export function responseSchema(kind: RequestKind, masked: boolean): z.ZodType {
  if (!masked || kind === 'autocomplete') return responseSchemas[kind];
  const base = responseSchemas[kind] as z.ZodObject;
  return kind === 'search'
    ? base.extend({ items: z.array(maskedItem) })
    : base.extend({ groups: z.array(z.looseObject({ value: z.string(), count: z.number(), items: z.array(maskedItem) })) });
}

export const responseSchemas: Record<RequestKind, z.ZodType> = {
  search: z.looseObject({
    items: z.array(item),
    metadata: z.looseObject({
      count: z.number(),
      time: z.number(),
      token: z.string(),
      url: z.string(),
      offset: z.number(),
      limit: z.number(),
      facets: z.array(facet),
      id: z.string(),
      configurationId: z.string(),
      exactCount: z.boolean(),
    }),
  }),
  suggest: z.looseObject({
    groups: z.array(z.looseObject({ value: z.string(), count: z.number(), items: z.array(item) })),
    metadata: z.looseObject({ time: z.number(), token: z.string(), id: z.string(), configurationId: z.string() }),
  }),
  autocomplete: z.looseObject({
    suggestions: z.array(z.looseObject({ suggestion: z.string() })),
    metadata: z.looseObject({ time: z.number(), token: z.string(), id: z.string(), configurationId: z.string() }),
  }),
};

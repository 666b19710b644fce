import { z } from 'zod';
import { describeIssues, zodIssues } from '../zod';
import type { RequestKind } from './schema';

/**
 * What the service answers (spec §2.2–2.4 and api-notes), one schema per
 * kind; the response types are inferred from them. Lenient: the fields the
 * workbench relies on must have the documented types, anything extra is
 * kept. A mismatch becomes a warning shown with the result, never a crash.
 */
const redirect = z.looseObject({ id: z.string().optional(), name: z.string().optional(), url: z.string().optional() });

const item = z.looseObject({
  id: z.string(),
  score: z.number(),
  product: z.record(z.string(), z.unknown()).optional(),
  redirect: redirect.optional(),
  kind: z.string().optional(),
  context: z.string().optional(),
});

const facetValue = z.looseObject({ value: z.string(), count: z.number(), selected: z.boolean() });

const facet = z.looseObject({
  id: z.string(),
  title: z.string(),
  attribute: z.string().optional(),
  count: z.number(),
  values: z.array(facetValue),
});

const group = z.looseObject({ value: z.string(), count: z.number(), items: z.array(item) });

const searchMetadata = z.looseObject({
  count: z.number(),
  time: z.number(),
  token: z.string(),
  url: z.string(),
  offset: z.number(),
  limit: z.number(),
  facets: z.array(facet),
  id: z.string(),
  configurationId: z.string(),
  defaultConfigurationId: z.string().optional(),
  exactCount: z.boolean(),
});

export const searchResponseSchema = z.looseObject({ items: z.array(item), metadata: searchMetadata });

export const suggestResponseSchema = z.looseObject({
  groups: z.array(group),
  metadata: z.looseObject({
    time: z.number(),
    token: z.string(),
    url: z.string().optional(),
    id: z.string(),
    configurationId: z.string(),
    defaultConfigurationId: z.string().optional(),
  }),
});

export const autocompleteResponseSchema = z.looseObject({
  suggestions: z.array(z.looseObject({ suggestion: z.string(), count: z.number().optional() })),
  metadata: z.looseObject({
    time: z.number(),
    token: z.string(),
    id: z.string(),
    configurationId: z.string(),
    count: z.number().optional(),
  }),
});

export const responseSchemas = {
  search: searchResponseSchema,
  suggest: suggestResponseSchema,
  autocomplete: autocompleteResponseSchema,
} as const;

export type Redirect = z.output<typeof redirect>;
export type Item = z.output<typeof item>;
export type FacetValue = z.output<typeof facetValue>;
export type Facet = z.output<typeof facet>;
export type SearchMetadata = z.output<typeof searchMetadata>;
export type SearchResponse = z.output<typeof searchResponseSchema>;
export type Group = z.output<typeof group>;
export type SuggestResponse = z.output<typeof suggestResponseSchema>;
export type Suggestion = AutocompleteResponse['suggestions'][number];
export type AutocompleteResponse = z.output<typeof autocompleteResponseSchema>;
export type ResponseOf<K extends RequestKind> = z.output<(typeof responseSchemas)[K]>;
/** An answer with its kind: checking `kind` tells the compiler which response it is. */
export type KindedResponse = { [K in RequestKind]: { kind: K; response: ResponseOf<K> } }[RequestKind];

/** A response mask may drop any item field, so masked items are only checked to be objects. */
const maskedItem = z.looseObject({});

/** The schema an answer is checked against: masked answers only need their items to be objects. */
export function responseSchema(kind: RequestKind, masked: boolean): z.ZodType {
  if (!masked || kind === 'autocomplete') return responseSchemas[kind];
  return kind === 'search'
    ? searchResponseSchema.extend({ items: z.array(maskedItem) })
    : suggestResponseSchema.extend({
        groups: z.array(z.looseObject({ value: z.string(), count: z.number(), items: z.array(maskedItem) })),
      });
}

export interface CheckedResponse<K extends RequestKind> {
  response: ResponseOf<K>;
  /** Where the answer differs from the documented shape, naming the fields. */
  warnings: string[];
}

/**
 * Reads an answer as its kind's response. An answer that differs from the
 * documented shape (or a masked one) is still shown as it came — inspecting
 * such answers is what the workbench is for — with every difference listed
 * in `warnings`; its type stays the documented shape, so readers guard
 * optional reads (`items ?? []`). Batch runs skip the check (`check: false`):
 * they store the answer as it came and read it defensively.
 */
export function checkResponse<K extends RequestKind>(
  kind: K,
  body: unknown,
  options: { masked: boolean; check?: boolean },
): CheckedResponse<K> {
  const checked = options.check === false ? undefined : responseSchema(kind, options.masked).safeParse(body);
  const warnings =
    !checked || checked.success
      ? []
      : [`The answer does not match the documented ${kind} response: ${describeIssues(zodIssues(checked.error), 5)}`];
  // The one place an answer is typed without a full parse: see the doc comment above.
  return { response: body as ResponseOf<K>, warnings };
}

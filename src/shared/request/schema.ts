import { z } from 'zod';
import { describeValue, nestingDepth } from '../json-value';
import { describeIssues, zodIssues } from '../zod';

/**
 * The one description of what the workbench sends (spec §2, §4 and
 * api-notes): a zod schema per request kind, from which the TypeScript types
 * are inferred and against which every boundary parses — the IPC contract,
 * saved files, history, batch definitions, pasted URLs, the emulator.
 *
 * Strict where the interface is (types of the documented fields, sort
 * order, required fields); lenient where the service is: unknown fields are
 * kept (every object is loose) and left to `normalize` to report; facet
 * values written as numbers or booleans are read as text by the service;
 * ranges (limit, offset, group size…) are semantic rules of `normalize`,
 * because the service clamps some of them rather than refusing.
 *
 * Each leaf says in its error what it wants, naming the field, so a
 * structural problem reads the same in the editor, the CLI and an IPC error.
 */

type Issue = { input?: unknown };

const text = (name: string, required?: string) =>
  z.string({
    error: (iss: Issue) =>
      iss.input === undefined ? (required ?? `${name} is required.`) : `${name} must be text, not ${describeValue(iss.input)}.`,
  });

const whole = (name: string) => z.int({ error: (iss: Issue) => `${name} must be a whole number, not ${describeValue(iss.input)}.` });

const object = <S extends z.core.$ZodLooseShape>(shape: S, what: (input: unknown) => string) =>
  z.looseObject(shape, { error: (iss: Issue) => what(iss.input) });

const list = <T extends z.ZodType>(item: T, what: (input: unknown) => string) => z.array(item, { error: (iss: Issue) => what(iss.input) });

export const sortOrderSchema = z.enum(['asc', 'desc'], {
  error: (iss: Issue) => `order must be "asc" or "desc", not ${describeValue(iss.input)}.`,
});

export const sortValueSchema = object(
  { attribute: text('attribute', 'Each sort needs the attribute to sort by.'), order: sortOrderSchema.optional() },
  (input) => `Each sort must be { "attribute": …, "order": "asc" | "desc" }, not ${describeValue(input)}.`,
);

/** The service reads facet values as text; numbers and booleans are accepted (and warned about), anything else is not. */
export const facetValueSchema = z.union([z.string(), z.number(), z.boolean()], {
  error: (iss: Issue) => `Facet values are text; ${describeValue(iss.input)} may not match.`,
});

export const facetSelectionSchema = object(
  {
    id: text('id').optional(),
    /** Deprecated spelling of `id` (§4.6, §9); still accepted by the service. */
    attribute: text('attribute').optional(),
    values: list(facetValueSchema, (input) => `values must be a list of facet values, not ${describeValue(input)}.`),
  },
  (input) => `Each facet selection must be { "id": …, "values": [...] }, not ${describeValue(input)}.`,
);

export const disableFeatureSchema = object(
  { name: text('name') },
  (input) => `Each disabled feature is { "name": "facet" }, not ${describeValue(input)}.`,
);

/** Context variable values (§2.5): string, long, double, ISO-8601 date string, boolean, array of strings. */
export const contextValueSchema = z.union([z.string(), z.number().finite(), z.boolean(), z.array(z.string())], {
  error: (iss: Issue) =>
    `${describeVariable(iss.input)}; context variables may be text, whole or decimal numbers, dates (ISO 8601 with offset), true/false, or arrays of text.`,
});

function describeVariable(value: unknown): string {
  if (value === null) return 'is null';
  if (Array.isArray(value)) return 'is an array with non-text entries';
  if (typeof value === 'object') return 'is an object';
  return `is ${String(value)}`;
}

export const contextVariablesSchema = z.record(z.string(), contextValueSchema, {
  error: () => 'Context variables must be an object of name/value pairs, like { "segment": "premium" }.',
});

export const requestContextSchema = object(
  {
    variables: contextVariablesSchema.optional(),
    /** Identity key/value pairs (api-notes); sent as the user wrote them. */
    session: z
      .record(z.string(), z.unknown(), {
        error: (iss: Issue) => `context.session must be an object of key/value pairs, not ${describeValue(iss.input)}.`,
      })
      .optional(),
  },
  (input) => `context must be an object with "variables" (and optionally "session"), not ${describeValue(input)}.`,
);

const options = <S extends z.core.$ZodLooseShape>(shape: S) =>
  object(shape, (input) => `options must be an object, not ${describeValue(input)}.`);

const sortBy = list(sortValueSchema, (input) => `sortBy must be a list of { attribute, order }, not ${describeValue(input)}.`);
const filter = text('filter');
const customResponseMask = text('customResponseMask');

export const searchOptionsSchema = options({
  offset: whole('offset').optional(),
  limit: whole('limit').optional(),
  sortBy: sortBy.optional(),
  facets: list(facetSelectionSchema, (input) => `facets must be a list of { id, values }, not ${describeValue(input)}.`).optional(),
  filter: filter.optional(),
  customResponseMask: customResponseMask.optional(),
  disable: list(
    disableFeatureSchema,
    (input) => `disable must be a list like [{ "name": "facet" }], not ${describeValue(input)}.`,
  ).optional(),
});

const common = {
  context: requestContextSchema.optional(),
  configurationId: text('configurationId').optional(),
};

const requestObject = <S extends z.core.$ZodLooseShape>(kind: string, shape: S) =>
  object(shape, (input) => `A ${kind} request is a JSON object, not ${describeValue(input)}.`);

/** Levels of objects and arrays a request may nest (a real one needs about 5); deeper input is refused before anything walks it. */
export const MAX_REQUEST_DEPTH = 64;

const withinDepth = <T extends z.ZodType>(schema: T): T =>
  schema.superRefine((value, ctx) => {
    if (nestingDepth(value, MAX_REQUEST_DEPTH) > MAX_REQUEST_DEPTH)
      ctx.addIssue({
        code: 'custom',
        message: `The request nests objects and arrays more than ${MAX_REQUEST_DEPTH} levels deep; a request needs only a few.`,
      });
  }) as T;

const searchRequestObject = requestObject('search', {
  token: text('token', 'token is required: the search token from the management console.'),
  query: text('query').optional(),
  options: searchOptionsSchema.optional(),
  ...common,
});
export const searchRequestSchema = withinDepth(searchRequestObject);

export const groupBySchema = object(
  {
    attribute: text('attribute', 'groupBy needs the attribute to group on (a single-valued facetable attribute).'),
    values: list(z.string({ error: (iss: Issue) => `Group values are text, not ${describeValue(iss.input)}.` }), (input) =>
      input === undefined
        ? 'groupBy needs the list of values to make groups for.'
        : `groupBy.values must be a list, not ${describeValue(input)}.`,
    ),
    size: z.int({
      error: (iss: Issue) =>
        iss.input === undefined
          ? 'groupBy needs size: items per group, 1 to 100.'
          : `size must be a whole number, not ${describeValue(iss.input)}.`,
    }),
  },
  (input) =>
    input === undefined
      ? 'Suggest needs options.groupBy: { attribute, values, size }.'
      : `groupBy must be { attribute, values, size }, not ${describeValue(input)}.`,
);

export const suggestRequestSchema = withinDepth(
  requestObject('suggest', {
    token: text('token', 'token is required: the search token from the management console.'),
    query: text('query', 'query is required for suggest.'),
    options: object(
      { sortBy: sortBy.optional(), filter: filter.optional(), customResponseMask: customResponseMask.optional(), groupBy: groupBySchema },
      (input) => (input === undefined ? 'Suggest needs options with groupBy.' : `options must be an object, not ${describeValue(input)}.`),
    ),
    ...common,
  }),
);

export const autocompleteRequestSchema = withinDepth(
  requestObject('autocomplete', {
    token: text('token', 'token is required: the search token from the management console.'),
    query: text('query', 'query is required for autocomplete.'),
    options: options({ numberOfSuggestions: whole('numberOfSuggestions').optional(), filter: filter.optional() }).optional(),
    ...common,
  }),
);

export const requestKindSchema = z.enum(['search', 'suggest', 'autocomplete']);
/** How a search travels: POST with a JSON body, or GET with the request URL-encoded (§4.2). Suggest and autocomplete are POST only. */
export const transportSchema = z.enum(['post', 'get']);

export const requestSchemas = {
  search: searchRequestSchema,
  suggest: suggestRequestSchema,
  autocomplete: autocompleteRequestSchema,
} as const;

/**
 * A request with what it is — the kind (which endpoint) and, for search, the
 * transport — beside the given fields, as one strict object per kind. The
 * contract's `search:run` and `saved:save`, saved files and history entries
 * are all this shape with their own extra fields.
 */
export function envelopeSchemaWith<S extends z.ZodRawShape>(shape: S) {
  return z.discriminatedUnion('kind', [
    z.strictObject({ ...shape, kind: z.literal('search'), transport: transportSchema.default('post'), request: searchRequestSchema }),
    z.strictObject({ ...shape, kind: z.literal('suggest'), transport: z.literal('post').default('post'), request: suggestRequestSchema }),
    z.strictObject({
      ...shape,
      kind: z.literal('autocomplete'),
      transport: z.literal('post').default('post'),
      request: autocompleteRequestSchema,
    }),
  ]);
}

/** A request with its kind and transport, where it is kept or crosses a boundary on its own. */
export const requestEnvelopeSchema = envelopeSchemaWith({});

/** A side's or a batch's request template: any part of a search request (the token and query come later). */
export const searchTemplateSchema = withinDepth(searchRequestObject.partial());

export type SortOrder = z.output<typeof sortOrderSchema>;
export type SortValue = z.output<typeof sortValueSchema>;
export type FacetValueInput = z.output<typeof facetValueSchema>;
export type FacetSelection = z.output<typeof facetSelectionSchema>;
export type DisableFeature = z.output<typeof disableFeatureSchema>;
export type ContextValue = z.output<typeof contextValueSchema>;
export type RequestContext = z.output<typeof requestContextSchema>;
export type SearchOptions = z.output<typeof searchOptionsSchema>;
export type SearchRequest = z.output<typeof searchRequestSchema>;
export type GroupBy = z.output<typeof groupBySchema>;
export type SuggestRequest = z.output<typeof suggestRequestSchema>;
export type SuggestOptions = SuggestRequest['options'];
export type AutocompleteRequest = z.output<typeof autocompleteRequestSchema>;
export type AutocompleteOptions = NonNullable<AutocompleteRequest['options']>;
export type RequestKind = z.output<typeof requestKindSchema>;
export type Transport = z.output<typeof transportSchema>;
export type AnyRequest = SearchRequest | SuggestRequest | AutocompleteRequest;
export type RequestEnvelope = z.output<typeof requestEnvelopeSchema>;
export type SearchTemplate = z.output<typeof searchTemplateSchema>;
export type RequestOf<K extends RequestKind> = z.output<(typeof requestSchemas)[K]>;
/** A request with its kind: checking `kind` tells the compiler which request it is. */
export type KindedRequest = { [K in RequestKind]: { kind: K; request: RequestOf<K> } }[RequestKind];

/** The kind and request of an envelope (or of any record holding both), still tied together. */
export function kindedRequest(from: KindedRequest): KindedRequest {
  switch (from.kind) {
    case 'search':
      return { kind: 'search', request: from.request };
    case 'suggest':
      return { kind: 'suggest', request: from.request };
    case 'autocomplete':
      return { kind: 'autocomplete', request: from.request };
  }
}

/**
 * Whether a value has the request schema's shape — a type guard backed by
 * the parse. The value itself is kept rather than zod's copy: the request
 * schemas transform nothing, and a copy would lose keys a user may well have
 * typed (a context variable named `__proto__`).
 */
export function isRequest<K extends RequestKind>(kind: K, value: unknown): value is RequestOf<K> {
  return requestSchemas[kind].safeParse(value).success;
}

/** Why a value is not a request of its kind, in one sentence naming each field; '' when it is one. */
export function requestProblems(kind: RequestKind, value: unknown): string {
  const parsed = requestSchemas[kind].safeParse(value);
  return parsed.success ? '' : describeIssues(zodIssues(parsed.error));
}

/**
 * A record with a request envelope's fields, typed per kind: a plain object
 * spread of the envelope union beside other fields would blur the kinds.
 */
export function withEnvelope<R extends object>(envelope: RequestEnvelope, rest: R): RequestEnvelope & R {
  return { ...rest, ...envelope };
}

/**
 * Wire types of the search service (spec/search-service-interface.md §2, §4
 * and the facts in spec/api-notes.md), inferred from the schemas in
 * ./schema (requests) and ./response-schema (responses), and the limits of §8.
 */

export type {
  AnyRequest,
  AutocompleteOptions,
  AutocompleteRequest,
  ContextValue,
  DisableFeature,
  FacetSelection,
  GroupBy,
  KindedRequest,
  RequestContext,
  RequestEnvelope,
  RequestKind,
  RequestOf,
  SearchOptions,
  SearchRequest,
  SearchTemplate,
  SortOrder,
  SortValue,
  SuggestOptions,
  SuggestRequest,
  Transport,
} from './schema';
export type {
  AutocompleteResponse,
  Facet,
  FacetValue,
  Group,
  Item,
  KindedResponse,
  Redirect,
  ResponseOf,
  SearchMetadata,
  SearchResponse,
  Suggestion,
  SuggestResponse,
} from './response-schema';

// ---------------------------------------------------------------- limits (§8)

export const LIMITS = {
  limit: { min: 0, max: 1000, default: 10 },
  offset: { min: 0, max: 10000, default: 0 },
  groupSize: { min: 1, max: 100 },
  suggestTotal: 100,
  numberOfSuggestions: { min: 1, max: 20, default: 10 },
  exactCountThreshold: 10000,
} as const;

/** A storefront's page of results: what the app's search screens (and `explain`) ask for unless told otherwise. */
export const PAGE_SIZE = 24;

/** The only feature `options.disable` can name (§4.8). */
export const DISABLEABLE_FEATURES = ['facet'] as const;

/**
 * Per-group size the service applies under the 100-item total cap (§8):
 * 50 values with size 5 give 2 items per group.
 */
export function effectiveGroupSize(size: number, valueCount: number): number {
  if (valueCount <= 0) return size;
  return Math.min(size, Math.floor(LIMITS.suggestTotal / valueCount));
}

/**
 * Wire types of the search service (spec/search-service-interface.md §2, §4
 * and the facts in spec/api-notes.md). Requests are what the workbench sends;
 * responses are what it reads, with unknown extra fields tolerated.
 */

export type SortOrder = 'asc' | 'desc';

export interface SortValue {
  attribute: string;
  order?: SortOrder;
}

export interface FacetSelection {
  id?: string;
  /** Deprecated spelling of `id`; still accepted by the service. */
  attribute?: string;
  values: string[];
}

export interface DisableFeature {
  name: string;
}

/** Context variable value types (§2.5): string, long, double, ISO-8601 date string, boolean, array of strings. */
export type ContextValue = string | number | boolean | string[];

export interface RequestContext {
  variables?: Record<string, ContextValue>;
  /** Identity key/value pairs (api-notes); sent as the user wrote them. */
  session?: Record<string, unknown>;
}

export interface SearchOptions {
  offset?: number;
  limit?: number;
  sortBy?: SortValue[];
  facets?: FacetSelection[];
  filter?: string;
  customResponseMask?: string;
  disable?: DisableFeature[];
}

export interface SearchRequest {
  token: string;
  query?: string;
  options?: SearchOptions;
  context?: RequestContext;
  configurationId?: string;
}

export interface GroupBy {
  attribute: string;
  values: string[];
  size: number;
}

export interface SuggestOptions {
  sortBy?: SortValue[];
  filter?: string;
  customResponseMask?: string;
  groupBy: GroupBy;
}

export interface SuggestRequest {
  token: string;
  query: string;
  options: SuggestOptions;
  context?: RequestContext;
  configurationId?: string;
}

export interface AutocompleteOptions {
  numberOfSuggestions?: number;
  filter?: string;
}

export interface AutocompleteRequest {
  token: string;
  query: string;
  options?: AutocompleteOptions;
  context?: RequestContext;
  configurationId?: string;
}

export type RequestKind = 'search' | 'suggest' | 'autocomplete';

export type AnyRequest = SearchRequest | SuggestRequest | AutocompleteRequest;

// ---------------------------------------------------------------- responses

export interface Redirect {
  id?: string;
  name?: string;
  url?: string;
  [key: string]: unknown;
}

export interface Item {
  id: string;
  score: number;
  product?: Record<string, unknown>;
  redirect?: Redirect;
  kind?: string;
  context?: string;
  [key: string]: unknown;
}

export interface FacetValue {
  value: string;
  count: number;
  selected: boolean;
}

export interface Facet {
  id: string;
  title: string;
  attribute?: string;
  count: number;
  values: FacetValue[];
}

export interface SearchMetadata {
  count: number;
  time: number;
  token: string;
  url: string;
  offset: number;
  limit: number;
  facets: Facet[];
  id: string;
  configurationId: string;
  defaultConfigurationId?: string;
  exactCount: boolean;
  [key: string]: unknown;
}

export interface SearchResponse {
  items: Item[];
  metadata: SearchMetadata;
}

export interface Group {
  value: string;
  count: number;
  items: Item[];
}

export interface SuggestResponse {
  groups: Group[];
  metadata: {
    time: number;
    token: string;
    url: string;
    id: string;
    configurationId: string;
    defaultConfigurationId?: string;
    [key: string]: unknown;
  };
}

export interface Suggestion {
  suggestion: string;
  count?: number;
}

export interface AutocompleteResponse {
  suggestions: Suggestion[];
  metadata: { time: number; token: string; id: string; configurationId: string; count?: number; [key: string]: unknown };
}

// ---------------------------------------------------------------- limits (§8)

export const LIMITS = {
  limit: { min: 0, max: 1000, default: 10 },
  offset: { min: 0, max: 10000, default: 0 },
  groupSize: { min: 1, max: 100 },
  suggestTotal: 100,
  numberOfSuggestions: { min: 1, max: 20, default: 10 },
  exactCountThreshold: 10000,
} as const;

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

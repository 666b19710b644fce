import type { ContextValue, FacetSelection, SearchRequest } from '../request/types';

/**
 * One side of a comparison: a full request template. The shared request
 * (query, limit, facets…) is merged with the side's overrides, so two
 * configuration ids, staging against production, or two sets of context
 * variables are all the same thing.
 */
export interface SideSpec {
  label: string;
  /** The profile whose search URL (and first token) the side uses; the active one when left out. */
  profileId?: string;
  /** Direct address, for the command line (no profile). */
  baseUrl?: string;
  /** Request fields that replace or join the shared ones: token, configurationId, options.filter, options.sortBy, context… */
  overrides: Partial<SearchRequest>;
}

/** One line of a query list: the query and any per-row overrides (from CSV). */
export interface QueryRow {
  query: string;
  filter?: string;
  facets?: FacetSelection[];
  variables?: Record<string, ContextValue>;
  /** Line in the source file, for messages. */
  line: number;
}

export interface BatchDefinition {
  id: string;
  name: string;
  createdAt: string;
  /** The request every row starts from (limit, facets, options…); the row's query replaces `query`. */
  base: Partial<SearchRequest>;
  sides: { a: SideSpec; b: SideSpec };
  rows: QueryRow[];
  /** Queries in flight at once (each sends both sides together). */
  concurrency: number;
}

export interface TopItem {
  id: string;
  title?: string;
  score?: number;
}

export interface SideResult {
  ok: boolean;
  /** Round trip of the attempt that answered, in ms. */
  ms: number | null;
  attempts: number;
  status?: number;
  count?: number | null;
  error?: { code: string; message: string };
  /** The first ten items, for reports and the triage table. */
  top: TopItem[];
}

/** The measures of one query's comparison, flat, for tables, sorting and CSV. */
export interface CompactMetrics {
  rbo: number;
  /** 1 − RBO: the triage order. */
  change: number;
  overlap1: number;
  overlap3: number;
  overlap10: number;
  overlapAll: number;
  jaccard1: number;
  jaccard3: number;
  jaccard10: number;
  jaccardAll: number;
  kendallTau: number | null;
  top1Changed: boolean;
  countA: number | null;
  countB: number | null;
  countDelta: number | null;
  zeroA: boolean;
  zeroB: boolean;
  facetsChanged: number;
  shared: number;
}

export interface BatchResult {
  index: number;
  query: string;
  a: SideResult;
  b: SideResult;
  /** Null when a side failed: there is nothing to compare. */
  metrics: CompactMetrics | null;
  finishedAt: string;
}

export type BatchStatus = 'running' | 'paused' | 'cancelled' | 'done' | 'interrupted';

export interface BatchProgress {
  status: BatchStatus;
  total: number;
  done: number;
  failed: number;
  remaining: number;
  inFlight: number;
  startedAt: string | null;
  /** Queries finished per second over the last few seconds. */
  ratePerSecond: number | null;
  etaMs: number | null;
}

import type { z } from 'zod';
import type { batchDefinitionSchema, newBatchSchema, sideSpecSchema } from './schema';
import type { QueryRow } from '../workspace';

export type SideSpec = z.output<typeof sideSpecSchema>;
/** A query and its per-row overrides: the query set's row, as a batch runs it. */
export type { QueryRow };
export type NewBatch = z.output<typeof newBatchSchema>;
export type BatchDefinition = z.output<typeof batchDefinitionSchema>;

/** A batch's definition as the window gets it: all but its queries (100,000 of them are megabytes), and how many there are. */
export type BatchHead = { [K in keyof BatchDefinition as K extends 'rows' ? never : K]: BatchDefinition[K] } & { queryCount: number };

export interface TopItem {
  id: string;
  title?: string;
  score?: number;
}

/** One side's answer as the triage table and the summary see it: how it went, without its items. */
export interface SideSummary {
  ok: boolean;
  /** Round trip of the attempt that answered, in ms. */
  ms: number | null;
  attempts: number;
  status?: number;
  count?: number | null;
  error?: { code: string; message: string };
  /** The search redirect the answer triggered (a redirect item), when it did: an answer of its own, not an empty one. */
  redirect?: { url: string | null; name?: string };
}

export interface SideResult extends SideSummary {
  /** The first ten items, for reports and the triage table. */
  top: TopItem[];
  /** Every item id of the answer, in order: what quality metrics are computed from (kept for every answer since experiments). */
  ranking?: string[];
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

/** One query of a batch as the window gets it: both sides' summaries and the measures, not the items (a batch of 100,000 stays small). */
export interface BatchRow {
  index: number;
  query: string;
  a: SideSummary;
  b: SideSummary;
  /** Null when a side failed: there is nothing to compare. */
  metrics: CompactMetrics | null;
  finishedAt: string;
}

/** One query of a batch as stored: its row, with each side's top items and ranking. */
export interface BatchResult extends BatchRow {
  a: SideResult;
  b: SideResult;
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
  /** With automatic pacing: the requests a second it has settled on, and the refusals for load it has seen. */
  pace?: { requestsPerSecond: number; throttled: number };
}

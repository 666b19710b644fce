import { z } from 'zod';
import { type BatchQuality, newBatchSchema, type BatchHead, type BatchProgress, type BatchResult, type BatchRow } from '../../compare';
import type { KeptExplanation } from '../../explain';
import type {
  AutocompleteRequest,
  AutocompleteResponse,
  SearchRequest,
  SearchResponse,
  SuggestRequest,
  SuggestResponse,
} from '../../request';
import { channel, event, noInput } from '../define';

/** Batch ids are made by main (time and a random suffix); nothing else, so none can name a path. */
const id = z.string().regex(/^[A-Za-z0-9-]{1,200}$/, 'not a batch id: letters, digits and dashes only');

export interface BatchListItem {
  id: string;
  name: string;
  createdAt: string;
  sides: { a: string; b: string };
  progress: BatchProgress;
}

export interface BatchView {
  /** The definition without its queries (`compare:result` gives one query's request whole). */
  definition: BatchHead;
  progress: BatchProgress;
  /** Every query's row (the items stay in main: `compare:result` opens one query whole). */
  results: BatchRow[];
  /** The last explanation made of the batch (Explain), kept with it. */
  explanation?: KeptExplanation;
}

/** One row of a batch opened whole: both answers and both requests, of the batch's kind. */
export type BatchResultView = {
  result: BatchResult;
  baseUrls: { a: string; b: string };
} & (
  | { kind: 'search'; responses: { a?: SearchResponse; b?: SearchResponse }; requests: { a: SearchRequest; b: SearchRequest } }
  | { kind: 'suggest'; responses: { a?: SuggestResponse; b?: SuggestResponse }; requests: { a: SuggestRequest; b: SuggestRequest } }
  | {
      kind: 'autocomplete';
      responses: { a?: AutocompleteResponse; b?: AutocompleteResponse };
      requests: { a: AutocompleteRequest; b: AutocompleteRequest };
    }
);

export const compareChannels = {
  'compare:start': channel<{ id: string }>()({
    input: newBatchSchema,
    doc: 'Starts a batch comparison: both sides for every query, with bounded concurrency, each result stored as it comes. Progress arrives as compare:progress events.',
  }),
  'compare:list': channel<BatchListItem[]>()({
    input: noInput,
    doc: 'Every stored batch comparison with its progress, newest first.',
  }),
  'compare:get': channel<BatchView>()({
    input: z.object({ id }).strict(),
    doc: "One batch: what it compares, its progress, and every query's result (measures, latencies, errors; not the answers).",
  }),
  'compare:control': channel<BatchProgress>()({
    input: z.object({ id, action: z.enum(['pause', 'resume', 'cancel', 'rerun-failed']) }).strict(),
    doc: 'Pauses (queries in flight finish), resumes, cancels (queries in flight are aborted) or reruns only the failed queries of a batch.',
  }),
  'compare:result': channel<BatchResultView>()({
    input: z.object({ id, index: z.number().int().min(0) }).strict(),
    doc: 'One query of a batch with both requests and both answers, to open side by side.',
  }),
  'compare:export': channel<{ fileName: string; content: string; mime: string }>()({
    input: z.object({ id, format: z.enum(['html', 'csv', 'json']) }).strict(),
    doc: 'A batch as a self-contained HTML report, a CSV with one row per query, or JSON. No secret is in any of them.',
  }),
  'compare:quality': channel<{ quality: BatchQuality | null }>()({
    input: z.object({ id }).strict(),
    doc: 'Quality per side and the significance of B − A for a batch measured against a judgment list (null for one that is not): from the stored rankings and the list as it is now.',
  }),
  'compare:delete': channel<{ deleted: true }>()({
    input: z.object({ id }).strict(),
    doc: 'Cancels a batch if it runs and deletes it with its stored results.',
  }),
} as const;

export const compareEvents = {
  'compare:progress': event<{ id: string; progress: BatchProgress; results: BatchRow[] }>(
    "A batch's progress and the results that arrived since the last event (at most every 200 ms).",
  ),
} as const;

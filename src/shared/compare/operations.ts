import { z } from 'zod';
import { type BatchQuality } from './quality';
import { newBatchSchema } from './schema';
import { type BatchHead, type BatchProgress, type BatchResult, type BatchRow } from './types';
import type { AutocompleteRequest, AutocompleteResponse, SearchRequest, SearchResponse, SuggestRequest, SuggestResponse } from '../request';
import { cliForm, operation, event, noInput, workspaceFileSchema } from '../operations';
import { LIMITS } from '../request';
import { COMPARE_KINDS, MAX_PREFIX } from './kinds';
import type { JudgingQueue } from '../judgments';
import { newExperimentSchema } from './experiment';
import type { Experiment } from './experiment';

/** Batch ids are made by main (time and a random suffix); nothing else, so none can name a path. */
const id = z.string().regex(/^[A-Za-z0-9-]{1,200}$/, 'not a batch id: letters, digits and dashes only');

export interface BatchListItem {
  id: string;
  name: string;
  createdAt: string;
  sides: { a: string; b: string };
  progress: BatchProgress;
}

/**
 * What other capabilities keep with a batch, each under a key of its own: a slot they fill by declaration merging
 * (explain adds `explanation`), so compare names none of them and no capability imports compare's dependants.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the slot is filled by the capabilities that keep something with a batch
export interface BatchAttachments {}

export interface BatchView extends BatchAttachments {
  /** The definition without its queries (`compare:result` gives one query's request whole). */
  definition: BatchHead;
  progress: BatchProgress;
  /** Every query's row (the items stay in main: `compare:result` opens one query whole). */
  results: BatchRow[];
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

/** What both sides of a command-line run are asked, and how much: the kind's flags of `compare`. */
export const compareCli = cliForm({
  command: 'compare',
  input: z.strictObject({
    kind: z.enum(COMPARE_KINDS).default('search'),
    limit: z.int().min(LIMITS.limit.min).max(LIMITS.limit.max).default(LIMITS.limit.default),
    size: z.int().min(LIMITS.groupSize.min).max(LIMITS.groupSize.max).default(5),
    maxPrefix: z.int().min(1).max(MAX_PREFIX.max).default(MAX_PREFIX.default),
    suggestions: z.int().min(LIMITS.numberOfSuggestions.min).max(LIMITS.numberOfSuggestions.max).optional(),
  }),
  flags: {
    kind: {
      flag: '--kind',
      doc: 'what both sides are asked: search, suggest (product suggest) or autocomplete (typed prefixes)',
    },
    limit: { flag: '--limit', doc: 'items asked per query' },
    size: { flag: '--size', doc: 'with --kind suggest: items per group (all groups together return at most 100)' },
    maxPrefix: { flag: '--max-prefix', doc: 'with --prefixes-from: the longest prefix' },
    suggestions: {
      flag: '--suggestions',
      doc: 'with --kind autocomplete: suggestions asked per prefix',
      value: 'N',
      absent: `the service's ${LIMITS.numberOfSuggestions.default}`,
    },
  },
});

export const compareOperations = {
  'compare:start': operation<{ id: string }>()({
    input: newBatchSchema,
    doc: 'Starts a batch comparison: both sides for every query, with bounded concurrency, each result stored as it comes. Progress arrives as compare:progress events.',
  }),
  'compare:list': operation<BatchListItem[]>()({
    example: {},
    input: noInput,
    doc: 'Every stored batch comparison with its progress, newest first.',
  }),
  'compare:get': operation<BatchView>()({
    input: z.object({ id }).strict(),
    doc: "One batch: what it compares, its progress, and every query's result (measures, latencies, errors; not the answers).",
  }),
  'compare:control': operation<BatchProgress>()({
    input: z.object({ id, action: z.enum(['pause', 'resume', 'cancel', 'rerun-failed']) }).strict(),
    doc: 'Pauses (queries in flight finish), resumes, cancels (queries in flight are aborted) or reruns only the failed queries of a batch.',
  }),
  'compare:result': operation<BatchResultView>()({
    input: z.object({ id, index: z.number().int().min(0) }).strict(),
    doc: 'One query of a batch with both requests and both answers, to open side by side.',
  }),
  'compare:export': operation<{ fileName: string; content: string; mime: string }>()({
    input: z.object({ id, format: z.enum(['html', 'csv', 'json']) }).strict(),
    doc: 'A batch as a self-contained HTML report, a CSV with one row per query, or JSON. No secret is in any of them.',
  }),
  'compare:quality': operation<{ quality: BatchQuality | null }>()({
    input: z.object({ id }).strict(),
    doc: 'Quality per side and the significance of B − A for a batch measured against a judgment list (null for one that is not): from the stored rankings and the list as it is now.',
  }),
  'compare:delete': operation<{ deleted: true }>()({
    input: z.object({ id }).strict(),
    doc: 'Cancels a batch if it runs and deletes it with its stored results.',
  }),
  'experiments:queue': operation<JudgingQueue>()({
    example: { file: 'fuzz.json' },
    input: z.strictObject({
      file: workspaceFileSchema,
      /** The items only others rated, for a second opinion (their ratings unseen). */
      secondOpinion: z.boolean().optional(),
      /** With a second opinion: only the items this rater rated. */
      secondOf: z.string().max(200).optional(),
      /** A share (0 to 0.5) of the items others rated, put into the ordinary queue so raters overlap on purpose. */
      calibration: z.number().min(0).max(0.5).optional(),
      /** The items people and shoppers (the list's clicks' ratings) both rated differently, farthest apart first. */
      shoppersDisagree: z.boolean().optional(),
      /** The items people and a language model judge (the list's llm: ratings) rated differently, farthest apart first. */
      judgeDisagrees: z.boolean().optional(),
    }),
    doc: "The pooled judging queue of an experiment's newest run: per query, the union of both sides' top k not yet rated, in an order blind to side and rank, with the stored answers' items (nothing is sent again); with shoppersDisagree, the pooled items the people and a click model rated differently, farthest apart first; with judgeDisagrees, those the people and a language model judge rated differently.",
  }),
  'experiments:skip': operation<{ skipped: number }>()({
    example: { file: 'fuzz.json', query: 'jacket', itemId: '1', skipped: true },
    input: z.strictObject({
      file: workspaceFileSchema,
      query: z.string().min(1).max(1000),
      itemId: z.string().min(1).max(500),
      skipped: z.boolean(),
    }),
    doc: "Skips an item of an experiment's queue (it comes back after the rest) or takes the skip back; kept across restarts under the data folder.",
  }),
  'experiments:create': operation<{ file: string }>()({
    input: z.strictObject({ experiment: newExperimentSchema }),
    doc: 'Creates an experiment: a query set on two sides (A the baseline), optionally against a judgment list at depth k. The files it names must exist.',
  }),
  'experiments:read': operation<Experiment>()({
    example: { file: 'fuzz.json' },
    input: z.strictObject({ file: workspaceFileSchema }),
    doc: 'One experiment with its runs.',
  }),
  'experiments:run': operation<{ id: string; limit: number; notice?: string }>()({
    example: { file: 'fuzz.json' },
    input: z.strictObject({ file: workspaceFileSchema }),
    doc: 'Runs an experiment: a batch comparison of its query set on both sides (progress as compare:progress), recorded in its runs. With a judgment list, the page size is raised to k (and the notice says so).',
  }),
} as const;

export const compareEvents = {
  'compare:progress': event<{ id: string; progress: BatchProgress; results: BatchRow[] }>(
    "A batch's progress and the results that arrived since the last event (at most every 200 ms).",
  ),
} as const;

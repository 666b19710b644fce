import { z } from 'zod';
import { type JudgingQueue, intentSchema, type Intent } from '../../judgments';
import {
  WORKSPACE_KINDS,
  workspaceFileSchema,
  type WorkspaceListing,
  MAX_QUERIES,
  QUERY_SET_PAGE_MAX,
  querySetSchema,
  type QuerySet,
  type QuerySetPage,
} from '../../workspace';
import { newExperimentSchema, type Experiment } from '../../compare';
import { channel, noInput } from '../define';

/** Intents proposed for queries that are not saved until the user keeps them; `failed`: queries whose answer did not come. */
export interface IntentProposals {
  proposals: { query: string; intent: Intent }[];
  failed: { query: string; message: string }[];
  /** Facet attributes the catalog answered with: what the proposals could draw on. */
  attributes: string[];
}

/** A file the renderer names: a bare `.json` name inside a kind's folder, never a path (main checks it again). */
const file = workspaceFileSchema;
export const name = z.string().trim().min(1, 'give it a name').max(200);

/** A new query set as the window hears of it: its first page (a set of 100,000 is not sent back whole), and the lines that could not be read (the first 100 of `problemCount`). */
export interface QuerySetCreated {
  file: string;
  page: QuerySetPage;
  problems: { line: number; message: string }[];
  problemCount: number;
}

export const workspaceChannels = {
  'workspace:list': channel<WorkspaceListing>()({
    input: noInput,
    doc: 'Every file of the workspace folder by kind (requests, query sets, judgment lists, experiments), read from disk now; files that are not the app’s own are listed with why and left alone.',
  }),
  'workspace:delete': channel<{ deleted: true }>()({
    input: z.strictObject({ kind: z.enum(WORKSPACE_KINDS), file }),
    doc: 'Deletes one of the app’s own workspace files (it must carry the app’s format marker and parse); anything else is refused and left alone.',
  }),
  'workspace:add-demo': channel<{ written: string[] }>()({
    input: noInput,
    doc: 'Writes the Local demo’s query set, judgment list and experiment into the workspace where they are missing (never over a file); built from the Local demo catalog.',
  }),
  'query-sets:create': channel<QuerySetCreated>()({
    input: z.strictObject({
      name,
      from: z.discriminatedUnion('kind', [
        z.strictObject({ kind: z.literal('text'), text: z.string().max(50_000_000), fileName: z.string().max(200).optional() }),
        z.strictObject({ kind: z.literal('history'), days: z.int().min(1).max(365) }),
      ]),
    }),
    doc: 'Creates a query set from a pasted list, a text or CSV file’s content (the batch format), or the queries searched in the last N days.',
  }),
  'query-sets:read': channel<QuerySet>()({
    input: z.strictObject({ file }),
    doc: 'One query set.',
  }),
  'query-sets:page': channel<QuerySetPage>()({
    input: z.strictObject({
      file,
      offset: z.int().min(0).max(MAX_QUERIES),
      limit: z.int().min(1).max(QUERY_SET_PAGE_MAX),
      find: z.string().max(1000).optional(),
    }),
    doc: 'One page of a query set (from offset, at most 500 entries), of the entries whose query or note holds `find` when given: a set of any size is looked through without sending it whole.',
  }),
  'query-sets:save': channel<{ file: string }>()({
    input: z.strictObject({ file, querySet: querySetSchema }),
    doc: 'Replaces a query set of the app’s own (its name, queries or notes), atomically.',
  }),
  'query-sets:set-note': channel<{ file: string; updated: number }>()({
    input: z.strictObject({ file, query: z.string().min(1).max(1000), note: z.string().max(2000) }),
    doc: 'Sets (or, empty, clears) the information need of a query in a query set: what a judge reads before rating.',
  }),
  'query-sets:set-intents': channel<{ file: string; updated: number }>()({
    input: z.strictObject({
      file,
      intents: z
        .array(z.strictObject({ query: z.string().min(1).max(1000), intent: intentSchema.nullable() }))
        .min(1)
        .max(QUERY_SET_PAGE_MAX),
    }),
    doc: 'Sets (or, with null, clears) what queries mean as rating rules read them — attribute → value or values — in one atomic write; a query not in the set refuses them all.',
  }),
  'query-sets:propose-intents': channel<IntentProposals>()({
    input: z.strictObject({
      queries: z.array(z.string().min(1).max(1000)).min(1).max(QUERY_SET_PAGE_MAX),
      profileId: z.string().min(1).max(200).optional(),
      configurationId: z.string().min(1).max(200).optional(),
    }),
    doc: "Proposes each query's intent from its text and the catalog's facet values (a browse, and each query's own answer), on a profile (the active one by default). Nothing is saved: the user keeps or edits each.",
  }),
  'experiments:queue': channel<JudgingQueue>()({
    input: z.strictObject({
      file,
      /** The items only others rated, for a second opinion (their ratings unseen). */
      secondOpinion: z.boolean().optional(),
      /** With a second opinion: only the items this rater rated. */
      secondOf: z.string().max(200).optional(),
      /** A share (0 to 0.5) of the items others rated, put into the ordinary queue so raters overlap on purpose. */
      calibration: z.number().min(0).max(0.5).optional(),
      /** The items people and shoppers (the list's clicks' ratings) both rated differently, farthest apart first. */
      shoppersDisagree: z.boolean().optional(),
    }),
    doc: "The pooled judging queue of an experiment's newest run: per query, the union of both sides' top k not yet rated, in an order blind to side and rank, with the stored answers' items (nothing is sent again); with shoppersDisagree, the pooled items the people and a click model rated differently, farthest apart first.",
  }),
  'experiments:skip': channel<{ skipped: number }>()({
    input: z.strictObject({ file, query: z.string().min(1).max(1000), itemId: z.string().min(1).max(500), skipped: z.boolean() }),
    doc: "Skips an item of an experiment's queue (it comes back after the rest) or takes the skip back; kept across restarts under the data folder.",
  }),
  'experiments:create': channel<{ file: string }>()({
    input: z.strictObject({ experiment: newExperimentSchema }),
    doc: 'Creates an experiment: a query set on two sides (A the baseline), optionally against a judgment list at depth k. The files it names must exist.',
  }),
  'experiments:read': channel<Experiment>()({
    input: z.strictObject({ file }),
    doc: 'One experiment with its runs.',
  }),
  'experiments:run': channel<{ id: string; limit: number; notice?: string }>()({
    input: z.strictObject({ file }),
    doc: 'Runs an experiment: a batch comparison of its query set on both sides (progress as compare:progress), recorded in its runs. With a judgment list, the page size is raised to k (and the notice says so).',
  }),
} as const;

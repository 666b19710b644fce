import { z } from 'zod';
import { intentSchema, type Intent } from '../judgments';
import { WORKSPACE_KINDS, workspaceFileSchema, type WorkspaceListing } from './kinds';
import { MAX_QUERIES, QUERY_SET_PAGE_MAX, querySetSchema, type QuerySet, type QuerySetPage } from './query-set';
import { itemName, operation, noInput } from '../operations';

/** Intents proposed for queries that are not saved until the user keeps them; `failed`: queries whose answer did not come. */
export interface IntentProposals {
  proposals: { query: string; intent: Intent }[];
  failed: { query: string; message: string }[];
  /** Facet attributes the catalog answered with: what the proposals could draw on. */
  attributes: string[];
}

/** A file the renderer names: a bare `.json` name inside a kind's folder, never a path (main checks it again). */
const file = workspaceFileSchema;
const name = itemName;

/** A new query set as the window hears of it: its first page (a set of 100,000 is not sent back whole), and the lines that could not be read (the first 100 of `problemCount`). */
export interface QuerySetCreated {
  file: string;
  page: QuerySetPage;
  problems: { line: number; message: string }[];
  problemCount: number;
}

export const workspaceOperations = {
  'workspace:list': operation<WorkspaceListing>()({
    example: {},
    input: noInput,
    doc: 'Every file of the workspace folder by kind (requests, query sets, judgment lists, experiments), read from disk now; files that are not the app’s own are listed with why and left alone.',
  }),
  'workspace:delete': operation<{ deleted: true }>()({
    input: z.strictObject({ kind: z.enum(WORKSPACE_KINDS), file }),
    doc: 'Deletes one of the app’s own workspace files (it must carry the app’s format marker and parse); anything else is refused and left alone.',
  }),
  'workspace:add-demo': operation<{ written: string[] }>()({
    example: {},
    input: noInput,
    doc: 'Writes the Local demo’s query set, judgment list and experiment into the workspace where they are missing (never over a file); built from the Local demo catalog.',
  }),
  'query-sets:create': operation<QuerySetCreated>()({
    example: { name: 'fuzz', from: { kind: 'text', text: 'jacket\nred dress\n', fileName: 'q.txt' } },
    input: z.strictObject({
      name,
      from: z.discriminatedUnion('kind', [
        z.strictObject({ kind: z.literal('text'), text: z.string().max(50_000_000), fileName: z.string().max(200).optional() }),
        z.strictObject({ kind: z.literal('history'), days: z.int().min(1).max(365) }),
      ]),
    }),
    doc: 'Creates a query set from a pasted list, a text or CSV file’s content (the batch format), or the queries searched in the last N days.',
  }),
  'query-sets:read': operation<QuerySet>()({
    example: { file: 'fuzz.json' },
    input: z.strictObject({ file }),
    doc: 'One query set.',
  }),
  'query-sets:page': operation<QuerySetPage>()({
    example: { file: 'fuzz.json', offset: 0, limit: 50 },
    input: z.strictObject({
      file,
      offset: z.int().min(0).max(MAX_QUERIES),
      limit: z.int().min(1).max(QUERY_SET_PAGE_MAX),
      find: z.string().max(1000).optional(),
    }),
    doc: 'One page of a query set (from offset, at most 500 entries), of the entries whose query or note holds `find` when given: a set of any size is looked through without sending it whole.',
  }),
  'query-sets:save': operation<{ file: string }>()({
    example: {
      file: 'fuzz.json',
      querySet: {
        format: 'search-workbench-query-set',
        version: 1,
        name: 'fuzz',
        createdAt: '2026-01-01T00:00:00Z',
        updatedAt: '2026-01-01T00:00:00Z',
        queries: [{ query: 'jacket' }],
      },
    },
    input: z.strictObject({ file, querySet: querySetSchema }),
    doc: 'Replaces a query set of the app’s own (its name, queries or notes), atomically.',
  }),
  'query-sets:set-note': operation<{ file: string; updated: number }>()({
    example: { file: 'fuzz.json', query: 'jacket', note: 'outerwear' },
    input: z.strictObject({ file, query: z.string().min(1).max(1000), note: z.string().max(2000) }),
    doc: 'Sets (or, empty, clears) the information need of a query in a query set: what a judge reads before rating.',
  }),
  'query-sets:set-intents': operation<{ file: string; updated: number }>()({
    example: { file: 'fuzz.json', intents: [{ query: 'jacket', intent: { category: 'Jackets' } }] },
    input: z.strictObject({
      file,
      intents: z
        .array(z.strictObject({ query: z.string().min(1).max(1000), intent: intentSchema.nullable() }))
        .min(1)
        .max(QUERY_SET_PAGE_MAX),
    }),
    doc: 'Sets (or, with null, clears) what queries mean as rating rules read them — attribute → value or values — in one atomic write; a query not in the set refuses them all.',
  }),
  'query-sets:propose-intents': operation<IntentProposals>()({
    example: { queries: ['black jacket'] },
    input: z.strictObject({
      queries: z.array(z.string().min(1).max(1000)).min(1).max(QUERY_SET_PAGE_MAX),
      profileId: z.string().min(1).max(200).optional(),
      configurationId: z.string().min(1).max(200).optional(),
    }),
    doc: "Proposes each query's intent from its text and the catalog's facet values (a browse, and each query's own answer), on a profile (the active one by default). Nothing is saved: the user keeps or edits each.",
  }),
} as const;

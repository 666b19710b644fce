import { z } from 'zod';
import { type FileImport } from './import-summary';
import { POSITION_BASES } from './rows';
import { type QueryPage, type WorklistRow, WORKLISTS } from './query-views';
import { SAMPLE_METHODS } from './sample';
import { TRAFFIC_GROUPS, type TrafficReport, type TrafficRow } from './views';
import { MAX_QUERY_LENGTH, querySetEntrySchema } from '../workspace';
import { cliForm, event, operation, seedField } from '../operations';
import { daySchema, trafficFilterSchema } from './filter';
import { CLICK_MODELS } from './simulate/click-model';
import { TRACKER_REGIONS } from '../profiles';

/** What the workspace's traffic store holds, under a filter: its range, totals and days. */
export interface TrafficOverview {
  /** The store's folder in the workspace. */
  store: string;
  searches: number;
  events: number;
  from: string | null;
  to: string | null;
  configurations: string[];
  segments: string[];
  /** The whole range under the filter, as one row. */
  total: TrafficRow | null;
  /**
   * The same filter over the days just before (as many as the range has): what each figure is set against; `total` is
   * null when the store has no search then.
   */
  previous: { from: string; to: string; total: TrafficRow | null } | null;
  byDay: TrafficRow[];
  /** Simulated shoppers can be sent: Local demo is running. */
  canSimulate: boolean;
}

/** What each imported file gave, its formats in the app's words. */
export interface ImportView {
  files: (Omit<FileImport, 'formats'> & { formats: string[] })[];
}

/** One import the store holds: its mark, the file and time where the store's ledger has them, what it added, its days. */
export interface StoreImport {
  /** The import's mark on its rows and files: 16 hex digits of the file's SHA-256. */
  id: string;
  file: string | null;
  at: string | null;
  searches: number;
  events: number;
  from: string | null;
  to: string | null;
}

export interface TrafficProgressView {
  phase: 'shoppers' | 'import';
  sessions: number;
  total: number;
  searches: number;
}

const filter = trafficFilterSchema;
/** An import's id as the list of imports gives it. */
export const importIdSchema = z.string().regex(/^[0-9a-f]{16}$/, 'an import id: 16 hex digits, as the list of imports gives it');
const k = z.int().min(1).max(100).default(10);

/** The filter's flags, the same on every command that reads the store. */
export const TRAFFIC_FILTER_FLAGS = {
  'filter.from': { flag: '--from', doc: 'the first day, YYYY-MM-DD', value: 'D', absent: 'all' },
  'filter.to': { flag: '--to', doc: 'the last day, YYYY-MM-DD', value: 'D', absent: 'all' },
  'filter.segment': {
    flag: '--segment',
    doc: 'only this segment; (none) for the searches logged with no segment',
    value: 'S',
    absent: 'all',
  },
  'filter.configuration': { flag: '--config', doc: 'only this configuration', value: 'C', absent: 'all' },
} as const;

/** Only the store's filter, from its flags: for commands whose other input is their own. */
export const trafficFilterCli = cliForm({ command: 'traffic', input: z.strictObject({ filter }), flags: TRAFFIC_FILTER_FLAGS });

const K_FLAG = { flag: '--k', doc: 'click-through counts clicks at a position ≤ k' };

export const trafficReportCli = cliForm({
  command: 'traffic report',
  input: z.strictObject({
    by: z.enum(TRAFFIC_GROUPS).default('query'),
    filter,
    k,
    limit: z.int().min(1).max(1_000_000).optional(),
  }),
  flags: {
    by: { flag: '--by', doc: 'the groups (day lists days in order)' },
    ...TRAFFIC_FILTER_FLAGS,
    k: K_FLAG,
    limit: { flag: '--limit', doc: 'the first N rows', value: 'N', absent: 'all' },
  },
});

export const trafficSampleCli = cliForm({
  command: 'traffic sample',
  input: z.strictObject({
    method: z.enum(SAMPLE_METHODS).default('top'),
    n: z.int().min(1).max(100_000),
    seed: seedField(1),
    filter,
  }),
  flags: {
    method: {
      flag: '--method',
      doc: 'top: the N most searched; random: N uniformly at random; pps: N with probability proportional to searches',
    },
    n: { flag: '--n', doc: 'how many queries', value: 'N' },
    seed: { flag: '--seed', doc: 'the draw' },
    ...TRAFFIC_FILTER_FLAGS,
  },
});

export const trafficImportCli = cliForm({
  command: 'traffic import',
  input: z.strictObject({ positions: z.enum(POSITION_BASES).default('auto') }),
  flags: {
    positions: {
      flag: '--positions',
      doc: 'where UBI ordinals start: 0, 1 or auto (0 where a search or its application logs a 0)',
    },
  },
});

/** Shoppers simulated against a service: how many, over which days, drawn how. The flags of `traffic simulate`. */
export const trafficSimulateCli = cliForm({
  command: 'traffic simulate',
  input: z.strictObject({
    sessions: z.int().min(1).max(1_000_000).default(1000),
    days: z.int().min(1).max(366).default(7),
    seed: seedField(1),
    clickModel: z.enum(CLICK_MODELS as ['dbn', 'pbm']).default('dbn'),
    start: daySchema.default('2026-11-01'),
    onlyDay: daySchema.optional(),
    randomized: z.number().min(0).max(1).default(0.1),
    trackerRegion: z.enum(TRACKER_REGIONS).optional(),
  }),
  flags: {
    sessions: { flag: '--sessions', doc: 'shopping sessions' },
    days: { flag: '--days', doc: 'days they fall in' },
    seed: { flag: '--seed', doc: 'what every id, time and choice comes from' },
    clickModel: { flag: '--click-model', doc: 'dbn (read down, stop when satisfied) or pbm (position-based)' },
    start: { flag: '--start', doc: 'the first day' },
    onlyDay: { flag: '--only-day', doc: 'only the sessions of that day of the same run', value: 'D', absent: 'every day' },
    randomized: { flag: '--randomized', doc: 'the share of first pages shown with adjacent pairs swapped' },
    trackerRegion: { flag: '--tracker-region', doc: "with --real-service: the region of the service's tracker", absent: 'eu' },
  },
});

export const trafficOperations = {
  'traffic:overview': operation<TrafficOverview>()({
    example: { filter: { from: '2026-11-01' }, k: 10 },
    input: z.strictObject({ filter, k }),
    doc: "What the workspace's traffic store holds under a filter (days, segment, configuration): searches, events, its range, the totals and each day's row.",
  }),
  'traffic:report': operation<TrafficReport>()({
    example: { by: 'query', filter: {}, k: 10, limit: 20 },
    input: trafficReportCli.input,
    cli: trafficReportCli,
    doc: 'The traffic report: one row per query, segment, configuration or day — searches, sessions, clicks, CTR@k (click-through at k), zero-result, no-click, add-to-cart and conversion rates, revenue per search, mean click position.',
  }),
  'traffic:query': operation<QueryPage & { row: TrafficRow | null }>()({
    example: { query: 'tent', filter: {}, k: 10 },
    input: z.strictObject({ query: z.string().max(MAX_QUERY_LENGTH), filter, k }),
    doc: "One query's page: its figures, its latest first page as served, clicks by position, the items clicked and bought, its trend by day.",
  }),
  'traffic:worklist': operation<WorklistRow[]>()({
    example: { kind: 'zero-results', filter: {}, k: 10, limit: 50 },
    input: z.strictObject({ kind: z.enum(WORKLISTS), filter, k, limit: z.int().min(1).max(10_000).default(500) }),
    doc: 'Queries whose searches showed nothing (zero-results) or got no click (no-clicks), most affected first, each with the request it was served with.',
  }),
  'traffic:save-query-set': operation<{ file: string }>()({
    example: { name: 'Fuzzed traffic', source: 'traffic', queries: [{ query: 'tent', weight: 3 }] },
    input: z.strictObject({
      name: z.string().trim().min(1).max(200),
      source: z.string().max(200),
      queries: z
        .array(
          z.strictObject({
            query: z.string().trim().min(1).max(MAX_QUERY_LENGTH),
            weight: z.number().positive().max(1e12),
            // The request a worklist's query was served with: what made it zero (a filter) stays with it.
            filter: querySetEntrySchema.shape.filter,
            variables: querySetEntrySchema.shape.variables,
          }),
        )
        .min(1)
        .max(100_000),
    }),
    doc: "A new query set in the workspace from queries of the traffic, each weighted by how often it was searched, with the filter and context variables it was served with where given; a name the workspace already has gets a number (' (2)').",
  }),
  'traffic:sample': operation<{ file: string; queries: number }>()({
    example: { method: 'top', n: 5, seed: 1, filter: {}, name: 'Fuzzed sample' },
    input: z.strictObject({ ...trafficSampleCli.input.shape, name: z.string().trim().min(1).max(200).optional() }),
    cli: trafficSampleCli,
    doc: 'Draws a query set from the traffic (top N, uniform random or probability proportional to searches, seeded) and saves it in the workspace with weights; unnamed, it is named by what it holds (the queries drawn, which may be fewer than N).',
  }),
  'traffic:import': operation<ImportView>()({
    input: z.strictObject({
      files: z.array(z.string().min(1).max(4096)).min(1).max(50),
      ...trafficImportCli.input.shape,
    }),
    cli: trafficImportCli,
    doc: "Imports UBI, tracker or CSV logs into the workspace store; bad lines counted by reason, the first of each named; a file imported again adds nothing. `positions`: where the logs' ordinals start (auto: from 0 where a search or its application shows ordinal 0).",
  }),
  'traffic:simulate-demo': operation<ImportView & { sessions: number; searches: number; seed: number }>()({
    example: { sessions: 2 },
    input: z.strictObject({ sessions: z.int().min(1).max(50_000).default(2000) }),
    doc: "Simulated shoppers on Local demo (a week, two configurations), imported into the workspace store under the first seed whose sessions the store does not hold (said as `seed`): a new week's searches never repeat the store's. Progress as traffic:progress.",
  }),
  'traffic:imports': operation<StoreImport[]>()({
    example: {},
    input: z.strictObject({}),
    doc: "Every import the workspace's traffic store holds, oldest first: the file and when (where the store's ledger has them), the searches and events it added, its first and last day.",
  }),
  'traffic:remove-import': operation<{ removed: StoreImport; untied: number; imports: StoreImport[] }>()({
    example: { id: '01fd444f5bcd9413' },
    input: z.strictObject({ id: importIdSchema }),
    doc: "Takes one import out of the workspace's traffic store — its searches and events — and says how many actions of other imports named only its searches; the file can then be imported again.",
  }),
} as const;

export const trafficEvents = {
  'traffic:progress': event<TrafficProgressView>('How far simulated shoppers are: sessions done of all, searches so far, then the import.'),
};

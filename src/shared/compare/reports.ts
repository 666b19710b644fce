import { csvLine } from '../csv';
import { METRIC_NAMES } from '../metrics';
import type { CompareKind } from './kinds';
import type { BatchQuality } from './quality';
import { queryStatus, redirectChange, shownMetrics, summarize } from './summary';
import type { BatchDefinition, BatchResult } from './types';

/* The batch's CSV and JSON exports; the HTML report is in the report layer (src/report/compare.tsx). */

const CSV_COLUMNS = [
  'index',
  'query',
  'status',
  'redirect_a',
  'redirect_b',
  'redirect_change',
  'rbo',
  'change',
  'overlap@1',
  'overlap@3',
  'overlap@10',
  'overlap@all',
  'jaccard@1',
  'jaccard@3',
  'jaccard@10',
  'jaccard@all',
  'kendall_tau',
  'top1_changed',
  'shared',
  'count_a',
  'count_b',
  'count_delta',
  'zero_a',
  'zero_b',
  'facets_changed',
  'ms_a',
  'ms_b',
  'attempts_a',
  'attempts_b',
  'error_a',
  'error_b',
] as const;

/** The quality columns a report with judgments adds: R, then each metric for A, B and B − A. */
const QUALITY_COLUMNS = ['judged_relevant', ...METRIC_NAMES.flatMap((m) => [`${m}_a`, `${m}_b`, `${m}_delta`])];

/** The columns of a batch of one kind: a suggest batch counts the groups that changed where search counts facets. */
const csvColumns = (kind: CompareKind) => CSV_COLUMNS.map((c) => (c === 'facets_changed' && kind === 'suggest' ? 'groups_changed' : c));

/**
 * What another capability adds to a batch's reports — explain's parts of each query's change: columns at the end
 * of each CSV row, a value in the JSON report (and, in the report layer, a section of the HTML report). Made by the
 * capability that owns it, so these reports need not know what it is.
 */
export interface ReportAddition {
  columns: { header: string[]; row: (index: number) => unknown[] };
  json: unknown;
}

/** One row per query with every measure, in the query list's order (and each quality metric, with judgments). */
export function batchCsv(results: readonly BatchResult[], quality?: BatchQuality, addition?: ReportAddition, kind?: CompareKind): string {
  return [...batchCsvPieces(results, quality, addition, kind)].join('');
}

/** The CSV a line at a time, for a report of any length. */
export function* batchCsvPieces(
  results: readonly BatchResult[],
  quality?: BatchQuality,
  addition?: ReportAddition,
  kind: CompareKind = 'search',
): Generator<string> {
  const explained = addition?.columns ?? null;
  yield `${csvLine([...csvColumns(kind), ...(quality ? QUALITY_COLUMNS : []), ...(explained?.header ?? [])])}\r\n`;
  const perQuery = new Map(quality?.perQuery.map((q) => [q.index, q]));
  for (const r of [...results].sort((x, y) => x.index - y.index)) {
    const m = shownMetrics(r);
    const q = perQuery.get(r.index);
    const row = [
      r.index + 1,
      r.query,
      queryStatus(r),
      r.a.redirect?.url,
      r.b.redirect?.url,
      redirectChange(r),
      m?.rbo,
      m?.change,
      m?.overlap1,
      m?.overlap3,
      m?.overlap10,
      m?.overlapAll,
      m?.jaccard1,
      m?.jaccard3,
      m?.jaccard10,
      m?.jaccardAll,
      m?.kendallTau,
      m?.top1Changed,
      m?.shared,
      r.a.count,
      r.b.count,
      m?.countDelta,
      m?.zeroA,
      m?.zeroB,
      kind === 'autocomplete' ? null : m?.facetsChanged,
      r.a.ms === null ? null : Math.round(r.a.ms * 10) / 10,
      r.b.ms === null ? null : Math.round(r.b.ms * 10) / 10,
      r.a.attempts,
      r.b.attempts,
      r.a.error?.message,
      r.b.error?.message,
      ...(quality
        ? [q?.R ?? null, ...METRIC_NAMES.flatMap((name) => [q?.a?.[name] ?? null, q?.b?.[name] ?? null, q?.delta?.[name] ?? null])]
        : []),
      ...(explained ? explained.row(r.index) : []),
    ];
    yield `${csvLine(row)}\r\n`;
  }
}

export const BATCH_REPORT_FORMAT = 'search-workbench-batch';

/** The whole batch as JSON: what was compared, the summary, every query's result. */
export function batchJson(
  definition: BatchDefinition,
  results: readonly BatchResult[],
  quality?: BatchQuality,
  addition?: ReportAddition,
): string {
  return [...batchJsonPieces(definition, results, quality, addition)].join('');
}

/**
 * What a report says beside the run itself: which judgments its quality was measured against (the name, and the
 * file's hash when known) and what the regression gate decided — its name, its verdict and the line the
 * terminal printed.
 */
export interface ReportContext {
  judgments?: { name: string; sha256?: string };
  gate?: { gate: string; verdict: 'passed' | 'failed'; line: string };
  /** B − A on the shopper traffic (`compare --traffic`). */
  traffic?: TrafficSection;
}

/** What a report keeps of B − A on the shopper traffic: each estimate with its interval, and the clicks gate's verdict. */
export interface TrafficSection {
  store: string;
  /** The configurations replayed (A, as the log names it) and estimated (B). */
  a: string;
  b: string;
  model: string;
  k: number;
  searches: number;
  coverage: number;
  /** Said when coverage is low. */
  warning?: string;
  /**
   * clicks@k by each estimator, then click-through, add-to-carts and purchases by the model; `headline` on the one
   * to read first, `unreliable` (why) on one the log's support undoes.
   */
  estimates: {
    name: string;
    a: number;
    b: number;
    delta: number;
    ci95: readonly [number, number];
    p: number;
    headline?: true;
    unreliable?: string;
  }[];
  interleaving: { wins: number; losses: number; ties: number; p: number };
  /** The queries B loses the most clicks on in all (at most 20). */
  losesClicks: { query: string; searches: number; a: number; b: number; delta: number }[];
  gate?: { verdict: 'passed' | 'failed'; line: string };
}

/** The JSON report a query at a time: the same text as batchJson, for a report of any length. */
export function batchJsonPieces(
  definition: BatchDefinition,
  results: readonly BatchResult[],
  quality?: BatchQuality,
  addition?: ReportAddition,
  context: ReportContext = {},
): Generator<string> {
  const summary = summarize(results, definition.rows.length);
  const ordered = [...results].sort((x, y) => x.index - y.index);
  return prettyJsonPieces([
    ['format', BATCH_REPORT_FORMAT],
    ['version', 1],
    ['kind', definition.kind ?? 'search'],
    ['name', definition.name],
    ['createdAt', definition.createdAt],
    ['sides', definition.sides],
    ['base', definition.base],
    ['queries', definition.rows.length],
    ['summary', quality ? { ...summary, quality: qualityJson(quality) } : summary],
    [
      'qualityConfig',
      quality && {
        k: quality.k,
        gain: quality.gain,
        threshold: quality.threshold,
        ratings: quality.ratings,
        weight: quality.weight ?? 'none',
        ...(definition.quality || context.judgments ? { judgments: { ...definition.quality?.judgments, ...context.judgments } } : {}),
        paired: quality.paired,
        noRelevant: quality.noRelevant,
        unjudged: quality.unjudged,
        unpaired: quality.unpaired,
      },
    ],
    ['gate', context.gate],
    ['traffic', context.traffic],
    ['experiment', definition.experiment],
    // Each query with its status, and its measures as the app shows them (null where there is no ranking to compare).
    [
      'results',
      new Lazy(ordered.length, function* () {
        for (const r of ordered)
          yield {
            ...r,
            status: queryStatus(r),
            ...(redirectChange(r) ? { redirectChange: redirectChange(r) } : {}),
            metrics: shownMetrics(r),
          };
      }),
    ],
    ['qualityPerQuery', quality && new Lazy(quality.perQuery.length, () => quality.perQuery)],
    ['explanation', addition?.json],
  ]);
}

/** An array made one element at a time, for prettyJsonPieces. */
class Lazy {
  constructor(
    readonly length: number,
    readonly items: () => Iterable<unknown>,
  ) {}
}

/**
 * An object as `JSON.stringify(value, null, 2)` plus a newline would print it, in pieces: each entry, and each
 * element of a Lazy array on its own — so a report of 100,000 queries is never one string. Entries whose
 * value is undefined are left out, as JSON.stringify leaves them.
 */
function* prettyJsonPieces(entries: [string, unknown][]): Generator<string> {
  const present = entries.filter(([, v]) => v !== undefined);
  yield '{\n';
  for (const [i, [key, value]] of present.entries()) {
    yield `  ${JSON.stringify(key)}: `;
    if (value instanceof Lazy && value.length > 0) {
      yield '[\n';
      let n = 0;
      for (const item of value.items()) yield `${n++ ? ',\n' : ''}    ${JSON.stringify(item, null, 2).replace(/\n/g, '\n    ')}`;
      yield '\n  ]';
    } else yield value instanceof Lazy ? '[]' : JSON.stringify(value, null, 2).replace(/\n/g, '\n  ');
    yield i < present.length - 1 ? ',\n' : '\n';
  }
  yield '}\n';
}

/** The quality summary as reports carry it: per metric, the means, the delta, p, the interval and the tally. */
export function qualityJson(quality: BatchQuality) {
  return Object.fromEntries(
    METRIC_NAMES.map((m) => {
      const c = quality.metrics[m];
      return [m, { a: c.a, b: c.b, delta: c.delta, p: c.p, ci95: c.ci95, wins: c.wins, losses: c.losses, ties: c.ties }];
    }),
  );
}

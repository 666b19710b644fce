import { z } from 'zod';
import {
  batchQuality,
  type BatchQuality,
  type QualityConfig,
  BATCH_REPORT_FORMAT,
  type BatchResult,
  type QueryRow,
  type SideResult,
} from '../compare';
import { type RatingIndex, queryKey } from '../judgments';
import { asSentence, describeIssues, zodIssues } from '../zod';

/** What a baseline needs of an earlier run's JSON report: its name, and each query's side B ranking. */
const baselineSideSchema = z.looseObject({
  ok: z.boolean(),
  top: z.array(z.looseObject({ id: z.string() })).default([]),
  ranking: z.array(z.string()).optional(),
});

const baselineReportSchema = z.looseObject({
  format: z.literal(BATCH_REPORT_FORMAT),
  name: z.string(),
  createdAt: z.string().optional(),
  sides: z.looseObject({ b: z.looseObject({ label: z.string() }) }),
  results: z.array(z.looseObject({ query: z.string(), b: baselineSideSchema })),
});

export interface BaselineRun {
  name: string;
  label: string;
  createdAt?: string;
  /** Side B's ranking per query (by its normalised text); null where B failed in that run. */
  rankings: Map<string, string[] | null>;
}

/** An earlier run's JSON report read as a baseline, or an error naming the field and the fix. */
export function readBaselineReport(json: unknown, name: string): BaselineRun | { error: string } {
  const parsed = baselineReportSchema.safeParse(json);
  if (!parsed.success)
    return {
      error: `${name} is not a JSON batch report (the .json --out of compare): ${asSentence(describeIssues(zodIssues(parsed.error)))}`,
    };
  const rankings = new Map<string, string[] | null>();
  for (const r of parsed.data.results) {
    const key = queryKey(r.query);
    if (rankings.has(key)) continue;
    rankings.set(key, r.b.ok ? (r.b.ranking ?? r.b.top.map((t) => t.id)) : null);
  }
  return {
    name: parsed.data.name,
    label: parsed.data.sides.b.label,
    ...(parsed.data.createdAt ? { createdAt: parsed.data.createdAt } : {}),
    rankings,
  };
}

const asSide = (ranking: string[] | null): SideResult =>
  ranking === null
    ? { ok: false, ms: null, attempts: 0, top: [], error: { code: 'missing', message: 'not in the baseline run' } }
    : { ok: true, ms: null, attempts: 1, top: [], ranking };

/**
 * This run's side B against side B of a baseline run, paired by query (normalised text): quality and the
 * significance of B − baseline B for every metric, both measured with today's judgments from the stored
 * rankings. A query the baseline did not run (or where its B failed) is unpaired and left out.
 */
export function againstBaseline(
  results: readonly BatchResult[],
  rows: readonly Pick<QueryRow, 'query'>[],
  baseline: BaselineRun,
  judgments: RatingIndex,
  config: QualityConfig,
): BatchQuality {
  const paired = results.map((r): BatchResult => ({
    ...r,
    a: asSide(baseline.rankings.get(queryKey(rows[r.index]?.query ?? r.query)) ?? null),
  }));
  return batchQuality(paired, rows, judgments, config);
}

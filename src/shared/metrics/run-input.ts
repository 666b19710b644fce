import { z } from 'zod';
import { asSentence, describeIssues, zodIssues } from '../zod';
import type { RunQuery } from './quality';
import { parseTrecRun } from './trec-run';

/** One side of a batch or experiment JSON export, as far as a run needs it. */
const sideResult = z.looseObject({
  ok: z.boolean(),
  /** The answer's item ids in order (experiments keep the whole page). */
  ranking: z.array(z.string()).optional(),
  /** The first ten items (every batch export has them). */
  top: z.array(z.looseObject({ id: z.string() })).default([]),
});
const exportSchema = z.looseObject({
  results: z.array(z.looseObject({ query: z.string(), a: sideResult, b: sideResult })),
});

export type RunRead = { ok: true; run: RunQuery[]; source: 'trec' | 'export' } | { ok: false; message: string; line?: number };

/**
 * A run from a TREC run file or from a batch/experiment JSON export (one
 * side of it). A side that failed for a query has no ranking, so the query
 * counts as missing from the run rather than as a ranking with nothing in it.
 */
export function readRun(text: string, side: 'a' | 'b' = 'a'): RunRead {
  const t = text.replace(/^\uFEFF/, '');
  if (!t.trimStart().startsWith('{')) {
    const read = parseTrecRun(t);
    return read.ok ? { ok: true, run: read.run, source: 'trec' } : read;
  }
  let json: unknown;
  try {
    json = JSON.parse(t);
  } catch (err) {
    return { ok: false, message: `The JSON does not parse: ${(err as Error).message}` };
  }
  const parsed = exportSchema.safeParse(json);
  if (!parsed.success)
    return {
      ok: false,
      message: `This is neither a TREC run nor a batch or experiment JSON export: ${asSentence(describeIssues(zodIssues(parsed.error)))}`,
    };
  const run = parsed.data.results
    .filter((r) => r[side].ok)
    .map((r) => ({ query: r.query, ranking: r[side].ranking ?? r[side].top.map((item) => item.id) }));
  return { ok: true, run, source: 'export' };
}

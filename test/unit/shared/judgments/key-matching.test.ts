import { describe, expect, it } from 'vitest';
import { batchQuality } from '../../../../src/shared/compare/quality';
import type { BatchResult } from '../../../../src/shared/compare/types';
import { parseJudgments } from '../../../../src/shared/judgments/formats';
import { indexRatings } from '../../../../src/shared/judgments/model';
import { runQuality } from '../../../../src/shared/metrics/quality';
import { readRun } from '../../../../src/shared/metrics/run-input';

// Judgments and runs from any pair of formats meet on a query when its two texts are equal after normalisation;
// the underscore of a TREC qid stands for a space, in TREC files only. Each file below writes its queries as the
// format writes them, by hand, as another tool would.

const OPTIONS = { k: 10, gain: 'exponential' as const, threshold: 1 };

/** A judgment file of `format` rating d1 (3) and d2 (1) for each query, written as that format writes text. */
function judgments(format: 'quepid' | 'trec' | 'rre', queries: string[]): string {
  if (format === 'quepid') return ['query,docid,rating', ...queries.flatMap((q) => [`${q},d1,3`, `${q},d2,1`])].join('\n');
  if (format === 'trec') return queries.flatMap((q) => [`${q} 0 d1 3`, `${q} 0 d2 1`]).join('\n');
  return JSON.stringify({
    query_groups: queries.map((q) => ({
      name: q,
      queries: [{ template: 't', placeholders: { $query: q } }],
      relevant_documents: { d1: 3, d2: 1 },
    })),
  });
}

/** A run ranking d2 over d1 for each query: a TREC run, or a batch JSON export. */
function run(format: 'trec-run' | 'export', queries: string[]): string {
  if (format === 'trec-run') return queries.flatMap((q) => [`${q} Q0 d2 1 2.0 t`, `${q} Q0 d1 2 1.0 t`]).join('\n');
  const side = { ok: true, top: [{ id: 'd2' }, { id: 'd1' }], ranking: ['d2', 'd1'] };
  return JSON.stringify({ results: queries.map((query) => ({ query, a: side, b: side })) });
}

function measure(judged: string, ran: string) {
  const read = parseJudgments(judged);
  if (!read.ok) throw new Error(read.message);
  const r = readRun(ran);
  if (!r.ok) throw new Error(r.message);
  return runQuality(r.run, indexRatings(read.ratings, { trec: read.format === 'trec' }), OPTIONS);
}

const JUDGMENTS = ['quepid', 'trec', 'rre'] as const;
const RUNS = ['trec-run', 'export'] as const;

describe('judgment keys across formats', () => {
  // The bug: a Quepid CSV's `linen_shirt` and a TREC run's qid `linen_shirt` did not meet (14 of 21 judged queries
  // were both "unjudged" and "missing"). Every file here writes `linen_shirt` literally.
  for (const j of JUDGMENTS)
    for (const r of RUNS)
      it(`meets on linen_shirt: ${j} judgments and a ${r}`, () => {
        const report = measure(judgments(j, ['linen_shirt', 'red dress'.replace(' ', j === 'trec' ? '_' : ' ')]), run(r, ['linen_shirt']));
        expect(report.unjudged).toEqual([]);
        expect(Object.keys(report.queries)).toEqual(['linen_shirt']);
        expect(report.missing).toHaveLength(1); // red dress only: linen_shirt is matched once, not also "missing"
        expect(report.mean.recall).toBe(1);
      });

  // The other direction: the query "linen shirt" as each format writes it (TREC with `_`, the others with a space).
  const written = (format: string, text: string) => (format === 'trec' || format === 'trec-run' ? text.replace(/ /g, '_') : text);
  for (const j of JUDGMENTS)
    for (const r of RUNS)
      it(`meets on "linen shirt" as each writes it: ${j} judgments and a ${r}`, () => {
        const report = measure(judgments(j, [written(j, 'linen shirt')]), run(r, [written(r, 'linen shirt')]));
        expect(report.unjudged).toEqual([]);
        expect(report.missing).toEqual([]);
        expect(Object.keys(report.queries)).toHaveLength(1);
      });

  it('keeps `_` and a space apart when neither file is TREC', () => {
    for (const j of ['quepid', 'rre'] as const) {
      const report = measure(judgments(j, ['linen_shirt']), run('export', ['linen shirt']));
      expect(report.unjudged).toEqual(['linen shirt']);
      expect(report.missing).toEqual(['linen_shirt']);
      const back = measure(judgments(j, ['linen shirt']), run('export', ['linen_shirt']));
      expect(back.unjudged).toEqual(['linen_shirt']);
    }
  });

  it('matches a query that would meet two judged texts once, on its exact text first', () => {
    // Quepid holds both "linen shirt" and "linen_shirt"; the TREC run's qid linen_shirt stands for "linen shirt".
    const both = 'query,docid,rating\nlinen shirt,d2,3\nlinen_shirt,d1,3';
    const report = measure(both, run('trec-run', ['linen_shirt']));
    expect(Object.keys(report.queries)).toEqual(['linen_shirt']);
    expect(report.queries.linen_shirt!.rr).toBe(1); // d2 (first) is the relevant one: "linen shirt"'s judgments
    expect(report.missing).toEqual(['linen_shirt']); // the other judged text, once
  });

  it('measures a batch whose query list writes linen_shirt against TREC qrels', () => {
    const read = parseJudgments(judgments('trec', ['linen_shirt']));
    if (!read.ok) throw new Error(read.message);
    const side = { ok: true, ms: 1, attempts: 1, count: 2, top: [{ id: 'd1' }, { id: 'd2' }], ranking: ['d1', 'd2'] };
    const results: BatchResult[] = [{ index: 0, query: 'linen_shirt', a: side, b: side, metrics: null, finishedAt: '' }];
    const q = batchQuality(results, [{ query: 'linen_shirt' }], indexRatings(read.ratings, { trec: true }), OPTIONS);
    expect(q.paired).toBe(1);
    expect(q.unjudged).toBe(0);
  });
});

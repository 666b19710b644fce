import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { indexRatings } from '../../../../src/shared/judgments/model';
import { dedupeRanking, queryQuality, runQuality, type QualityOptions } from '../../../../src/shared/metrics/quality';
import { parseTrecRun } from '../../../../src/shared/metrics/trec-run';

const ratings = (entries: Record<string, number>) => new Map(Object.entries(entries));
const opts = (o: Partial<QualityOptions> = {}): QualityOptions => ({ k: 10, gain: 'exponential', threshold: 1, ...o });
const L = Math.log2;

describe('one ranking against one query’s judgments', () => {
  it('matches a hand-computed table: graded ratings, an unrated item, exponential and linear gain', () => {
    // ranking: a(3) x(unrated) b(1) c(0) d(2); judged also e(2), not returned.
    const judged = ratings({ a: 3, b: 1, c: 0, d: 2, e: 2 });
    const ranking = ['a', 'x', 'b', 'c', 'd'];
    const exp = queryQuality(ranking, judged, opts({ k: 5 }));
    const dcg = 7 / L(2) + 1 / L(4) + 3 / L(6);
    const idcg = 7 / L(2) + 3 / L(3) + 3 / L(4) + 1 / L(5) + 0 / L(6);
    expect(exp.dcg).toBeCloseTo(dcg, 12);
    expect(exp.ndcg).toBeCloseTo(dcg / idcg, 12);
    expect(exp.R).toBe(4); // a, b, d, e (c is rated 0)
    expect(exp.precision).toBeCloseTo(3 / 5, 12);
    expect(exp.recall).toBeCloseTo(3 / 4, 12);
    expect(exp.judged).toBeCloseTo(4 / 5, 12);
    expect(exp.rr).toBe(1);
    expect(exp.ap).toBeCloseTo((1 / 1 + 2 / 3 + 3 / 5) / 4, 12);
    const lin = queryQuality(ranking, judged, opts({ k: 5, gain: 'linear' }));
    expect(lin.dcg).toBeCloseTo(3 / L(2) + 1 / L(4) + 2 / L(6), 12);
    expect(lin.ndcg).toBeCloseTo((3 / L(2) + 1 / L(4) + 2 / L(6)) / (3 / L(2) + 2 / L(3) + 2 / L(4) + 1 / L(5)), 12);
  });

  it('keeps k fixed when fewer items came back, and AP and RR read the whole ranking past k', () => {
    const judged = ratings({ a: 1, b: 1, z: 1 });
    const q = queryQuality(['n1', 'n2', 'a', 'b'], judged, opts({ k: 2 }));
    expect(q.precision).toBe(0);
    expect(q.dcg).toBe(0);
    expect(q.rr).toBeCloseTo(1 / 3, 12);
    expect(q.ap).toBeCloseTo((1 / 3 + 2 / 4) / 3, 12);
    const short = queryQuality(['a'], judged, opts({ k: 10 }));
    expect(short.precision).toBeCloseTo(0.1, 12);
    // judged@k as ir_measures counts it: of the items that came back (one, rated), not of k.
    expect(short.judged).toBe(1);
    expect(queryQuality(['a', 'n1'], judged, opts({ k: 10 })).judged).toBe(0.5);
    expect(queryQuality([], judged, opts({ k: 10 })).judged).toBe(0);
    expect(short.recall).toBeCloseTo(1 / 3, 12);
  });

  it('ties in ratings: the ideal order does not care which tied item comes first', () => {
    const judged = ratings({ a: 2, b: 2, c: 1 });
    expect(queryQuality(['b', 'a', 'c'], judged, opts()).ndcg).toBeCloseTo(1, 12);
    expect(queryQuality(['a', 'b', 'c'], judged, opts()).ndcg).toBeCloseTo(1, 12);
  });

  it('counts a duplicated id once, at its first position', () => {
    expect(dedupeRanking(['a', 'b', 'a', 'c', 'b'])).toEqual(['a', 'b', 'c']);
    const judged = ratings({ a: 1, b: 1 });
    const q = queryQuality(['a', 'a', 'a', 'b'], judged, opts({ k: 2 }));
    expect(q.precision).toBe(1);
    expect(q.ap).toBe(1);
  });

  it('R = 0 gives zeros, never NaN', () => {
    const q = queryQuality(['a', 'b'], ratings({ a: 0 }), opts());
    expect(q).toMatchObject({ R: 0, ndcg: 0, ap: 0, recall: 0, rr: 0, precision: 0 });
    // One of the two returned is rated.
    expect(q.judged).toBe(0.5);
  });

  it('uses the threshold for relevance, not for gain', () => {
    const judged = ratings({ a: 1, b: 2 });
    const q = queryQuality(['a', 'b'], judged, opts({ threshold: 2 }));
    expect(q.R).toBe(1);
    expect(q.rr).toBe(0.5);
    expect(q.dcg).toBeCloseTo(1 + 3 / L(3), 12);
  });
});

/** A qrels text (`qid 0 docid rel` lines) as a rating index, read plainly: the test's own reading, not the app's parser. */
const qrelsIndex = (qrels: string) =>
  indexRatings(
    qrels
      .trim()
      .split('\n')
      .map((l) => l.split(' '))
      .map(([q, , d, r]) => ({ query: q!, itemId: d!, rating: Number(r) })),
  );

describe('trec_eval cross-check', () => {
  // The example published in pytrec_eval's README (which wraps trec_eval): two queries, three documents each.
  const qrels = 'q1 0 d1 0\nq1 0 d2 1\nq1 0 d3 0\nq2 0 d2 1\nq2 0 d3 1\n';
  const run = ['q1 Q0 d1 1 1.0 r', 'q1 Q0 d2 2 0.0 r', 'q1 Q0 d3 3 1.5 r', 'q2 Q0 d1 1 1.5 r', 'q2 Q0 d2 2 0.2 r', 'q2 Q0 d3 3 0.5 r'].join(
    '\n',
  );

  it('linear gain reproduces its ndcg and map: q1 0.5 / 0.3333…, q2 0.6934264036172708 / 0.5833…', () => {
    const judgments = qrelsIndex(qrels);
    const parsed = parseTrecRun(run);
    if (!parsed.ok) throw new Error(parsed.message);
    const report = runQuality(parsed.run, judgments, { k: 10, gain: 'linear', threshold: 1 });
    expect(report.queries.q1!.ndcg).toBeCloseTo(0.5, 12);
    expect(report.queries.q1!.ap).toBeCloseTo(1 / 3, 12);
    expect(report.queries.q2!.ndcg).toBeCloseTo(0.6934264036172708, 12);
    expect(report.queries.q2!.ap).toBeCloseTo(0.5833333333333333, 12);
  });

  it('ranks a TREC run as trec_eval does: score high to low, ties by docid descending, the rank column ignored', () => {
    const parsed = parseTrecRun('# a run\nq Q0 a 1 1.0 t\nq Q0 c 2 2.0 t\nq Q0 b 3 1.0 t\n\nq Q0 d 9 3.0 t');
    expect(parsed.ok && parsed.run).toEqual([{ query: 'q', text: 'q', ranking: ['d', 'c', 'b', 'a'] }]);
    expect(parseTrecRun('q Q0 a 1')).toMatchObject({ ok: false, line: 1, message: expect.stringContaining('6 fields') });
    expect(parseTrecRun('q Q0 a 1 high t')).toMatchObject({ ok: false, message: expect.stringContaining('"high" is not a number') });
  });
});

describe('a run against judgments', () => {
  it('averages over judged queries (one with no relevant item counts as 0), lists unjudged and missing queries, matches queries normalised', () => {
    const judgments = indexRatings([
      { query: 'Red  Dress', itemId: 'a', rating: 2 },
      { query: 'shoes', itemId: 's', rating: 0 },
      { query: 'hats', itemId: 'h', rating: 3 },
    ]);
    const report = runQuality(
      [
        { query: 'red dress ', ranking: ['a'] },
        { query: 'shoes', ranking: ['s'] },
        { query: 'socks', ranking: ['x'] },
      ],
      judgments,
      { k: 10, gain: 'exponential', threshold: 1 },
    );
    expect(Object.keys(report.queries)).toEqual(['red dress ', 'shoes']);
    expect(report.mean.ndcg).toBe(0.5);
    expect(report.noRelevant).toEqual(['shoes']);
    expect(report.unjudged).toEqual(['socks']);
    expect(report.missing).toEqual(['hats']);
    expect(runQuality([], judgments, { k: 10, gain: 'linear', threshold: 1 }).mean.ndcg).toBe(0);
  });

  it("a judged query whose items are all graded 0 is in trec_eval's mean: MAP (1/3 + 7/12 + 0) / 3, not over two", () => {
    // pytrec_eval's example with a third query judged and nothing in it relevant. trec_eval counts every query of the
    // qrels that the run has (num_q 3): map = (0.3333 + 0.5833 + 0) / 3 = 0.3056; leaving q3 out gave 0.4583.
    const qrels = 'q1 0 d1 0\nq1 0 d2 1\nq1 0 d3 0\nq2 0 d2 1\nq2 0 d3 1\nq3 0 d1 0\nq3 0 d2 0\n';
    const judgments = qrelsIndex(qrels);
    const parsed = parseTrecRun(
      [
        'q1 Q0 d1 1 1.0 r',
        'q1 Q0 d2 2 0.0 r',
        'q1 Q0 d3 3 1.5 r',
        'q2 Q0 d1 1 1.5 r',
        'q2 Q0 d2 2 0.2 r',
        'q2 Q0 d3 3 0.5 r',
        'q3 Q0 d1 1 2 r',
        'q3 Q0 d2 2 1 r',
      ].join('\n'),
    );
    if (!parsed.ok) throw new Error(parsed.message);
    const report = runQuality(parsed.run, judgments, { k: 10, gain: 'linear', threshold: 1 });
    expect(Object.keys(report.queries)).toHaveLength(3);
    expect(report.noRelevant).toEqual(['q3']);
    expect(report.mean.ap).toBeCloseTo((1 / 3 + 7 / 12 + 0) / 3, 12);
    expect(report.mean.ndcg).toBeCloseTo((0.5 + 0.6934264036172708 + 0) / 3, 12);
  });
});

describe('properties', () => {
  const id = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h');
  const judged = fc.dictionary(id, fc.integer({ min: 0, max: 3 }), { minKeys: 1 }).map((d) => new Map(Object.entries(d)));
  const ranking = fc.array(id, { maxLength: 12 });
  const options = fc.record({
    k: fc.integer({ min: 1, max: 12 }),
    gain: fc.constantFrom('exponential' as const, 'linear' as const),
    threshold: fc.constant(1),
  });

  it('ndcg is in [0, 1], and every rate in [0, 1]', () => {
    fc.assert(
      fc.property(ranking, judged, options, (r, j, o) => {
        const q = queryQuality(r, j, o);
        for (const v of [q.ndcg, q.precision, q.ap, q.rr, q.recall, q.judged]) {
          expect(v).toBeGreaterThanOrEqual(0);
          expect(v).toBeLessThanOrEqual(1 + 1e-12);
        }
      }),
    );
  });

  it('permuting the items rated 0 among themselves never changes dcg', () => {
    fc.assert(
      fc.property(ranking, judged, options, fc.integer(), (r, j, o, seed) => {
        const ids = dedupeRanking(r);
        const zeroPositions = ids.map((x, i) => (j.get(x) === 0 ? i : -1)).filter((i) => i >= 0);
        const zeros = zeroPositions.map((i) => ids[i]!);
        const shuffled = [...zeros].sort((x, y) => ((x.charCodeAt(0) * 31 + seed) % 7) - ((y.charCodeAt(0) * 31 + seed) % 7));
        const permuted = [...ids];
        zeroPositions.forEach((pos, i) => (permuted[pos] = shuffled[i]!));
        expect(queryQuality(permuted, j, o).dcg).toBeCloseTo(queryQuality(ids, j, o).dcg, 12);
      }),
    );
  });

  it('a ranking sorted by rating gives ndcg 1 (when anything is rated above 0)', () => {
    fc.assert(
      fc.property(judged, options, (j, o) => {
        fc.pre([...j.values()].some((v) => v > 0));
        const sorted = [...j].sort((x, y) => y[1] - x[1]).map(([x]) => x);
        expect(queryQuality(sorted, j, o).ndcg).toBeCloseTo(1, 12);
      }),
    );
  });
});

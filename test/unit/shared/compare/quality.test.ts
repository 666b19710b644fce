import { describe, expect, it } from 'vitest';
import { batchQuality, qualitySentence, sideNames, weightText } from '../../../../src/shared/compare/quality';
import { batchHtml } from '../../../../src/report';
import { batchCsv, batchJson } from '../../../../src/shared/compare/reports';
import { defaultBatchName, sideDifferences, sidesSummary } from '../../../../src/shared/compare/sides';
import { summarize, triageOrder } from '../../../../src/shared/compare/summary';
import type { BatchDefinition, BatchResult, SideResult } from '../../../../src/shared/compare/types';
import { indexRatings } from '../../../../src/shared/judgments/model';
import { byTag, parseHtml, words } from '../../../helpers/html';

const side = (ranking: string[] | null): SideResult =>
  ranking === null
    ? { ok: false, ms: null, attempts: 1, count: null, error: { code: 'http', message: 'x' }, top: [] }
    : { ok: true, ms: 5, attempts: 1, count: ranking.length, top: ranking.slice(0, 10).map((id) => ({ id })), ranking };

function result(index: number, query: string, a: string[] | null, b: string[] | null, rbo = 0.5): BatchResult {
  const both = a !== null && b !== null;
  return {
    index,
    query,
    a: side(a),
    b: side(b),
    metrics: both
      ? {
          rbo,
          change: 1 - rbo,
          overlap1: 0,
          overlap3: 0,
          overlap10: 0.5,
          overlapAll: 0.5,
          jaccard1: 0,
          jaccard3: 0,
          jaccard10: 0.3,
          jaccardAll: 0.3,
          kendallTau: 0.2,
          top1Changed: rbo < 1,
          countA: a.length,
          countB: b.length,
          countDelta: b.length - a.length,
          zeroA: a.length === 0,
          zeroB: b.length === 0,
          facetsChanged: 0,
          shared: 1,
        }
      : null,
    finishedAt: '2026-11-23T00:00:00.000Z',
  };
}

describe('queries empty on both sides', () => {
  it('are counted apart and left out of every change measure', () => {
    const results = [
      result(0, 'jacket', ['a', 'b'], ['b', 'a'], 0.4),
      result(1, 'zzz', [], [], 1),
      result(2, 'qqq', [], [], 1),
      result(3, 'x', ['a'], null),
    ];
    const s = summarize(results, 4);
    expect(s).toMatchObject({
      compared: 3,
      bothEmpty: 2,
      failed: 1,
      meanRbo: 0.4,
      top1Changed: 1,
      meanJaccard10: 0.3,
      meanKendallTau: 0.2,
    });
    expect(s.change.bins.reduce((x, y) => x + y, 0)).toBe(1);
    expect([...results].sort(triageOrder).map((r) => r.index)).toEqual([0, 1, 2, 3]);
    const onlyEmpty = summarize([result(0, 'zzz', [], [], 1)], 1);
    expect(onlyEmpty).toMatchObject({ bothEmpty: 1, meanRbo: null, medianRbo: null, top1Changed: 0 });
  });
});

describe('quality of a batch', () => {
  const judgments = indexRatings([
    { query: 'jacket', itemId: 'j1', rating: 3 },
    { query: 'jacket', itemId: 'j2', rating: 1 },
    { query: 'dress', itemId: 'd1', rating: 2 },
    { query: 'socks', itemId: 's1', rating: 0 },
  ]);

  it('pairs judged queries both sides answered, per metric A, B, B − A, and says what it left out', () => {
    const results = [
      result(0, 'jacket', ['x', 'j1', 'j2'], ['j1', 'j2', 'x']),
      result(1, 'dress', ['d1'], ['z', 'd1']),
      result(2, 'socks', ['s1'], ['s1']),
      result(3, 'hats', ['h'], ['h']),
      result(4, 'dress', ['d1'], null),
    ];
    const q = batchQuality(
      results,
      results.map((r) => ({ query: r.query })),
      judgments,
      { k: 10, gain: 'linear', threshold: 1 },
    );
    // socks is judged and nothing in it relevant: counted (as trec_eval counts it), its RR 0 on both sides; hats is
    // not judged at all.
    expect(q).toMatchObject({ paired: 3, noRelevant: 1, unjudged: 1, unpaired: 1 });
    expect(q.perQuery[0]!.delta!.rr).toBeCloseTo(1 - 0.5, 12);
    expect(q.perQuery[1]!.delta!.rr).toBeCloseTo(0.5 - 1, 12);
    expect(q.perQuery[2]).toMatchObject({ R: 0, judged: true, delta: { rr: 0, ap: 0 } });
    expect(q.metrics.rr).toMatchObject({ n: 3, wins: 1, losses: 1, ties: 1 });
    expect(q.metrics.rr.delta).toBeCloseTo(0, 12);
    expect(q.metrics.judged.n).toBe(3);
  });

  it('says the finding in a sentence, significant or not', () => {
    const c = {
      n: 50,
      a: 0.6,
      b: 0.641,
      delta: 0.041,
      p: 0.006,
      ci95: [0.012, 0.07] as [number, number],
      wins: 31,
      losses: 12,
      ties: 7,
      significant: true,
    };
    expect(qualitySentence('ndcg', c, 10)).toBe(
      'B is better on nDCG@10 by 0.041 (95% CI 0.012–0.070, p = 0.006, 31 wins / 12 losses / 7 ties for B).',
    );
    // B worse: the sentence still speaks for B, as its interval (of B − A) and its wins and losses do.
    const worse = { ...c, delta: -0.047, p: 0.0002, ci95: [-0.073, -0.022] as [number, number], wins: 3, losses: 39, ties: 8 };
    expect(qualitySentence('ndcg', worse, 10, { a: 'A (default)', b: 'B (new-arrivals)' })).toBe(
      'B (new-arrivals) is worse on nDCG@10 by 0.047 (95% CI −0.073 to −0.022, p < 0.001, 3 wins / 39 losses / 8 ties for B (new-arrivals)).',
    );
    expect(qualitySentence('ap', { ...c, delta: -0.01, p: 0.4, significant: false }, 10, { a: 'default', b: 'bestsellers' })).toMatch(
      /^bestsellers is behind on AP by 0\.010, but not significantly \(.*for bestsellers\)\.$/,
    );
    expect(qualitySentence('ap', { ...c, delta: 0.01, p: 0.4, significant: false }, 10)).toMatch(
      /^B is ahead on AP by 0\.010, but not significantly/,
    );
    expect(qualitySentence('ndcg', { ...c, n: 0 }, 5)).toMatch(/nothing to compare/);
    expect(qualitySentence('ndcg', { ...c, p: 0.0004 }, 10)).toContain('p < 0.001,');
    expect(qualitySentence('ndcg', { ...c, delta: 0 }, 10)).toMatch(/^B is level with A on nDCG@10 \(/);
    expect(qualitySentence('ndcg', { ...c, delta: -0.01, ci95: [-0.369, 0.356], significant: false }, 10)).toContain(
      '(95% CI −0.369 to 0.356, ',
    );
    expect(sideNames({ a: { label: 'default' }, b: { label: 'B: bestsellers' } })).toEqual({ a: 'A (default)', b: 'B: bestsellers' });
  });

  it('weighs queries by how often shoppers searched them when asked to, and says which', () => {
    const results = [result(0, 'jacket', ['x', 'j1', 'j2'], ['j1', 'j2', 'x']), result(1, 'dress', ['d1'], ['z', 'd1'])];
    const rows = [
      { query: 'jacket', line: 1, weight: 9 },
      { query: 'dress', line: 2, weight: 1 },
    ];
    const config = { k: 10, gain: 'exponential', threshold: 1 } as const;
    const plain = batchQuality(results, rows, judgments, config);
    const weighted = batchQuality(results, rows, judgments, { ...config, weight: 'frequency' });
    const [jacket, dress] = weighted.perQuery.map((q) => q.delta!.ndcg);
    expect(plain.metrics.ndcg.delta).toBeCloseTo((jacket! + dress!) / 2, 12);
    expect(weighted.metrics.ndcg.delta).toBeCloseTo((9 * jacket! + dress!) / 10, 12);
    expect(weighted.weight).toBe('frequency');
    expect(weightText(weighted.weight)).toMatch(/weighted by how often shoppers searched them/);
    expect(weightText(plain.weight)).toBe('each query counted once (unweighted)');
  });

  it('goes into every report: CSV columns per query, the JSON summary, the HTML table and sentence', () => {
    const results = [
      result(0, 'jacket', ['x', 'j1', 'j2'], ['j1', 'j2', 'x']),
      result(1, 'dress', ['d1'], ['z', 'd1']),
      result(2, 'zzz', [], []),
    ];
    const rows = results.map((r) => ({ query: r.query, line: r.index + 1 }));
    const q = batchQuality(results, rows, judgments, { k: 10, gain: 'exponential', threshold: 1 });
    const definition: BatchDefinition = {
      id: 'x',
      name: 'default vs bestsellers',
      createdAt: '2026-11-23',
      base: {},
      sides: { a: { label: 'default', overrides: {} }, b: { label: 'bestsellers', overrides: { configurationId: 'bestsellers' } } },
      rows,
      concurrency: 2,
      quality: { k: 10, gain: 'exponential', threshold: 1, judgments: { file: 'r.json', name: 'Ratings' } },
    };
    const csv = batchCsv(results, q).trim().split('\r\n');
    expect(csv[0]).toMatch(/,judged_relevant,ndcg_a,ndcg_b,ndcg_delta,dcg_a,.*,judged_a,judged_b,judged_delta$/);
    const [ndcgA, ndcgB, ndcgDelta] = csv[1]!.split(',').slice(-21, -18).map(Number);
    expect(ndcgA).toBeCloseTo(q.perQuery[0]!.a!.ndcg, 6);
    expect(ndcgB).toBe(1);
    expect(ndcgDelta).toBeCloseTo(q.perQuery[0]!.delta!.ndcg, 6);
    expect(csv[3]).toMatch(/^3,zzz,both empty,/);
    const text = batchJson(definition, results, q);
    const json = JSON.parse(text);
    // Written a query at a time, it is still exactly the document pretty-printed whole.
    expect(text).toBe(`${JSON.stringify(json, null, 2)}\n`);
    expect(batchJson({ ...definition, rows: [] }, [])).toBe(
      `${JSON.stringify(JSON.parse(batchJson({ ...definition, rows: [] }, [])), null, 2)}\n`,
    );
    expect(json.summary.bothEmpty).toBe(1);
    // Two queries, +0.5 and −0.5: Student's t at 1 degree of freedom (12.706) × s/√2 = 0.5 either side of 0.
    const rr = json.summary.quality.rr;
    expect(rr).toMatchObject({ a: 0.75, b: 0.75, delta: 0, p: 1, wins: 1, losses: 1, ties: 0 });
    expect(rr.ci95[0]).toBeCloseTo(-12.7062 * 0.5, 3);
    expect(rr.ci95[1]).toBeCloseTo(12.7062 * 0.5, 3);
    expect(json.qualityConfig).toMatchObject({
      judgments: { file: 'r.json', name: 'Ratings' },
      ratings: 'confirmed',
      paired: 2,
      unjudged: 1,
    });
    const page = parseHtml(batchHtml(definition, results, { quality: q }));
    expect(byTag(page, 'p', 'sentence').map(words)).toContain(
      qualitySentence('ndcg', q.metrics.ndcg, 10, { a: 'A (default)', b: 'B (bestsellers)' }),
    );
    expect(byTag(page, 'div', 'k').map(words)).toContain('Empty on both sides');
    // Zero-result rates on a fixed 0–100% scale: one of three queries empty on A is a third of a bar, not a full one.
    const zero = byTag(page, 'div', 'pairs').find((p) => words(byTag(p, 'div', 'pairs-label')[0]!) === 'Zero-result rate')!;
    expect(byTag(zero, 'span', 'fill-a')[0]!.attributes.style).toMatch(/^width:33\.33/);
  });
});

describe('batch names', () => {
  it('say what differs between the sides, or use telling labels', () => {
    const spec = (label: string, configurationId?: string, filter?: string) => ({
      label,
      overrides: { ...(configurationId ? { configurationId } : {}), ...(filter ? { options: { filter } } : {}) },
    });
    expect(defaultBatchName({ a: spec('A'), b: spec('B', 'bestsellers') })).toBe('default vs bestsellers');
    expect(defaultBatchName({ a: spec('A: default'), b: spec('B: new', 'new', 'price < 5') })).toBe(
      'default vs new, no filter vs price < 5',
    );
    expect(defaultBatchName({ a: spec('production'), b: spec('staging') })).toBe('production vs staging');
    expect(defaultBatchName({ a: spec('A'), b: spec('B') })).toBe('A vs B');
  });
});

describe('what differs between two sides', () => {
  const side = (label: string, overrides: Record<string, unknown> = {}, extra: Record<string, string> = {}) => ({
    label,
    overrides,
    ...extra,
  });

  it('names every override that differs, variables one by one, and never shows a token', () => {
    const a = side('default', { token: 'tok-a', context: { variables: { segment: 'outlet', locale: 'en' } } });
    const b = side('new-arrivals', {
      token: 'tok-b',
      configurationId: 'new-arrivals',
      options: { filter: ' stock > 0 ', sortBy: [{ field: 'price' }] },
      context: { variables: { segment: 'premium', locale: 'en' } },
    });
    expect(sideDifferences(a, b)).toEqual([
      { what: 'search token', a: 'set', b: 'another' },
      { what: 'variable segment', a: 'outlet', b: 'premium' },
      { what: 'configuration', a: 'default', b: 'new-arrivals' },
      { what: 'filter', a: 'no filter', b: 'stock > 0' },
      { what: 'options.sortBy', a: 'unset', b: '[{"field":"price"}]' },
    ]);
    expect(JSON.stringify(sideDifferences(a, b))).not.toMatch(/tok-/);
    expect(sideDifferences(a, a)).toEqual([]);
    // An empty filter is no filter: not a difference.
    expect(sideDifferences(side('x', { options: { filter: '' } }), side('y'))).toEqual([]);
    expect(sideDifferences(side('x', {}, { profileId: 'eu' }), side('y', {}, { baseUrl: 'https://staging.example.com/search' }))).toEqual([
      { what: 'service', a: 'the active profile', b: 'staging.example.com' },
      { what: 'profile', a: 'eu', b: 'the active one' },
    ]);
  });

  it('a list names the differences its labels do not already say', () => {
    const a = side('default');
    const b = side('new-arrivals', { configurationId: 'new-arrivals' });
    expect(sidesSummary(a, b)).toBe('default vs new-arrivals');
    // The case: Compare's side B carried a segment the labels never said.
    const hidden = side('new-arrivals', { configurationId: 'new-arrivals', context: { variables: { segment: 'premium' } } });
    expect(sidesSummary(a, hidden)).toBe('default vs new-arrivals (and variable segment unset → premium)');
    expect(sidesSummary(side('baseline'), side('candidate', { options: { filter: 'price < 50' } }))).toBe(
      'baseline vs candidate (filter no filter → price < 50)',
    );
    expect(sidesSummary(side('A'), side('B'))).toBe('A vs B (no difference)');
    expect(defaultBatchName({ a: side('A'), b: side('B', { context: { variables: { segment: 'premium' } } }) })).toBe(
      'segment unset vs premium',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { batchHtml } from '../../../../src/report';
import { batchCsv, batchJson } from '../../../../src/shared/compare/reports';
import { searchMeasures } from '../../../../src/shared/compare/sides';
import { queryStatus, redirectChange, summarize, triageOrder } from '../../../../src/shared/compare/summary';
import type { BatchDefinition, BatchResult, SideResult } from '../../../../src/shared/compare/types';
import type { SearchResponse } from '../../../../src/shared/request/types';
import { afterHeading, byTag, parseHtml, tableRows, words } from '../../../helpers/html';

/** An answer as the service gives it: items (a redirect item first when one triggered) and a count. */
function answer(ids: string[], redirectUrl?: string): SearchResponse {
  const items = ids.map((id, i) => ({ id, score: 10 - i, product: { title: `Item ${id}` } }));
  const redirect = redirectUrl
    ? [{ id: `redirect-${redirectUrl}`, score: 1, redirect: { id: 'r', name: 'Gift cards', url: redirectUrl } }]
    : [];
  return {
    items: [...redirect, ...items],
    metadata: {
      count: ids.length,
      time: 1,
      token: 't',
      url: '',
      offset: 0,
      limit: 24,
      facets: [],
      id: 'x',
      configurationId: 'c',
      exactCount: true,
    },
  } as SearchResponse;
}

const sideOf = (response: SearchResponse, redirectUrl?: string): SideResult => ({
  ok: true,
  ms: 4,
  attempts: 1,
  count: response.metadata.count,
  top: response.items.slice(0, 10).map((i) => ({ id: i.id })),
  ranking: response.items.map((i) => i.id),
  ...(redirectUrl ? { redirect: { url: redirectUrl, name: 'Gift cards' } } : {}),
});

/** One query's result built the way the runner builds it, from two answers. */
function row(index: number, query: string, a: { ids: string[]; redirect?: string }, b: { ids: string[]; redirect?: string }): BatchResult {
  const ra = answer(a.ids, a.redirect);
  const rb = answer(b.ids, b.redirect);
  return {
    index,
    query,
    a: sideOf(ra, a.redirect),
    b: sideOf(rb, b.redirect),
    metrics: searchMeasures(ra, rb),
    finishedAt: '2026-11-24T00:00:00.000Z',
  };
}

const results = [
  row(0, 'jacket', { ids: ['j1', 'j2', 'j3'] }, { ids: ['j2', 'j1', 'j3'] }),
  row(1, 'yoga pants', { ids: [] }, { ids: [] }),
  row(
    2,
    'gift card',
    { ids: [], redirect: 'https://shop.example.com/gift-cards' },
    { ids: [], redirect: 'https://shop.example.com/gift-cards' },
  ),
  row(
    3,
    'returns',
    { ids: [], redirect: 'https://shop.example.com/help/returns' },
    { ids: [], redirect: 'https://shop.example.com/returns' },
  ),
  row(4, 'sale', { ids: ['s1'], redirect: 'https://shop.example.com/sale' }, { ids: ['s1', 's2'] }),
];
const definition: BatchDefinition = {
  id: 'x',
  name: 'default vs bestsellers',
  createdAt: '2026-11-24',
  base: {},
  sides: { a: { label: 'default', overrides: {} }, b: { label: 'bestsellers', overrides: { configurationId: 'bestsellers' } } },
  rows: results.map((r) => ({ query: r.query, line: r.index + 1 })),
  concurrency: 2,
};

describe('both-empty and redirect queries in the summary', () => {
  it('a redirect is an answer of its own: counted apart, its URLs compared, out of the ranking measures', () => {
    expect(results.map(queryStatus)).toEqual(['compared', 'both empty', 'redirect', 'redirect', 'redirect']);
    expect(results.map(redirectChange)).toEqual([null, null, 'same', 'changed', 'only A']);
    const s = summarize(results);
    expect(s).toMatchObject({ compared: 5, bothEmpty: 1, redirects: { total: 3, same: 1, changed: 1, oneSide: 1 } });
    // Only "jacket" has two rankings to compare.
    expect(s.meanRbo).toBeCloseTo(results[0]!.metrics!.rbo, 9);
    expect(s.change.bins.reduce((x, y) => x + y, 0)).toBe(1);
    // A redirect answer is not a zero-result answer: only "yoga pants" is empty, on each side.
    expect(s.zeroRateA).toBeCloseTo(1 / 5, 9);
    expect(s.zeroRateB).toBeCloseTo(1 / 5, 9);
    // Most changed first, then redirects (changed before same), then both empty.
    expect([...results].sort(triageOrder).map((r) => r.query)).toEqual(['jacket', 'returns', 'sale', 'gift card', 'yoga pants']);
  });
});

describe('every export carries what the app shows', () => {
  it('CSV: the status, the redirect URLs per side, and blank ranking measures where there is no ranking', () => {
    const [header, ...lines] = batchCsv(results).trim().split('\r\n');
    const columns = header!.split(',');
    const cell = (line: number, column: string) => lines[line]!.split(',')[columns.indexOf(column)];
    expect(columns.slice(0, 6)).toEqual(['index', 'query', 'status', 'redirect_a', 'redirect_b', 'redirect_change']);
    expect(cell(0, 'status')).toBe('compared');
    expect(Number(cell(0, 'rbo'))).toBeGreaterThan(0);
    for (const [line, status] of [
      [1, 'both empty'],
      [2, 'redirect'],
      [3, 'redirect'],
    ] as const) {
      expect(cell(line, 'status')).toBe(status);
      for (const measure of ['rbo', 'change', 'overlap@10', 'overlap@all', 'jaccard@10', 'kendall_tau', 'top1_changed', 'shared'])
        expect(cell(line, measure), `${status} ${measure}`).toBe('');
    }
    expect([cell(3, 'redirect_a'), cell(3, 'redirect_b'), cell(3, 'redirect_change')]).toEqual([
      'https://shop.example.com/help/returns',
      'https://shop.example.com/returns',
      'changed',
    ]);
    expect([cell(4, 'redirect_b'), cell(4, 'redirect_change'), cell(4, 'zero_a')]).toEqual(['', 'only A', 'false']);
  });

  it('JSON: each result has its status, and null ranking measures where the app shows —', () => {
    const json = JSON.parse(batchJson(definition, results));
    expect(json.summary).toMatchObject({ bothEmpty: 1, redirects: { total: 3, same: 1, changed: 1, oneSide: 1 } });
    const byQuery = Object.fromEntries(json.results.map((r: { query: string }) => [r.query, r]));
    expect(byQuery['jacket']).toMatchObject({ status: 'compared', metrics: { rbo: results[0]!.metrics!.rbo } });
    expect(byQuery['yoga pants']).toMatchObject({
      status: 'both empty',
      metrics: { rbo: null, overlap10: null, top1Changed: null, countA: 0 },
    });
    expect(byQuery['returns']).toMatchObject({
      status: 'redirect',
      redirectChange: 'changed',
      a: { redirect: { url: 'https://shop.example.com/help/returns' } },
      metrics: { rbo: null, jaccard10: null, zeroA: false },
    });
  });

  it('HTML: both-empty and redirect rows say so, with no RBO or overlap; redirects listed with both URLs', () => {
    const page = parseHtml(batchHtml(definition, results));
    const headings = byTag(page, 'h2').map(words);
    const all = tableRows(afterHeading(page, 'All queries', 'table')!);
    const rowOf = (query: string) => all.find((r) => r[1] === query)!.slice(2, 5);
    expect(rowOf('yoga pants')).toEqual(['—', '—', 'both empty']);
    expect(rowOf('gift card')).toEqual(['—', '—', 'redirect']);
    expect(headings).toContain('Redirects (3)');
    const redirects = tableRows(afterHeading(page, 'Redirects (3)', 'table')!).map((r) => r.slice(1));
    expect(redirects).toContainEqual(['returns', 'https://shop.example.com/help/returns', 'https://shop.example.com/returns', 'changed']);
    expect(redirects).toContainEqual(['sale', 'https://shop.example.com/sale', 'no redirect', 'only A']);
    expect(words(byTag(page, 'footer')[0]!)).toContain('1 query was empty on both sides');
    expect(words(byTag(page, 'footer')[0]!)).toContain('3 queries answered with a redirect');
    // The most-changed list holds rankings only.
    const mostChanged = byTag(page, 'section', 'query').map((q) => words(byTag(q, 'h3')[0]!));
    for (const query of ['sale', 'returns', 'gift card']) expect(mostChanged).not.toContain(query);
  });
});

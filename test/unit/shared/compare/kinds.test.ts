import { describe, expect, it } from 'vitest';
import { answerSummary, kindMeasures, kindRequest, prefixesOf } from '../../../../src/shared/compare/kinds';
import { batchCsv, batchJson } from '../../../../src/shared/compare/reports';
import { batchHtml } from '../../../../src/report';
import { zeroResults } from '../../../../src/shared/compare/summary';
import type { BatchDefinition, BatchResult } from '../../../../src/shared/compare/types';
import { diffSuggest, groupCap } from '../../../../src/shared/diff/responses';
import type { AutocompleteResponse, SearchRequest, SuggestResponse } from '../../../../src/shared/request/types';
import { byTag, parseHtml, words } from '../../../helpers/html';

const item = (id: string) => ({ id, score: 1, product: { title: `Title ${id}` } });
const group = (value: string, count: number, ids: string[]) => ({ value, count, items: ids.map(item) });
const suggest = (...groups: ReturnType<typeof group>[]): SuggestResponse => ({
  groups,
  metadata: { time: 1, token: 't', id: 'x', configurationId: 'c' },
});
const autocomplete = (...texts: string[]): AutocompleteResponse => ({
  suggestions: texts.map((suggestion, i) => ({ suggestion, count: 10 - i })),
  metadata: { time: 1, token: 't', id: 'x', configurationId: 'c' },
});

describe('prefixes from a query set', () => {
  it('gives every prefix of length 1 to max, each once in the order first met, lower-cased and without trailing spaces', () => {
    expect(prefixesOf(['Running Shoes', 'run', '  red   dress '], 4)).toEqual(['r', 'ru', 'run', 'runn', 're', 'red']);
    expect(prefixesOf(['Running Shoes', 'red dress'], 1)).toEqual(['r']);
    // A query shorter than max gives its whole text; characters, not UTF-16 units, are counted.
    expect(prefixesOf(['ab', 'zürich 🧥'], 8)).toEqual(['a', 'ab', 'z', 'zü', 'zür', 'züri', 'züric', 'zürich', 'zürich 🧥']);
    expect(prefixesOf([], 4)).toEqual([]);
    expect(prefixesOf(['   '], 4)).toEqual([]);
  });
});

describe('the request of each kind', () => {
  const merged: SearchRequest = {
    token: 'tok',
    query: 'jacket',
    configurationId: 'bestsellers',
    context: { variables: { segment: 'premium' } },
    options: {
      offset: 0,
      limit: 24,
      filter: 'price < 50',
      sortBy: [{ attribute: 'price', order: 'asc' }],
      facets: [{ id: 'brand', values: ['Korvo'] }],
      ...({ groupBy: { attribute: 'category', values: ['Jackets'], size: 5 }, numberOfSuggestions: 7 } as object),
    },
  };
  it('keeps for suggest what suggest has: sort, filter, mask, grouping, configuration, context', () => {
    expect(kindRequest('suggest', merged).request).toEqual({
      token: 'tok',
      query: 'jacket',
      configurationId: 'bestsellers',
      context: { variables: { segment: 'premium' } },
      options: {
        sortBy: [{ attribute: 'price', order: 'asc' }],
        filter: 'price < 50',
        groupBy: { attribute: 'category', values: ['Jackets'], size: 5 },
      },
    });
  });
  it('keeps for autocomplete the number of suggestions and the filter, and leaves search as it is', () => {
    expect(kindRequest('autocomplete', merged).request).toEqual({
      token: 'tok',
      query: 'jacket',
      configurationId: 'bestsellers',
      context: { variables: { segment: 'premium' } },
      options: { numberOfSuggestions: 7, filter: 'price < 50' },
    });
    expect(kindRequest('autocomplete', { token: 't', query: 'j' }).request).toEqual({ token: 't', query: 'j' });
    expect(kindRequest('search', merged)).toEqual({ kind: 'search', request: merged });
    expect(kindRequest('search', merged).request).toBe(merged);
  });
});

describe('suggest groups aligned by value', () => {
  it('pairs groups by value, with counts, caps, cut and empty flags and the items side by side', () => {
    const a = suggest(group('Jackets', 40, ['j1', 'j2', 'j3']), group('Hoodies', 2, ['h1', 'h2']), group('Socks', 0, []));
    const b = suggest(group('Hoodies', 2, ['h2', 'h1']), group('Jackets', 40, ['j1', 'j9', 'j2']), group('Socks', 3, ['s1', 's2', 's3']));
    const caps = { a: groupCap({ size: 3, values: ['Jackets', 'Hoodies', 'Socks'] }), b: groupCap({ size: 3, values: ['x', 'y', 'z'] }) };
    const d = diffSuggest(a, b, caps);
    expect(d.groups.map((g) => g.value)).toEqual(['Jackets', 'Hoodies', 'Socks']);
    const [jackets, hoodies, socks] = d.groups;
    expect(jackets!.a).toEqual({ count: 40, returned: 3, cap: 3, capped: true });
    expect(jackets!.cappedOnOneSide).toBe(false);
    expect(jackets!.ranking.rows.map((r) => [r.id, r.rankA, r.rankB, r.movement.kind])).toEqual([
      ['j1', 1, 1, 'same'],
      ['j2', 2, 3, 'down'],
      ['j3', 3, null, 'dropped'],
      ['j9', null, 2, 'new'],
    ]);
    expect(hoodies!.metrics.top1Changed).toBe(true);
    expect(hoodies!.metrics.overlap.all).toBe(1);
    // Socks: nothing on A, three on B (cut at the cap of 3: 3 of 3 is not cut).
    expect(socks!.emptyOnOneSide).toBe(true);
    expect(socks!.b).toEqual({ count: 3, returned: 3, cap: 3, capped: false });
    expect(d.groupsChanged).toBe(3);
    expect(d.itemsA).toBe(5);
    expect(d.itemsB).toBe(8);
  });

  it('flags a group only one side has, and one cut on one side only', () => {
    const a = suggest(group('Jackets', 10, ['j1', 'j2']));
    const b = suggest(group('Jackets', 2, ['j1', 'j2']), group('Boots', 1, ['b1']));
    const d = diffSuggest(a, b, { a: 2, b: 2 });
    expect(d.groups[0]).toMatchObject({ value: 'Jackets', cappedOnOneSide: true, emptyOnOneSide: false });
    expect(d.groups[1]).toMatchObject({ value: 'Boots', presence: 'only-b', a: null, emptyOnOneSide: true });
  });

  it('caps each group at its size, reduced so that all groups stay within 100 items', () => {
    expect(groupCap({ size: 5, values: Array.from({ length: 50 }, (_, i) => `v${i}`) })).toBe(2);
    expect(groupCap({ size: 10, values: ['a', 'b'] })).toBe(10);
    expect(groupCap(undefined)).toBeNull();
  });
});

describe("a batch row's measures for suggest and autocomplete", () => {
  it('measures suggest as the items group after group, counting the groups that changed where facets are', () => {
    const a = suggest(group('Jackets', 40, ['j1', 'j2']), group('Hoodies', 5, ['h1']));
    const b = suggest(group('Jackets', 40, ['j1', 'j2']), group('Hoodies', 5, ['h2']));
    const m = kindMeasures({ kind: 'suggest', response: a }, { kind: 'suggest', response: b });
    expect(m).toMatchObject({ countA: 45, countB: 45, countDelta: 0, zeroA: false, facetsChanged: 1, top1Changed: false, shared: 2 });
    expect(m.rbo).toBeGreaterThan(0.5);
    expect(m.rbo).toBeLessThan(1);
    expect(answerSummary({ kind: 'suggest', response: a })).toMatchObject({
      count: 45,
      ranking: ['j1', 'j2', 'h1'],
      top: [{ id: 'j1', title: 'Title j1' }, {}, {}],
    });
  });

  it('measures autocomplete by the suggestions’ text; a side that suggests nothing is zero', () => {
    const m = kindMeasures(
      { kind: 'autocomplete', response: autocomplete('red dress', 'red shoes') },
      { kind: 'autocomplete', response: autocomplete('red shoes', 'red dress') },
    );
    expect(m).toMatchObject({ countA: 2, countB: 2, overlapAll: 1, top1Changed: true, facetsChanged: 0 });
    const none = kindMeasures(
      { kind: 'autocomplete', response: autocomplete('red dress') },
      { kind: 'autocomplete', response: autocomplete() },
    );
    expect(none).toMatchObject({ zeroA: false, zeroB: true, countB: 0, overlapAll: 0 });
    const summary = answerSummary({ kind: 'autocomplete', response: autocomplete() });
    expect(zeroResults({ ok: true, ms: 1, attempts: 1, count: summary.count })).toBe(true);
  });
});

describe('reports of a suggest or autocomplete batch', () => {
  const side = (count: number, ids: string[]) => ({
    ok: true,
    ms: 5,
    attempts: 1,
    status: 200,
    count,
    top: ids.map((id) => ({ id })),
    ranking: ids,
  });
  const results: BatchResult[] = [
    {
      index: 0,
      query: 'ru',
      a: side(2, ['running shoes', 'running shorts']),
      b: side(2, ['running shorts', 'running shoes']),
      metrics: kindMeasures(
        { kind: 'autocomplete', response: autocomplete('running shoes', 'running shorts') },
        { kind: 'autocomplete', response: autocomplete('running shorts', 'running shoes') },
      ),
      finishedAt: '2026-11-25T00:00:00.000Z',
    },
  ];
  const definition = (kind: 'suggest' | 'autocomplete'): BatchDefinition => ({
    id: 'b',
    createdAt: '2026-11-25T00:00:00.000Z',
    name: 'default vs bestsellers',
    kind,
    base: {},
    sides: { a: { label: 'default', overrides: {} }, b: { label: 'bestsellers', overrides: { configurationId: 'bestsellers' } } },
    rows: [{ query: 'ru', line: 1 }],
    concurrency: 4,
  });
  it('names the kind in JSON, the groups column in CSV, and prefixes in HTML', () => {
    expect(JSON.parse(batchJson(definition('autocomplete'), results))).toMatchObject({ kind: 'autocomplete' });
    const [header, row] = batchCsv(results, undefined, undefined, 'suggest').trim().split('\r\n');
    expect(header).toContain('groups_changed');
    expect(header).not.toContain('facets_changed');
    expect(row!.split(',')[1]).toBe('ru');
    const [, autocompleteRow] = batchCsv(results, undefined, undefined, 'autocomplete').trim().split('\r\n');
    // No facets in autocomplete: the column is blank, not a zero that says "unchanged".
    expect(autocompleteRow!.split(',')[24]).toBe('');
    const page = parseHtml(batchHtml(definition('autocomplete'), results));
    expect(words(byTag(page, 'div', 'muted')[0]!)).toContain('Autocomplete · 1 prefixes');
    expect(byTag(page, 'h2').map(words)).toContain('All prefixes');
  });
});

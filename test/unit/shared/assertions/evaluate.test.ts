import { describe, expect, it } from 'vitest';
import { depthNeeded, evaluateAssertion, type AnswerUnderTest } from '../../../../src/shared/assertions/evaluate';
import { labelOf, outcomeLine } from '../../../../src/shared/assertions/labels';
import { assertionSchema, type Assertion } from '../../../../src/shared/request/expect';
import type { Item, SearchResponse } from '../../../../src/shared/request/types';

const item = (id: string, product: Record<string, unknown> = {}): Item => ({ id, score: 1, product });

/** A search answer of these items (ranks 1…n), with a count, facets and an optional redirect. */
function searchAnswer(
  items: Item[],
  extra: Partial<SearchResponse['metadata']> & { redirect?: string; mask?: string; ms?: number } = {},
): AnswerUnderTest {
  const { redirect, mask, ms, ...metadata } = extra;
  const response = {
    items: [...(redirect ? [{ id: 'r1', score: 0, redirect: { id: 'r1', name: 'Sale', url: redirect } }] : []), ...items],
    metadata: { count: items.length, offset: 0, facets: [], ...metadata },
  } as unknown as SearchResponse;
  return { kind: 'search', response, ms: ms ?? 42, ...(mask ? { mask } : {}) };
}

const five = [
  item('SKU-1', { category: 'Dresses', stock: 4, colour: 'Red' }),
  item('SKU-2', { category: 'Dresses', stock: 0, colour: 'Blue' }),
  item('SKU-3', { category: 'Shoes', stock: 2, colour: 'Red' }),
  item('SKU-4', { category: 'Dresses', stock: 9, colour: 'Red' }),
  item('SKU-5', { category: 'Bags', stock: 1, colour: 'Black' }),
];
const answer = searchAnswer(five, {
  count: 120,
  facets: [{ id: 'brand', title: 'Brand', count: 120, values: [{ value: 'Korvo', count: 30, selected: false }] }] as never,
});
const check = (a: Assertion, on: AnswerUnderTest = answer) => evaluateAssertion(assertionSchema.parse(a), on);

describe('assertions: each type passes and fails, saying what was seen', () => {
  it('inTop', () => {
    expect(check({ type: 'inTop', id: 'SKU-3', k: 3 })).toMatchObject({
      status: 'passed',
      message: 'SKU-3 is at rank 3, within the top 3',
    });
    expect(check({ type: 'inTop', id: 'SKU-5', k: 3 })).toMatchObject({
      status: 'failed',
      message: 'SKU-5 is at rank 5; the top 3 are SKU-1, SKU-2, SKU-3',
      label: 'SKU-5 in the top 3',
    });
    expect(check({ type: 'inTop', id: 'SKU-9', k: 3 }).message).toBe(
      "SKU-9 is not in the answer's first 5 items; the top 3 are SKU-1, SKU-2, SKU-3",
    );
  });

  it('notInTop', () => {
    expect(check({ type: 'notInTop', id: 'SKU-5', k: 3 })).toMatchObject({
      status: 'passed',
      message: 'SKU-5 is at rank 5, outside the top 3',
    });
    expect(check({ type: 'notInTop', id: 'SKU-2', k: 3 })).toMatchObject({
      status: 'failed',
      message: 'SKU-2 is at rank 2, inside the top 3',
    });
  });

  it('atRank, counting from 1', () => {
    expect(check({ type: 'atRank', id: 'SKU-1', rank: 1 }).status).toBe('passed');
    expect(check({ type: 'atRank', id: 'SKU-4', rank: 1 })).toMatchObject({
      status: 'failed',
      message: 'SKU-4 is at rank 4; rank 1 is SKU-1',
    });
  });

  it('above: X present and Y absent or lower passes; X absent fails', () => {
    expect(check({ type: 'above', id: 'SKU-2', other: 'SKU-4' }).message).toBe('SKU-2 is at rank 2, above SKU-4 at rank 4');
    expect(check({ type: 'above', id: 'SKU-2', other: 'SKU-99' }).status).toBe('passed');
    expect(check({ type: 'above', id: 'SKU-4', other: 'SKU-2' })).toMatchObject({
      status: 'failed',
      message: 'SKU-4 is at rank 4, below SKU-2 at rank 2',
    });
    expect(check({ type: 'above', id: 'SKU-99', other: 'SKU-2' })).toMatchObject({
      status: 'failed',
      message: "SKU-99 is not in the answer's first 5 items; SKU-2 is at rank 2",
    });
  });

  it('matchInTop: all k by default, or atLeast; fewer items than k means all returned', () => {
    expect(check({ type: 'matchInTop', filter: "category = 'Dresses'", k: 2 })).toMatchObject({
      status: 'passed',
      message: '2 of the top 2 match',
    });
    expect(check({ type: 'matchInTop', filter: "category = 'Dresses'", k: 4, atLeast: 3 }).status).toBe('passed');
    expect(check({ type: 'matchInTop', filter: "category = 'Dresses'", k: 4 })).toMatchObject({
      status: 'failed',
      message: '3 of the top 4 match; not matching: SKU-3 (rank 3)',
      items: ['SKU-3'],
    });
    const short = searchAnswer(five.slice(0, 2));
    expect(check({ type: 'matchInTop', filter: "category = 'Dresses'", k: 10 }, short)).toMatchObject({
      status: 'passed',
      message: '2 of the top 2 (the answer has 2) match',
    });
  });

  it('noneInTop', () => {
    expect(check({ type: 'noneInTop', filter: 'stock = 0', k: 1 }).status).toBe('passed');
    expect(check({ type: 'noneInTop', filter: 'stock = 0', k: 5 })).toMatchObject({
      status: 'failed',
      message: '1 of the top 5 match stock = 0: SKU-2 (rank 2)',
      items: ['SKU-2'],
    });
  });

  it('a filter on an attribute the response mask removed fails saying so, never passes silently', () => {
    const masked = searchAnswer(
      five.map((i) => ({ id: i.id, score: 1, product: { title: 't' } })),
      { mask: 'id, product(title)' },
    );
    const outcome = check({ type: 'noneInTop', filter: 'stock = 0', k: 5 }, masked);
    expect(outcome.status).toBe('failed');
    expect(outcome.message).toBe('the response mask (id, product(title)) removed stock from the items, so stock = 0 cannot be checked');
    expect(check({ type: 'matchInTop', filter: "category = 'Dresses'", k: 3 }, masked).message).toMatch(/removed category/);
  });

  it('count, with either bound', () => {
    expect(check({ type: 'count', min: 1, max: 500 })).toMatchObject({ status: 'passed', message: 'the count is 120' });
    expect(check({ type: 'count', max: 100 })).toMatchObject({ status: 'failed', message: 'the count is 120' });
    expect(check({ type: 'count', min: 200 })).toMatchObject({ status: 'failed', message: 'the count is 120' });
  });

  it('notEmpty, and an answer that only redirects is empty', () => {
    expect(check({ type: 'notEmpty' }).status).toBe('passed');
    expect(check({ type: 'notEmpty' }, searchAnswer([], { redirect: 'https://shop/sale' }))).toMatchObject({
      status: 'failed',
      message: 'the answer is empty (it only redirects)',
    });
  });

  it('redirect, matched by a glob', () => {
    const sale = searchAnswer([], { redirect: 'https://shop.example.com/sale?src=search' });
    expect(check({ type: 'redirect', url: '*/sale*' }, sale)).toMatchObject({
      status: 'passed',
      message: 'the answer redirects to https://shop.example.com/sale?src=search',
    });
    expect(check({ type: 'redirect', url: '*/outlet*' }, sale)).toMatchObject({
      status: 'failed',
      message: 'the answer redirects to https://shop.example.com/sale?src=search, which does not match */outlet*',
    });
    expect(check({ type: 'redirect', url: '*' })).toMatchObject({ status: 'failed', message: 'the answer triggered no redirect' });
  });

  it('facet, with or without a value and a count', () => {
    expect(check({ type: 'facet', id: 'brand' }).status).toBe('passed');
    expect(check({ type: 'facet', id: 'brand', value: 'Korvo', minCount: 10 })).toMatchObject({
      status: 'passed',
      message: 'facet brand offers “Korvo” with 30',
    });
    expect(check({ type: 'facet', id: 'brand', value: 'Korvo', minCount: 50 }).message).toBe('facet brand offers “Korvo” with 30');
    expect(check({ type: 'facet', id: 'brand', value: 'Halden' }).message).toBe('facet brand does not offer “Halden”; it offers “Korvo”');
    expect(check({ type: 'facet', id: 'colour' }).message).toBe('the answer has no facet colour; its facets are brand');
  });

  it('group (suggest) and suggestion (autocomplete)', () => {
    const suggest: AnswerUnderTest = {
      kind: 'suggest',
      ms: 10,
      response: {
        groups: [
          { value: 'Dresses', items: [item('a'), item('b'), item('c')] },
          { value: 'Shoes', items: [] },
        ],
      } as never,
    };
    expect(check({ type: 'group', value: 'Dresses', minItems: 3 }, suggest)).toMatchObject({
      status: 'passed',
      message: 'group “Dresses” has 3 items',
    });
    expect(check({ type: 'group', value: 'Shoes', minItems: 1 }, suggest)).toMatchObject({
      status: 'failed',
      message: 'group “Shoes” has 0 items',
    });
    expect(check({ type: 'group', value: 'Bags' }, suggest).message).toBe(
      'the answer has no group “Bags”; its groups are “Dresses”, “Shoes”',
    );
    const auto: AnswerUnderTest = {
      kind: 'autocomplete',
      ms: 5,
      response: { suggestions: ['red shoes', 'red dress', 'red dresses'].map((s) => ({ suggestion: s })) } as never,
    };
    expect(check({ type: 'suggestion', text: 'Red  Dress', within: 5 }, auto)).toMatchObject({
      status: 'passed',
      message: '“Red  Dress” is suggestion 2',
    });
    expect(check({ type: 'suggestion', text: 'red dress', within: 1 }, auto).message).toBe('“red dress” is suggestion 2');
    expect(check({ type: 'suggestion', text: 'blue', within: 2 }, auto).message).toBe(
      '“blue” is not suggested; the suggestions are “red shoes”, “red dress”',
    );
  });

  it('time: reported over its bound, a failure only with fail: true', () => {
    const slow = searchAnswer(five, { ms: 812.4 });
    expect(check({ type: 'time', maxMs: 300 }, slow)).toMatchObject({ status: 'passed', warning: true });
    expect(check({ type: 'time', maxMs: 300 }, slow).message).toMatch(/came in 812 ms, over 300 ms \(reported only/);
    expect(check({ type: 'time', maxMs: 300, fail: true }, slow)).toMatchObject({
      status: 'failed',
      message: 'the answer came in 812 ms, over 300 ms',
    });
    expect(check({ type: 'time', maxMs: 1000, fail: true }, slow).status).toBe('passed');
  });

  it('an assertion for another kind of answer fails naming both', () => {
    const auto: AnswerUnderTest = { kind: 'autocomplete', ms: 1, response: { suggestions: [] } as never };
    expect(check({ type: 'inTop', id: 'x', k: 1 }, auto).message).toBe(
      'an inTop assertion checks a search answer; this request is autocomplete',
    );
  });

  it('labels: a name wins, otherwise a sentence from the fields', () => {
    expect(labelOf({ type: 'inTop', id: 'SKU-100231', k: 3 })).toBe('SKU-100231 in the top 3');
    expect(labelOf({ type: 'inTop', id: 'SKU-100231', k: 3, name: 'Phones first' })).toBe('Phones first');
    expect(labelOf({ type: 'count', max: 5 })).toBe('a count of at most 5');
  });

  it('a label expects, never states: no kind of assertion reads as a fact, and a failure says expected and seen', () => {
    const every: Assertion[] = [
      { type: 'inTop', id: 'S', k: 3 },
      { type: 'notInTop', id: 'S', k: 3 },
      { type: 'atRank', id: 'S', rank: 1 },
      { type: 'above', id: 'S', other: 'T' },
      { type: 'matchInTop', filter: 'a = 1', k: 3 },
      { type: 'matchInTop', filter: 'a = 1', k: 3, atLeast: 2 },
      { type: 'noneInTop', filter: 'a = 1', k: 3 },
      { type: 'count', min: 1 },
      { type: 'count', max: 1 },
      { type: 'count', min: 1, max: 2 },
      { type: 'notEmpty' },
      { type: 'redirect', url: '*' },
      { type: 'facet', id: 'f' },
      { type: 'facet', id: 'f', value: 'v' },
      { type: 'group', value: 'g' },
      { type: 'suggestion', text: 't' },
      { type: 'suggestion', text: 't', within: 3 },
      { type: 'time', maxMs: 100 },
    ];
    for (const a of every) expect(labelOf(a), a.type).not.toMatch(/\b(is|are|has|offers|matches|ranks|comes|redirects)\b/);
    const outcome = check({ type: 'atRank', id: 'SKU-9', rank: 1 });
    expect(outcomeLine(outcome)).toBe("expected SKU-9 at rank 1 — SKU-9 is not in the answer's first 5 items; rank 1 is SKU-1");
    expect(outcomeLine(check({ type: 'atRank', id: 'SKU-1', rank: 1 }))).toBe('SKU-1 at rank 1 — SKU-1 is at rank 1');
  });

  it('depth: the largest k, rank or within', () => {
    expect(
      depthNeeded([
        { type: 'inTop', id: 'a', k: 3 },
        { type: 'atRank', id: 'a', rank: 40 },
        { type: 'noneInTop', filter: 'x = 1', k: 12 },
        { type: 'notEmpty' },
      ]),
    ).toBe(40);
  });
});

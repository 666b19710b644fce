import { describe, expect, it } from 'vitest';
import { assertionSchema } from '../../../../../src/shared/request/expect';
import type { CaseResult } from '../../../../../src/shared/assertions/run';
import { evaluateAssertion, type AnswerUnderTest } from '../../../../../src/shared/assertions/evaluate';
import type { AutocompleteResponse, SearchResponse, SuggestResponse } from '../../../../../src/shared/request/types';
import {
  answerChoices,
  autocompleteChoices,
  itemChoices,
  suggestChoices,
  type ExpectChoice,
} from '../../../../../src/renderer/src/features/assertions/expect-from-screen';
import { readExpectText } from '../../../../../src/renderer/src/features/assertions/ExpectationsPanel';
import { failuresFirst } from '../../../../../src/renderer/src/features/assertions/SuitePanel';

/** Each choice is a valid assertion that passes on the answer it was made from. */
function expectEachPassesNow(choices: readonly ExpectChoice[], answer: AnswerUnderTest): void {
  for (const c of choices) {
    expect(assertionSchema.safeParse(c.assertion).success).toBe(true);
    expect(evaluateAssertion(c.assertion, answer).status).toBe('passed');
  }
}

describe('Expect… from what is on screen', () => {
  const others = [1, 2, 3, 4, 5].map((rank) => ({ id: `SKU-${rank}`, rank }));

  it('a result: stay in the top N (its rank, at least 3), never reach the top 10, stay first, rank above one below it', () => {
    const first = itemChoices('SKU-1', 1, others);
    expect(first.map((c) => c.label)).toEqual([
      'Must stay in the top 3',
      'Must not reach the top 10 (fails now)',
      'Must stay first',
      'Must rank above SKU-2 (now #2)',
      'Must rank above SKU-3 (now #3)',
      'Must rank above SKU-4 (now #4)',
    ]);
    expect(itemChoices('SKU-40', 40, others)[0]!.assertion).toEqual({ type: 'inTop', id: 'SKU-40', k: 40 });
    expect(itemChoices('SKU-40', 40, others)[1]!.label).toBe('Must not reach the top 10');
    for (const c of first) expect(assertionSchema.safeParse(c.assertion).success).toBe(true);
  });

  it('the answer: its redirect, not empty, its count, its filter, a facet, its time — each a valid assertion', () => {
    const response = {
      items: [{ id: 'r', score: 0, redirect: { url: 'https://shop/sale' } }, ...others.map((o) => ({ id: o.id, score: 1 }))],
      metadata: { count: 120, facets: [{ id: 'brand', title: 'Brand', count: 5, values: [{ value: 'Korvo', count: 3 }] }] },
    } as unknown as SearchResponse;
    const choices = answerChoices(response, { token: 't', query: 'x', options: { filter: "brand = 'Korvo'" } }, 87);
    expect(choices.map((c) => c.label)).toEqual([
      'Must redirect to https://shop/sale',
      'Must not be empty',
      'Count between 60 and 240',
      'Every one of the top 5 matches the filter',
      'Facet brand offers “Korvo”',
      'Answers within 200 ms (reported)',
    ]);
    for (const c of choices) expect(assertionSchema.safeParse(c.assertion).success).toBe(true);
    const empty = answerChoices({ items: [], metadata: { count: 0 } } as unknown as SearchResponse, { token: 't' }, null);
    expect(empty.map((c) => c.label)).toEqual(['Must stay empty']);
  });

  it('a suggest answer: not empty, each group keeps the items it has (empty groups offer nothing), its time — each passing now', () => {
    const response = {
      groups: [
        { value: 'Dresses', items: [{ id: 'a' }, { id: 'b' }, { id: 'c' }] },
        { value: 'Shoes', items: [] },
        { value: 'Bags', items: [{ id: 'd' }] },
      ],
    } as unknown as SuggestResponse;
    const choices = suggestChoices(response, 40);
    expect(choices.map((c) => c.label)).toEqual([
      'Must not be empty',
      'Group “Dresses” keeps at least 3 items',
      'Group “Bags” keeps at least 1 item',
      'Answers within 100 ms (reported)',
    ]);
    expectEachPassesNow(choices, { kind: 'suggest', response, ms: 40 });
    expect(suggestChoices({ groups: [{ value: 'Shoes', items: [] }] } as unknown as SuggestResponse, null)).toEqual([]);
  });

  it('an autocomplete answer: something is suggested, each of the first five stays within the first max(3, its place) — each passing now', () => {
    const response = {
      suggestions: ['red dress', 'red dress long', 'red shoes', 'red bag', 'red hat', 'red scarf'].map((suggestion) => ({ suggestion })),
    } as unknown as AutocompleteResponse;
    const choices = autocompleteChoices(response, null);
    expect(choices.map((c) => c.label)).toEqual([
      'Must suggest something',
      '“red dress” stays within the first 3',
      '“red dress long” stays within the first 3',
      '“red shoes” stays within the first 3',
      '“red bag” stays within the first 4',
      '“red hat” stays within the first 5',
    ]);
    expectEachPassesNow(choices, { kind: 'autocomplete', response, ms: null });
    // Moved down from 1st to 4th: the expectation made from the first answer catches it.
    const moved = { suggestions: ['a', 'b', 'c', 'red dress'].map((suggestion) => ({ suggestion })) } as unknown as AutocompleteResponse;
    expect(evaluateAssertion(choices[1]!.assertion, { kind: 'autocomplete', response: moved, ms: null })).toMatchObject({
      status: 'failed',
      message: '“red dress” is suggestion 4',
      label: '“red dress” among the first 3 suggestions',
    });
    expect(autocompleteChoices({ suggestions: [] } as unknown as AutocompleteResponse, 10).map((c) => c.label)).toEqual([
      'Answers within 100 ms (reported)',
    ]);
  });

  it('the JSON editor reads an expect array or names the first problem with its place', () => {
    expect(readExpectText('[{"type":"notEmpty"}]')).toEqual({ ok: true, list: [{ type: 'notEmpty' }] });
    expect(readExpectText('[{"type":"notEmpty"},{"type":"inTop","id":"a","k":5000}]')).toEqual({
      ok: false,
      message: '[1].k: k must be at most 1000',
    });
    expect(readExpectText('[{')).toMatchObject({ ok: false, message: expect.stringMatching(/^Not JSON: /) });
    expect(readExpectText('{"type":"notEmpty"}')).toMatchObject({ ok: false });
  });

  it('a suite run lists requests with a failure or an error first, in the order they ran', () => {
    const r = (name: string, status: 'passed' | 'failed', error?: string): CaseResult => ({
      file: 'f',
      name,
      kind: 'search',
      url: 'u',
      request: { token: 't', query: name },
      ms: 1,
      ...(error ? { error } : {}),
      assertions: [{ label: 'l', status, message: 'm', type: 'notEmpty', index: 0 }],
    });
    expect(failuresFirst([r('a', 'passed'), r('b', 'failed'), r('c', 'passed'), r('d', 'failed', 'down')]).map((x) => x.name)).toEqual([
      'b',
      'd',
      'a',
      'c',
    ]);
  });
});

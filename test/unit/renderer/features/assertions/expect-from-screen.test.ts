import { describe, expect, it } from 'vitest';
import { assertionSchema } from '../../../../../src/shared/assertions/schema';
import type { CaseResult } from '../../../../../src/shared/assertions/run';
import type { SearchResponse } from '../../../../../src/shared/request/types';
import { answerChoices, itemChoices } from '../../../../../src/renderer/src/features/assertions/expect-from-screen';
import { readExpectText } from '../../../../../src/renderer/src/features/assertions/ExpectationsPanel';
import { failuresFirst } from '../../../../../src/renderer/src/features/assertions/SuitePanel';

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

import { describe, expect, it } from 'vitest';
import { responseSchema } from '../../../../src/shared/request/response-schema';
import { searchAnswer } from '../../../helpers/responses';

const { metadata } = searchAnswer([], { count: 1, id: 'i', configurationId: 'c' });

describe('response shape checks', () => {
  it('accept a documented answer and extra fields', () => {
    expect(
      responseSchema('search', false).safeParse({ items: [{ id: 'a', score: 1, extra: true }], metadata: { ...metadata, more: 1 } })
        .success,
    ).toBe(true);
  });

  it('reject an item without a score, unless a mask may have removed it', () => {
    const answer = { items: [{ id: 'a' }], metadata };
    expect(responseSchema('search', false).safeParse(answer).success).toBe(false);
    expect(responseSchema('search', true).safeParse(answer).success).toBe(true);
    expect(responseSchema('search', true).safeParse({ items: [{ id: 'a' }], metadata: { ...metadata, count: 'many' } }).success).toBe(
      false,
    );
  });

  it('check suggest groups and autocomplete suggestions', () => {
    const meta = { time: 1, token: 't', id: 'i', configurationId: 'c' };
    expect(
      responseSchema('suggest', false).safeParse({ groups: [{ value: 'x', count: 1, items: [{ id: 'a', score: 1 }] }], metadata: meta })
        .success,
    ).toBe(true);
    expect(responseSchema('suggest', true).safeParse({ groups: [{ value: 'x', count: 1, items: [{}] }], metadata: meta }).success).toBe(
      true,
    );
    expect(responseSchema('autocomplete', false).safeParse({ suggestions: [{ suggestion: 3 }], metadata: meta }).success).toBe(false);
  });
});

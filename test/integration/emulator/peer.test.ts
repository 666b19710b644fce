import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOKEN, testEmulator, type TestEmulator } from '../../helpers/emulator';
import { officialClient } from '../../helpers/official-client';

let em: TestEmulator;
beforeAll(async () => {
  em = await testEmulator();
});
afterAll(() => em.stop());

describe('peer: the official @attraqt/search client against the emulator', () => {
  it('runs a query with options and context and gets a well-formed search response', async () => {
    const client = officialClient(em.url, DEMO_TOKEN);
    const response = await client.query(
      'jacket',
      {
        limit: 5,
        offset: 0,
        filter: 'price < 300',
        sortBy: [{ attribute: 'price', order: 'asc' }],
        facets: [{ id: 'colour', values: ['Black', 'Navy'] }],
      },
      undefined,
      { variables: { segment: 'premium' } },
    );
    expect(response.items).toHaveLength(5);
    for (const item of response.items)
      expect(item).toMatchObject({ id: expect.any(String), score: expect.any(Number), product: expect.any(Object) });
    expect(response.metadata).toMatchObject({
      count: expect.any(Number),
      limit: 5,
      offset: 0,
      token: DEMO_TOKEN,
      facets: expect.any(Array),
    });
  });

  it('runs suggest with groupBy and gets groups', async () => {
    const client = officialClient(em.url, DEMO_TOKEN);
    const response = await client.suggest('shoe', { groupBy: { attribute: 'gender', values: ['Women', 'Men'], size: 3 } });
    expect(response.groups.map((g: { value: string }) => g.value)).toEqual(['Women', 'Men']);
    for (const g of response.groups) expect(g.items.length).toBeLessThanOrEqual(3);
  });

  it('runs autocomplete and gets suggestions', async () => {
    const client = officialClient(em.url, DEMO_TOKEN);
    const response = await client.autocomplete('run', { numberOfSuggestions: 5 });
    expect(response.suggestions.length).toBeGreaterThan(0);
    expect(response.suggestions.length).toBeLessThanOrEqual(5);
    for (const s of response.suggestions) expect(s.suggestion.startsWith('run')).toBe(true);
  });

  it('surfaces the emulator errors through the client', async () => {
    const client = officialClient(em.url, 'not-a-real-token');
    await expect(client.query('x')).rejects.toThrow(/HTTP Error 401/);
  });
});

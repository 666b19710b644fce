import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pluralOf, shopperQueries } from '../../../src/main/emulator/engine/usage-log';
import { BRANDS } from '../../../src/main/emulator/catalog/vocabulary';
import { AUTOCOMPLETE_PREREQUISITES } from '../../../src/main/emulator/engine/suggest';
import { DEMO_TOKEN, OUTLET_TOKEN, testEmulator, type TestEmulator } from '../../helpers/emulator';

describe('emulator: product suggest', () => {
  let em: TestEmulator;
  beforeAll(async () => {
    em = await testEmulator();
  });
  afterAll(() => em.stop());

  const suggest = (groupBy: unknown, extra: Record<string, unknown> = {}) =>
    em.post('/search/suggest', { token: DEMO_TOKEN, query: 'shoe', options: { groupBy, ...extra } });

  it('returns one group per requested value, in order, with counts and kind/context on items', async () => {
    const r = await suggest({ attribute: 'brand', values: ['Korvo', 'Halden', 'No Such Brand'], size: 3 });
    expect(r.status).toBe(200);
    expect(r.body.groups.map((g: { value: string }) => g.value)).toEqual(['Korvo', 'Halden', 'No Such Brand']);
    const [korvo, , none] = r.body.groups;
    expect(korvo.count).toBeGreaterThan(3);
    expect(korvo.items).toHaveLength(3);
    for (const item of korvo.items) {
      expect(item).toMatchObject({ kind: 'product', context: 'brand:Korvo', product: expect.objectContaining({ brand: 'Korvo' }) });
    }
    expect(none).toEqual({ value: 'No Such Brand', count: 0, items: [] });
    expect(r.body.metadata).toMatchObject({
      token: DEMO_TOKEN,
      configurationId: 'default',
      defaultConfigurationId: 'default',
      id: expect.any(String),
      time: expect.any(Number),
    });
  });

  it('caps the total at 100 items: 50 values with size 5 give 2 per group and 50 groups', async () => {
    const values = [...BRANDS, ...Array.from({ length: 30 }, (_, i) => `Filler ${i}`)];
    const r = await em.post('/search/suggest', {
      token: DEMO_TOKEN,
      query: '',
      options: { groupBy: { attribute: 'brand', values, size: 5 } },
    });
    expect(r.status).toBe(200);
    expect(r.body.groups).toHaveLength(50);
    const sizes = r.body.groups.map((g: { items: unknown[] }) => g.items.length);
    expect(Math.max(...sizes)).toBe(2);
    expect(sizes.reduce((a: number, b: number) => a + b, 0)).toBeLessThanOrEqual(100);
  });

  it.each([
    [{ attribute: 'sizes', values: ['M'], size: 2 }, 'invalid-group-attribute', 'options.groupBy.attribute'],
    [{ attribute: 'price', values: ['10'], size: 2 }, 'invalid-group-attribute', 'options.groupBy.attribute'],
    [{ attribute: 'brand', values: ['Korvo'], size: 0 }, 'group-size-range', 'options.groupBy.size'],
    [{ attribute: 'brand', values: ['Korvo'], size: 101 }, 'group-size-range', 'options.groupBy.size'],
  ])('rejects groupBy %j', async (groupBy, code, field) => {
    expect(await suggest(groupBy)).toMatchObject({ status: 400, body: { code, field } });
  });

  it('applies filter, sort and mask inside groups', async () => {
    const r = await suggest(
      { attribute: 'colour', values: ['Black'], size: 10 },
      { filter: 'price < 100', sortBy: [{ attribute: 'price', order: 'desc' }], customResponseMask: 'id, product(price)' },
    );
    const prices = r.body.groups[0].items.map((i: { product: { price: number } }) => i.product.price);
    expect(prices.every((p: number) => p < 100)).toBe(true);
    expect(prices).toEqual([...prices].sort((a: number, b: number) => b - a));
    expect(Object.keys(r.body.groups[0].items[0])).toEqual(['id', 'product']);
  });
});

describe('emulator: autocomplete and usage tracking', () => {
  let clock = Date.parse('2026-11-20T12:00:00Z');
  let em: TestEmulator;
  beforeAll(async () => {
    // A fresh usage log and a clock the test moves, to see the seven-day window.
    em = await testEmulator({ now: () => clock, configure: (c) => (c.usageLog = { events: 0, days: 14 }) });
  });
  afterAll(() => em.stop());

  const autocomplete = (query: string, options: Record<string, unknown> = {}, token = DEMO_TOKEN) =>
    em.post('/search/autocomplete', { token, query, options });

  it('suggests earlier queries that returned results, prefixed by the input, ordered by views', async () => {
    for (const [q, times] of [
      ['korvo hoodie', 2],
      ['korvo running shoe', 5],
      ['korvo tent', 3],
      ['korvoqqq zzzzzz', 9],
    ] as const) {
      for (let i = 0; i < times; i++) await em.search({ query: q });
    }
    const r = await autocomplete('korvo');
    expect(r.status).toBe(200);
    const suggestions = r.body.suggestions.map((s: { suggestion: string }) => s.suggestion);
    expect(suggestions.slice(0, 3)).toEqual(['korvo running shoe', 'korvo tent', 'korvo hoodie']);
    expect(suggestions).not.toContain('korvoqqq zzzzzz'); // never returned results
    for (const s of r.body.suggestions) expect(s.count).toBeGreaterThan(0);
    expect(r.body.metadata).toMatchObject({ token: DEMO_TOKEN, configurationId: 'default', id: expect.any(String) });
  });

  it('honours numberOfSuggestions and its 1–20 range', async () => {
    expect((await autocomplete('korvo', { numberOfSuggestions: 1 })).body.suggestions).toHaveLength(1);
    for (const n of [0, 21])
      expect(await autocomplete('korvo', { numberOfSuggestions: n })).toMatchObject({
        status: 400,
        body: { field: 'options.numberOfSuggestions' },
      });
  });

  it('forgets queries older than seven days', async () => {
    clock += 8 * 86_400_000;
    expect((await autocomplete('korvo')).body.suggestions).toEqual([]);
  });

  it('answers 403 for a tenant whose autocomplete is not activated, explaining the prerequisites', async () => {
    const r = await autocomplete('shoe', {}, OUTLET_TOKEN);
    expect(r).toMatchObject({
      status: 403,
      body: { status: 403, code: 'autocomplete-not-activated', message: AUTOCOMPLETE_PREREQUISITES },
    });
  });
});

describe('emulator: seeded usage log', () => {
  it('is seeded with realistic queries spread over 14 days, so autocomplete works at once', async () => {
    const em = await testEmulator();
    try {
      const r = await em.post('/search/autocomplete', { token: DEMO_TOKEN, query: 'run', options: { numberOfSuggestions: 10 } });
      expect(r.body.suggestions.length).toBeGreaterThanOrEqual(3);
      for (const s of r.body.suggestions) expect(s.suggestion.startsWith('run')).toBe(true);
    } finally {
      await em.stop();
    }
  });
});

describe('emulator: seeded shopper queries', () => {
  it('pluralises like a shopper types: no "dresss" or "shortss"', () => {
    expect(pluralOf('sneaker')).toBe('sneakers');
    expect(pluralOf('dress')).toBe('dresses');
    expect(pluralOf('shorts')).toBeUndefined();
    const queries = shopperQueries(42).map((q) => q.query);
    expect(queries).toContain('wrap dresses');
    // "shortss", "sockss", "dresss": a consonant before a double s only comes from pluralising a plural.
    expect(queries.filter((q) => /[^aeiou]ss$/.test(q))).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileFilter, parseFilter } from '../../../src/shared/filter';
import { PREMIUM_BRANDS } from '../../../src/main/emulator/catalog/vocabulary';
import { DEMO_TOKEN, testEmulator, type TestEmulator } from '../../helpers/emulator';

let em: TestEmulator;
beforeAll(async () => {
  em = await testEmulator({ items: 12_000 });
});
afterAll(() => em.stop());

const ids = (body: { items: { id: string }[] }) => body.items.map((i) => i.id);

describe('emulator: search basics', () => {
  it('maps the token to its tenant and answers with items and full metadata', async () => {
    const r = await em.search({ query: 'jacket' });
    expect(r.status).toBe(200);
    expect(r.body.items.length).toBe(10);
    expect(r.body.items[0]).toMatchObject({
      id: expect.any(String),
      score: expect.any(Number),
      product: expect.objectContaining({ title: expect.any(String) }),
    });
    expect(r.body.metadata).toMatchObject({
      count: expect.any(Number),
      exactCount: true,
      time: expect.any(Number),
      token: DEMO_TOKEN,
      offset: 0,
      limit: 10,
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      configurationId: 'default',
      defaultConfigurationId: 'default',
    });
    expect(r.body.metadata.url).toMatch(new RegExp(`^${em.url}/search/${DEMO_TOKEN}\\?encoded=`));
    for (const item of r.body.items) expect(JSON.stringify(item.product).toLowerCase()).toContain('jacket');
  });

  it('refuses an unknown token (401) and a missing one (400), in the one error shape', async () => {
    const unknown = await em.post('/search', { token: 'nope-nope-nope', query: 'x' });
    expect(unknown).toMatchObject({
      status: 401,
      body: { status: 401, code: 'invalid-search-token', field: 'token', message: expect.any(String) },
    });
    const missing = await em.post('/search', { query: 'x' });
    expect(missing).toMatchObject({ status: 400, body: { status: 400, field: 'token' } });
  });

  it('returns everything for an empty query, with exactCount false beyond 10,000', async () => {
    const r = await em.search({});
    expect(r.body.metadata).toMatchObject({ count: 10_000, exactCount: false });
    const small = await em.search({ options: { filter: 'price < 30' } });
    expect(small.body.metadata.exactCount).toBe(true);
    expect(small.body.metadata.count).toBeLessThan(10_000);
  });

  it('answers invalid JSON, a wrong content type and unknown routes in the error shape', async () => {
    expect(await em.post('/search', '{"token": ')).toMatchObject({ status: 400, body: { status: 400, code: expect.any(String) } });
    expect(await em.call('POST', '/search', undefined, { 'content-type': 'text/plain' })).toMatchObject({
      status: expect.any(Number),
      body: { code: expect.any(String) },
    });
    expect(await em.get('/nowhere')).toMatchObject({ status: 404, body: { status: 404, code: 'not-found' } });
  });
});

describe('emulator: configurations and ranking', () => {
  it('selects a configuration by configurationId; the three rank visibly differently', async () => {
    const tops = await Promise.all(
      ['default', 'new-arrivals', 'bestsellers'].map((c) => em.search({ query: 'running shoe', configurationId: c })),
    );
    tops.forEach((r, i) => expect(r.body.metadata.configurationId).toBe(['default', 'new-arrivals', 'bestsellers'][i]));
    const [a, b, c] = tops.map((r) => ids(r.body));
    expect(a).not.toEqual(b);
    expect(a).not.toEqual(c);
    expect(b).not.toEqual(c);
    const created = tops[1]!.body.items.map((i: { product: { created: string } }) => Date.parse(i.product.created));
    const createdDefault = tops[0]!.body.items.map((i: { product: { created: string } }) => Date.parse(i.product.created));
    const mean = (x: number[]) => x.reduce((s, v) => s + v, 0) / x.length;
    expect(mean(created)).toBeGreaterThan(mean(createdDefault));
  });

  it('rejects an unknown configuration with a clear error', async () => {
    const r = await em.search({ query: 'x', configurationId: 'nope' });
    expect(r).toMatchObject({
      status: 400,
      body: {
        code: 'unknown-configuration',
        field: 'configurationId',
        message: expect.stringContaining('default, new-arrivals, bestsellers'),
      },
    });
  });

  it('applies triggers: segment=premium lifts premium brands', async () => {
    const plain = await em.search({ query: 'jacket', options: { limit: 20 } });
    const premium = await em.search({ query: 'jacket', options: { limit: 20 }, context: { variables: { segment: 'premium' } } });
    const share = (r: typeof plain) =>
      r.body.items.filter((i: { product: { brand: string } }) => (PREMIUM_BRANDS as readonly string[]).includes(i.product.brand)).length;
    expect(share(premium)).toBeGreaterThan(share(plain));
  });

  it('returns a redirect item for a redirect query', async () => {
    const r = await em.search({ query: 'Returns' });
    expect(r.body.items[0]).toEqual({
      id: 'redirect-returns',
      score: 1,
      redirect: { id: 'redirect-returns', name: 'Returns and refunds', url: 'https://shop.example.com/help/returns' },
    });
  });
});

describe('emulator: filters and facets', () => {
  it('applies the filter with the shared evaluator', async () => {
    const filter = '(colour = Black OR colour = Navy) AND price < 80 AND sizes = M';
    const r = await em.search({ options: { filter, limit: 200 } });
    expect(r.body.items.length).toBeGreaterThan(0);
    const predicate = compileFilter(parseFilter(filter).ast);
    for (const item of r.body.items) expect(predicate(item.product)).toBe(true);
  });

  it('rejects a filter that does not parse, naming the field and position', async () => {
    const r = await em.search({ options: { filter: 'price >' } });
    expect(r).toMatchObject({
      status: 400,
      body: { code: 'invalid-filter', field: 'options.filter', message: expect.stringContaining("after '>'") },
    });
    // One position, in the words of an editor: the line and column, never also a character offset.
    const message = (r.body as { message: string }).message;
    expect(message.match(/line \d+, column \d+/g)).toHaveLength(1);
    expect(message).not.toMatch(/character/);
    const trailing = await em.search({ options: { filter: "brand = 'Korvo' AND" } });
    expect((trailing.body as { message: string }).message).toBe('options.filter: Expected a rule after AND at line 1, column 17.');
  });

  it('combines values of one facet with OR and different facets with AND', async () => {
    const one = await em.search({ options: { facets: [{ id: 'brand', values: ['Korvo'] }] } });
    const two = await em.search({ options: { facets: [{ id: 'brand', values: ['Halden'] }] } });
    const both = await em.search({ options: { facets: [{ id: 'brand', values: ['Korvo', 'Halden'] }], limit: 100 } });
    expect(both.body.metadata.count).toBe(one.body.metadata.count + two.body.metadata.count);
    const withColour = await em.search({
      options: {
        facets: [
          { id: 'brand', values: ['Korvo', 'Halden'] },
          { id: 'colour', values: ['Black'] },
        ],
        limit: 100,
      },
    });
    expect(withColour.body.metadata.count).toBeLessThan(both.body.metadata.count);
    for (const item of withColour.body.items) {
      expect(['Korvo', 'Halden']).toContain(item.product.brand);
      expect(item.product.colour).toBe('Black');
    }
  });

  it('gives an empty result, not an error, for an unknown facet value', async () => {
    const r = await em.search({ options: { facets: [{ id: 'brand', values: ['No Such Brand'] }] } });
    expect(r.status).toBe(200);
    expect(r.body.items).toEqual([]);
    expect(r.body.metadata.count).toBe(0);
  });

  it('still accepts the deprecated facet attribute property', async () => {
    const byId = await em.search({ options: { facets: [{ id: 'brand', values: ['Korvo'] }] } });
    const byAttribute = await em.search({ options: { facets: [{ attribute: 'brand', values: ['Korvo'] }] } });
    expect(byAttribute.status).toBe(200);
    expect(ids(byAttribute.body)).toEqual(ids(byId.body));
  });

  it('reports facets with id, attribute, title, count and values; selected values stay listed at zero', async () => {
    const r = await em.search({
      query: 'jacket',
      options: {
        facets: [
          { id: 'colour', values: ['Black', 'No Such Colour'] },
          { id: 'brand', values: ['Korvo'] },
        ],
      },
    });
    const colour = r.body.metadata.facets.find((f: { id: string }) => f.id === 'colour');
    expect(colour).toMatchObject({ id: 'colour', attribute: 'colour', title: 'Colour', count: expect.any(Number) });
    expect(colour.values.find((v: { value: string }) => v.value === 'Black')).toMatchObject({ selected: true });
    const brand = r.body.metadata.facets.find((f: { id: string }) => f.id === 'brand');
    expect(brand.values.find((v: { value: string }) => v.value === 'Korvo')).toMatchObject({ selected: true });
    // Other brands are still offered with their counts (multi-select faceting).
    expect(brand.values.filter((v: { selected: boolean }) => !v.selected).length).toBeGreaterThan(0);
    const price = r.body.metadata.facets.find((f: { id: string }) => f.id === 'price');
    // Range facets keep their bands in the configured order, not by count.
    const bands = ['Under 25', '25 to 50', '50 to 100', '100 to 200', '200 and over'];
    const shown = price.values.map((v: { value: string }) => v.value);
    expect(shown).toEqual(bands.filter((b) => shown.includes(b)));
  });

  it('lists selected values even when nothing has them', async () => {
    const r = await em.search({ query: 'tent', options: { facets: [{ id: 'gender', values: ['Kids'] }] } });
    const gender = r.body.metadata.facets.find((f: { id: string }) => f.id === 'gender');
    expect(gender.values).toContainEqual({ value: 'Kids', count: 0, selected: true });
  });

  it('returns no facets when disabled, while selections still filter', async () => {
    const r = await em.search({ options: { disable: [{ name: 'facet' }], facets: [{ id: 'brand', values: ['Korvo'] }], limit: 50 } });
    expect(r.body.metadata.facets).toEqual([]);
    for (const item of r.body.items) expect(item.product.brand).toBe('Korvo');
  });
});

describe('emulator: sorting, paging and masks', () => {
  it('sorts by price ascending and descending, numerically', async () => {
    const asc = await em.search({ options: { sortBy: [{ attribute: 'price' }], limit: 50 } });
    const prices = asc.body.items.map((i: { product: { price: number } }) => i.product.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const desc = await em.search({ options: { sortBy: [{ attribute: 'price', order: 'desc' }], limit: 50 } });
    const d = desc.body.items.map((i: { product: { price: number } }) => i.product.price);
    expect(d).toEqual([...d].sort((a, b) => b - a));
  });

  it('lets the first sort value take precedence, the next break ties', async () => {
    const r = await em.search({
      query: 'socks',
      options: {
        sortBy: [
          { attribute: 'rating', order: 'desc' },
          { attribute: 'price', order: 'asc' },
        ],
        limit: 200,
      },
    });
    const rows = r.body.items.map((i: { product: { rating: number; price: number } }) => [i.product.rating, i.product.price] as const);
    for (let k = 1; k < rows.length; k++) {
      const [r0, p0] = rows[k - 1]!;
      const [r1, p1] = rows[k]!;
      expect(r0 > r1 || (r0 === r1 && p0 <= p1)).toBe(true);
    }
  });

  it('sorts dates chronologically and text alphanumerically', async () => {
    const dates = await em.search({ options: { sortBy: [{ attribute: 'created', order: 'desc' }], limit: 30 } });
    const t = dates.body.items.map((i: { product: { created: string } }) => Date.parse(i.product.created));
    expect(t).toEqual([...t].sort((a, b) => b - a));
    const titles = await em.search({ query: 'tent', options: { sortBy: [{ attribute: 'title' }], limit: 30 } });
    const s = titles.body.items.map((i: { product: { title: string } }) => i.product.title);
    expect(s).toEqual([...s].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('answers an error for an attribute not registered as sortable', async () => {
    const r = await em.search({ options: { sortBy: [{ attribute: 'price' }, { attribute: 'colour' }] } });
    expect(r).toMatchObject({ status: 400, body: { code: 'not-sortable', field: 'options.sortBy[1].attribute' } });
  });

  it('clamps limit outside 0–1000 to 1000, without an error', async () => {
    for (const limit of [5000, -1]) {
      const r = await em.search({ options: { limit } });
      expect(r.status).toBe(200);
      expect(r.body.metadata.limit).toBe(1000);
      expect(r.body.items.length).toBe(1000);
    }
    const zero = await em.search({ options: { limit: 0 } });
    expect(zero.body.items).toEqual([]);
  });

  it('pages with offset and rejects offsets outside 0–10000', async () => {
    const all = await em.search({ query: 'hoodie', options: { limit: 20 } });
    const second = await em.search({ query: 'hoodie', options: { offset: 10, limit: 10 } });
    expect(ids(second.body)).toEqual(ids(all.body).slice(10, 20));
    expect(second.body.metadata.offset).toBe(10);
    const bad = await em.search({ options: { offset: 10_001 } });
    expect(bad).toMatchObject({ status: 400, body: { field: 'options.offset' } });
  });

  it('keeps exactly the fields a response mask selects', async () => {
    const r = await em.search({ query: 'tee', options: { customResponseMask: 'id, product(title, price)' } });
    for (const item of r.body.items) {
      expect(Object.keys(item).sort()).toEqual(['id', 'product']);
      expect(Object.keys(item.product).sort()).toEqual(['price', 'title']);
    }
    const bad = await em.search({ options: { customResponseMask: 'id,' } });
    expect(bad).toMatchObject({ status: 400, body: { code: 'invalid-response-mask', field: 'options.customResponseMask' } });
  });
});

describe('emulator: GET form', () => {
  it('answers GET /search/<token>?encoded=… as the POST, and metadata.url reproduces the request', async () => {
    const body = { query: 'rain jacket', options: { limit: 5, facets: [{ id: 'colour', values: ['Black'] }] } };
    const post = await em.search(body);
    const get = await em.get(`/search/${DEMO_TOKEN}?encoded=${encodeURIComponent(JSON.stringify(body))}`);
    expect(get.status).toBe(200);
    expect(ids(get.body)).toEqual(ids(post.body));
    const again = await em.get(post.body.metadata.url.slice(em.url.length));
    expect(ids(again.body)).toEqual(ids(post.body));
  });

  it('explains a missing or broken encoded parameter', async () => {
    expect(await em.get(`/search/${DEMO_TOKEN}`)).toMatchObject({ status: 400, body: { code: 'missing-encoded', field: 'encoded' } });
    expect(await em.get(`/search/${DEMO_TOKEN}?encoded=%7Bbad`)).toMatchObject({
      status: 400,
      body: { code: 'invalid-json', message: expect.stringContaining('position 1') },
    });
  });
});

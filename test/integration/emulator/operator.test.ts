import { networkInterfaces } from 'node:os';
import fc from 'fast-check';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../../src/main/emulator';
import { printFilter } from '../../../src/shared/filter';
import { filterAst } from '../../helpers/arbitraries';
import { DEMO_TOKEN, testEmulator, type TestEmulator } from '../../helpers/emulator';

let em: TestEmulator;
beforeAll(async () => {
  em = await testEmulator();
});
afterAll(() => em.stop());

describe('operator endpoints', () => {
  it('info describes URLs and tenants in the shape the app builds Local demo from', async () => {
    const r = await em.get('/__emulator/info');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ searchUrl: em.url, authUrl: em.url, itemsUrl: em.url });
    const demo = r.body.tenants.find((t: { id: string }) => t.id === 'demo');
    expect(demo).toMatchObject({
      id: 'demo',
      environment: 'production',
      searchTokens: [DEMO_TOKEN, expect.any(String)],
      defaultConfigurationId: 'default',
      configurations: expect.arrayContaining([expect.objectContaining({ id: 'bestsellers', title: expect.any(String) })]),
      facets: expect.arrayContaining([{ id: 'brand', attribute: 'brand', title: 'Brand' }]),
      sortableAttributes: expect.arrayContaining(['price']),
      autocompleteActivated: true,
      serviceAccounts: [{ clientId: 'workbench-demo', clientSecret: expect.any(String) }],
    });
    expect(r.body.tenants.find((t: { id: string }) => t.id === 'outlet').autocompleteActivated).toBe(false);
  });

  it('stats count requests per endpoint', async () => {
    const before = (await em.get('/__emulator/stats')).body;
    await em.search({ query: 'x' });
    await em.post('/search/autocomplete', { token: DEMO_TOKEN, query: 'r' });
    const after = (await em.get('/__emulator/stats')).body;
    expect(after.requests.search).toBe((before.requests.search ?? 0) + 1);
    expect(after.requests.autocomplete).toBe((before.requests.autocomplete ?? 0) + 1);
    expect(after).toMatchObject({ tokenGrants: expect.any(Number), rateLimited: expect.any(Number) });
  });

  it('validates service-account registrations', async () => {
    expect(await em.post('/__emulator/service-accounts', { tenant: 'demo', clientId: 'x', publicKeyPem: 'not a key' })).toMatchObject({
      status: 400,
      body: { code: 'invalid-public-key' },
    });
    expect(await em.post('/__emulator/service-accounts', { tenant: 'nope', clientId: 'x', clientSecret: 's' })).toMatchObject({
      status: 404,
    });
    expect(await em.post('/__emulator/service-accounts', { tenant: 'demo' })).toMatchObject({ status: 400 });
  });

  it('serves product images as PNG, cacheable', async () => {
    const search = await em.search({ query: 'tent' });
    const url = search.body.items[0].product.imageUrl as string;
    expect(url).toMatch(/\/__emulator\/images\/[^/]+\.png$/);
    const res = await request(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
    const body = Buffer.from(await res.body.arrayBuffer());
    expect([...body.subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
  });
});

describe('fault injection', () => {
  afterAll(async () => {
    await em.call('DELETE', '/__emulator/faults');
  });

  it('adds latency', async () => {
    await em.post('/__emulator/faults', { latencyMs: 150, endpoints: ['search'] });
    const t0 = performance.now();
    expect((await em.search({ query: 'x' })).status).toBe(200);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(140);
    await em.call('DELETE', '/__emulator/faults');
  });

  it('a delayed request its client gave up on ends with the client: no timer holds the emulator', async () => {
    await em.post('/__emulator/faults', { latencyMs: 120_000, endpoints: ['search'] });
    const stats = async () =>
      (await em.get('/__emulator/stats')).body as { requests: Record<string, number>; injected: Record<string, number> };
    const before = await stats();
    const abort = new AbortController();
    const held = request(`${em.url}/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: DEMO_TOKEN, query: 'x' }),
      signal: abort.signal,
    }).catch((err: unknown) => err);
    // Held once the emulator has it; then the client goes away.
    await expect.poll(async () => (await stats()).requests['search'] ?? 0).toBe((before.requests['search'] ?? 0) + 1);
    abort.abort();
    expect(await held).toMatchObject({ name: 'AbortError' });
    await expect.poll(async () => (await stats()).injected['abandoned'] ?? 0).toBe((before.injected['abandoned'] ?? 0) + 1);
    await em.call('DELETE', '/__emulator/faults');
    expect((await em.search({ query: 'x' })).status).toBe(200);
  });

  it('answers errors at the given rate and status', async () => {
    await em.post('/__emulator/faults', { errorRate: 1, errorStatus: 502 });
    expect(await em.search({ query: 'x' })).toMatchObject({ status: 502, body: { code: 'injected-error' } });
    await em.call('DELETE', '/__emulator/faults');
    expect((await em.search({ query: 'x' })).status).toBe(200);
  });

  it('sends a burst of 429s with Retry-After, then recovers', async () => {
    await em.post('/__emulator/faults', { burst429: 2, retryAfterSeconds: 3 });
    const a = await em.search({ query: 'x' });
    const b = await em.search({ query: 'x' });
    const c = await em.search({ query: 'x' });
    expect([a.status, b.status, c.status]).toEqual([429, 429, 200]);
    expect(a.headers['retry-after']).toBe('3');
  });

  it('resets connections', async () => {
    await em.post('/__emulator/faults', { resetRate: 1, endpoints: ['search'] });
    await expect(em.search({ query: 'x' })).rejects.toThrow();
    await em.call('DELETE', '/__emulator/faults');
  });

  it('truncates bodies half-way', async () => {
    await em.post('/__emulator/faults', { truncateRate: 1, endpoints: ['search'] });
    await expect(em.search({ query: 'x' })).rejects.toThrow();
    await em.call('DELETE', '/__emulator/faults');
  });

  it('rejects unknown fault settings', async () => {
    expect(await em.post('/__emulator/faults', { chaos: true })).toMatchObject({ status: 400, body: { code: 'invalid-faults' } });
  });
});

describe('operator endpoints are loopback-only', () => {
  const external = Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

  it.skipIf(!external)(`refuses operator calls arriving on a non-loopback address (${external ?? 'none on this machine'})`, async () => {
    const wide = await startEmulator({ host: '0.0.0.0', items: 200 });
    try {
      const res = await request(`http://${external}:${wide.port}/__emulator/info`);
      expect(res.statusCode).toBe(403);
      expect(await res.body.json()).toMatchObject({ code: 'loopback-only' });
      const search = await request(`http://${external}:${wide.port}/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: DEMO_TOKEN }),
      });
      expect(search.statusCode).toBe(200);
      expect((await request(`${wide.url}/__emulator/info`)).statusCode).toBe(200);
    } finally {
      await wide.stop();
    }
  });
});

describe('request-rate limit', () => {
  it('is set and read through /__emulator/rate-limit; beyond it, 429 with Retry-After; taken back with null', async () => {
    expect((await em.get('/__emulator/rate-limit')).body).toEqual({ perSecond: null });
    expect((await em.post('/__emulator/rate-limit', { perSecond: 0 })).status).toBe(400);
    expect((await em.post('/__emulator/rate-limit', { perSecond: 1 })).body).toEqual({ perSecond: 1 });
    try {
      const started = performance.now();
      const answers = await Promise.all(Array.from({ length: 20 }, () => em.search({ query: 'jacket', options: { limit: 1 } })));
      const elapsed = performance.now() - started;
      const ok = answers.filter((a) => a.status === 200).length;
      // One token to start with, one more each second: whatever this machine's speed, no more got through.
      expect(ok).toBeGreaterThanOrEqual(1);
      expect(ok).toBeLessThanOrEqual(1 + Math.ceil(elapsed / 1000));
      const refused = answers.find((a) => a.status === 429)!;
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.body).toMatchObject({
        message: expect.stringMatching(/^Too many requests: this service takes 1 a second; retry after 1 s\./),
      });
    } finally {
      expect((await em.post('/__emulator/rate-limit', { perSecond: null })).body).toEqual({ perSecond: null });
    }
    expect((await em.search({ query: 'jacket' })).status).toBe(200);
  });
});

describe('filters from the shared parser', () => {
  it('any filter the parser accepts is evaluated by the emulator without error', async () => {
    await fc.assert(
      fc.asyncProperty(filterAst, async (ast) => {
        const r = await em.search({ options: { filter: printFilter(ast), limit: 1 }, query: '' });
        expect(r.status).toBe(200);
      }),
      { numRuns: 1000 },
    );
  }, 120_000);
});

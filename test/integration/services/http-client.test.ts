import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../../src/main/emulator';
import { HttpClient } from '../../../src/main/services/http/client';
import { SearchClient } from '../../../src/main/services/search/search-client';
import { WorkbenchFailure } from '../../../src/shared/ipc/result';
import { DEMO_TOKEN, testEmulator, type TestEmulator } from '../../helpers/emulator';
import { startProxy } from '../../helpers/proxy';
import { makeTestCa, opensslMissing } from '../../helpers/tls';

let em: TestEmulator;
beforeAll(async () => {
  em = await testEmulator();
});
afterAll(() => em.stop());

const search = (client: HttpClient, body: Record<string, unknown> = { token: DEMO_TOKEN, query: 'jacket' }, deadlineMs?: number) =>
  new SearchClient(client).run(em.url, 'search', body as never, deadlineMs ? { deadlineMs } : {});

async function failureOf(p: Promise<unknown>) {
  try {
    await p;
  } catch (err) {
    if (err instanceof WorkbenchFailure) return err.error;
    throw err;
  }
  throw new Error('expected a failure');
}

describe('HTTP client: exchange records', () => {
  it('records method, URL, headers, body, status, size and timings; connection reuse shows', async () => {
    const client = new HttpClient();
    const first = await search(client);
    expect(first.exchange).toMatchObject({
      method: 'POST',
      url: `${em.url}/search`,
      status: 200,
      requestHeaders: expect.arrayContaining([['Content-Type', 'application/json; charset=UTF-8']]),
      requestBody: expect.stringContaining('"query":"jacket"'),
      responseHeaders: expect.arrayContaining([['content-type', 'application/json; charset=utf-8']]),
      viaProxy: null,
    });
    expect(first.exchange.size).toBeGreaterThan(1000);
    expect(first.exchange.timings.reusedConnection).toBe(false);
    expect(first.exchange.timings.connectMs).toBeGreaterThanOrEqual(0);
    expect(first.exchange.timings.firstByteMs).toBeGreaterThan(0);
    expect(first.exchange.timings.totalMs).toBeGreaterThanOrEqual(first.exchange.timings.firstByteMs ?? 0);
    await new Promise((r) => setTimeout(r, 20)); // as a person would send the next request: the socket is back in the pool
    const second = await search(client);
    expect(second.exchange.timings).toMatchObject({ reusedConnection: true, connectMs: 0 });
    await client.close();
  });

  it("reports the service's status and message for an error answer", async () => {
    const client = new HttpClient();
    const error = await failureOf(search(client, { token: DEMO_TOKEN, options: { sortBy: [{ attribute: 'colour' }] } }));
    expect(error).toMatchObject({
      code: 'http',
      details: { status: 400, serviceMessage: expect.stringContaining('not registered as a sortable') },
    });
    expect(error.message).toMatch(/^400 Bad Request: colour is not registered/);
    expect((error.details?.exchange as { status: number }).status).toBe(400);
    await client.close();
  });
});

describe('HTTP client: faults end in the right typed error within the deadline', () => {
  afterAll(() => em.call('DELETE', '/__emulator/faults'));

  it('latency beyond the deadline → timeout, on time', async () => {
    await em.post('/__emulator/faults', { latencyMs: 3000, endpoints: ['search'] });
    const client = new HttpClient();
    const t0 = performance.now();
    const error = await failureOf(search(client, undefined, 400));
    const elapsed = performance.now() - t0;
    expect(error).toMatchObject({ code: 'timeout' });
    expect(error.message).toMatch(/did not answer within/);
    expect(elapsed).toBeLessThan(400 + 1000);
    await client.close();
  });

  it('the lean path of batch runs keeps the deadline too (as a header timeout), and the caller can still cancel', async () => {
    await em.post('/__emulator/faults', { latencyMs: 3000, endpoints: ['search'] });
    const client = new HttpClient();
    const lean = (signal?: AbortSignal) =>
      failureOf(
        new SearchClient(client).run(
          em.url,
          'search',
          { token: DEMO_TOKEN, query: 'jacket' },
          { deadlineMs: 400, lean: true, ...(signal ? { signal } : {}) },
        ),
      );
    expect(await lean()).toMatchObject({ code: 'timeout' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    expect(await lean(controller.signal)).toMatchObject({ code: 'cancelled' });
    await client.close();
  });

  it('connection reset → network', async () => {
    await em.post('/__emulator/faults', { resetRate: 1, endpoints: ['search'] });
    const client = new HttpClient();
    const error = await failureOf(search(client));
    expect(error).toMatchObject({ code: 'network' });
    expect(error.message).toMatch(/reset|closed/);
    await client.close();
  });

  it('truncated JSON → network (truncated)', async () => {
    await em.post('/__emulator/faults', { truncateRate: 1, endpoints: ['search'] });
    const client = new HttpClient();
    const error = await failureOf(search(client));
    expect(error).toMatchObject({ code: 'network', details: { reason: expect.stringMatching(/truncated|reset|UND_ERR/) } });
    await client.close();
  });

  it('5xx → http with the status and the service message', async () => {
    await em.post('/__emulator/faults', { errorRate: 1, errorStatus: 503, endpoints: ['search'] });
    const client = new HttpClient();
    const error = await failureOf(search(client));
    expect(error).toMatchObject({ code: 'http', details: { status: 503, serviceMessage: expect.stringContaining('injected fault') } });
    await client.close();
  });

  it('refused connection → network, and cancellation → cancelled', async () => {
    await em.call('DELETE', '/__emulator/faults');
    const client = new HttpClient();
    const refused = await failureOf(new SearchClient(client).run('http://127.0.0.1:1', 'search', { token: 't' } as never));
    expect(refused).toMatchObject({ code: 'network', message: expect.stringMatching(/refused/) });
    await em.post('/__emulator/faults', { latencyMs: 2000, endpoints: ['search'] });
    const controller = new AbortController();
    const pending = new SearchClient(client).run(em.url, 'search', { token: DEMO_TOKEN } as never, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect(await failureOf(pending)).toMatchObject({ code: 'cancelled' });
    await em.call('DELETE', '/__emulator/faults');
    await client.close();
  });

  it('caps the response size', async () => {
    const client = new HttpClient({ maxResponseBytes: 10_000 });
    const error = await failureOf(search(client, { token: DEMO_TOKEN, options: { limit: 200 } }));
    expect(error).toMatchObject({ code: 'network', details: { reason: 'too-large' } });
    await client.close();
  });
});

describe('HTTP client: no socket or listener leaks', () => {
  it('1,000 requests leave the connection pool bounded and no extra timers or listeners', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.name);
    process.on('warning', onWarning);
    const client = new HttpClient({ connectionsPerOrigin: 8 });
    const count = (type: string) => process.getActiveResourcesInfo().filter((r) => r === type).length;
    await search(client);
    const before = { sockets: count('TCPSocketWrap'), timers: count('Timeout') };
    for (let batch = 0; batch < 20; batch++) {
      await Promise.all(Array.from({ length: 50 }, () => search(client, { token: DEMO_TOKEN, query: 'tent', options: { limit: 1 } })));
    }
    await new Promise((r) => setTimeout(r, 50));
    const after = { sockets: count('TCPSocketWrap'), timers: count('Timeout') };
    expect(after.sockets - before.sockets).toBeLessThanOrEqual(8 * 2); // client and server side of each pooled connection
    expect(after.timers - before.timers).toBeLessThanOrEqual(5);
    expect(warnings).not.toContain('MaxListenersExceededWarning');
    process.off('warning', onWarning);
    await client.close();
  }, 60_000);
});

describe('HTTP client: proxies and certificate authorities', () => {
  const noOpenssl = opensslMissing();
  let tls: ReturnType<typeof makeTestCa>;
  let secure: RunningEmulator | undefined;
  beforeAll(async () => {
    if (noOpenssl) return;
    tls = makeTestCa();
    secure = await startEmulator({ items: 300, https: { key: tls.key, cert: tls.cert } });
  });
  afterAll(() => secure?.stop());

  it('goes through HTTP_PROXY for http URLs and honours NO_PROXY', async () => {
    const proxy = await startProxy();
    try {
      const client = new HttpClient({ env: { HTTP_PROXY: proxy.url } });
      const r = await search(client);
      expect(r.exchange.status).toBe(200);
      expect(r.exchange.viaProxy).toBe(proxy.url);
      const target = new URL(em.url).host; // undici tunnels with CONNECT even for http targets
      expect(proxy.seen.some((l) => l === `CONNECT ${target}` || l.startsWith(`POST ${em.url}/search`))).toBe(true);
      await client.close();
      const bypass = new HttpClient({ env: { HTTP_PROXY: proxy.url, NO_PROXY: '127.0.0.1' } });
      const seen = proxy.seen.length;
      expect((await search(bypass)).exchange.viaProxy).toBeNull();
      expect(proxy.seen.length).toBe(seen);
      await bypass.close();
    } finally {
      await proxy.close();
    }
  });

  it('tunnels https through HTTPS_PROXY', async (ctx) => {
    if (!secure) return ctx.skip(noOpenssl);
    const proxy = await startProxy();
    try {
      const client = new HttpClient({ env: { HTTPS_PROXY: proxy.url }, extraCaPems: [tls.caPem] });
      const r = await new SearchClient(client).run(secure.url, 'search', { token: DEMO_TOKEN } as never);
      expect(r.exchange.status).toBe(200);
      expect(proxy.seen.some((l) => l.startsWith('CONNECT 127.0.0.1:'))).toBe(true);
      await client.close();
    } finally {
      await proxy.close();
    }
  });

  it('refuses an unknown CA with a hint, and trusts it once added as an extra CA', async (ctx) => {
    if (!secure) return ctx.skip(noOpenssl);
    const plain = new HttpClient();
    const error = await failureOf(new SearchClient(plain).run(secure.url, 'search', { token: DEMO_TOKEN } as never));
    expect(error).toMatchObject({ code: 'network', message: expect.stringMatching(/not trusted.*Extra CA certificates/) });
    plain.setExtraCaPems([tls.caPem]);
    const ok = await new SearchClient(plain).run(secure.url, 'search', { token: DEMO_TOKEN } as never);
    expect(ok.exchange.status).toBe(200);
    await plain.close();
  });
});

describe('search client: checking answers against the documented shape', () => {
  it('does not warn when a response mask removed documented fields', async () => {
    const client = new HttpClient();
    const plain = await search(client, { token: DEMO_TOKEN, query: 'tent' });
    expect(plain.warnings).toEqual([]);
    const masked = await search(client, { token: DEMO_TOKEN, query: 'tent', options: { customResponseMask: 'id' } });
    expect(masked.warnings).toEqual([]);
    await client.close();
  });
});

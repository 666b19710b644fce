/**
 * The emulator is a server on this machine: a web page that rebinds a name of its own to 127.0.0.1 must not read
 * its operator endpoints (tokens, the tracker key, a client secret) nor register service accounts through it.
 */
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../helpers/http';
import { MAX_COUNTED_PER_REQUEST } from '../../src/main/emulator/engine/suggest';
import { USAGE_LIMITS } from '../../src/main/emulator/engine/usage-log';
import { MAX_KEPT_ACTIVITIES } from '../../src/main/emulator/tracker';
import { testEmulator, type TestEmulator } from '../helpers/emulator';

let em: TestEmulator;
beforeAll(async () => {
  em = await testEmulator({ items: 200 });
});
afterAll(async () => {
  await em?.stop();
});

describe('the emulator answers only a Host and an Origin that reach it by address', () => {
  it('refuses a rebound name with 403, on the operator endpoints and the search endpoints alike', async () => {
    for (const host of [`rebind.attacker.test:${em.port}`, 'rebind.attacker.test', `127.0.0.1.attacker.test:${em.port}`]) {
      const info = await rawRequest(em.port, '/__emulator/info', { headers: { Host: host } });
      expect(info.status, host).toBe(403);
      expect(info.body, host).not.toContain('demo-search-token');
      expect(JSON.parse(info.body)).toMatchObject({ code: 'host-refused' });
    }
    const account = await rawRequest(em.port, '/__emulator/service-accounts', {
      method: 'POST',
      headers: { Host: `rebind.attacker.test:${em.port}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ tenant: 'demo', clientId: 'rebound' }),
    });
    expect(account.status).toBe(403);
    const search = await rawRequest(em.port, '/search', {
      method: 'POST',
      headers: { Host: `rebind.attacker.test:${em.port}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: 'demo-search-token-0001', query: 'tent' }),
    });
    expect(search.status).toBe(403);
    // Another port on loopback is another server.
    expect((await rawRequest(em.port, '/__emulator/info', { headers: { Host: `127.0.0.1:${em.port + 1}` } })).status).toBe(403);
  });

  it('refuses another site’s Origin, and answers its own address by IP or as localhost', async () => {
    const foreign = await rawRequest(em.port, '/__emulator/info', { headers: { Origin: 'http://attacker.test' } });
    expect(foreign.status).toBe(403);
    expect((await rawRequest(em.port, '/__emulator/info', { headers: { Origin: 'null' } })).status).toBe(403);
    for (const host of [`127.0.0.1:${em.port}`, `localhost:${em.port}`, `LOCALHOST:${em.port}`]) {
      const own = await rawRequest(em.port, '/__emulator/info', { headers: { Host: host, Origin: `http://${host}` } });
      expect(own.status, host).toBe(200);
    }
  });
});

describe('a tracker flood neither fills the emulator nor stalls it', () => {
  const searches = (from: number, n: number) =>
    Array.from({ length: n }, (_, i) => ({
      action: 'search',
      target: { query: `flood ${from + i} zzqx` },
      metadata: { query: `flood ${from + i} zzqx` },
      user: { identities: { sessionid: `s${from + i}` } },
    }));

  it('keeps a bounded number of activities and queries, and autocomplete stays quick', async () => {
    const flood = await testEmulator({ items: 200 });
    try {
      for (let post = 0; post < 120; post++) {
        const sent = await flood.post(`/collect/demo-tracker-key-0001`, searches(post * 1000, 1000));
        expect(sent.status).toBe(202);
      }
      expect(flood.emulator.tracker.kept.length).toBeLessThanOrEqual(MAX_KEPT_ACTIVITIES);
      const tenant = flood.emulator.tenants.get('demo')!;
      expect(tenant.usage.size).toBeLessThanOrEqual(USAGE_LIMITS.queries);
      // 120,000 tracked queries that match nothing: one autocomplete counts (searches) at most MAX_COUNTED_PER_REQUEST.
      const answer = await flood.post('/search/autocomplete', { token: 'demo-search-token-0001', query: 'flood' });
      expect(answer.status).toBe(200);
      expect(answer.body.suggestions).toEqual([]);
      const candidates = tenant.usage.suggestions('flood', 0);
      expect(candidates.length).toBeGreaterThan(10 * MAX_COUNTED_PER_REQUEST);
      expect(candidates.filter((c) => c.lastCount !== undefined)).toHaveLength(MAX_COUNTED_PER_REQUEST);
    } finally {
      await flood.stop();
    }
  }, 120_000);
});

describe('the collect endpoint', () => {
  it('answers 429 with Retry-After when over the rate limit, as the search endpoints do', async () => {
    await em.post('/__emulator/rate-limit', { perSecond: 1 });
    try {
      const codes: number[] = [];
      let retryAfter: unknown;
      for (let i = 0; i < 5; i++) {
        const r = await em.post('/collect/demo-tracker-key-0001', []);
        codes.push(r.status);
        if (r.status === 429) retryAfter = r.headers['retry-after'];
      }
      expect(codes).toContain(429);
      expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    } finally {
      await em.post('/__emulator/rate-limit', { perSecond: null });
    }
  });

  it('after an append to activities.jsonl fails, the next post tries again', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'wb-sec-tracker-'));
    const tracked = await testEmulator({ items: 200, dataDir });
    try {
      const file = join(dataDir, 'activities.jsonl');
      await mkdir(file); // a folder where the log goes: the append fails
      const one = [{ action: 'click', target: { product: 'SKU-1' } }];
      expect((await tracked.post('/collect/demo-tracker-key-0001', one)).status).toBe(500);
      await rm(file, { recursive: true });
      expect((await tracked.post('/collect/demo-tracker-key-0001', one)).status).toBe(202);
      expect((await readFile(file, 'utf8')).trim().split('\n')).toHaveLength(1);
    } finally {
      await tracked.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('a body nested 200,000 deep answers 400, on collect and on search', async () => {
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    const bodies = {
      '/collect/demo-tracker-key-0001': `[{"action":"click","target":{"product":"A"},"metadata":{"x":${deep}}}]`,
      '/search': `{"token":"demo-search-token-0001","query":"tent","options":${deep}}`,
    };
    for (const [path, body] of Object.entries(bodies)) {
      const r = await rawRequest(em.port, path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
      expect(r.status, `${path}: ${r.body.slice(0, 200)}`).toBe(400);
    }
  });
});

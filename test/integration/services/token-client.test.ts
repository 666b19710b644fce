import { calculateJwkThumbprint, exportJWK, exportPKCS8, exportSPKI, generateKeyPair, type KeyObject } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogClient } from '../../../src/main/services/catalog/catalog-client';
import { HttpClient } from '../../../src/main/services/http/client';
import { retryAfterMs } from '../../../src/main/services/pacing/retry';
import {
  basicAuthorization,
  issuerOf,
  tokenEndpoint,
  TokenClient,
  type TokenCredentials,
} from '../../../src/main/services/profiles/token-client';
import { testEmulator, type TestEmulator } from '../../helpers/emulator';

const SECRET = 'demo-client-secret: keep % + / = safe';
let clock = Date.now();
let em: TestEmulator;
let privateKeyPem: string;
let publicKey: KeyObject | CryptoKey;

beforeAll(async () => {
  em = await testEmulator({ now: () => clock });
  const pair = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  privateKeyPem = await exportPKCS8(pair.privateKey);
  publicKey = pair.publicKey;
  await em.post('/__emulator/service-accounts', { tenant: 'demo', clientId: 'key-client', publicKeyPem: await exportSPKI(pair.publicKey) });
});
afterAll(() => em.stop());

const stats = async () => (await em.get('/__emulator/stats')).body;
/** Resolves once the emulator has received this many token requests (it counts them on arrival). */
async function tokenRequestsReach(count: number): Promise<void> {
  while (((await stats()).requests.token ?? 0) < count) await new Promise((resolve) => setImmediate(resolve));
}
const target = () => ({ itemsUrl: em.itemsUrl, tenant: 'demo', environment: 'production' });
const secretCredentials = (): TokenCredentials => ({
  tokenUrl: tokenEndpoint(em.authUrl, 'demo'),
  clientId: 'workbench-demo',
  authMethod: 'client-secret',
  secret: async () => SECRET,
});
const keyCredentials = (): TokenCredentials => ({
  tokenUrl: tokenEndpoint(em.authUrl, 'demo'),
  clientId: 'key-client',
  authMethod: 'private-key',
  secret: async () => privateKeyPem,
});

function clients(options: ConstructorParameters<typeof TokenClient>[1] = {}) {
  const http = new HttpClient();
  const tokens = new TokenClient(http, { now: () => clock, ...options });
  return { http, tokens, catalog: new CatalogClient(http, tokens) };
}

describe('token client', () => {
  it('50 concurrent catalog calls with an empty cache make exactly one token request', async () => {
    clock += 5000;
    const { catalog, http } = clients();
    const before = await stats();
    const results = await Promise.all(Array.from({ length: 50 }, () => catalog.active(target(), secretCredentials())));
    const after = await stats();
    expect(results.every((r) => r.catalog.id === 'catalog-demo-production')).toBe(true);
    expect(after.requests.token - (before.requests.token ?? 0)).toBe(1);
    expect(after.requests.catalog - (before.requests.catalog ?? 0)).toBe(50);
    await http.close();
  });

  it('reuses the token until shortly before expiry, then renews it', async () => {
    clock += 5000;
    const { tokens, http } = clients();
    const first = await tokens.token(secretCredentials());
    const before = (await stats()).requests.token;
    clock += 200_000; // expires_in is 300 s; the 30 s safety margin renews at 270 s
    expect((await tokens.token(secretCredentials())).accessToken).toBe(first.accessToken);
    expect((await stats()).requests.token).toBe(before);
    clock += 75_000;
    const renewed = await tokens.token(secretCredentials());
    expect(renewed.accessToken).not.toBe(first.accessToken);
    expect((await stats()).requests.token).toBe(before + 1);
    expect(TokenClient.safetyMarginMs(300)).toBe(30_000);
    expect(TokenClient.safetyMarginMs(20)).toBe(4000);
    await http.close();
  });

  it('authenticates a secret with % + : / = and spaces over HTTP Basic, form-encoded before base64', async () => {
    clock += 5000;
    const { tokens, http } = clients();
    await expect(tokens.token(secretCredentials())).resolves.toMatchObject({ tokenType: 'Bearer' });
    expect(basicAuthorization('a b', 'x:y%z+/=')).toBe(`Basic ${Buffer.from('a+b:x%3Ay%25z%2B%2F%3D').toString('base64')}`);
    await http.close();
  });

  it('builds every client assertion right, with a new jti for every attempt', async () => {
    clock += 5000;
    const { tokens, http } = clients();
    for (let i = 0; i < 4; i++) {
      await tokens.invalidate(keyCredentials());
      await tokens.token(keyCredentials());
    }
    const assertions = (
      (await stats()).recentAssertions as {
        clientId: string;
        kid: string;
        iss: string;
        sub: string;
        aud: string;
        jti: string;
        iat: number;
        exp: number;
      }[]
    ).filter((a) => a.clientId === 'key-client');
    expect(assertions.length).toBeGreaterThanOrEqual(4);
    for (const a of assertions) {
      expect(a.iss).toBe('key-client');
      expect(a.sub).toBe('key-client');
      expect(a.aud).toBe(tokenEndpoint(em.authUrl, 'demo'));
      // The kid is the JWK thumbprint of the public key, as Profiles shows it.
      expect(a.kid).toBe(await calculateJwkThumbprint(await exportJWK(publicKey), 'sha256'));
      expect(a.exp - a.iat).toBeLessThanOrEqual(60);
      expect(a.exp - a.iat).toBeGreaterThan(0);
    }
    expect(new Set(assertions.map((a) => a.jti)).size).toBe(assertions.length);
    await http.close();
  });

  it('addresses the assertion to the realm issuer when the profile asks for it', async () => {
    clock += 5000;
    const { tokens, http } = clients();
    await tokens.token({ ...keyCredentials(), audience: 'issuer' });
    const last = ((await stats()).recentAssertions as { clientId: string; aud: string }[])
      .filter((a) => a.clientId === 'key-client')
      .at(-1);
    expect(last?.aud).toBe(`${em.authUrl}/auth/realms/demo`);
    expect(issuerOf(tokenEndpoint(em.authUrl, 'demo'))).toBe(`${em.authUrl}/auth/realms/demo`);
    await http.close();
  });

  it('never hands a token to a credential with another secret, even for the same client at the same URL', async () => {
    clock += 5000;
    const { tokens, http } = clients();
    const good = await tokens.token(secretCredentials());
    const before = (await stats()).requests.token;
    const wrong = tokens.token({ ...secretCredentials(), secret: async () => 'not the secret' });
    await expect(wrong).rejects.toMatchObject({ error: { code: 'auth', details: { status: 401 } } });
    expect((await stats()).requests.token).toBe(before + 1);
    expect((await tokens.status({ ...secretCredentials(), secret: async () => 'not the secret' })).cached).toBe(false);
    expect((await tokens.status(secretCredentials())).cached).toBe(true);
    expect((await tokens.token(secretCredentials())).accessToken).toBe(good.accessToken);
    await http.close();
  });

  it('keeps a shared grant going when the first caller cancels, and aborts it only when every caller has', async () => {
    clock += 5000;
    const { tokens, http } = clients();
    await em.post('/__emulator/faults', { latencyMs: 300, endpoints: ['token'] });
    try {
      const first = new AbortController();
      const before = (await stats()).requests.token ?? 0;
      const a = tokens.token(keyCredentials(), first.signal);
      const b = tokens.token(keyCredentials());
      await tokenRequestsReach(before + 1); // the shared grant is at the identity server
      first.abort();
      await expect(a).rejects.toMatchObject({ error: { code: 'cancelled' } });
      await expect(b).resolves.toMatchObject({ tokenType: 'Bearer' });
      expect((await stats()).requests.token - before).toBe(1);

      // Both callers cancel: the grant itself is aborted, and nothing is cached.
      await tokens.invalidate(keyCredentials());
      const c1 = new AbortController();
      const c2 = new AbortController();
      const c = tokens.token(keyCredentials(), c1.signal);
      const d = tokens.token(keyCredentials(), c2.signal);
      await tokenRequestsReach(before + 2);
      c1.abort();
      c2.abort();
      await expect(c).rejects.toMatchObject({ error: { code: 'cancelled' } });
      await expect(d).rejects.toMatchObject({ error: { code: 'cancelled' } });
      expect((await tokens.status(keyCredentials())).cached).toBe(false);
      expect(await tokens.lastExchange(keyCredentials())).toMatchObject({ error: { code: 'cancelled' } });
    } finally {
      await em.call('DELETE', '/__emulator/faults');
    }
    await http.close();
  });

  it('waits at least Retry-After (2 s) before retrying a 429, with a new assertion', async () => {
    clock += 5000;
    const http = new HttpClient();
    const tokens = new TokenClient(http, { now: () => clock }); // real sleeps here: the wait is the behaviour under test
    await em.post('/__emulator/faults', { burst429: 1, retryAfterSeconds: 2, endpoints: ['token'] });
    const t0 = performance.now();
    try {
      await tokens.token(keyCredentials());
    } finally {
      await em.call('DELETE', '/__emulator/faults');
    }
    expect(performance.now() - t0).toBeGreaterThanOrEqual(2000);
    expect(retryAfterMs('2', 0)).toBe(2000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4000)).toBe(6000);
    expect(retryAfterMs('soon', 0)).toBeUndefined();
    await http.close();
  });

  it('waits a long Retry-After in full when the deadline allows it, and fails at once, saying so, when it does not', async () => {
    clock += 5000;
    const http = new HttpClient();
    const waits: number[] = [];
    const patient = new TokenClient(http, { now: () => clock, sleep: async (ms) => void waits.push(ms), deadlineMs: () => 30_000 });
    await em.post('/__emulator/faults', { burst429: 1, retryAfterSeconds: 15, endpoints: ['token'] });
    try {
      await patient.token(keyCredentials());
    } finally {
      await em.call('DELETE', '/__emulator/faults');
    }
    // 15 s, not cut to the 10 s backoff cap (which would only earn another 429).
    expect(waits).toEqual([15_000]);

    clock += 5000;
    const hasty = new TokenClient(http, { now: () => clock, sleep: async (ms) => void waits.push(ms), deadlineMs: () => 30_000 });
    await em.post('/__emulator/faults', { burst429: 1, retryAfterSeconds: 60, endpoints: ['token'] });
    try {
      await expect(hasty.token({ ...keyCredentials(), clientId: 'key-client' })).rejects.toMatchObject({
        error: {
          code: 'http',
          message: expect.stringMatching(/^rate limited: the identity server asks to retry after 60 s/),
          details: { status: 429 },
        },
      });
    } finally {
      await em.call('DELETE', '/__emulator/faults');
    }
    expect(waits).toEqual([15_000]);
    await http.close();
  });

  it('never sends token requests faster than its own limit, well under 10 a second', async () => {
    const http = new HttpClient();
    const tokens = new TokenClient(http, { maxRequestsPerSecond: 5 });
    const before = ((await stats()).tokenRequestTimes as number[]).length;
    clock += 5000;
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => tokens.token({ ...secretCredentials(), clientId: `stranger-${i}` })), // unknown clients: refused, but still requests
    );
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    const times = ((await stats()).tokenRequestTimes as number[]).slice(before).sort((a, b) => a - b);
    expect(times.length).toBe(12);
    // Seen from the server: never more than the service's 10 a second, and paced across at least two seconds.
    for (const t of times) expect(times.filter((u) => u >= t && u - t < 1000).length).toBeLessThanOrEqual(10);
    expect((times[11] as number) - (times[0] as number)).toBeGreaterThanOrEqual(2000 - 50);
    await http.close();
  });

  it('renews the token and retries once when the items API answers 401', async () => {
    clock += 5000;
    const clientClock = clock; // this client's clock stands still: it trusts a token the service finds expired
    const { catalog, http } = clients({ now: () => clientClock });
    const before = await stats();
    await catalog.active(target(), secretCredentials());
    clock += 301_000;
    await catalog.active(target(), secretCredentials());
    const after = await stats();
    expect(after.requests.token - before.requests.token).toBe(2);
    expect(after.requests.catalog - before.requests.catalog).toBe(3);
    await http.close();
  });
});

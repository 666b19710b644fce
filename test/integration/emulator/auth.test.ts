import { randomUUID } from 'node:crypto';
import { exportSPKI, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JWT_BEARER } from '../../../src/main/emulator/auth/token-service';
import { testEmulator, type TestEmulator } from '../../helpers/emulator';

let clock = Date.now();
let em: TestEmulator;
let privateKey: CryptoKey;
let otherKey: CryptoKey;
const SECRET = 'demo-client-secret: keep % + / = safe';
const tokenPath = (tenant = 'demo') => `/auth/realms/${tenant}/protocol/openid-connect/token`;
const endpoint = (tenant = 'demo') => `${em.url}${tokenPath(tenant)}`;

/** HTTP Basic as the interface says: id and secret form-urlencoded, joined by ':', then base64. */
function basic(id: string, secret: string): string {
  const form = (s: string) => new URLSearchParams({ x: s }).toString().slice(2);
  return `Basic ${Buffer.from(`${form(id)}:${form(secret)}`).toString('base64')}`;
}

async function assertion(
  claims: { iss?: string; sub?: string; aud?: string; exp?: number; iat?: number; jti?: string } = {},
  key = privateKey,
) {
  const now = Math.floor(clock / 1000);
  const jwt = new SignJWT({})
    .setProtectedHeader({ alg: 'RS256' })
    .setIssuer(claims.iss ?? 'key-client')
    .setSubject(claims.sub ?? 'key-client')
    .setAudience(claims.aud ?? endpoint());
  jwt
    .setIssuedAt(claims.iat ?? now)
    .setExpirationTime(claims.exp ?? now + 60)
    .setJti(claims.jti ?? randomUUID());
  return jwt.sign(key);
}

const withAssertion = async (jwtText: string, clientId = 'key-client') =>
  em.form(tokenPath(), {
    grant_type: 'client_credentials',
    client_id: clientId,
    client_assertion_type: JWT_BEARER,
    client_assertion: jwtText,
  });

beforeAll(async () => {
  em = await testEmulator({ now: () => clock });
  otherKey = (await generateKeyPair('RS256', { modulusLength: 2048 })).privateKey;
  // Register the public half of privateKey, as the app does for Local demo.
  const registered = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  privateKey = registered.privateKey;
  const r = await em.post('/__emulator/service-accounts', {
    tenant: 'demo',
    clientId: 'key-client',
    publicKeyPem: await exportSPKI(registered.publicKey),
  });
  expect(r.status).toBe(200);
});
afterAll(() => em.stop());

const pause = () => {
  clock += 2000; // a fresh rate-limit window between tests
};

describe('token endpoint: client secret over HTTP Basic', () => {
  it('grants a bearer token for the right id and a secret with % + : / = and spaces', async () => {
    pause();
    const r = await em.form(tokenPath(), { grant_type: 'client_credentials' }, { authorization: basic('workbench-demo', SECRET) });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ access_token: expect.stringMatching(/^ey/), expires_in: 300, token_type: 'Bearer' });
  });

  it.each([
    ['a wrong secret', basic('workbench-demo', 'nope'), 401, 'invalid-secret'],
    ['an unknown client', basic('nobody', SECRET), 401, 'unknown-client'],
    [
      'a secret not form-encoded before base64',
      `Basic ${Buffer.from(`workbench-demo:${SECRET}`).toString('base64')}`,
      401,
      'invalid-basic-auth',
    ],
  ])('refuses %s', async (_label, authorization, status, code) => {
    pause();
    const r = await em.form(tokenPath(), { grant_type: 'client_credentials' }, { authorization });
    expect(r).toMatchObject({ status, body: { status, code, error: 'invalid_client', message: expect.any(String) } });
  });

  it('refuses another grant type and an unknown realm', async () => {
    pause();
    expect(await em.form(tokenPath(), { grant_type: 'password' }, { authorization: basic('workbench-demo', SECRET) })).toMatchObject({
      status: 400,
      body: { error: 'unsupported_grant_type' },
    });
    expect(
      await em.form(tokenPath('nope'), { grant_type: 'client_credentials' }, { authorization: basic('workbench-demo', SECRET) }),
    ).toMatchObject({ status: 404 });
  });
});

describe('token endpoint: JWT client assertion (RS256)', () => {
  it('grants a token for a well-formed assertion signed with the registered key', async () => {
    pause();
    const r = await withAssertion(await assertion());
    expect(r).toMatchObject({ status: 200, body: { token_type: 'Bearer' } });
  });

  it('rejects a replayed jti', async () => {
    pause();
    const jwt = await assertion({ jti: 'used-once' });
    expect((await withAssertion(jwt)).status).toBe(200);
    expect(await withAssertion(jwt)).toMatchObject({ status: 401, body: { code: 'assertion-replayed' } });
  });

  it.each([
    ['the wrong audience', () => assertion({ aud: 'https://elsewhere/token' }), 'invalid-audience'],
    ['iss not the client id', () => assertion({ iss: 'someone-else' }), 'invalid-iss'],
    ['sub not the client id', () => assertion({ sub: 'someone-else' }), 'invalid-sub'],
    [
      'an expired assertion',
      () => assertion({ exp: Math.floor(clock / 1000) - 120, iat: Math.floor(clock / 1000) - 180 }),
      'assertion-expired',
    ],
    ['exp more than 60 s ahead', () => assertion({ exp: Math.floor(clock / 1000) + 600 }), 'assertion-lifetime'],
    [
      'a clock far ahead (issued in the future)',
      () => assertion({ iat: Math.floor(clock / 1000) + 300, exp: Math.floor(clock / 1000) + 30 }),
      'clock-skew',
    ],
    ['a key that was not registered', () => assertion({}, otherKey), 'invalid-signature'],
  ])('rejects %s', async (_label, make, code) => {
    pause();
    const r = await withAssertion(await make());
    expect(r).toMatchObject({ status: 401, body: { code, error: 'invalid_client' } });
  });

  it('says when a client has no public key registered', async () => {
    pause();
    const r = await withAssertion(await assertion({ iss: 'workbench-demo', sub: 'workbench-demo' }), 'workbench-demo');
    expect(r).toMatchObject({ status: 401, body: { code: 'key-not-registered' } });
  });
});

describe('token endpoint: rate limit', () => {
  it('answers 429 with Retry-After beyond 10 requests a second per client', async () => {
    pause();
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        em.form(tokenPath(), { grant_type: 'client_credentials' }, { authorization: basic('workbench-demo', SECRET) }),
      ),
    );
    const limited = results.filter((r) => r.status === 429);
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    expect(limited).toHaveLength(2);
    expect(Number(limited[0]!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(limited[0]!.body).toMatchObject({ status: 429, code: 'rate-limited' });
    clock += 1001;
    expect(
      (await em.form(tokenPath(), { grant_type: 'client_credentials' }, { authorization: basic('workbench-demo', SECRET) })).status,
    ).toBe(200);
  });
});

describe('item-catalog API', () => {
  const grant = async (tenant = 'demo', id = 'workbench-demo', secret = SECRET) => {
    pause();
    const r = await em.form(tokenPath(tenant), { grant_type: 'client_credentials' }, { authorization: basic(id, secret) });
    return r.body.access_token as string;
  };

  it('answers the active catalog with its attribute schema for a valid bearer token', async () => {
    const token = await grant();
    const r = await em.get('/catalogs/active?tenant=demo&environment=production', { authorization: `Bearer ${token}` });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      id: 'catalog-demo-production',
      version: expect.any(String),
      itemCount: 3000,
      updatedAt: expect.any(String),
    });
    const byName = Object.fromEntries(r.body.attributes.map((a: { name: string }) => [a.name, a]));
    expect(byName.price).toEqual({ name: 'price', type: 'number', facetable: true, sortable: true, multiValued: false });
    expect(byName.sizes).toMatchObject({ type: 'list', facetable: true, sortable: false, multiValued: true });
    expect(byName.created).toMatchObject({ type: 'date', sortable: true });
  });

  it('refuses a missing, malformed, expired or foreign token', async () => {
    const url = '/catalogs/active?tenant=demo&environment=production';
    expect(await em.get(url)).toMatchObject({ status: 401, body: { code: 'missing-token' } });
    expect(await em.get(url, { authorization: 'Token abc' })).toMatchObject({ status: 401, body: { code: 'malformed-authorization' } });
    expect(await em.get(url, { authorization: 'Bearer not.a.jwt' })).toMatchObject({ status: 401, body: { code: 'invalid-token' } });
    const outlet = await grant('outlet', 'outlet-reader', 'outlet-secret');
    expect(await em.get(url, { authorization: `Bearer ${outlet}` })).toMatchObject({ status: 403, body: { code: 'foreign-tenant' } });
    const token = await grant();
    clock += 301_000;
    expect(await em.get(url, { authorization: `Bearer ${token}` })).toMatchObject({ status: 401, body: { code: 'token-expired' } });
  });

  it('needs tenant and environment, and knows the environment', async () => {
    const token = await grant();
    const auth = { authorization: `Bearer ${token}` };
    expect(await em.get('/catalogs/active?environment=production', auth)).toMatchObject({ status: 400, body: { field: 'tenant' } });
    expect(await em.get('/catalogs/active?tenant=demo', auth)).toMatchObject({ status: 400, body: { field: 'environment' } });
    expect(await em.get('/catalogs/active?tenant=demo&environment=qa', auth)).toMatchObject({
      status: 404,
      body: { code: 'unknown-environment' },
    });
  });
});

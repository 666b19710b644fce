import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../src/main/core';
import { credentialsFor } from '../../../src/main/services/profiles/profile-access';
import { KeychainStore } from '../../../src/main/services/secrets/stores';
import { LOCAL_DEMO_ID } from '../../../src/shared/profiles';

const SECRET = 'demo-client-secret: keep % + / = safe';
const SERVICE = `search-workbench-leaktest-${process.pid}`;
let core: Core;
let dataDir: string;
const logs: string[] = [];
const outputs: unknown[] = [];

async function call(channel: string, input?: unknown) {
  const result = await core.router.invoke(channel, input, { transport: 'browser' });
  outputs.push(result);
  return result;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'wb-leaks-'));
  const keychain = !!(await KeychainStore.open(SERVICE)).store;
  core = await createCore({
    dataDir,
    transport: 'browser',
    keychain,
    secretsService: SERVICE,
    localDemo: { items: 500 },
    log: (m, err) => logs.push(`${m} ${err instanceof Error ? err.stack : String(err)}`),
  });
  await core.services.localDemo?.ready;
}, 60_000);

afterAll(async () => {
  for (const p of core.services.profiles.summary().items) {
    await core.services.secrets.store.delete(`profile:${p.id}:client-secret`);
    await core.services.secrets.store.delete(`profile:${p.id}:private-key`);
  }
  await core.dispose();
});

describe('secrets never leave main', () => {
  it('appear in no channel output, no file in the data folder, no exchange record and no log', async () => {
    const demo = core.services.profiles.get(LOCAL_DEMO_ID);
    const created = await call('profiles:create', {
      name: 'Remote with a secret',
      color: '#d64545',
      searchUrl: demo.searchUrl,
      authUrl: demo.authUrl,
      itemsUrl: demo.itemsUrl,
      tenant: 'demo',
      environment: 'production',
      searchTokens: demo.searchTokens,
      clientId: 'workbench-demo',
      authMethod: 'client-secret',
    });
    expect(created.ok).toBe(true);
    const remoteId = (created as { value: { id: string } }).value.id;
    expect(await call('profiles:set-secret', { id: remoteId, kind: 'client-secret', value: SECRET })).toMatchObject({ ok: true });

    for (const profileId of [LOCAL_DEMO_ID, remoteId]) {
      expect(await call('catalog:active', { profileId })).toMatchObject({ ok: true });
      expect(await call('catalog:test-connection', { profileId })).toMatchObject({
        ok: true,
        value: { steps: [{ ok: true }, { ok: true }] },
      });
      expect(
        await call('search:run', {
          requestId: `r-${profileId}`,
          profileId,
          kind: 'search',
          request: { token: demo.searchTokens[0]!.token, query: 'jacket' },
        }),
      ).toMatchObject({ ok: true });
      await call('token:status', { profileId });
      await call('profiles:export', { id: profileId });
    }
    // A failing grant and a failing search, so error paths are scanned too.
    await call('profiles:set-secret', { id: remoteId, kind: 'client-secret', value: `${SECRET}-wrong` });
    expect(await call('catalog:test-connection', { profileId: remoteId })).toMatchObject({
      ok: true,
      value: { steps: [{ ok: false, cause: 'bad-secret' }] },
    });
    await call('profiles:set-secret', { id: remoteId, kind: 'client-secret', value: SECRET });
    await call('search:run', { requestId: 'bad', profileId: remoteId, kind: 'search', request: { token: 'nope' } });
    const history = (await call('history:list', {})) as { value: { id: string }[] };
    for (const entry of history.value) await call('history:get', { id: entry.id });
    await call('profiles:list');
    await call('app:info');
    await call('saved:save', { name: 'leak check', kind: 'search', request: { token: 'x', query: 'y' } });

    const privateKey = (await core.services.profiles.readSecret(LOCAL_DEMO_ID, 'private-key'))!;
    const accessTokens = await Promise.all(
      [LOCAL_DEMO_ID, remoteId].map(
        async (id) => (await core.services.tokens.token(credentialsFor(core.services, core.services.profiles.get(id)))).accessToken,
      ),
    );
    const needles = [SECRET, encodeURIComponent(SECRET), privateKey.split('\n')[5]!, ...accessTokens];
    expect(privateKey).toMatch(/BEGIN PRIVATE KEY/);

    const haystacks: [string, string][] = [
      ['channel outputs', JSON.stringify(outputs)],
      ['logs', logs.join('\n')],
    ];
    for (const file of await filesUnder(dataDir)) haystacks.push([file, await readFile(file, 'utf8')]);
    expect(haystacks.length).toBeGreaterThan(5);
    for (const [where, text] of haystacks) {
      for (const needle of needles) expect(text.includes(needle), `a secret appears in ${where}`).toBe(false);
    }
    // The exchange records are in the outputs; they still show that credentials were sent.
    expect(JSON.stringify(outputs)).toContain('Basic [redacted]');
    expect(JSON.stringify(outputs)).toContain('client_assertion=%5Bredacted%5D');
  }, 60_000);
});

import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calculateJwkThumbprint, exportJWK, exportPKCS8, exportSPKI, generateKeyPair, importSPKI, type JWK } from 'jose';
import { presetMapping } from '../../../src/shared/storefront';
import { describe, expect, it } from 'vitest';
import { createCore } from '../../../src/main/core';
import { Redactor } from '../../../src/main/services/http/redact';
import { ProfileService } from '../../../src/main/services/profiles/profiles';
import { MemoryStore } from '../../../src/main/services/secrets/stores';
import { LOCAL_DEMO_ID } from '../../../src/shared/profiles';

const fields = {
  name: 'Production EU',
  color: '#d64545',
  searchUrl: 'https://eu.search.example.com',
  tenant: 'acme',
  environment: 'production',
  clientId: 'svc-1',
};

async function service() {
  const dir = await mkdtemp(join(tmpdir(), 'wb-profiles-'));
  const secrets = new MemoryStore();
  const profiles = new ProfileService(dir, secrets, new Redactor());
  await profiles.load();
  return { dir, secrets, profiles };
}

describe('profiles', () => {
  it('creates, lists with secret flags only, updates, duplicates and deletes', async () => {
    const { profiles, secrets } = await service();
    const p = await profiles.create(fields);
    expect(profiles.activeId).toBe(p.id);
    await profiles.setSecret(p.id, 'client-secret', 's3cret value');
    const [view] = await profiles.list();
    expect(view!.secrets).toEqual({ clientSecret: true, privateKey: false });
    expect(JSON.stringify(view)).not.toContain('s3cret');
    const renamed = await profiles.update(p.id, { name: 'Prod EU', configurationIds: ['a', 'b'] });
    expect(renamed).toMatchObject({ name: 'Prod EU', configurationIds: ['a', 'b'] });
    const copy = await profiles.duplicate(p.id);
    expect(copy.name).toBe('Prod EU (copy)');
    expect((await profiles.view(copy)).secrets.clientSecret).toBe(false);
    await profiles.delete(p.id);
    expect(await secrets.has(`profile:${p.id}:client-secret`)).toBe(false);
    expect(profiles.activeId).toBe(copy.id);
  });

  it('validates fields with messages that name them', async () => {
    const { profiles } = await service();
    await expect(profiles.create({ ...fields, searchUrl: 'ftp://x' })).rejects.toMatchObject({
      error: { code: 'validation', details: { field: 'searchUrl' } },
    });
    await expect(profiles.create({ ...fields, color: 'red' })).rejects.toMatchObject({ error: { details: { field: 'color' } } });
    await expect(profiles.create({ ...fields, name: '' })).rejects.toMatchObject({
      error: { message: expect.stringContaining('a profile needs a name') },
    });
    const p = await profiles.create(fields);
    await expect(profiles.setSecret(p.id, 'private-key', 'not a key')).rejects.toMatchObject({
      error: { code: 'validation', message: expect.stringContaining('PKCS#8') },
    });
    await expect(profiles.update('missing', {})).rejects.toMatchObject({ error: { code: 'not-found' } });
  });

  it('generates an RSA-2048 key pair: private key in the store, public key as PEM and JWK with its thumbprint kid', async () => {
    const { profiles, secrets } = await service();
    const p = await profiles.create(fields);
    const key = await profiles.generateKeyPair(p.id);
    expect(key.pem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect((await importSPKI(key.pem, 'RS256')).type).toBe('public');
    expect(key.jwk).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: key.kid });
    const { kid: _kid, alg: _alg, use: _use, ...bare } = key.jwk as JWK;
    expect(await calculateJwkThumbprint(bare as JWK, 'sha256')).toBe(key.kid);
    expect(Buffer.from(key.jwk.n as string, 'base64url').length).toBe(256);
    expect(await secrets.get(`profile:${p.id}:private-key`)).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(profiles.get(p.id).authMethod).toBe('private-key');
  });

  it('shows the public half and kid of a pasted private key, replacing a generated one', async () => {
    const { profiles } = await service();
    const p = await profiles.create(fields);
    const generated = await profiles.generateKeyPair(p.id);
    const { privateKey, publicKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    await profiles.setSecret(p.id, 'private-key', `\n${await exportPKCS8(privateKey)}\n`);
    const shown = profiles.get(p.id).publicKey!;
    expect(shown.kid).not.toBe(generated.kid);
    expect(shown.kid).toBe(await calculateJwkThumbprint(await exportJWK(publicKey), 'sha256'));
    expect(shown.pem.trim()).toBe((await exportSPKI(publicKey)).trim());
  });

  it('exports without secrets and imports with validation', async () => {
    const { profiles } = await service();
    const p = await profiles.create(fields);
    await profiles.setSecret(p.id, 'client-secret', 'top secret');
    const exported = profiles.exportProfile(p.id);
    expect(JSON.stringify(exported)).not.toContain('top secret');
    expect(exported).toMatchObject({ format: 'search-workbench-profile', version: 1, profile: { name: 'Production EU' } });
    const imported = await profiles.importProfile(exported);
    expect(imported.name).toBe('Production EU (2)');
    expect(imported.id).not.toBe(p.id);
    await expect(profiles.importProfile({ format: 'other' })).rejects.toMatchObject({
      error: { code: 'validation', message: expect.stringContaining('not a Search Workbench profile export') },
    });
  });

  it('carries its storefront mappings through export and import, and refuses a broken one naming the field', async () => {
    const { profiles } = await service();
    const mapping = { ...presetMapping('bigcommerce-xo', 'shop.example.eu')!, name: 'EU shop' };
    const p = await profiles.create({ ...fields, storefronts: [mapping] });
    const exported = profiles.exportProfile(p.id);
    expect(exported.profile.storefronts).toEqual([mapping]);
    const imported = await profiles.importProfile(exported);
    expect(imported.storefronts).toEqual([mapping]);
    const broken = { ...exported, profile: { ...exported.profile, storefronts: [{ ...mapping, hosts: ['not a host'] }] } };
    await expect(profiles.importProfile(broken)).rejects.toMatchObject({
      error: { code: 'validation', message: expect.stringContaining('storefronts[0].hosts[0]') },
    });
  });

  it('keeps a corrupt or future-version profiles file aside with a notice', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wb-profiles-'));
    await writeFile(join(dir, 'profiles.json'), JSON.stringify({ formatVersion: 7, profiles: [] }));
    const profiles = new ProfileService(dir, new MemoryStore(), new Redactor());
    const notice = await profiles.load();
    expect(notice?.message).toMatch(/newer version of the app \(format 7/);
    expect(await profiles.list()).toEqual([]);
  });
});

describe('Local demo', () => {
  it('is created on first start, active, bound to the emulator, with its own key registered there', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'wb-demo-'));
    const core = await createCore({ dataDir, transport: 'browser', keychain: false, localDemo: { items: 400 } });
    try {
      const info = await core.router.invoke('app:info', {}, { transport: 'browser' });
      expect(info).toMatchObject({ ok: true, value: { localDemo: { state: expect.stringMatching(/starting|ready/) } } });
      await core.services.localDemo?.ready;
      const list = await core.router.invoke('profiles:list', {}, { transport: 'browser' });
      expect(list).toMatchObject({
        ok: true,
        value: {
          activeId: LOCAL_DEMO_ID,
          profiles: [{ id: LOCAL_DEMO_ID, builtIn: true, name: 'Local demo', authMethod: 'private-key', secrets: { privateKey: true } }],
        },
      });
      const demo = core.services.profiles.get(LOCAL_DEMO_ID);
      expect(demo.searchUrl).toBe(core.services.localDemo?.emulator?.url);
      // The key the app generated is registered: a token grant with it works.
      const catalog = await core.router.invoke('catalog:active', {}, { transport: 'browser' });
      expect(catalog).toMatchObject({
        ok: true,
        value: { id: 'catalog-demo-production', itemCount: 400, token: { cached: true, authMethod: 'private-key' } },
      });
      // The app manages its addresses; renaming is fine.
      expect(
        await core.router.invoke(
          'profiles:update',
          { id: LOCAL_DEMO_ID, fields: { searchUrl: 'https://elsewhere.example' } },
          { transport: 'browser' },
        ),
      ).toMatchObject({ ok: false, error: { code: 'validation' } });
      // Its tokens come from the emulator on every start too: an edit would be lost, so it is refused with the reason.
      expect(
        await core.router.invoke(
          'profiles:update',
          { id: LOCAL_DEMO_ID, fields: { searchTokens: [{ label: 'mine', token: 'x' }] } },
          { transport: 'browser' },
        ),
      ).toMatchObject({
        ok: false,
        error: { code: 'validation', message: expect.stringContaining('searchTokens are managed by the app') },
      });
      expect(
        await core.router.invoke('profiles:update', { id: LOCAL_DEMO_ID, fields: { name: 'My demo' } }, { transport: 'browser' }),
      ).toMatchObject({ ok: true });
      expect(await core.router.invoke('profiles:delete', { id: LOCAL_DEMO_ID }, { transport: 'browser' })).toMatchObject({ ok: false });
      // A regenerated key is registered again at once.
      await core.router.invoke('profiles:generate-key-pair', { id: LOCAL_DEMO_ID }, { transport: 'browser' });
      expect(await core.router.invoke('catalog:test-connection', {}, { transport: 'browser' })).toMatchObject({
        ok: true,
        value: { steps: [{ ok: true }, { ok: true }] },
      });
      const saved = JSON.parse(await readFile(join(dataDir, 'profiles.json'), 'utf8'));
      expect(saved.profiles[0].name).toBe('My demo');
    } finally {
      await core.dispose();
    }
  }, 60_000);
});

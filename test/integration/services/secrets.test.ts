import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { KeychainStore, MemoryStore, openSecretStore, SafeStorageStore } from '../../../src/main/services/secrets/stores';
import type { Encryptor } from '../../../src/main/services/secrets/types';

const SERVICE = `search-workbench-test-${process.pid}`;
const SECRET = 'p@ss: % + / = and spaces ✓';

/** An AES-GCM encryptor standing where Electron's safeStorage would; the store must never write plaintext. */
function aesEncryptor(backend = 'gnome_libsecret'): Encryptor {
  const key = randomBytes(32);
  return {
    isEncryptionAvailable: () => true,
    backend: () => backend,
    encryptString(plain) {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return Buffer.concat([iv, c.getAuthTag(), body]);
    },
    decryptString(cipher) {
      const d = createDecipheriv('aes-256-gcm', key, cipher.subarray(0, 12));
      d.setAuthTag(cipher.subarray(12, 28));
      return Buffer.concat([d.update(cipher.subarray(28)), d.final()]).toString('utf8');
    },
  };
}

describe('secret store: the real OS keychain (Secret Service under dbus-run-session in CI)', async () => {
  const opened = await KeychainStore.open(SERVICE);
  const reason = opened.reason ?? '';
  afterAll(async () => {
    await opened.store?.delete('profile:x:client-secret');
  });

  it('round-trips, replaces and deletes a secret', async (ctx) => {
    // .ci/run's main run has an unlocked gnome-keyring and says so: there the keychain must answer. Elsewhere
    // (a laptop without a Secret Service, CI's fresh-machine run) the test says why it cannot run.
    if (!opened.store && !process.env.SEARCH_WORKBENCH_REQUIRE_KEYCHAIN)
      return ctx.skip(
        `no OS keychain here (${reason}); it needs keytar built against libsecret and a Secret Service (.ci/run: gnome-keyring under dbus-run-session)`,
      );
    expect(opened.store, `no keychain: ${reason}`).toBeDefined();
    const store = opened.store!;
    expect(store.persistent).toBe(true);
    await store.set('profile:x:client-secret', SECRET);
    expect(await store.get('profile:x:client-secret')).toBe(SECRET);
    expect(await store.has('profile:x:client-secret')).toBe(true);
    await store.set('profile:x:client-secret', 'replaced');
    expect(await store.get('profile:x:client-secret')).toBe('replaced');
    expect(await store.delete('profile:x:client-secret')).toBe(true);
    expect(await store.get('profile:x:client-secret')).toBeUndefined();
  });
});

describe('secret store: fallbacks', () => {
  it('safeStorage ciphertext in an atomically written file, never plaintext', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wb-secrets-'));
    const file = join(dir, 'secrets.enc.json');
    const enc = aesEncryptor();
    const store = new SafeStorageStore(file, enc);
    await store.set('k', SECRET);
    expect(await store.get('k')).toBe(SECRET);
    const raw = await readFile(file, 'utf8');
    expect(raw).not.toContain(SECRET);
    expect(raw).not.toContain('p@ss');
    expect(await new SafeStorageStore(file, enc).get('k')).toBe(SECRET);
    expect(await store.delete('k')).toBe(true);
    expect(await store.has('k')).toBe(false);
  });

  it('falls back to safeStorage without a keychain, and to memory when safeStorage is only basic_text', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wb-secrets-'));
    const safe = await openSecretStore({ dataDir: dir, encryptor: aesEncryptor(), keychain: false });
    expect(safe.store.backend).toBe('safe-storage');
    const weak = await openSecretStore({ dataDir: dir, encryptor: aesEncryptor('basic_text'), keychain: false });
    expect(weak.store.backend).toBe(process.platform === 'linux' ? 'memory' : 'safe-storage');
    if (process.platform === 'linux') expect(weak.fallbackReason).toMatch(/basic_text/);
    const none = await openSecretStore({ dataDir: dir, keychain: false });
    expect(none.store).toBeInstanceOf(MemoryStore);
    expect(none.store.persistent).toBe(false);
  });
});

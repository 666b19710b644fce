import { type SecretStoreInfo } from '../../../shared/profiles';
import { failure } from '../../../shared/errors';
import type keytarModule from 'keytar';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeJsonAtomically } from '../storage';
import type { Encryptor, SecretStore } from './types';

/** keytar's calls (typed in keytar.d.ts, so the typecheck passes where npm could not build it). */
type KeytarModule = typeof keytarModule;

/** The OS keychain through keytar: macOS Keychain, Windows Credential Manager, libsecret on Linux. */
export class KeychainStore implements SecretStore {
  readonly backend = 'keychain' as const;
  readonly persistent = true;
  readonly description: string;

  private constructor(
    private readonly keytar: KeytarModule,
    private readonly service: string,
    /** How long a call may wait for the keychain: a locked one waiting on a prompt nobody sees never answers. */
    private readonly timeoutMs: number,
  ) {
    this.description =
      process.platform === 'darwin'
        ? 'macOS Keychain'
        : process.platform === 'win32'
          ? 'Windows Credential Manager'
          : 'the Secret Service (libsecret)';
  }

  /** Loads keytar and checks that a keychain answers; undefined with the reason when not. */
  static async open(service: string, timeoutMs = 5000): Promise<{ store?: KeychainStore; reason?: string }> {
    let keytar: KeytarModule;
    try {
      keytar = (await import('keytar')).default;
    } catch (err) {
      return { reason: `keytar could not load (${(err as Error).message.split('\n')[0]})` };
    }
    try {
      await Promise.race([
        keytar.findCredentials(service),
        new Promise((_, reject) => setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs).unref()),
      ]);
    } catch (err) {
      return { reason: `no keychain answered (${(err as Error).message.split('\n')[0]})` };
    }
    return { store: new KeychainStore(keytar, service, 2 * timeoutMs) };
  }

  /** A keychain call, or a clear error once it has not answered in time (rather than a screen that waits forever). */
  private answer<T>(call: Promise<T>, what: string): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            failure(
              'storage',
              `The keychain (${this.description}) did not answer within ${this.timeoutMs / 1000} s ${what}: it may be locked or waiting for a password prompt; unlock it and try again.`,
            ),
          ),
        this.timeoutMs,
      );
      timer.unref();
    });
    return Promise.race([call, late]).finally(() => clearTimeout(timer));
  }

  async get(key: string): Promise<string | undefined> {
    return (await this.answer(this.keytar.getPassword(this.service, key), 'reading a secret')) ?? undefined;
  }
  async set(key: string, value: string): Promise<void> {
    await this.answer(this.keytar.setPassword(this.service, key, value), 'storing a secret');
  }
  async delete(key: string): Promise<boolean> {
    return this.answer(this.keytar.deletePassword(this.service, key), 'deleting a secret');
  }
  async has(key: string): Promise<boolean> {
    return (await this.get(key)) !== undefined;
  }
}

/** Electron safeStorage ciphertext in an atomically written file; never plaintext. */
export class SafeStorageStore implements SecretStore {
  readonly backend = 'safe-storage' as const;
  readonly persistent = true;
  readonly description = 'encrypted with the OS key (Electron safeStorage)';
  private cache: Record<string, string> | undefined;

  constructor(
    private readonly file: string,
    private readonly encryptor: Encryptor,
  ) {}

  private async load(): Promise<Record<string, string>> {
    if (this.cache) return this.cache;
    try {
      const parsed = JSON.parse(await readFile(this.file, 'utf8')) as { secrets?: Record<string, string> };
      this.cache = parsed.secrets ?? {};
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      this.cache = {};
    }
    return this.cache;
  }

  async get(key: string): Promise<string | undefined> {
    const cipher = (await this.load())[key];
    return cipher === undefined ? undefined : this.encryptor.decryptString(Buffer.from(cipher, 'base64'));
  }
  async set(key: string, value: string): Promise<void> {
    const all = { ...(await this.load()), [key]: this.encryptor.encryptString(value).toString('base64') };
    await writeJsonAtomically(this.file, { formatVersion: 1, secrets: all }, { mode: 0o600 });
    this.cache = all;
  }
  async delete(key: string): Promise<boolean> {
    const all = { ...(await this.load()) };
    if (!(key in all)) return false;
    delete all[key];
    await writeJsonAtomically(this.file, { formatVersion: 1, secrets: all }, { mode: 0o600 });
    this.cache = all;
    return true;
  }
  async has(key: string): Promise<boolean> {
    return (await this.load())[key] !== undefined;
  }
}

/** Secrets for this session only: tests, and machines with no keychain (the UI says so). */
export class MemoryStore implements SecretStore {
  readonly backend = 'memory' as const;
  readonly persistent = false;
  readonly description = 'memory only: secrets are forgotten when the app quits';
  private readonly values = new Map<string, string>();
  async get(key: string) {
    return this.values.get(key);
  }
  async set(key: string, value: string) {
    this.values.set(key, value);
  }
  async delete(key: string) {
    return this.values.delete(key);
  }
  async has(key: string) {
    return this.values.has(key);
  }
}

export interface SecretStoreChoice {
  store: SecretStore;
  /** Why a weaker backend was chosen, for a notice. */
  fallbackReason?: string;
}

/** What the window is told about where secrets go, and why not to the keychain when they do not. */
export function secretStoreInfo(opened: { store: SecretStore; fallbackReason?: string }): SecretStoreInfo {
  const { store, fallbackReason } = opened;
  return {
    backend: store.backend,
    persistent: store.persistent,
    description: store.description,
    ...(fallbackReason ? { reason: fallbackReason } : {}),
  };
}

export const SECRETS_SERVICE = 'Search Workbench';

/**
 * Picks the strongest backend that works here: the OS keychain, else Electron
 * safeStorage (unless it would only obfuscate, as Linux's basic_text does),
 * else memory for this session.
 */
export async function openSecretStore(options: {
  dataDir: string;
  encryptor?: Encryptor;
  service?: string;
  keychain?: boolean;
}): Promise<SecretStoreChoice> {
  const reasons: string[] = [];
  if (options.keychain !== false) {
    const keychain = await KeychainStore.open(options.service ?? SECRETS_SERVICE);
    if (keychain.store) return { store: keychain.store };
    reasons.push(keychain.reason ?? 'the keychain is unavailable');
  }
  const enc = options.encryptor;
  if (enc?.isEncryptionAvailable()) {
    if (process.platform === 'linux' && enc.backend() === 'basic_text')
      reasons.push('Electron safeStorage would only use basic_text (no real encryption)');
    else return { store: new SafeStorageStore(join(options.dataDir, 'secrets.enc.json'), enc), fallbackReason: reasons.join('; ') };
  }
  return { store: new MemoryStore(), fallbackReason: reasons.join('; ') || 'no keychain is configured' };
}

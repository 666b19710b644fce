export type SecretBackend = 'keychain' | 'safe-storage' | 'memory';

/**
 * Where client secrets and private keys live. Main can read them; the
 * renderer can only set, replace, delete and ask whether one is set.
 */
export interface SecretStore {
  readonly backend: SecretBackend;
  /** False when secrets are lost at exit (memory only). */
  readonly persistent: boolean;
  /** One line for the UI: where secrets are kept. */
  readonly description: string;
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
  delete(key: string): Promise<boolean>;
  has(key: string): Promise<boolean>;
}

/** Electron's safeStorage, handed in by the glue so the services stay Electron-free. */
export interface Encryptor {
  isEncryptionAvailable(): boolean;
  /** Linux: the backend Chromium picked ('basic_text' means no real encryption). */
  backend(): string | undefined;
  encryptString(plain: string): Buffer;
  decryptString(cipher: Buffer): string;
}

export function secretKey(profileId: string, kind: 'client-secret' | 'private-key'): string {
  return `profile:${profileId}:${kind}`;
}

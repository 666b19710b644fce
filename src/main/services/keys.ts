import { calculateJwkThumbprint, exportJWK, exportPKCS8, exportSPKI, generateKeyPair } from 'jose';
import type { PublicKeyInfo } from '../../shared/profiles';

export interface GeneratedKeyPair {
  /** PKCS#8 PEM: goes to the secret store and nowhere else. */
  privateKeyPem: string;
  publicKey: PublicKeyInfo;
}

/** An RSA-2048 key pair for JWT client assertions (RS256); the public half is shown as PEM and JWK. */
export async function generateRsaKeyPair(now: Date = new Date()): Promise<GeneratedKeyPair> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(jwk, 'sha256');
  return {
    privateKeyPem: await exportPKCS8(privateKey),
    publicKey: {
      pem: await exportSPKI(publicKey),
      jwk: { ...jwk, kid, alg: 'RS256', use: 'sig' },
      kid,
      createdAt: now.toISOString(),
    },
  };
}

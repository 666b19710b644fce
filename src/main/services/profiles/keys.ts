import { createPublicKey } from 'node:crypto';
import { calculateJwkThumbprint, exportPKCS8, generateKeyPair, type JWK } from 'jose';
import type { PublicKeyInfo } from '../../../shared/profiles';

export interface GeneratedKeyPair {
  /** PKCS#8 PEM: goes to the secret store and nowhere else. */
  privateKeyPem: string;
  publicKey: PublicKeyInfo;
}

/** The JWK thumbprint (RFC 7638) of a private key's public half: the `kid` Profiles shows and every client assertion carries. */
export async function keyThumbprint(privateKeyPem: string): Promise<string> {
  return calculateJwkThumbprint(createPublicKey(privateKeyPem).export({ format: 'jwk' }) as JWK, 'sha256');
}

/** The public half of a PKCS#8 private key, as PEM and JWK with its kid, to send to the operator. */
export async function publicKeyInfo(privateKeyPem: string, now: Date = new Date()): Promise<PublicKeyInfo> {
  const key = createPublicKey(privateKeyPem);
  const jwk = key.export({ format: 'jwk' }) as JWK;
  const kid = await calculateJwkThumbprint(jwk, 'sha256');
  return {
    pem: key.export({ type: 'spki', format: 'pem' }).toString(),
    jwk: { ...jwk, kid, alg: 'RS256', use: 'sig' },
    kid,
    createdAt: now.toISOString(),
  };
}

/** An RSA-2048 key pair for JWT client assertions (RS256); the public half is shown as PEM and JWK. */
export async function generateRsaKeyPair(now: Date = new Date()): Promise<GeneratedKeyPair> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const privateKeyPem = await exportPKCS8(privateKey);
  return { privateKeyPem, publicKey: await publicKeyInfo(privateKeyPem, now) };
}

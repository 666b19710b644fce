import { X509Certificate } from 'node:crypto';
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { failure } from '../../../shared/errors';

/**
 * Reads extra CA certificate files (PEM, one or more certificates each) and
 * checks every certificate parses and is a CA, naming the file and the
 * problem otherwise. Only checked certificates are ever trusted.
 */
export async function loadCaCertificates(files: readonly string[]): Promise<string[]> {
  const pems: string[] = [];
  for (const file of files) {
    const text = await readPemFile(file);
    const blocks = text?.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
    // Missing, unreadable, a folder, too big or not PEM: one message, so the setting cannot probe which paths exist.
    if (blocks.length === 0)
      throw failure(
        'validation',
        `${file} is not a readable PEM file of certificates ("-----BEGIN CERTIFICATE-----"); pick the CA certificate file your network uses.`,
        { field: 'extraCaCertificates' },
      );
    for (const [i, pem] of blocks.entries()) {
      let cert: X509Certificate;
      try {
        cert = new X509Certificate(pem);
      } catch (err) {
        throw failure('validation', `${file}: certificate ${i + 1} cannot be read (${(err as Error).message}).`, {
          field: 'extraCaCertificates',
        });
      }
      if (!cert.ca)
        throw failure('validation', `${file}: certificate ${i + 1} (${cert.subject.replace(/\n/g, ', ')}) is not a CA certificate.`, {
          field: 'extraCaCertificates',
        });
      pems.push(pem);
    }
  }
  return pems;
}

const MAX_PEM_BYTES = 1024 * 1024;

/** A regular file's text, up to 1 MB; null for anything else (missing, unreadable, a folder, a device, too big). */
async function readPemFile(file: string): Promise<string | null> {
  let handle;
  try {
    // Non-blocking, so a FIFO cannot hold the open; it is then refused as not a regular file.
    handle = await open(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
    const info = await handle.stat();
    if (!info.isFile() || info.size > MAX_PEM_BYTES) return null;
    return await handle.readFile('utf8');
  } catch {
    return null;
  } finally {
    await handle?.close();
  }
}

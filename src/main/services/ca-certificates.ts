import { X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { failure } from '../../shared/ipc/result';

/**
 * Reads extra CA certificate files (PEM, one or more certificates each) and
 * checks every certificate parses and is a CA, naming the file and the
 * problem otherwise. Only checked certificates are ever trusted.
 */
export async function loadCaCertificates(files: readonly string[]): Promise<string[]> {
  const pems: string[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (err) {
      throw failure('validation', `${file}: cannot read it (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}).`, {
        field: 'extraCaCertificates',
      });
    }
    const blocks = text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
    if (blocks.length === 0)
      throw failure('validation', `${file} holds no PEM certificate ("-----BEGIN CERTIFICATE-----").`, { field: 'extraCaCertificates' });
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

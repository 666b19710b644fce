import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Why the test CA cannot be made here (no `openssl` command), or undefined when it can. */
export function opensslMissing(): string | undefined {
  const probe = spawnSync('openssl', ['version'], { stdio: 'ignore' });
  return probe.error || probe.status !== 0
    ? 'no openssl command on this machine to make a test CA with (install the openssl package to run it)'
    : undefined;
}

/** A throwaway CA and a server certificate for 127.0.0.1/localhost it signed, made with openssl. */
export function makeTestCa(): { dir: string; caPem: string; caFile: string; key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'wb-tls-'));
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  run(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '2',
    '-subj',
    '/CN=Workbench Test CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  );
  run('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1');
  writeFileSync(join(dir, 'ext.cnf'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\n');
  run(
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'server.pem',
    '-days',
    '2',
    '-extfile',
    'ext.cnf',
  );
  return {
    dir,
    caFile: join(dir, 'ca.pem'),
    caPem: readFileSync(join(dir, 'ca.pem'), 'utf8'),
    key: readFileSync(join(dir, 'server.key'), 'utf8'),
    cert: readFileSync(join(dir, 'server.pem'), 'utf8'),
  };
}

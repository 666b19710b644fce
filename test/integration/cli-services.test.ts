import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBuiltCli } from '../helpers/built-cli';
import { catalogArgs as catalogArgsOf, DEMO_TOKEN, testEmulator, type TestEmulator } from '../helpers/emulator';

const cli = resolve(import.meta.dirname, '../../out/cli/index.js');
let em: TestEmulator;
beforeAll(async () => {
  em = await testEmulator();
});
afterAll(() => em.stop());

const run = (args: string[], env: Record<string, string> = {}, input?: string) =>
  runBuiltCli(args, { env, ...(input !== undefined ? { input } : {}) });

describe('service commands (built CLI)', () => {
  it('search prints the response, and --exchange the exchange record', async () => {
    const r = await run(['search', '--base-url', em.url, '--token', DEMO_TOKEN, '--query', 'tent', '--config', 'bestsellers']);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).metadata.configurationId).toBe('bestsellers');
    const ex = await run(['search', '--base-url', em.url, '--token', DEMO_TOKEN, '--get', '--exchange']);
    expect(JSON.parse(ex.stdout)).toMatchObject({ exchange: { method: 'GET', status: 200 } });
  });

  it('search reads a request file and exits 3 with the service error', async () => {
    const r = await run(
      ['search', '--base-url', em.url, '--request', '-'],
      {},
      JSON.stringify({ token: DEMO_TOKEN, options: { sortBy: [{ attribute: 'colour' }] } }),
    );
    expect(r.status).toBe(3);
    expect(r.stderr).toMatch(/http error: 400 Bad Request: colour is not registered/);
    expect((await run(['search', '--token', 'x'])).status).toBe(2);
  });

  const catalogArgs = (clientId: string) => catalogArgsOf(em, clientId);

  it('catalog reads the active catalog with a secret from an environment variable', async () => {
    const args = catalogArgs('workbench-demo');
    const r = await run([...args, '--client-secret-env', 'WB_SECRET'], { WB_SECRET: 'demo-client-secret: keep % + / = safe' });
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ id: 'catalog-demo-production', itemCount: 3000 });
    const wrong = await run([...args, '--client-secret-env', 'WB_SECRET'], { WB_SECRET: 'wrong' });
    expect(wrong.status).toBe(3);
    expect(wrong.stderr).toMatch(/auth error: Token request for workbench-demo was refused \(401\)/);
    expect((await run([...args])).status).toBe(2);
  });

  it('keygen writes a key pair (private key 0600), prints the public PEM, and it authenticates once registered', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wb-keys-'));
    const r = spawnSync(process.execPath, [cli, 'keygen', '--out', dir], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect((await stat(join(dir, 'private-key.pem'))).mode & 0o777).toBe(0o600);
    expect((await readFile(join(dir, 'public-key.pem'), 'utf8')).trim()).toBe(r.stdout.trim());
    await em.post('/__emulator/service-accounts', { tenant: 'demo', clientId: 'cli-key', publicKeyPem: r.stdout });
    const c = await run([...catalogArgs('cli-key'), '--private-key', join(dir, 'private-key.pem')]);
    expect(c.status).toBe(0);
  });
});

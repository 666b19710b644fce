import { execFile, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const cli = resolve(root, 'out/cli/index.js');
const run = promisify(execFile);

describe('built command line (out/cli/index.js)', () => {
  it('prints help listing its commands and exits 0', async () => {
    expect(existsSync(cli), 'run `npm run build` first').toBe(true);
    const { stdout } = await run(process.execPath, [cli, '--help']);
    expect(stdout).toMatch(/Usage: search-workbench <command>/);
    expect(stdout).toMatch(/^\s+serve\s/m);
  });

  it('exits 2 on an unknown command', async () => {
    await expect(run(process.execPath, [cli, 'nope'])).rejects.toMatchObject({ code: 2 });
  });

  it('reads stdin for `-` and reports invalid input with exit 1 (a check failed)', () => {
    const ok = spawnSync(process.execPath, [cli, 'filter', 'match', 'price < 100', '-'], {
      input: '[{"id":"a","price":5},{"id":"b","price":500}]',
      encoding: 'utf8',
    });
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout)).toEqual(['a']);
    const bad = spawnSync(process.execPath, [cli, 'filter', 'check', 'price >'], { encoding: 'utf8' });
    expect(bad.status).toBe(1);
    expect(JSON.parse(bad.stdout).ok).toBe(false);
    const url = spawnSync(process.execPath, [cli, 'url', 'decode', 'https://h/search/t?encoded=%7B%22query%22%3A%22x%22%7D'], {
      encoding: 'utf8',
    });
    expect(url.status).toBe(0);
    expect(JSON.parse(url.stdout)).toEqual({ token: 't', query: 'x' });
  });

  it('serve: Enter in its terminal prints a fresh launch URL; the used one opens nothing more', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'wb-serve-'));
    const child = spawn(process.execPath, [cli, 'serve', '--port', '0', '--data-dir', dataDir], {
      stdio: ['pipe', 'pipe', 'inherit'],
      env: { ...process.env, SEARCH_WORKBENCH_DEMO_ITEMS: '200' },
    });
    try {
      // Each launch URL is waited for as a line of output, never by time.
      const urls: string[] = [];
      const waiting: ((url: string) => void)[] = [];
      createInterface({ input: child.stdout }).on('line', (line) => {
        const url = /^\s+(http:\/\/127\.0\.0\.1:\d+\/\?launch=\S+)$/.exec(line)?.[1];
        if (!url) return;
        const waiter = waiting.shift();
        if (waiter) waiter(url);
        else urls.push(url);
      });
      const nextUrl = () => new Promise<string>((r) => (urls.length ? r(urls.shift()!) : waiting.push(r)));
      const redeem = (url: string) =>
        fetch(new URL('/__workbench/session', url), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ launch: new URL(url).searchParams.get('launch') }),
        });

      const first = await nextUrl();
      expect((await redeem(first)).status).toBe(200);
      expect((await redeem(first)).status).toBe(401);
      child.stdin.write('\n');
      const fresh = await nextUrl();
      expect(fresh).not.toBe(first);
      expect(new URL(fresh).origin).toBe(new URL(first).origin);
      expect((await redeem(fresh)).status).toBe(200);
    } finally {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  }, 60_000);
});

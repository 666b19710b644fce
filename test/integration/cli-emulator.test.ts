import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';

const cli = resolve(import.meta.dirname, '../../out/cli/index.js');

/** Starts `emulator` from the built CLI and resolves with its URL once it prints "listening on". */
function startCli(
  args: string[],
): Promise<{ url: string; output: () => string; stop: (signal: NodeJS.Signals) => Promise<number | null> }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [cli, 'emulator', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m && out.includes('Press Ctrl+C')) {
        resolvePromise({
          url: m[1] as string,
          output: () => out,
          stop: (signal) =>
            new Promise((r) => {
              child.once('exit', (code) => r(code));
              child.kill(signal);
            }),
        });
      }
    });
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.once('exit', (code) => reject(new Error(`emulator exited with ${code}:\n${out}`)));
  });
}

describe('emulator command (built CLI)', () => {
  it('starts, prints its URL and the demo credentials, serves search, and stops cleanly on SIGINT', async () => {
    const running = await startCli(['--port', '0', '--items', '2000', '--seed', '9']);
    expect(running.output()).toMatch(/search tokens:\s+demo-search-token-0001/);
    expect(running.output()).toMatch(/service account: workbench-demo \/ secret/);
    const res = await request(`${running.url}/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: 'demo-search-token-0001', query: 'tent' }),
    });
    expect(res.statusCode).toBe(200);
    expect(((await res.body.json()) as { items: unknown[] }).items.length).toBeGreaterThan(0);
    expect(await running.stop('SIGINT')).toBe(0);
  });

  it('stops cleanly on SIGTERM', async () => {
    const running = await startCli(['--items', '500']);
    expect(await running.stop('SIGTERM')).toBe(0);
  });

  it('loads a configuration file, as printed by --print-config and edited', async () => {
    const printed = spawnSync(process.execPath, [cli, 'emulator', '--print-config'], { encoding: 'utf8' });
    expect(printed.status).toBe(0);
    const config = JSON.parse(printed.stdout);
    config.catalog.items = 800;
    config.tenants[0].searchTokens = ['edited-token-123'];
    const dir = await mkdtemp(join(tmpdir(), 'wb-emu-'));
    const file = join(dir, 'emulator.json');
    await writeFile(file, JSON.stringify(config));
    const running = await startCli(['--config', file]);
    expect(running.output()).toMatch(/800 items/);
    const info = (await (await request(`${running.url}/__emulator/info`)).body.json()) as { tenants: { searchTokens: string[] }[] };
    expect(info.tenants[0]!.searchTokens).toEqual(['edited-token-123']);
    await running.stop('SIGTERM');
  });

  it('--data: the tracker appends what it receives there; a path that is not a folder is exit 2, naming the flag', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wb-emu-data-'));
    const running = await startCli(['--items', '500', '--data', dir]);
    expect(running.output()).toContain(`tracker:         POST ${running.url}/collect/demo-tracker-key-0001`);
    const res = await request(`${running.url}/collect/demo-tracker-key-0001`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ action: 'view', target: { product: 'SKU-100001' } }]),
    });
    expect(res.statusCode).toBe(202);
    await res.body.dump();
    const lines = (await readFile(join(dir, 'activities.jsonl'), 'utf8')).trim().split('\n');
    expect(lines.map((l) => JSON.parse(l).activity)).toEqual([{ action: 'view', target: { product: 'SKU-100001' } }]);
    expect(await running.stop('SIGTERM')).toBe(0);

    const r = spawnSync(process.execPath, [cli, 'emulator', '--data', join(dir, 'activities.jsonl')], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--data:');
    expect(r.stderr).toContain('is not a folder');
  });

  it('explains an invalid configuration file and exits 3', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wb-emu-'));
    const file = join(dir, 'bad.json');
    await writeFile(file, JSON.stringify({ catalog: { items: 'many' }, tenants: [] }));
    const r = spawnSync(process.execPath, [cli, 'emulator', '--config', file], { encoding: 'utf8' });
    expect(r.status).toBe(3);
    expect(r.stderr).toMatch(/not a valid emulator configuration: catalog\.items/);
  });
});

import { execFile, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
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

  it('reads stdin for `-` and reports invalid input with exit 1', () => {
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
});

import { execFile } from 'node:child_process';
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
});

import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const writer = join(root, 'test/fixtures/crash-writer.ts');

function runUntilKilled(dir: string, ms: number): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', writer, dir], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.stdout.once('data', () => setTimeout(() => child.kill('SIGKILL'), ms));
    child.on('exit', (_code, signal) => (signal === 'SIGKILL' ? resolvePromise() : reject(new Error(`writer exited on its own: ${err}`))));
  });
}

describe('atomic writes', () => {
  it('a crash mid-write leaves profiles and history old or new, never broken', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wb-crash-'));
    let lastName = -1;
    for (let round = 0; round < 12; round++) {
      await runUntilKilled(dir, 40 + ((round * 37) % 120));
      const profiles = JSON.parse(await readFile(join(dir, 'profiles.json'), 'utf8')) as {
        formatVersion: number;
        profiles: { name: string }[];
      };
      expect(profiles.formatVersion).toBe(1);
      const n = Number(profiles.profiles[0]!.name.slice(1));
      expect(n).toBeGreaterThanOrEqual(lastName);
      lastName = n;
      const history = JSON.parse(await readFile(join(dir, 'history.json'), 'utf8')) as { entries: unknown[] };
      expect(Array.isArray(history.entries)).toBe(true);
      for (const f of await readdir(join(dir, 'history')).catch(() => [] as string[])) {
        if (f.endsWith('.json')) JSON.parse(await readFile(join(dir, 'history', f), 'utf8'));
      }
      const names = await readdir(dir);
      expect(names.filter((x) => x.includes('unreadable'))).toEqual([]);
    }
    expect(lastName).toBeGreaterThan(0);
  }, 120_000);
});

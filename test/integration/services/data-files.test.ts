import { mkdir, mkdtemp, readdir, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCore } from '../../../src/main/core';
import { removeStaleTemps } from '../../../src/main/services/storage/atomic';
import { LOCAL_DEMO_ID } from '../../../src/shared/profiles';

async function everything(dir: string): Promise<{ path: string; dir: boolean; mode: number }[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return Promise.all(
    entries.map(async (e) => {
      const path = join(e.parentPath, e.name);
      return { path, dir: e.isDirectory(), mode: (await stat(path)).mode & 0o777 };
    }),
  );
}

const HOUR_AGO = new Date(Date.now() - 3600_000);

describe('the data folder', () => {
  it('loses the temp files of interrupted writes at start, and keeps everything else', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'wb-data-'));
    await mkdir(join(dataDir, 'history'));
    const stale = [
      join(dataDir, 'profiles.json.2622204567'),
      join(dataDir, 'history', 'a1.json.3933648013'),
      join(dataDir, 'history', 'b2.json.4242.7.tmp'),
    ];
    const kept = [
      join(dataDir, 'history', 'c3.json.1234567'),
      join(dataDir, 'notes.txt'),
      join(dataDir, 'report.json.backup'),
      join(dataDir, 'v.json.12'),
    ];
    for (const file of [...stale, ...kept]) await writeFile(file, '{"torn":');
    for (const file of [...stale, ...kept.slice(1)]) await utimes(file, HOUR_AGO, HOUR_AGO);
    // kept[0] has a temp's name but was written just now: a write in flight from another process.

    const logs: string[] = [];
    const core = await createCore({ dataDir, transport: 'browser', keychain: false, localDemo: false, log: (m) => logs.push(m) });
    await core.dispose();
    const left = (await everything(dataDir)).map((e) => e.path);
    for (const file of stale) expect(left).not.toContain(file);
    for (const file of kept) expect(left).toContain(file);
    expect(logs).toContain('removed 3 temp file(s) left by an interrupted write');
    expect(await removeStaleTemps(join(dataDir, 'missing'))).toEqual([]);
  });

  it('creates every file owner-only (0600) and every folder 0700', async () => {
    const dataDir = join(await mkdtemp(join(tmpdir(), 'wb-data-')), 'Search Workbench');
    const core = await createCore({ dataDir, transport: 'browser', keychain: false, localDemo: { items: 200 }, demoWorkspace: true });
    await core.services.localDemo?.ready;
    const ctx = { transport: 'browser' as const };
    const demo = core.services.profiles.get(LOCAL_DEMO_ID);
    const request = { token: demo.searchTokens[0]!.token, query: 'jacket' };
    expect(
      await core.router.invoke('search:run', { requestId: 'r1', profileId: LOCAL_DEMO_ID, kind: 'search', request }, ctx),
    ).toMatchObject({ ok: true });
    expect(await core.router.invoke('saved:save', { name: 'Jackets', kind: 'search', request }, ctx)).toMatchObject({ ok: true });
    expect(await core.router.invoke('settings:update', { theme: 'dark' }, ctx)).toMatchObject({ ok: true });
    expect(await core.router.invoke('profiles:duplicate', { id: LOCAL_DEMO_ID }, ctx)).toMatchObject({ ok: true });
    await core.dispose();

    const all = await everything(dataDir);
    expect(all.filter((e) => !e.dir).length).toBeGreaterThanOrEqual(5);
    expect(all.filter((e) => e.dir).length).toBeGreaterThan(2);
    for (const entry of all)
      expect({ path: entry.path, mode: entry.mode.toString(8) }).toEqual({ path: entry.path, mode: entry.dir ? '700' : '600' });
    expect(((await stat(dataDir)).mode & 0o777).toString(8)).toBe('700');
  }, 60_000);
});

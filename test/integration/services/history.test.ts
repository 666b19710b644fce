import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HistoryService } from '../../../src/main/services/search/history';
import { historyEntrySchema } from '../../../src/shared/history';

const entry = (id: string, request: unknown) => ({
  id,
  at: '2026-11-01T10:00:00.000Z',
  profileId: 'local-demo',
  profileName: 'Local demo',
  kind: 'search',
  transport: 'post',
  request,
  ok: false,
  status: 400,
  durationMs: 3,
  url: 'http://127.0.0.1/search',
  size: 10,
});

/** An answered search, typed as the service records it. */
const answered = (id: string, query: string) => historyEntrySchema.parse({ ...entry(id, { token: 't', query }), ok: true, status: 200 });

describe('the history file', () => {
  it('keeps aside, not drops, entries an earlier version recorded with a request this one cannot type', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wb-history-'));
    const good = entry('11111111-1111-4111-8111-111111111111', { token: 't', query: 'jacket' });
    const old = entry('22222222-2222-4222-8222-222222222222', { token: 't', options: { limit: 'ten' } });
    await writeFile(join(dir, 'history.json'), JSON.stringify({ formatVersion: 1, entries: [good, old] }));
    const history = new HistoryService(dir, { maxEntries: 100, maxResponseBytes: 1e6 });
    const notice = await history.load(() => new Date('2026-11-23T00:00:00Z'));
    expect(history.list().map((e) => e.id)).toEqual([good.id]);
    expect(notice?.message).toMatch(
      /1 history entry does not have a request this version can read; kept in .*history\.unreadable-2026-11-23/,
    );
    const aside = (await readdir(dir)).find((f) => f.startsWith('history.unreadable-'))!;
    expect(JSON.parse(await readFile(join(dir, aside), 'utf8'))).toEqual({ entries: [old] });
    // The history file itself now holds only what this version reads.
    const reopened = new HistoryService(dir, { maxEntries: 100, maxResponseBytes: 1e6 });
    expect(await reopened.load()).toBeUndefined();
    expect(reopened.list().map((e) => e.id)).toEqual([good.id]);
  });

  it('lists an entry at once and serves its response from memory until the file is written, in order', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wb-history-'));
    const history = new HistoryService(dir, { maxEntries: 2, maxResponseBytes: 1e6 });
    await history.load();
    const ids = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222', '33333333-3333-4333-8333-333333333333'];
    const saved = ids.map((id, k) => history.add(answered(id, `q${k}`), { items: [], n: k }));
    // Before any write has finished: listed, newest first, capped, and readable.
    expect(history.list().map((e) => e.id)).toEqual([ids[2], ids[1]]);
    expect((await history.get(ids[2]!)).response).toMatchObject({ items: [] });
    await Promise.all(saved);
    await history.idle();
    const files = (await readdir(join(dir, 'history'))).sort();
    expect(files).toEqual([`${ids[1]}.json`, `${ids[2]}.json`]); // the dropped one's file is gone
    const onDisk = JSON.parse(await readFile(join(dir, 'history.json'), 'utf8')) as { entries: { id: string }[] };
    expect(onDisk.entries.map((e) => e.id)).toEqual([ids[2], ids[1]]);
  });

  it('reports a write that fails through the promise add returns, and keeps working', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wb-history-'));
    const history = new HistoryService(dir, { maxEntries: 10, maxResponseBytes: 1e6 });
    await history.load();
    const id = '44444444-4444-4444-8444-444444444444';
    // A folder where the response file should go: the write fails (as root too, unlike a permission).
    await mkdir(join(dir, 'history', `${id}.json`), { recursive: true });
    await expect(history.add(answered(id, 'x'), { items: [] })).rejects.toThrow();
    expect(history.list().map((e) => e.id)).toEqual([id]);
    await history.add(answered('55555555-5555-4555-8555-555555555555', 'y'), { items: [] });
    expect(history.list()).toHaveLength(2);
  });
});

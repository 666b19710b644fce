import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HistoryService } from '../../../src/main/services/history';

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
});

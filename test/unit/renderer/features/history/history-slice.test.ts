import { describe, expect, it } from 'vitest';
import { historyExchange } from '../../../../../src/renderer/src/features/history/history-slice';
import { appForSuite } from '../../app-under-test';

describe('history: the slice against main', () => {
  const app = appForSuite();

  it('lists what was sent, filtered, and reads one entry back typed by its kind', async () => {
    const id = app.state().openTab();
    app.state().updateRequest(id, (r) => ({ ...r, query: 'socks' }));
    await app.state().send(id);
    await app.state().loadHistory({ text: 'socks' });
    expect(app.state().historyCall.status).toBe('done');
    const [entry] = app.state().history;
    expect(entry).toMatchObject({ kind: 'search', ok: true, request: { query: 'socks' } });
    const view = await app.state().readHistoryEntry(entry!.id);
    expect(view?.kind).toBe('search');
    if (view?.kind === 'search') expect(view.response?.items.length).toBeGreaterThan(0);
    expect(historyExchange(entry!)).toMatchObject({
      method: 'POST',
      url: entry!.url,
      status: 200,
      timings: { totalMs: entry!.durationMs },
    });
  });

  it('an entry that is gone becomes a notice, not a crash', async () => {
    expect(await app.state().readHistoryEntry('00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(app.state().notices.some((n) => /history entry is gone/.test(n.message))).toBe(true);
    expect(await app.state().readHistoryEntry('not-a-uuid')).toBeNull();
    expect(app.state().historyOpen.error?.code).toBe('validation');
  });
});

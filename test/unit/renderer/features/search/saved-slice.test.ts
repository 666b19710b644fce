import { describe, expect, it } from 'vitest';
import { appForSuite } from '../../app-under-test';

describe('saved requests: the slice against main', () => {
  const app = appForSuite();

  it('saves the active tab, lists it, opens it in a new tab, and deletes it', async () => {
    const id = app.state().openTab();
    app.state().updateRequest(id, (r) => ({ ...r, query: 'rain jacket', options: { limit: 12 } }));
    app.state().patchTab(id, { transport: 'get' });
    expect(await app.state().saveActiveTab('rain jacket')).toBe(true);
    expect(app.state().savedOp.result).toBe('Saved as rain-jacket.json.');
    const item = app.state().savedList.result!.items.find((i) => i.file === 'rain-jacket.json')!;
    expect(item).toMatchObject({ name: 'rain jacket', kind: 'search' });

    expect(await app.state().openSaved(item.file)).toBe(true);
    const opened = app.state().tabs.find((t) => t.id === app.state().activeTabId)!;
    expect(opened).toMatchObject({ title: 'rain jacket', transport: 'get', request: { query: 'rain jacket', options: { limit: 12 } } });

    await app.state().deleteSaved(item.file, item.name);
    expect(app.state().savedList.result!.items.some((i) => i.file === item.file)).toBe(false);
  });

  it('a file name that is not a saved request is refused, and said so', async () => {
    expect(await app.state().openSaved('../settings.json')).toBe(false);
    expect(app.state().savedOp.error?.message).toBe(
      'Invalid input for saved:read: file: a bare file name ending in .json (no folder, not hidden)',
    );
  });
});

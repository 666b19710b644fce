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

  it("saving expectations keeps the saved request's name after a send: the tab, the file and the list (it became the query)", async () => {
    const id = app.state().openTab();
    app.state().updateRequest(id, (r) => ({ ...r, query: 'womens hiking shorts' }));
    expect(await app.state().saveActiveTab('Women’s hiking shorts')).toBe(true);
    const file = app.state().savedList.result!.items.find((i) => i.name === 'Women’s hiking shorts')!.file;
    expect(await app.state().openSaved(file)).toBe(true);
    const tabId = app.state().activeTabId!;
    await app.state().send(tabId);
    app.state().patchTab(tabId, { expect: [{ type: 'notEmpty' }, { type: 'count', min: 1 }] });
    expect(await app.state().saveExpectations(tabId)).toBe(true);
    const tab = app.state().tabs.find((t) => t.id === tabId)!;
    expect(tab).toMatchObject({ title: 'Women’s hiking shorts', saved: { file, name: 'Women’s hiking shorts' } });
    const listed = app.state().savedList.result!.items.filter((i) => i.file === file);
    expect(listed).toMatchObject([{ name: 'Women’s hiking shorts', kind: 'search' }]);
    expect(await app.api.saved.read({ file })).toMatchObject({
      ok: true,
      value: { name: 'Women’s hiking shorts', expect: [{ type: 'notEmpty' }, { type: 'count' }] },
    });
    expect(app.state().savedList.result!.items.some((i) => i.name === 'womens hiking shorts')).toBe(false);
  });

  it('a file name that is not a saved request is refused, and said so', async () => {
    expect(await app.state().openSaved('../settings.json')).toBe(false);
    expect(app.state().savedOp.error?.message).toBe(
      'Invalid input for saved:read: file: a bare file name ending in .json (no folder, not hidden)',
    );
  });
});

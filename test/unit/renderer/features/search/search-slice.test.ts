import { describe, expect, it } from 'vitest';
import { readRawRequest, toggleFacet } from '../../../../../src/renderer/src/features/search/search-slice';
import { blankTab, sameRequest, shareableRequest, titleOf } from '../../../../../src/renderer/src/features/search/tab-model';
import { appForSuite, waitFor } from '../../app-under-test';

describe('search: pure parts', () => {
  it('toggles facet values: OR within a facet, AND across, emptied facets dropped, deprecated "attribute" understood', () => {
    expect(toggleFacet(undefined, 'brand', 'Acme')).toEqual([{ id: 'brand', values: ['Acme'] }]);
    const two = toggleFacet([{ id: 'brand', values: ['Acme'] }], 'brand', 'Nord');
    expect(two).toEqual([{ id: 'brand', values: ['Acme', 'Nord'] }]);
    expect(toggleFacet(two, 'colour', 'Red')).toEqual([...two, { id: 'colour', values: ['Red'] }]);
    expect(toggleFacet([{ id: 'brand', values: ['Acme'] }], 'brand', 'Acme')).toEqual([]);
    expect(toggleFacet([{ attribute: 'size', values: [42] }], 'size', '42')).toEqual([]);
  });

  it('reads the raw view: a request, or the reason it is not one, naming the field', () => {
    expect(readRawRequest('{"token":"t","query":"x"}')).toEqual({ request: { token: 't', query: 'x' } });
    expect(readRawRequest('{"token":')).toMatchObject({ problem: expect.stringContaining('does not parse') });
    const typed = readRawRequest('{"token":"t","options":{"limit":"10"}}');
    expect(typed).toMatchObject({ problem: expect.stringContaining('options.limit') });
    expect(readRawRequest('{"query":"x"}')).toMatchObject({ problem: expect.stringContaining('token is required') });
  });

  it('titles tabs by their query', () => {
    expect(titleOf({ token: 't', query: '  ' })).toBe('Browse all');
    expect(titleOf({ token: 't', query: 'a very long query about waterproof jackets' })).toBe('a very long query about…');
    expect(blankTab({ token: 'tok' })).toMatchObject({ request: { token: 'tok', query: '' }, status: 'idle', result: null, rawText: null });
  });
});

describe('search: the slice against Local demo', () => {
  const app = appForSuite();

  it('sends a tab, keeps its answer, records it in the history', async () => {
    const id = app.state().openTab();
    app.state().updateRequest(id, (r) => ({ ...r, query: 'jacket' }));
    await app.state().send(id);
    const tab = app.state().tabs.find((t) => t.id === id)!;
    expect(tab.status).toBe('done');
    expect(tab.result?.response.items.length).toBeGreaterThan(0);
    expect(tab.title).toBe('jacket');
    expect(tab.unmasked.length).toBe(tab.result!.response.items.length);
    // The history lists the request as soon as the answer is back (its file is written behind it);
    // the slice does not re-read it after every send — the open history drawer follows new entries.
    await app.state().loadHistory();
    expect(app.state().history[0]?.request.query).toBe('jacket');
  });

  it('a second send overtakes the first: only the newer answer lands', async () => {
    const id = app.state().openTab();
    app.state().updateRequest(id, (r) => ({ ...r, query: 'hoodie' }));
    const first = app.state().send(id);
    app.state().updateRequest(id, (r) => ({ ...r, query: 'sneaker' }));
    const second = app.state().send(id);
    await Promise.all([first, second]);
    const tab = app.state().tabs.find((t) => t.id === id)!;
    expect(tab.result?.sent.query).toBe('sneaker');
    expect(tab.status).toBe('done');
  });

  it('an error keeps the previous answer apart from it; a raw text that is not a request never replaces the form', async () => {
    const id = app.state().openTab();
    app.state().updateRequest(id, (r) => ({ ...r, query: 'dress' }));
    await app.state().send(id);
    app.state().setSort(id, [{ attribute: 'not-sortable-attribute' }]);
    await app.state().send(id);
    const tab = app.state().tabs.find((t) => t.id === id)!;
    expect(tab.status).toBe('error');
    expect(tab.error?.details?.status).toBe(400);
    expect(tab.result?.sent.query).toBe('dress');
    app.state().setRawText(id, '{"token": 5}');
    const after = app.state().tabs.find((t) => t.id === id)!;
    expect(after.rawProblem).toContain('token must be text');
    expect(after.request.query).toBe('dress');
  });

  it('a cancel leaves the tab as it was', async () => {
    const id = app.state().openTab();
    app.state().updateRequest(id, (r) => ({ ...r, query: 'beanie' }));
    const sending = app.state().send(id);
    app.state().cancel(id);
    await sending;
    const tab = app.state().tabs.find((t) => t.id === id)!;
    expect(tab.status).toBe('idle');
    expect(tab.result).toBeNull();
  });

  it('facet clicks and paging resend from offset 0 and the given offset', async () => {
    const id = app.state().openTab();
    await app.state().send(id);
    const facet = app.state().tabs.find((t) => t.id === id)!.result!.response.metadata.facets[0]!;
    app.state().toggleFacetValue(id, facet.id, facet.values[0]!.value);
    await waitFor(app.store, (s) => s.tabs.find((t) => t.id === id)!.status === 'done');
    const tab = app.state().tabs.find((t) => t.id === id)!;
    expect(tab.request.options?.facets).toEqual([{ id: facet.id, values: [facet.values[0]!.value] }]);
    expect(tab.request.options?.offset).toBe(0);
  });
});

describe('search: what a tab shows and shares belongs to the answer on screen', () => {
  const app = appForSuite();
  const token = () => app.state().activeProfile()!.searchTokens[0]!.token;

  it('copies and shares the request of the answer shown, and says when the builder has unsent edits', async () => {
    const id = app.state().openTab();
    app.state().updateRequest(id, (r) => ({ ...r, query: 'backpack' }));
    await app.state().send(id);
    const tab = () => app.state().tabs.find((t) => t.id === id)!;
    expect(shareableRequest(tab())).toEqual({ request: tab().request, edited: false });
    app.state().updateRequest(id, (r) => ({ ...r, query: 'tent' }));
    const shared = shareableRequest(tab());
    expect(shared.edited).toBe(true);
    expect(shared.request.query).toBe('backpack');
    // Field order is not an edit.
    const reordered = { options: tab().result!.sent.options, query: 'backpack', token: tab().result!.sent.token };
    expect(sameRequest(reordered, tab().result!.sent)).toBe(true);
  });

  it('notes and steps of a pasted request go once a different request is sent, and stay while it is the same', async () => {
    const request = { token: token(), query: 'red dress', options: { offset: 0, limit: 24 } };
    const id = app
      .state()
      .openTab({ request, notes: [{ code: 'extra-parameters', message: 'Unknown parameter utm_source' }], steps: ['a step'] });
    const tab = () => app.state().tabs.find((t) => t.id === id)!;
    await app.state().send(id);
    expect(tab().notes).toHaveLength(1);
    expect(tab().steps).toEqual(['a step']);
    app.state().updateRequest(id, (r) => ({ ...r, query: 'tent' }));
    await app.state().send(id);
    expect(tab().notes).toEqual([]);
    expect(tab().steps).toEqual([]);
    expect(tab().notesFor).toBeNull();
  });
});

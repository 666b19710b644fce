import { describe, expect, it } from 'vitest';
import { appForSuite, waitFor } from '../../app-under-test';

describe('autocomplete: the slice against Local demo', () => {
  const app = appForSuite();

  it('a newer keystroke cancels the one in flight; only the newest answer lands; keystrokes stay out of the history', async () => {
    const token = app.state().activeProfile()!.searchTokens[0]!.token;
    app.state().updateAutocomplete((r) => ({ ...r, token, query: 'j' }));
    const first = app.state().runAutocomplete();
    app.state().updateAutocomplete((r) => ({ ...r, query: 'ja' }));
    const second = app.state().runAutocomplete();
    await Promise.all([first, second]);
    const state = app.state().autocomplete;
    expect(state).toMatchObject({ status: 'done', sent: 2, cancelled: 1 });
    expect(state.result?.sent.query).toBe('ja');
    for (const s of state.result!.response.suggestions) expect(s.suggestion.toLowerCase().startsWith('ja')).toBe(true);
    await app.state().loadHistory();
    expect(app.state().history.some((h) => h.kind === 'autocomplete')).toBe(false);
  });

  it('opens a suggestion as a search in a new tab and sends it', async () => {
    app.state().searchSuggestion('jacket');
    expect(app.state().area).toBe('search');
    const tab = app.state().tabs.find((t) => t.id === app.state().activeTabId)!;
    expect(tab.request).toMatchObject({ query: 'jacket', options: { offset: 0, limit: 24 } });
    await waitFor(app.store, (s) => s.tabs.find((t) => t.id === tab.id)?.status === 'done');
  });

  it('loads a request from history into the screen, clearing the last answer', () => {
    app.state().loadAutocomplete({ token: 't', query: 'dr' });
    expect(app.state().autocomplete).toMatchObject({ request: { query: 'dr' }, result: null, status: 'idle' });
    expect(app.state().area).toBe('autocomplete');
  });
});

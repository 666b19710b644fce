import { describe, expect, it } from 'vitest';
import { blankSuggestRequest, sourceKey, sourceProbe } from '../../../../../src/renderer/src/features/suggest/suggest-slice';
import { appForSuite } from '../../app-under-test';

describe('suggest: pure parts', () => {
  it('reads the facets again only when the query, filter, configuration or token change', () => {
    const r = blankSuggestRequest('t');
    expect(sourceKey(r)).toBe(sourceKey({ ...r, options: { ...r.options, groupBy: { attribute: 'brand', values: ['x'], size: 3 } } }));
    expect(sourceKey(r)).not.toBe(sourceKey({ ...r, query: 'shirt' }));
    expect(sourceKey(r)).not.toBe(sourceKey({ ...r, configurationId: 'bestsellers' }));
    expect(sourceProbe({ ...r, query: 'q', options: { ...r.options, filter: 'price < 5' } })).toEqual({
      token: 't',
      query: 'q',
      options: { limit: 10, filter: 'price < 5' },
    });
    expect(sourceProbe({ ...r, options: { ...r.options, filter: '  ' } }).options).toEqual({ limit: 10 });
  });
});

describe('suggest: the slice against Local demo', () => {
  const app = appForSuite();

  it('says a token is needed before it can read attribute values', async () => {
    await app.state().loadGroupSource(true);
    expect(app.state().suggest.source).toMatchObject({ status: 'error', error: { message: expect.stringContaining('search token') } });
  });

  it('reads the facets for the pickers, then sends a grouped request and keeps the answer', async () => {
    const token = app.state().activeProfile()!.searchTokens[0]!.token;
    app.state().updateSuggest((r) => ({ ...r, token, query: 'shirt' }));
    await app.state().loadGroupSource();
    const source = app.state().suggest.source;
    expect(source.status).toBe('done');
    expect(source.result?.facets.length).toBeGreaterThan(0);
    const brand = source.result!.facets.find((f) => f.id === 'brand')!;
    const values = brand.values.slice(0, 3).map((v) => v.value);
    app.state().updateSuggest((r) => ({ ...r, options: { ...r.options, groupBy: { attribute: 'brand', values, size: 2 } } }));
    await app.state().sendSuggest();
    expect(app.state().suggest).toMatchObject({ status: 'done', error: null });
    expect(app.state().suggest.result?.response.groups.map((g) => g.value)).toEqual(values);
    await app.state().loadHistory();
    expect(app.state().history.some((h) => h.kind === 'suggest')).toBe(true);
  });

  it('loads a request from elsewhere with its stored answer, without sending', () => {
    const previous = app.state().suggest.result!;
    app.state().loadSuggest(previous.sent, { origin: 'History', answer: { response: previous.response, exchange: previous.exchange } });
    expect(app.state().suggest).toMatchObject({ status: 'done', origin: 'History', requestId: null });
    expect(app.state().area).toBe('suggest');
  });
});

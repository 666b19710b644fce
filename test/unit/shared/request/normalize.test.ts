import { describe, expect, it } from 'vitest';
import { applyFix, applyFixes, effectiveGroupSize, guessKind, normalize, type RequestKind } from '../../../../src/shared/request';

const diag = (kind: RequestKind, request: unknown, ctx = {}) => normalize(kind, request, ctx).diagnostics;
const one = (kind: RequestKind, request: unknown, path: string) => diag(kind, request).filter((d) => d.path === path);

describe('normalize: search', () => {
  it('accepts a minimal request and fills in the defaults without touching what was written', () => {
    const input = { token: 't', query: 'shoes' };
    const { request, diagnostics } = normalize('search', input);
    expect(diagnostics).toEqual([]);
    expect(request).toEqual({ token: 't', query: 'shoes', options: { offset: 0, limit: 10 } });
    expect(input).toEqual({ token: 't', query: 'shoes' });
  });

  it.each([
    [{}, 'token', 'error', 'token is required'],
    [{ token: '' }, 'token', 'error', 'token is required'],
    [{ token: 5 }, 'token', 'error', 'token must be text'],
    [{ token: 't', query: 5 }, 'query', 'error', 'query must be text'],
    [{ token: 't', options: [] }, 'options', 'error', 'options must be an object'],
    [{ token: 't', limt: 5 }, 'limt', 'warning', "has no field 'limt'"],
    [{ token: 't', options: { limit: 5000 } }, 'options.limit', 'warning', 'limit 5000 is outside 0–1000: the service will use 1000'],
    [{ token: 't', options: { limit: -1 } }, 'options.limit', 'warning', 'the service will use 1000'],
    [{ token: 't', options: { limit: 2.5 } }, 'options.limit', 'error', 'limit must be a whole number'],
    [{ token: 't', options: { offset: 20000 } }, 'options.offset', 'error', 'offset 20000 is outside 0–10000'],
    [{ token: 't', options: { offset: -10 } }, 'options.offset', 'error', 'outside 0–10000'],
    [{ token: 't', options: { offset: 15, limit: 10 } }, 'options.offset', 'warning', 'offset 15 is not a multiple of limit 10'],
    [{ token: 't', options: { offset: 15 } }, 'options.offset', 'warning', 'not a multiple of limit 10'],
    [
      { token: 't', options: { sortBy: [{ attribute: 'price', order: 'down' }] } },
      'options.sortBy[0].order',
      'error',
      'order must be "asc" or "desc"',
    ],
    [{ token: 't', options: { sortBy: [{ order: 'asc' }] } }, 'options.sortBy[0].attribute', 'error', 'needs the attribute'],
    [{ token: 't', options: { sortBy: 'price' } }, 'options.sortBy', 'error', 'sortBy must be a list'],
    [
      { token: 't', options: { sortBy: [{ attribute: 'price' }, { attribute: 'price', order: 'desc' }] } },
      'options.sortBy[1].attribute',
      'warning',
      'first sort takes precedence',
    ],
    [
      { token: 't', options: { facets: [{ attribute: 'brand', values: ['Nike'] }] } },
      'options.facets[0].attribute',
      'warning',
      'deprecated',
    ],
    [{ token: 't', options: { facets: [{ id: 'brand', values: [] }] } }, 'options.facets[0].values', 'warning', 'filters nothing'],
    [
      { token: 't', options: { facets: [{ id: 'size', values: [42] }] } },
      'options.facets[0].values[0]',
      'warning',
      'Facet values are text',
    ],
    [{ token: 't', options: { facets: [{ values: ['x'] }] } }, 'options.facets[0].id', 'error', 'needs the facet id'],
    [{ token: 't', options: { disable: [{ name: 'sort' }] } }, 'options.disable[0]', 'warning', 'Only "facet" can be disabled'],
    [{ token: 't', options: { filter: 'price >=' } }, 'options.filter', 'error', "Expected a value after '>='"],
    [{ token: 't', options: { filter: 'size = 10k' } }, 'options.filter', 'warning', 'not a number'],
    [{ token: 't', options: { customResponseMask: 'id,' } }, 'options.customResponseMask', 'error', "Expected a field after ','"],
    [{ token: 't', context: { variables: { $SEARCH_HOUR: 3 } } }, 'context.variables.$SEARCH_HOUR', 'error', 'system variable'],
    [{ token: 't', context: 'x' }, 'context', 'error', 'context must be an object'],
  ])('%j → %s %s', (request, path, severity, message) => {
    const found = one('search', request, path);
    expect(found.length, JSON.stringify(diag('search', request))).toBeGreaterThan(0);
    expect(found[0]!.severity).toBe(severity);
    expect(found[0]!.message).toContain(message);
  });

  it('accepts every documented option without complaint', () => {
    const request = {
      token: 't',
      query: 'q',
      configurationId: 'bestsellers',
      options: {
        offset: 20,
        limit: 10,
        sortBy: [{ attribute: 'price', order: 'desc' }, { attribute: 'rating' }],
        facets: [{ id: 'brand', values: ['Nike', 'Puma'] }],
        filter: 'price < 100',
        customResponseMask: 'id, product(title)',
        disable: [{ name: 'facet' }],
      },
      context: {
        variables: { segment: 'premium', visits: 3, ratio: 0.5, vip: true, tags: ['a'], since: '2024-01-01T00:00:00Z' },
        session: { id: 'abc' },
      },
    };
    expect(diag('search', request)).toEqual([]);
  });

  it('gives filter and mask diagnostics their character range', () => {
    const [d] = one('search', { token: 't', options: { filter: 'brand = Nike AND price >= ' } }, 'options.filter');
    expect(d!.range).toEqual({ start: 26, end: 26 });
  });

  it('warns when a sort attribute is not known to be sortable for the profile', () => {
    const found = diag(
      'search',
      { token: 't', options: { sortBy: [{ attribute: 'colour' }] } },
      { sortableAttributes: ['price', 'rating'] },
    );
    expect(found[0]).toMatchObject({
      path: 'options.sortBy[0].attribute',
      severity: 'warning',
      message: expect.stringContaining('not among the sortable attributes'),
    });
  });

  it('offers quick fixes that do what they say', () => {
    const facet = one(
      'search',
      { token: 't', options: { facets: [{ attribute: 'brand', values: ['Nike'] }] } },
      'options.facets[0].attribute',
    )[0]!;
    expect(facet.fix?.title).toBe('Rename "attribute" to "id"');
    expect(applyFix({ token: 't', options: { facets: [{ attribute: 'brand', values: ['Nike'] }] } }, facet.fix!)).toEqual({
      token: 't',
      options: { facets: [{ id: 'brand', values: ['Nike'] }] },
    });
    const order = one('search', { token: 't', options: { sortBy: [{ attribute: 'p', order: 'DESC' }] } }, 'options.sortBy[0].order')[0]!;
    expect(order.fix?.edits).toEqual([{ op: 'set', path: ['options', 'sortBy', 0, 'order'], value: 'desc' }]);
    const offset = one('search', { token: 't', options: { offset: 25, limit: 10 } }, 'options.offset')[0]!;
    expect(applyFix({ token: 't', options: { offset: 25, limit: 10 } }, offset.fix!)).toEqual({
      token: 't',
      options: { offset: 20, limit: 10 },
    });
  });

  it('applies every fix at once when asked, keeping array indices right', () => {
    const input = {
      token: 't',
      options: { limit: 5000, disable: [{ name: 'a' }, { name: 'facet' }, { name: 'b' }], facets: [{ attribute: 'brand', values: [1] }] },
    };
    const { request, diagnostics } = normalize('search', input, {}, { applyFixes: true });
    expect(diagnostics).toEqual([]);
    expect(request.options).toEqual({ offset: 0, limit: 1000, disable: [{ name: 'facet' }], facets: [{ id: 'brand', values: ['1'] }] });
    expect(applyFixes(input, [])).toEqual(input);
  });
});

describe('normalize: suggest', () => {
  const base = (groupBy: unknown, extra: Record<string, unknown> = {}) => ({ token: 't', query: 'shirt', options: { groupBy, ...extra } });

  it('accepts a valid grouped request', () => {
    expect(diag('suggest', base({ attribute: 'brand', values: ['Nike', 'Puma'], size: 5 }))).toEqual([]);
  });

  it.each([
    [{ token: 't', options: { groupBy: { attribute: 'a', values: ['x'], size: 1 } } }, 'query', 'error', 'query is required for suggest'],
    [{ token: 't', query: 'q' }, 'options', 'error', 'Suggest needs options'],
    [base(undefined), 'options.groupBy', 'error', 'Suggest needs options.groupBy'],
    [base({ attribute: 'brand', values: ['a'], size: 0 }), 'options.groupBy.size', 'error', 'size 0 is outside 1–100'],
    [base({ attribute: 'brand', values: ['a'], size: 101 }), 'options.groupBy.size', 'error', 'size 101 is outside 1–100'],
    [base({ attribute: 'brand', values: [], size: 5 }), 'options.groupBy.values', 'error', 'empty'],
    [base({ values: ['a'], size: 5 }), 'options.groupBy.attribute', 'error', 'needs the attribute'],
    [base({ attribute: 'brand', values: ['a'], size: 5 }, { facets: [] }), 'options.facets', 'warning', 'facets applies to search only'],
  ])('%j → %s', (request, path, severity, message) => {
    const found = one('suggest', request, path);
    expect(found.length, JSON.stringify(diag('suggest', request))).toBeGreaterThan(0);
    expect(found[0]).toMatchObject({ severity, message: expect.stringContaining(message) });
  });

  it('explains the 100-item cap: 50 values × size 5 → 2 per group', () => {
    const values = Array.from({ length: 50 }, (_, i) => `v${i}`);
    const [d] = one('suggest', base({ attribute: 'brand', values, size: 5 }), 'options.groupBy.size');
    expect(d).toMatchObject({
      severity: 'info',
      message:
        '50 values × size 5 = 250 items, over the 100-item total: the service returns 2 items per group (100 ÷ 50, rounded down), 50 groups, at most 100 items.',
    });
    expect(effectiveGroupSize(5, 50)).toBe(2);
    expect(effectiveGroupSize(5, 20)).toBe(5);
    expect(effectiveGroupSize(100, 1)).toBe(100);
  });

  it('refuses more than 100 values, which would leave every group empty', () => {
    const values = Array.from({ length: 101 }, (_, i) => `v${i}`);
    expect(one('suggest', base({ attribute: 'brand', values, size: 1 }), 'options.groupBy.values')[0]).toMatchObject({ severity: 'error' });
  });
});

describe('normalize: autocomplete', () => {
  it('fills in numberOfSuggestions = 10', () => {
    expect(normalize('autocomplete', { token: 't', query: 'sh' }).request).toEqual({
      token: 't',
      query: 'sh',
      options: { numberOfSuggestions: 10 },
    });
  });

  it.each([
    [0, 'error'],
    [21, 'error'],
    [1, undefined],
    [20, undefined],
  ])('numberOfSuggestions %i → %s', (n, severity) => {
    const found = one('autocomplete', { token: 't', query: 'q', options: { numberOfSuggestions: n } }, 'options.numberOfSuggestions');
    expect(found[0]?.severity).toBe(severity);
    if (severity) expect(found[0]!.message).toContain('outside 1–20');
  });

  it('checks the optional filter and requires a query', () => {
    expect(one('autocomplete', { token: 't', query: 'q', options: { filter: '(' } }, 'options.filter')[0]?.severity).toBe('error');
    expect(one('autocomplete', { token: 't' }, 'query')[0]?.severity).toBe('error');
  });
});

describe('request kind from shape', () => {
  it.each([
    [{ token: 't', options: { groupBy: {} } }, 'suggest'],
    [{ token: 't', options: { numberOfSuggestions: 3 } }, 'autocomplete'],
    [{ token: 't', query: 'x' }, 'search'],
    [null, 'search'],
  ])('%j is %s', (request, kind) => {
    expect(guessKind(request)).toBe(kind);
  });

  it('rejects a request that is not an object', () => {
    expect(diag('search', 'hello')[0]).toMatchObject({ path: '', severity: 'error' });
  });
});

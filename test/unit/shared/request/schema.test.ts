import { describe, expect, it } from 'vitest';
import { completeRequest } from '../../../../src/shared/request/complete';
import { readEnvelope, toEnvelope } from '../../../../src/shared/request/http';
import { importRequest } from '../../../../src/shared/request/import';
import { normalize } from '../../../../src/shared/request/normalize';
import { nestingDepth } from '../../../../src/shared/json-value';
import {
  autocompleteRequestSchema,
  isRequest,
  MAX_REQUEST_DEPTH,
  requestEnvelopeSchema,
  requestProblems,
  type requestSchemas,
  searchRequestSchema,
  searchTemplateSchema,
  suggestRequestSchema,
  withEnvelope,
} from '../../../../src/shared/request/schema';
import { checkResponse } from '../../../../src/shared/request/response-schema';

const diag = (kind: 'search' | 'suggest' | 'autocomplete', request: unknown) => normalize(kind, request).diagnostics;

describe('the request schemas', () => {
  it('keep unknown fields (the service ignores them) and type the documented ones', () => {
    const parsed = searchRequestSchema.parse({ token: 't', extra: 1, options: { limit: 5, more: true } });
    expect(parsed).toEqual({ token: 't', extra: 1, options: { limit: 5, more: true } });
    expect(searchRequestSchema.safeParse({ token: 't', options: { limit: '5' } }).success).toBe(false);
    expect(searchRequestSchema.safeParse({ token: 't', options: { sortBy: [{ attribute: 'p', order: 'down' }] } }).success).toBe(false);
  });

  it('are lenient where the service is: facet values written as numbers, limits out of range', () => {
    expect(isRequest('search', { token: 't', options: { facets: [{ id: 'size', values: [42, true] }], limit: 5000 } })).toBe(true);
    expect(isRequest('search', { token: 't', options: { facets: [{ id: 'size', values: [null] }] } })).toBe(false);
  });

  it('every structural problem normalize reports is one the schema refuses, and the other way round', () => {
    const samples: [keyof typeof requestSchemas, unknown][] = [
      ['search', { token: 't' }],
      ['search', { token: 5 }],
      ['search', { token: 't', options: [] }],
      ['search', { token: 't', options: { limit: 2.5, sortBy: 'x' } }],
      ['search', { token: 't', context: { variables: { a: null } } }],
      ['suggest', { token: 't', query: 'q' }],
      ['suggest', { token: 't', query: 'q', options: { groupBy: { attribute: 'a', values: ['x'], size: 1 } } }],
      ['autocomplete', { token: 't' }],
      ['autocomplete', { token: 't', query: 'q', options: { numberOfSuggestions: 30 } }],
    ];
    for (const [kind, request] of samples) {
      const structural = diag(kind, request).filter(
        (d) => d.severity === 'error' && (d.code === 'type' || d.code === 'required' || d.code === 'unsupported-variable-type'),
      );
      expect(structural.length === 0, `${kind} ${JSON.stringify(request)}`).toBe(isRequest(kind, request));
    }
  });

  it('names each field that keeps a value from being a request', () => {
    expect(requestProblems('search', { token: 't', options: { limit: 'ten' } })).toContain(
      'options.limit: limit must be a whole number, not string "ten".',
    );
    expect(requestProblems('suggest', { token: 't' })).toContain('query is required for suggest.');
    expect(requestProblems('search', { token: 't' })).toBe('');
  });

  it('keep the value itself, so keys such as __proto__ survive', () => {
    const variables = JSON.parse('{"__proto__": "x", "segment": "vip"}') as Record<string, string>;
    const request: unknown = { token: 't', context: { variables } };
    expect(isRequest('search', request)).toBe(true);
    if (isRequest('search', request)) expect(Object.keys(request.context!.variables!)).toEqual(['__proto__', 'segment']);
  });

  it('carry a request with its kind and transport; only search can be GET', () => {
    expect(requestEnvelopeSchema.parse({ kind: 'search', request: { token: 't' } })).toEqual({
      kind: 'search',
      transport: 'post',
      request: { token: 't' },
    });
    expect(requestEnvelopeSchema.safeParse({ kind: 'suggest', transport: 'get', request: {} }).success).toBe(false);
    const entry = withEnvelope({ kind: 'autocomplete', transport: 'post', request: { token: 't', query: 'q' } }, { id: '1' });
    expect(entry).toEqual({ id: '1', kind: 'autocomplete', transport: 'post', request: { token: 't', query: 'q' } });
    expect(toEnvelope('autocomplete', 'get', { token: 't', query: 'q' })).toMatchObject({ ok: true, envelope: { transport: 'post' } });
    expect(toEnvelope('search', 'post', { token: 1 })).toMatchObject({ ok: false, message: expect.stringContaining('token must be text') });
  });
});

describe('unknown fields', () => {
  it('are an info with a fix that removes them, or a warning with a rename when they look like a typo', () => {
    expect(diag('search', { token: 't', colour: 'red' })).toEqual([
      expect.objectContaining({
        path: 'colour',
        severity: 'info',
        code: 'unknown-field',
        fix: { title: "Remove 'colour'", edits: [{ op: 'remove', path: ['colour'] }] },
      }),
    ]);
    const [typo] = diag('search', { token: 't', qeury: 'shoes' });
    expect(typo).toMatchObject({ severity: 'warning', message: expect.stringContaining("did you mean 'query'") });
    expect(typo!.fix?.edits).toEqual([
      { op: 'set', path: ['query'], value: 'shoes' },
      { op: 'remove', path: ['qeury'] },
    ]);
    const [misplaced] = diag('search', { token: 't', limit: 5 });
    expect(misplaced).toMatchObject({ severity: 'warning', message: expect.stringContaining("did you mean 'options.limit'") });
    expect(normalize('search', { token: 't', limit: 5 }, {}, { applyFixes: true }).request).toEqual({
      token: 't',
      options: { offset: 0, limit: 5 },
    });
  });
});

describe('reading a request from outside', () => {
  it('fills in required fields the text left out, and says which', () => {
    expect(completeRequest('suggest', { token: 't', options: {} })).toEqual({
      request: { token: 't', query: '', options: { groupBy: { attribute: '', values: [], size: 5 } } },
      filled: ['query', 'options.groupBy'],
    });
    expect(completeRequest('search', { query: 'x' })).toEqual({ request: { query: 'x', token: '' }, filled: ['token'] });
    const read = readEnvelope('autocomplete', 'post', { token: 't', options: { numberOfSuggestions: 3 } });
    expect(read).toMatchObject({ ok: true, filled: ['query'], envelope: { kind: 'autocomplete', request: { query: '' } } });
  });

  it('refuses a field of the wrong type rather than guessing, naming it', () => {
    expect(importRequest('{"token":"t","options":{"limit":"10"}}')).toMatchObject({
      ok: false,
      message: expect.stringContaining('options.limit: limit must be a whole number'),
    });
    expect(importRequest('{"token":"t","options":{"numberOfSuggestions":3}}')).toMatchObject({
      ok: true,
      notes: [expect.stringContaining('had no query')],
    });
  });
});

describe('responses', () => {
  it('are typed by kind; an answer off the documented shape is kept as it came, with the fields named', () => {
    const answer = { items: [{ id: 'a' }], metadata: {} };
    const checked = checkResponse('search', answer, { masked: false });
    expect(checked.response).toBe(answer);
    expect(checked.warnings[0]).toMatch(/^The answer does not match the documented search response: items\[0\]\.score/);
    expect(checkResponse('search', answer, { masked: false, check: false }).warnings).toEqual([]);
  });
});

describe('nesting depth', () => {
  const nest = (levels: number, leaf: unknown = 'x') => {
    let value = leaf;
    for (let i = 0; i < levels; i++) value = i % 2 ? [value] : { a: value };
    return value;
  };

  it('counts levels without recursion, whatever the depth, and stops at a cycle', () => {
    expect(nestingDepth('x', 64)).toBe(0);
    expect(nestingDepth({}, 64)).toBe(1);
    expect(nestingDepth({ a: [1, { b: 2 }] }, 64)).toBe(3);
    expect(nestingDepth(nest(200_000), 64)).toBe(65);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(nestingDepth(cyclic, 64)).toBe(65);
  });

  it('accepts a request nested 64 levels deep and refuses 65, in every kind and in templates', () => {
    // The request object is level 1, its `context.session` level 3; the rest is nested below a session key.
    const at = (levels: number) => ({ token: 't', query: 'q', context: { session: { k: nest(levels - 3) } } });
    expect(searchRequestSchema.safeParse(at(MAX_REQUEST_DEPTH)).success).toBe(true);
    for (const schema of [searchRequestSchema, searchTemplateSchema, autocompleteRequestSchema]) {
      const refused = schema.safeParse(at(MAX_REQUEST_DEPTH + 1));
      expect(refused.success).toBe(false);
      expect(refused.error!.issues[0]!.message).toMatch(/more than 64 levels deep/);
    }
    const deepSuggest = { token: 't', query: 'q', options: { groupBy: { attribute: 'brand', values: ['a'], size: 2 } }, x: nest(20_000) };
    expect(suggestRequestSchema.safeParse(deepSuggest).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { matchGlob } from '../../../../src/shared/assertions/glob';
import { jsonReport, junitReport, prettyReport, type SuiteRun } from '../../../../src/shared/assertions/report';
import { requestToRun, summarizeSuite, type CaseResult } from '../../../../src/shared/assertions/run';
import { ASSERTION_LIMITS } from '../../../../src/shared/request/expect';
import { readSuiteFile, type SuiteCase } from '../../../../src/shared/assertions/suite';
import { parseXml } from '../../../helpers/xml';

const requestFile = (expect: unknown[], request: Record<string, unknown> = { token: 't', query: 'dress' }, kind = 'search') =>
  JSON.stringify({
    format: 'search-workbench-request',
    version: 1,
    name: 'Dresses',
    savedAt: '2026-11-01T00:00:00Z',
    kind,
    request,
    expect,
  });

describe('globs: * is any characters, nothing else is special', () => {
  it('matches as a shell glob would', () => {
    expect(matchGlob('*/sale*', 'https://shop.example.com/sale?x=1')).toBe(true);
    expect(matchGlob('*/sale*', 'https://shop.example.com/outlet')).toBe(false);
    expect(matchGlob('https://shop/*', 'https://shop/')).toBe(true);
    expect(matchGlob('a*b*c', 'abc')).toBe(true);
    expect(matchGlob('a*b*c', 'acb')).toBe(false);
    expect(matchGlob('a*a', 'a')).toBe(false);
    expect(matchGlob('*', '')).toBe(true);
    expect(matchGlob('exact', 'exact')).toBe(true);
    expect(matchGlob('exact', 'exactly')).toBe(false);
    // Characters a regular expression would read are themselves here.
    expect(matchGlob('a.c?(x)', 'a.c?(x)')).toBe(true);
    expect(matchGlob('a.c', 'abc')).toBe(false);
    expect(matchGlob('*ab*ab*', 'xxabyyab')).toBe(true);
    expect(matchGlob('*ab*ab', 'ab')).toBe(false);
  });

  it('a 10,000-character pattern against a 10,000-character URL answers (and correctly)', () => {
    const pattern = `${'*a'.repeat(4999)}*b`;
    const url = `${'a'.repeat(9999)}c`;
    expect(pattern.length).toBe(10_000);
    expect(matchGlob(pattern, url)).toBe(false);
    expect(matchGlob(pattern, `${'a'.repeat(9999)}b`)).toBe(true);
  });
});

describe('suite files: untrusted input, read with limits', () => {
  it('a request file with expectations is one case; without them it is skipped', () => {
    const read = readSuiteFile('requests/dress.json', requestFile([{ type: 'inTop', id: 'SKU-1', k: 3 }]));
    expect(read).toMatchObject({ status: 'cases', cases: [{ file: 'requests/dress.json', name: 'Dresses', kind: 'search' }] });
    expect(readSuiteFile('x.json', requestFile([]))).toEqual({
      status: 'skipped',
      file: 'x.json',
      reason: 'a request file without expectations',
    });
  });

  it('files that are not the app’s own are skipped, never an error; its own that do not parse are errors', () => {
    expect(readSuiteFile('package.json', '{"name":"x"}')).toMatchObject({
      status: 'skipped',
      reason: 'not a Search Workbench file (no "format")',
    });
    expect(readSuiteFile('tsconfig.json', '{ // comments\n}')).toMatchObject({ status: 'skipped' });
    expect(readSuiteFile('j.json', '{"format":"search-workbench-judgments"}')).toMatchObject({ status: 'skipped' });
    expect(readSuiteFile('broken.json', '{"format": "search-workbench-request", ')).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/^broken\.json is not valid JSON/),
    });
  });

  it('refuses a file over 1 MB, naming the file and the limit', () => {
    expect(readSuiteFile('big.json', '', ASSERTION_LIMITS.fileBytes + 1)).toEqual({
      status: 'error',
      file: 'big.json',
      message: 'big.json is 1.0 MB, over the 1 MB a suite file may be.',
    });
  });

  it('refuses over 1,000 assertions, a filter over 10,000 characters and a k over 1,000, with the index', () => {
    const many = Array.from({ length: 1001 }, () => ({ type: 'notEmpty' }));
    expect(readSuiteFile('many.json', requestFile(many))).toMatchObject({
      status: 'error',
      message: 'many.json: expect: at most 1,000 assertions in one file.',
    });
    const longFilter = [{ type: 'notEmpty' }, { type: 'noneInTop', filter: `a = '${'x'.repeat(10_000)}'`, k: 3 }];
    expect(readSuiteFile('f.json', requestFile(longFilter))).toMatchObject({
      status: 'error',
      message: 'f.json: expect[1].filter: filter is over 10,000 characters.',
    });
    expect(readSuiteFile('k.json', requestFile([{ type: 'inTop', id: 'a', k: 1001 }]))).toMatchObject({
      status: 'error',
      message: 'k.json: expect[0].k: k must be at most 1000.',
    });
    const querySet = {
      format: 'search-workbench-query-set',
      version: 1,
      name: 'Q',
      createdAt: 'x',
      updatedAt: 'x',
      queries: Array.from({ length: 3 }, (_, i) => ({ query: `q${i}`, expect: Array.from({ length: 400 }, () => ({ type: 'notEmpty' })) })),
    };
    expect(readSuiteFile('qs.json', JSON.stringify(querySet))).toMatchObject({
      status: 'error',
      message: 'qs.json has 1,200 assertions, over the 1,000 one file may hold.',
    });
  });

  it('an unknown type and an assertion for another kind of request are refused with the index', () => {
    expect(
      readSuiteFile(
        't.json',
        requestFile([
          { type: 'inTop', id: 'a', k: 1 },
          { type: 'shell', run: 'rm -rf /' },
        ]),
      ),
    ).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/^t\.json: expect\[1\]\.type: type must be one of inTop, /),
    });
    const auto = requestFile([{ type: 'group', value: 'Dresses' }], { token: 't', query: 'dr' }, 'autocomplete');
    expect(readSuiteFile('a.json', auto)).toMatchObject({
      status: 'error',
      message: 'a.json: expect[0]: a group assertion checks a suggest answer, and this request is autocomplete.',
    });
  });

  it('query-set entries with expectations become search cases; the rest are left out', () => {
    const querySet = {
      format: 'search-workbench-query-set',
      version: 1,
      name: 'Everyday',
      createdAt: 'x',
      updatedAt: 'x',
      queries: [{ query: 'tent', filter: "brand = 'Korvo'", expect: [{ type: 'notEmpty' }] }, { query: 'no checks' }],
    };
    const read = readSuiteFile('qs.json', JSON.stringify(querySet));
    expect(read.status).toBe('cases');
    const [only] = read.status === 'cases' ? read.cases : [];
    expect(only).toMatchObject({
      name: 'Everyday: tent',
      kind: 'search',
      request: { query: 'tent', options: { filter: "brand = 'Korvo'" } },
    });
  });
});

describe('a run: what is sent, and the reports', () => {
  const c: SuiteCase = {
    file: 'requests/dress.json',
    name: 'Dresses',
    kind: 'search',
    transport: 'post',
    request: { token: 'from-file', query: 'dress', options: { limit: 10 } },
    assertions: [{ type: 'inTop', id: 'a', k: 40 }],
  };

  it('the target’s token and configuration replace the file’s, and the request asks for as many items as checked', () => {
    const { request, note } = requestToRun(c, { baseUrl: 'https://h', token: 'from-cli', configurationId: 'bestsellers' });
    expect(request).toMatchObject({ token: 'from-cli', configurationId: 'bestsellers', options: { limit: 40 } });
    expect(note).toBe('asked for 40 items (the request asks for 10) to check the top 40');
    expect(c.request).toMatchObject({ token: 'from-file', options: { limit: 10 } });
  });

  const results: CaseResult[] = [
    {
      file: 'requests/ok.json',
      name: 'All good',
      kind: 'search',
      url: 'https://h/search/t?encoded=%7B%7D',
      request: { token: 't', query: '' },
      ms: 12,
      assertions: [{ label: 'a non-empty answer', status: 'passed', message: 'the answer has 3 items', type: 'notEmpty', index: 0 }],
    },
    {
      file: 'requests/dress.json',
      name: 'Dresses <red & "blue">',
      kind: 'search',
      url: 'https://h/search/t?encoded=%7B%22query%22%3A%22dress%22%7D',
      request: { token: 't', query: 'dress' },
      ms: 30,
      assertions: [
        {
          label: 'SKU-1 in the top 3',
          status: 'failed',
          message: 'SKU-1 is at rank 7',
          type: 'inTop',
          index: 0,
        },
        { label: 'a count of at least 1', status: 'passed', message: 'the count is 9', type: 'count', index: 1 },
      ],
    },
    {
      file: 'requests/dress.json',
      name: 'Down',
      kind: 'search',
      url: 'https://h/search/t?encoded=%7B%7D',
      request: { token: 't', query: '' },
      ms: null,
      error: 'network error: connection refused (after 4 tries)',
      assertions: [{ label: 'a non-empty answer', status: 'failed', message: 'x', type: 'notEmpty', index: 0 }],
    },
  ];

  it('the exit code: 0 passed, 1 a failure, 3 could not run (3 wins over 1)', () => {
    expect(summarizeSuite(results.slice(0, 1), { skippedFiles: 0, fileErrors: 0 }).exitCode).toBe(0);
    expect(summarizeSuite(results.slice(0, 2), { skippedFiles: 0, fileErrors: 0 })).toMatchObject({ exitCode: 1, failed: 1, passed: 2 });
    expect(summarizeSuite(results, { skippedFiles: 2, fileErrors: 0 })).toMatchObject({
      exitCode: 3,
      failed: 1,
      errors: 1,
      skippedFiles: 2,
    });
    expect(summarizeSuite(results.slice(0, 1), { skippedFiles: 0, fileErrors: 1 }).exitCode).toBe(3);
  });

  const run: SuiteRun = {
    target: 'https://h, configuration bestsellers',
    results,
    skipped: [{ file: 'package.json', reason: 'not a Search Workbench file (no "format")' }],
    fileErrors: [{ file: 'bad.json', message: 'bad.json: expect[0].k: k must be at most 1000.' }],
    summary: summarizeSuite(results, { skippedFiles: 1, fileErrors: 1 }),
    seconds: 1.5,
    startedAt: '2026-11-24T10:00:00.000Z',
  };

  it('JUnit: one testsuite per file, one testcase per assertion, failure and error with what was seen and the URL', () => {
    const xml = junitReport(run);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const testsuites = parseXml(xml);
    expect(testsuites.name).toBe('testsuites');
    expect(testsuites.attributes).toEqual({ name: 'search-workbench test', tests: '5', failures: '1', errors: '2', time: '1.500' });
    const suites = testsuites.children;
    expect(suites.map((s) => s.name)).toEqual(['testsuite', 'testsuite', 'testsuite']);
    expect(
      suites.map((s) => [s.attributes.name, s.attributes.tests, s.attributes.failures, s.attributes.errors, s.attributes.skipped]),
    ).toEqual([
      ['requests/ok.json', '1', '0', '0', '0'],
      ['requests/dress.json', '3', '1', '1', '0'],
      ['bad.json', '1', '0', '1', '0'],
    ]);
    const cases = suites.flatMap((s) => s.children);
    expect(cases.map((c) => c.name)).toEqual(Array(5).fill('testcase'));
    const inTop = cases.find((c) => c.attributes.name === 'SKU-1 in the top 3')!;
    expect(inTop.attributes).toEqual({ classname: 'Dresses <red & "blue">', name: 'SKU-1 in the top 3', time: '0.015' });
    const failures = cases.flatMap((c) => c.children.filter((e) => e.name === 'failure'));
    expect(failures).toHaveLength(1);
    expect(failures[0]!.attributes).toEqual({ message: 'expected SKU-1 in the top 3 — SKU-1 is at rank 7', type: 'inTop' });
    expect(failures[0]!.text).toBe(
      'expected SKU-1 in the top 3 — SKU-1 is at rank 7\nhttps://h/search/t?encoded=%7B%22query%22%3A%22dress%22%7D',
    );
    const errors = cases.flatMap((c) => c.children.filter((e) => e.name === 'error'));
    expect(errors.map((e) => e.attributes)).toEqual([
      { message: 'the request could not run: network error: connection refused (after 4 tries)', type: 'request' },
      { message: 'bad.json: expect[0].k: k must be at most 1000.', type: 'file' },
    ]);
    expect(errors[1]!.text).toBe('bad.json: expect[0].k: k must be at most 1000.');
  });

  it('JSON: one object per assertion with file, request, name, type, status, message and url', () => {
    const rows = JSON.parse(jsonReport(run)) as Record<string, unknown>[];
    expect(rows).toHaveLength(5);
    expect(rows.map((r) => r.status)).toEqual(['error', 'passed', 'failed', 'passed', 'error']);
    expect(rows[2]).toEqual({
      file: 'requests/dress.json',
      request: 'Dresses <red & "blue">',
      name: 'SKU-1 in the top 3',
      type: 'inTop',
      status: 'failed',
      message: 'expected SKU-1 in the top 3 — SKU-1 is at rank 7',
      url: 'https://h/search/t?encoded=%7B%22query%22%3A%22dress%22%7D',
    });
    expect(rows[4]).toMatchObject({
      request: 'Down',
      message: 'the request could not run: network error: connection refused (after 4 tries)',
    });
  });

  it('pretty: failures first with the URL, passes on one line, skipped files listed, the totals and the exit code', () => {
    const text = prettyReport(run);
    const lines = text.split('\n');
    expect(lines[0]).toBe('Search Workbench test: 3 requests, 4 assertions against https://h, configuration bestsellers');
    expect(text.indexOf('✗ requests/dress.json — Dresses')).toBeLessThan(text.indexOf('✓ requests/ok.json — All good: 1 passed (12 ms)'));
    expect(text).toContain('  ✗ expected SKU-1 in the top 3 — SKU-1 is at rank 7');
    expect(text).toContain('  ! could not run: network error: connection refused (after 4 tries)');
    expect(text).toContain('! bad.json: expect[0].k: k must be at most 1000.');
    expect(text).toContain('  - package.json: not a Search Workbench file (no "format")');
    expect(lines.at(-2)).toBe('4 assertions: 2 passed, 1 failed, 1 could not run · 3 requests in 1.5 s · exit 3');
  });
});

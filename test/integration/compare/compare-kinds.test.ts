import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../src/main/core';
import { prefixesOf } from '../../../src/shared/compare/kinds';
import type { BatchResultView, BatchView } from '../../../src/shared/compare';
import { LOCAL_DEMO_ID } from '../../../src/shared/profiles';
import type { AutocompleteResponse } from '../../../src/shared/request/types';
import { call, demoCores, invoke } from '../../helpers/demo-core';
import { runBuiltCli } from '../../helpers/built-cli';
import { DEMO_TOKEN, testEmulator, type TestEmulator } from '../../helpers/emulator';

// Compare for product suggest and autocomplete against the emulator: the command line's --kind, and batches of
// each kind through the contract, as the app runs them.

let em: TestEmulator;
let dir: string;

const run = (args: string[]) => runBuiltCli(['compare', ...args]);

const sides = () => ['--base-url', em.url, '--token', DEMO_TOKEN, '--a', 'default', '--b', 'bestsellers'];
const QUERIES = ['waterproof jacket', 'running shoes', 'black hoodie', 'hiking boots', 'zzzz nothing'];

beforeAll(async () => {
  em = await testEmulator({ items: 3000 });
  dir = await mkdtemp(join(tmpdir(), 'wb-compare-kinds-'));
  await writeFile(join(dir, 'queries.txt'), QUERIES.join('\n'));
  await writeFile(join(dir, 'prefixes.txt'), 'r\nru\nrun\nzq');
});
afterAll(async () => {
  await em.stop();
});

interface Report {
  kind: string;
  base: { options?: Record<string, unknown> };
  summary: { total: number; compared: number; failed: number; bothEmpty: number };
  results: {
    query: string;
    status: string;
    metrics: { facetsChanged: number; rbo: number } | null;
    a: { count: number };
    b: { count: number };
  }[];
}

describe('compare --kind (built CLI, against the emulator)', () => {
  it('compares product suggest of two configurations over a query list, group by group', async () => {
    const out = join(dir, 'suggest.json');
    const args = ['--kind', 'suggest', '--group-by', 'category', '--values', 'Jackets,Hiking Boots,Backpacks', '--size', '4'];
    const r = await run([...args, '--queries', join(dir, 'queries.txt'), ...sides(), '--out', out]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/default vs bestsellers \(product suggest\): 5 of 5 queries compared, 0 failed/);
    const report = JSON.parse(await readFile(out, 'utf8')) as Report;
    expect(report.kind).toBe('suggest');
    expect(report.base.options).toEqual({ groupBy: { attribute: 'category', values: ['Jackets', 'Hiking Boots', 'Backpacks'], size: 4 } });
    const jacket = report.results.find((x) => x.query === 'waterproof jacket')!;
    expect(jacket.status).toBe('compared');
    expect(jacket.a.count).toBeGreaterThan(0);
    expect(jacket.metrics!.facetsChanged).toBeGreaterThan(0); // the groups that changed
    expect(report.results.find((x) => x.query === 'zzzz nothing')!.status).toBe('both empty');
    const csv = join(dir, 'suggest.csv');
    expect((await run([...args, '--queries', join(dir, 'queries.txt'), ...sides(), '--out', csv])).status).toBe(0);
    expect((await readFile(csv, 'utf8')).split('\r\n')[0]).toContain('groups_changed');
  });

  it('compares autocomplete of two configurations over the prefixes of a query list, and over given prefixes', async () => {
    const out = join(dir, 'autocomplete.json');
    const r = await run([
      '--kind',
      'autocomplete',
      '--prefixes-from',
      join(dir, 'queries.txt'),
      '--max-prefix',
      '3',
      ...sides(),
      '--out',
      out,
    ]);
    expect(r.status, r.stderr).toBe(0);
    const expected = prefixesOf(QUERIES, 3);
    expect(r.stderr).toContain(`${expected.length} prefixes (length 1 to 3) from the 5 queries`);
    const report = JSON.parse(await readFile(out, 'utf8')) as Report;
    expect(report.kind).toBe('autocomplete');
    expect(report.results.map((x) => x.query)).toEqual(expected);
    // Bestsellers orders suggestions by results: some prefix's list changed.
    expect(report.results.some((x) => x.metrics && x.metrics.rbo < 1)).toBe(true);
    expect(r.stdout).toMatch(/\(autocomplete\): \d+ of \d+ prefixes compared/);

    const given = await run(['--kind', 'autocomplete', '--prefixes', join(dir, 'prefixes.txt'), '--suggestions', '5', ...sides()]);
    expect(given.status, given.stderr).toBe(0);
    expect(given.stdout).toMatch(/4 of 4 prefixes compared/);
    expect(given.stdout).toMatch(/no suggestion: A 25\.0% · B 25\.0%/); // "zq" suggests nothing on either side
  });

  it('refuses flags of another kind, or missing ones, by name with exit 2', async () => {
    const q = ['--queries', join(dir, 'queries.txt')];
    const cases: [string[], RegExp][] = [
      [['--kind', 'suggest', ...q], /--kind suggest needs --group-by ATTRIBUTE/],
      [['--kind', 'suggest', '--group-by', 'category', ...q], /--kind suggest needs --values v1,v2/],
      [['--kind', 'suggest', '--group-by', 'category', '--values', 'Jackets', '--size', '101', ...q], /size/],
      [['--kind', 'autocomplete', '--group-by', 'category', '--prefixes', join(dir, 'prefixes.txt')], /--group-by is for --kind suggest/],
      [['--kind', 'autocomplete', ...q], /give --prefixes FILE or --prefixes-from QUERIES, not --queries/],
      [['--kind', 'autocomplete', '--prefixes', join(dir, 'prefixes.txt'), '--judgments', join(dir, 'x.csv')], /nothing to rate/],
      [['--kind', 'suggest', '--group-by', 'category', '--values', 'Jackets', '--limit', '5', ...q], /--limit is for search/],
      [['--kind', 'facets', ...q], /--kind is one of search, suggest, autocomplete/],
      [['--prefixes', join(dir, 'prefixes.txt'), ...q], /--prefixes is for --kind autocomplete, not search/],
    ];
    for (const [args, message] of cases) {
      const r = await run([...args, ...sides()]);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
    }
  });
});

describe('suggest and autocomplete batches through the contract', () => {
  const { start } = demoCores();
  const batch = (kind: 'suggest' | 'autocomplete', base: object, rows: string[]) => ({
    name: `${kind}: default vs bestsellers`,
    kind,
    base,
    sides: {
      a: { label: 'default', profileId: LOCAL_DEMO_ID, overrides: {} },
      b: { label: 'bestsellers', profileId: LOCAL_DEMO_ID, overrides: { configurationId: 'bestsellers' } },
    },
    rows: rows.map((query, i) => ({ query, line: i + 1 })),
    concurrency: 4,
  });
  /** Starts a batch and resolves with it once its progress event says done. */
  async function finished(core: Core, input: object): Promise<BatchView> {
    let id = '';
    const done = new Promise<void>((resolveDone) => {
      core.events.subscribe((name, payload) => {
        const p = payload as { id: string; progress: { status: string } };
        if (name === 'compare:progress' && p.progress.status === 'done' && (!id || p.id === id)) resolveDone();
      });
    });
    id = (await call<{ id: string }>(core, 'compare:start', input)).id;
    await done;
    return call<BatchView>(core, 'compare:get', { id });
  }

  it('runs a suggest batch, opens a row with both groupings side by side, and refuses to explain it', async () => {
    const core = await start(await mkdtemp(join(tmpdir(), 'wb-kinds-')));
    const groupBy = { attribute: 'category', values: ['Jackets', 'Hoodies'], size: 3 };
    const view = await finished(core, batch('suggest', { options: { groupBy } }, ['jacket', 'hoodie', 'zzzz']));
    expect(view.progress).toMatchObject({ done: 3, failed: 0 });
    expect(view.definition.kind).toBe('suggest');
    const jacket = view.results.find((r) => r.query === 'jacket')!;
    const opened = await call<BatchResultView>(core, 'compare:result', { id: view.definition.id, index: jacket.index });
    expect(opened.kind).toBe('suggest');
    if (opened.kind !== 'suggest') return;
    expect(opened.requests.b).toEqual({
      token: expect.any(String),
      query: 'jacket',
      configurationId: 'bestsellers',
      options: { groupBy },
    });
    expect(opened.responses.a!.groups.map((g) => g.value)).toEqual(['Jackets', 'Hoodies']);
    expect(opened.responses.b!.groups[0]!.items.length).toBeLessThanOrEqual(3);
    const explain = await invoke(core, 'explain:batch', { id: view.definition.id, measure: 'rbo' });
    expect(explain.ok).toBe(false);
    if (!explain.ok) expect(explain.error.message).toMatch(/this comparison is of suggest/);
  });

  it('runs an autocomplete batch over prefixes; one side suggesting nothing is zero on that side', async () => {
    const core = await start(await mkdtemp(join(tmpdir(), 'wb-kinds-')));
    const view = await finished(core, batch('autocomplete', { options: { numberOfSuggestions: 10 } }, ['ru', 'j', 'zq']));
    expect(view.progress).toMatchObject({ done: 3, failed: 0 });
    const zq = view.results.find((r) => r.query === 'zq')!;
    expect(zq.a.count).toBe(0);
    const opened = await call<BatchResultView>(core, 'compare:result', { id: view.definition.id, index: 0 });
    expect(opened.kind).toBe('autocomplete');
    if (opened.kind === 'autocomplete') expect(opened.responses.a!.suggestions.length).toBeGreaterThan(0);
  });

  it('refuses a suggest batch without its grouping, and judgments on autocomplete, each with its field', async () => {
    const core = await start(await mkdtemp(join(tmpdir(), 'wb-kinds-')));
    const missing = await invoke(core, 'compare:start', batch('suggest', {}, ['jacket']));
    expect(missing.ok ? null : missing.error).toMatchObject({ code: 'validation', details: { field: 'base.options.groupBy.attribute' } });
    const noValues = await invoke(
      core,
      'compare:start',
      batch('suggest', { options: { groupBy: { attribute: 'category', values: [], size: 3 } } }, ['j']),
    );
    expect(noValues.ok ? null : noValues.error).toMatchObject({ details: { field: 'base.options.groupBy.values' } });
    const judged = await invoke(core, 'compare:start', {
      ...batch('autocomplete', {}, ['j']),
      quality: { judgments: { file: 'demo-judgments.json', name: 'demo' }, k: 10, gain: 'exponential', threshold: 1 },
    });
    expect(judged.ok ? null : judged.error).toMatchObject({ details: { field: 'quality' } });
  });
});

describe('the emulator’s autocomplete per configuration', () => {
  it('orders by views on default and by results on bestsellers, leaving out queries with fewer than 5', async () => {
    const ask = async (configurationId: string) =>
      (await em.post('/search/autocomplete', { token: DEMO_TOKEN, query: 'r', configurationId, options: { numberOfSuggestions: 10 } }))
        .body as AutocompleteResponse;
    const byResults = (await ask('bestsellers')).suggestions;
    const byViews = (await ask('default')).suggestions;
    expect(byResults.length).toBeGreaterThan(1);
    const counts = byResults.map((s) => s.count!);
    expect(counts).toEqual([...counts].sort((x, y) => y - x));
    expect(counts.every((c) => c >= 5)).toBe(true);
    expect(byViews.map((s) => s.suggestion)).not.toEqual(byResults.map((s) => s.suggestion));
  });
});

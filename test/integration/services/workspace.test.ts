import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCore, type Core } from '../../../src/main/core';
import * as atomic from '../../../src/main/services/storage/atomic';
import type { Result } from '../../../src/shared/ipc/result';
import { judgmentListSchema } from '../../../src/shared/judgments/model';

const ctx = { transport: 'browser' as const };
const cores: Core[] = [];

async function start(dataDir?: string, localDemo = false): Promise<Core> {
  const core = await createCore({
    dataDir: dataDir ?? (await mkdtemp(join(tmpdir(), 'wb-ws-'))),
    transport: 'browser',
    keychain: false,
    localDemo: localDemo ? { items: 300 } : false,
  });
  cores.push(core);
  if (localDemo) await core.services.localDemo?.ready;
  return core;
}

const raw = (core: Core, channel: string, input: unknown): Promise<Result<unknown>> => core.router.invoke(channel, input, ctx);
async function call<T>(core: Core, channel: string, input: unknown): Promise<T> {
  const result = await raw(core, channel, input);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code}: ${result.error.message}`);
  return result.value as T;
}

afterEach(async () => {
  for (const core of cores.splice(0)) await core.dispose();
});

const savedFile = (name: string) =>
  JSON.stringify({
    format: 'search-workbench-request',
    version: 1,
    name,
    kind: 'search',
    transport: 'post',
    savedAt: '2026-01-01T00:00:00.000Z',
    request: { token: 't', query: name },
  });

describe('the workspace folder', () => {
  it('writes each kind in its own folder, pretty-printed with format first and keys in a stable order', async () => {
    const core = await start();
    await call(core, 'saved:save', {
      name: 'Red dress',
      kind: 'search',
      request: { query: 'red dress', token: 't', options: { limit: 5, offset: 0 } },
    });
    const folder = core.services.workspace.folder;
    const text = await readFile(join(folder, 'requests', 'red-dress.json'), 'utf8');
    expect(text.startsWith('{\n  "format": "search-workbench-request",\n  "version": 1,\n  "name": "Red dress",\n')).toBe(true);
    // Below the lead keys, every object's keys are sorted: the same request always gives the same bytes.
    const at = (key: string) => text.indexOf(`"${key}":`);
    expect(at('limit')).toBeLessThan(at('offset'));
    expect(at('options')).toBeLessThan(at('query'));
    expect(at('query')).toBeLessThan(at('token'));
    expect(text.endsWith('}\n')).toBe(true);
    const listing = await call<{ items: Record<string, { file: string; summary?: string }[]> }>(core, 'workspace:list', {});
    expect(listing.items.requests).toEqual([expect.objectContaining({ file: 'red-dress.json', summary: 'search · POST' })]);
  });

  it('saves a request with its expectations, back into the file it came from; an invalid one is refused with its place', async () => {
    const core = await start();
    const expectations = [{ type: 'inTop', id: 'SKU-1', k: 3 }, { type: 'notEmpty' }];
    const { file } = await call<{ file: string }>(core, 'saved:save', {
      name: 'Dresses',
      kind: 'search',
      request: { token: 't', query: 'dress' },
      expect: expectations,
    });
    expect(file).toBe('dresses.json');
    expect(await call(core, 'saved:read', { file })).toMatchObject({ name: 'Dresses', expect: expectations });
    // Saved again under another name, into the same file: the name changes, the file does not.
    await call(core, 'saved:save', { name: 'Red dresses', kind: 'search', request: { token: 't', query: 'red dress' }, expect: [], file });
    const again = await call<{ name: string; expect?: unknown[] }>(core, 'saved:read', { file });
    expect(again.name).toBe('Red dresses');
    expect(again.expect).toBeUndefined();
    const refused = await raw(core, 'saved:save', {
      name: 'x',
      kind: 'search',
      request: { token: 't' },
      expect: [{ type: 'inTop', id: 'a', k: 0 }],
    });
    expect(refused.ok).toBe(false);
    expect(JSON.stringify(refused)).toContain('k must be at least 1');
  });

  it('lists a file it did not write, and never overwrites or deletes it', async () => {
    const core = await start();
    const folder = join(core.services.workspace.folder, 'requests');
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, 'notes.json'), '{"mine": true}');
    const listing = await call<{ items: Record<string, { file: string; problem?: string }[]> }>(core, 'workspace:list', {});
    expect(listing.items.requests?.[0]).toMatchObject({ file: 'notes.json', problem: expect.stringContaining('no "format"') });
    expect(await raw(core, 'workspace:delete', { kind: 'requests', file: 'notes.json' })).toMatchObject({
      ok: false,
      error: { code: 'conflict' },
    });
    expect(await raw(core, 'saved:delete', { file: 'notes.json' })).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(await raw(core, 'saved:save', { name: 'notes', kind: 'search', request: { token: 't' }, overwrite: true })).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('not a workbench file') },
    });
    expect(await readFile(join(folder, 'notes.json'), 'utf8')).toBe('{"mine": true}');
    for (const file of ['../settings.json', 'a/b.json', 'nul\0.json', '.hidden.json'])
      expect(await raw(core, 'workspace:delete', { kind: 'requests', file })).toMatchObject({ ok: false, error: { code: 'validation' } });
  });

  it('moves the saved requests of an earlier version into requests/, leaving everything else where it was', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'wb-ws-migrate-'));
    await mkdir(join(dataDir, 'saved-requests'));
    await writeFile(join(dataDir, 'saved-requests', 'old.json'), savedFile('old'));
    await writeFile(join(dataDir, 'saved-requests', 'junk.json'), '{"not": "ours"}');
    await writeFile(join(dataDir, 'settings.json'), JSON.stringify({ formatVersion: 1, theme: 'dark', savedRequestsDir: '' }));
    const core = await start(dataDir);
    expect(await readdir(join(core.services.workspace.folder, 'requests'))).toEqual(['old.json']);
    expect(await readdir(join(dataDir, 'saved-requests'))).toEqual(['junk.json']);
    expect(core.notices.find((n) => n.id === 'workspace:migrated')?.message).toMatch(/1 moved into/);
    const settings = JSON.parse(await readFile(join(dataDir, 'settings.json'), 'utf8')) as Record<string, unknown>;
    expect(settings).not.toHaveProperty('savedRequestsDir');
    expect(settings.theme).toBe('dark');
  });

  it('a saved-requests folder the user had chosen becomes the workspace, its requests moved into requests/', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'wb-ws-migrate-'));
    const chosen = await mkdtemp(join(tmpdir(), 'wb-ws-chosen-'));
    await writeFile(join(chosen, 'mine.json'), savedFile('mine'));
    await writeFile(join(dataDir, 'settings.json'), JSON.stringify({ formatVersion: 1, savedRequestsDir: chosen }));
    const core = await start(dataDir);
    expect(core.services.workspace.folder).toBe(chosen);
    expect(await readdir(join(chosen, 'requests'))).toEqual(['mine.json']);
    expect((await call<{ workspaceDir: string }>(core, 'settings:get', {})).workspaceDir).toBe(chosen);
  });

  it('takes as workspace folder only an absolute path to an existing folder', async () => {
    const core = await start();
    expect(await raw(core, 'settings:update', { workspaceDir: 'relative/folder' })).toMatchObject({
      ok: false,
      error: { code: 'validation', message: expect.stringContaining('absolute path'), details: { field: 'workspaceDir' } },
    });
    expect(await raw(core, 'settings:update', { workspaceDir: join(tmpdir(), 'no-such-folder-wb') })).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('does not exist') },
    });
    const other = await mkdtemp(join(tmpdir(), 'wb-ws-other-'));
    await call(core, 'settings:update', { workspaceDir: other });
    expect((await call<{ folder: string }>(core, 'workspace:list', {})).folder).toBe(other);
  });
});

describe('query sets and judgment lists', () => {
  it('creates query sets from a pasted list, a CSV file and the history', async () => {
    const core = await start(undefined, true);
    const pasted = await call<{ file: string; page: { entries: unknown[] } }>(core, 'query-sets:create', {
      name: 'Top searches',
      from: { kind: 'text', text: 'red dress\n\nwinter jacket\n' },
    });
    expect(pasted).toMatchObject({
      file: 'top-searches.json',
      page: {
        total: 2,
        entries: [
          { index: 0, entry: { query: 'red dress' } },
          { index: 1, entry: { query: 'winter jacket' } },
        ],
      },
    });
    const csv = await call<{ page: { entries: { entry: unknown }[] }; problems: unknown[] }>(core, 'query-sets:create', {
      name: 'From CSV',
      from: { kind: 'text', fileName: 'q.csv', text: 'query,filter,facets\nshoes,price < 50,brand:Nord\n,,\nboots,,colour\n' },
    });
    expect(csv.page.entries.map((e) => e.entry)).toEqual([
      { query: 'shoes', filter: 'price < 50', facets: [{ id: 'brand', values: ['Nord'] }] },
    ]);
    expect(csv.problems).toEqual([{ line: 4, message: expect.stringContaining('colour') }]);
    // Pasted (no file name), CSV is told by its header line; a .txt file is one query a line whatever it holds.
    const pastedCsv = await call<{ page: { entries: { entry: unknown }[] } }>(core, 'query-sets:create', {
      name: 'Pasted CSV',
      from: { kind: 'text', text: 'query,filter\nshoes,price < 50\n' },
    });
    expect(pastedCsv.page.entries.map((e) => e.entry)).toEqual([{ query: 'shoes', filter: 'price < 50' }]);
    const txt = await call<{ page: { entries: { entry: unknown }[] } }>(core, 'query-sets:create', {
      name: 'A text file',
      from: { kind: 'text', fileName: 'shoppers.txt', text: 'query,filter\nshoes,price < 50\n' },
    });
    expect(txt.page.entries.map((e) => e.entry)).toEqual([{ query: 'query,filter' }, { query: 'shoes,price < 50' }]);
    for (const query of ['jacket', 'Jacket ', 'hoodie'])
      await call(core, 'search:run', {
        requestId: `r-${query}`,
        kind: 'search',
        request: { token: core.services.profiles.resolve(undefined).searchTokens[0]!.token, query },
      });
    const recent = await call<{ page: { entries: { entry: { query: string } }[]; source: string } }>(core, 'query-sets:create', {
      name: 'Lately',
      from: { kind: 'history', days: 7 },
    });
    expect(recent.page.entries.map((e) => e.entry.query)).toEqual(['hoodie', 'Jacket']);
    expect(recent.page.source).toBe('history, last 7 days');
    expect(await raw(core, 'query-sets:create', { name: 'Empty', from: { kind: 'text', text: '\n \n' } })).toMatchObject({
      ok: false,
      error: { code: 'validation' },
    });
    const read = await call<{ name: string }>(core, 'query-sets:read', { file: 'lately.json' });
    expect(read.name).toBe('Lately');
  });

  it('a query set of 100,000 queries: made from a JSON Lines file, paged through and searched without sending it whole', async () => {
    const core = await start();
    const lines = Array.from({ length: 100_000 }, (_, i) =>
      JSON.stringify({ query: `query ${i + 1}`, ...(i % 1000 === 7 ? { note: 'Needle here' } : {}) }),
    );
    const created = await call<{ file: string; page: { total: number; entries: unknown[] } }>(core, 'query-sets:create', {
      name: 'Log top 100k',
      from: { kind: 'text', fileName: 'log.jsonl', text: lines.join('\n') },
    });
    expect(created.page.total).toBe(100_000);
    expect(created.page.entries).toHaveLength(200);
    type Page = { total: number; matched: number; offset: number; entries: { index: number; entry: { query: string; note?: string } }[] };
    const last = await call<Page>(core, 'query-sets:page', { file: created.file, offset: 99_900, limit: 500 });
    expect(last).toMatchObject({ total: 100_000, matched: 100_000, offset: 99_900 });
    expect(last.entries.map((e) => e.entry.query)).toEqual(Array.from({ length: 100 }, (_, i) => `query ${99_901 + i}`));
    const found = await call<Page>(core, 'query-sets:page', { file: created.file, offset: 0, limit: 50, find: 'NEEDLE' });
    expect(found.matched).toBe(100);
    expect(found.entries[0]).toEqual({ index: 7, entry: { query: 'query 8', note: 'Needle here' } });
    // Past the end: an empty page at the end, not an error; a page too large is refused, naming the field.
    expect(
      await call<Page>(core, 'query-sets:page', { file: created.file, offset: 100_000, limit: 10, find: 'query 99999' }),
    ).toMatchObject({
      matched: 1,
      offset: 1,
      entries: [],
    });
    expect(await raw(core, 'query-sets:page', { file: created.file, offset: 0, limit: 501 })).toMatchObject({
      ok: false,
      error: { code: 'validation' },
    });
    // Over the cap: refused with the limit named, nothing written.
    const tooMany = await raw(core, 'query-sets:create', {
      name: 'Too many',
      from: { kind: 'text', text: `${lines.join('\n')}\n{"query": "one more"}` },
    });
    expect(tooMany).toMatchObject({ ok: false, error: { message: expect.stringContaining('100,000') } });
  }, 60_000);

  it('imports judgments all or nothing, reports duplicates, and exports every format', async () => {
    const core = await start();
    const report = await call(core, 'judgments:import', {
      name: 'QA ratings',
      fileName: 'ratings.csv',
      text: 'query,docid,rating\nred dress,A1,3\nred dress,A2,0\nRed Dress,A1,2\nshoes,S1,1\n',
      scale: { max: 3, threshold: 1 },
    });
    expect(report).toEqual({
      file: 'qa-ratings.json',
      format: 'quepid',
      rows: 4,
      ratings: 3,
      queries: 2,
      duplicates: 1,
      unjudged: 0,
      unrated: 0,
    });
    const list = await call<{ ratings: { query: string; itemId: string; rating: number; by?: string }[] }>(core, 'judgments:read', {
      file: 'qa-ratings.json',
    });
    expect(list.ratings.find((r) => r.itemId === 'A1')).toMatchObject({ query: 'red dress', rating: 2, by: 'import: ratings.csv' });
    const bad = await raw(core, 'judgments:import', {
      name: 'Bad',
      fileName: 'bad.qrels',
      text: 'q 0 d 1\nq 0 e 5.5\n',
      scale: { max: 3, threshold: 1 },
    });
    expect(bad).toMatchObject({
      ok: false,
      error: { message: 'bad.qrels: line 2: the rating "5.5" is not a whole number. Nothing was imported.' },
    });
    expect((await call<{ items: { judgments: unknown[] } }>(core, 'workspace:list', {})).items.judgments).toHaveLength(1);
    const trec = await call<{ fileName: string; content: string }>(core, 'judgments:export', { file: 'qa-ratings.json', format: 'trec' });
    expect(trec).toMatchObject({ fileName: 'qa-ratings.qrels', content: 'red_dress 0 A1 2\nred_dress 0 A2 0\nshoes 0 S1 1\n' });
    const quepid = await call<{ content: string }>(core, 'judgments:export', { file: 'qa-ratings.json', format: 'quepid' });
    expect(quepid.content.split('\n')[0]).toBe('query,docid,rating');
    expect(await raw(core, 'judgments:create', { name: 'x', scale: { max: 2, threshold: 3 } })).toMatchObject({
      ok: false,
      error: { code: 'validation' },
    });
    expect(await call(core, 'judgments:create', { name: 'Fresh', scale: { max: 4, threshold: 2 } })).toEqual({ file: 'fresh.json' });
  });
});

describe('rating into a judgment list and the judging queue', () => {
  it('keeps every rating of a burst sent at once (one write at a time per list), and refuses one above the scale', async () => {
    const core = await start();
    const { file } = await call<{ file: string }>(core, 'judgments:create', { name: 'Burst', scale: { max: 3, threshold: 1 } });
    const ids = Array.from({ length: 30 }, (_, i) => `SKU-${i}`);
    const answers = await Promise.all(
      ids.map((itemId, i) =>
        call<{ previous: number | null }>(core, 'judgments:rate', { file, query: 'Rain Jacket', itemId, rating: i % 4 }),
      ),
    );
    expect(answers.every((a) => a.previous === null)).toBe(true);
    const list = JSON.parse(await readFile(join(core.services.workspace.kindFolder('judgments'), file), 'utf8')) as {
      ratings: { query: string; itemId: string; rating: number; at?: string }[];
    };
    expect(list.ratings).toHaveLength(30);
    expect(list.ratings.every((r) => r.query === 'Rain Jacket' && typeof r.at === 'string')).toBe(true);
    // Rated again, and cleared: the answer says what it was.
    expect(await call(core, 'judgments:rate', { file, query: 'rain  jacket', itemId: 'SKU-3', rating: 0 })).toMatchObject({
      previous: 3,
      ratings: 30,
    });
    expect(await call(core, 'judgments:rate', { file, query: 'rain jacket', itemId: 'SKU-3', rating: null })).toMatchObject({
      previous: 0,
      ratings: 29,
    });
    const above = await raw(core, 'judgments:rate', { file, query: 'q', itemId: 'x', rating: 4 });
    expect(!above.ok && above.error).toMatchObject({
      code: 'validation',
      message: "4 is above this list's maximum rating 3: rate 0 to 3.",
    });
    const path = await raw(core, 'judgments:rate', { file: '../settings.json', query: 'q', itemId: 'x', rating: 1 });
    expect(!path.ok && path.error.code).toBe('validation');
  });

  it('a rating reads, parses and checks the list once and writes it once; a file that is not a list is left as it was', async () => {
    const core = await start();
    const { file } = await call<{ file: string }>(core, 'judgments:create', { name: 'Once', scale: { max: 3, threshold: 1 } });
    await call(core, 'judgments:rate', { file, query: 'tent', itemId: 'SKU-1', rating: 2 });
    const workspace = core.services.workspace as unknown as { readAt: (...args: unknown[]) => Promise<unknown> };
    const reads = vi.spyOn(workspace, 'readAt');
    const parses = vi.spyOn(judgmentListSchema, 'safeParse');
    const writes = vi.spyOn(atomic, 'writeFileAtomically');
    try {
      expect(await call(core, 'judgments:rate', { file, query: 'tent', itemId: 'SKU-2', rating: 3 })).toMatchObject({ ratings: 2 });
      expect(reads).toHaveBeenCalledTimes(1);
      expect(parses).toHaveBeenCalledTimes(1);
      expect(writes).toHaveBeenCalledTimes(1);
    } finally {
      vi.restoreAllMocks();
    }
    // Read once, it is still checked as the app's own before it is written: another tool's JSON is not rated into.
    const foreign = join(core.services.workspace.kindFolder('judgments'), 'other-tool.json');
    await writeFile(foreign, '{"ratings": []}\n');
    const refused = await raw(core, 'judgments:rate', { file: 'other-tool.json', query: 'q', itemId: 'x', rating: 1 });
    expect(!refused.ok && refused.error.message).toMatch(/other-tool\.json is not a workbench judgment file/);
    expect(await readFile(foreign, 'utf8')).toBe('{"ratings": []}\n');
  });

  it("answers every list's rating of one item for a query, with who and when, unrated where a list has none", async () => {
    const core = await start();
    const first = await call<{ file: string }>(core, 'judgments:create', { name: 'Ann', scale: { max: 3, threshold: 2 } });
    const second = await call<{ file: string }>(core, 'judgments:create', { name: 'Ben', scale: { max: 4, threshold: 1 } });
    await call(core, 'judgments:rate', { file: first.file, query: 'Rain Jacket', itemId: 'SKU-1', rating: 2 });
    // A file the app cannot read is left out, not an error.
    await writeFile(join(core.services.workspace.kindFolder('judgments'), 'broken.json'), '{ not json');
    const ratings = await call<{ file: string; name: string; rating: number | null; at?: string; scale: { max: number } }[]>(
      core,
      'judgments:item',
      { query: 'rain  jacket', itemId: 'SKU-1' },
    );
    expect(ratings.map((r) => [r.name, r.rating, r.scale.max])).toEqual([
      ['Ann', 2, 3],
      ['Ben', null, 4],
    ]);
    expect(ratings[0]!.at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(ratings[1]!.at).toBeUndefined();
    expect(ratings.map((r) => r.file)).toEqual([first.file, second.file].sort());
  });

  it('says what to do when an experiment cannot be judged yet: no judgment list, or never run', async () => {
    const core = await start(undefined, true);
    await call(core, 'query-sets:create', { name: 'Q', from: { kind: 'text', text: 'jacket\nhoodie' } });
    const sides = { a: { label: 'default', overrides: {} }, b: { label: 'bestsellers', overrides: { configurationId: 'bestsellers' } } };
    await call(core, 'experiments:create', {
      experiment: { name: 'No list', querySet: 'q.json', quality: { k: 10 }, limit: 10, concurrency: 2, sides },
    });
    const noList = await raw(core, 'experiments:queue', { file: 'no-list.json' });
    expect(!noList.ok && noList.error.message).toMatch(/No list has no judgment list to rate into/);
    await call(core, 'judgments:create', { name: 'L', scale: { max: 3, threshold: 1 } });
    await call(core, 'experiments:create', {
      experiment: { name: 'With list', querySet: 'q.json', judgments: 'l.json', quality: { k: 10 }, limit: 10, concurrency: 2, sides },
    });
    const notRun = await raw(core, 'experiments:queue', { file: 'with-list.json' });
    expect(!notRun.ok && notRun.error.message).toMatch(/With list has not been run yet: Run it first/);
    const run = await call<{ id: string }>(core, 'experiments:run', { file: 'with-list.json' });
    await core.services.compare.finished(run.id);
    const queue = await call<{ total: number; rated: number; queries: { query: string; items: { id: string }[] }[] }>(
      core,
      'experiments:queue',
      {
        file: 'with-list.json',
      },
    );
    expect(queue.queries.map((q) => q.query)).toEqual(['jacket', 'hoodie']);
    expect(queue.rated).toBe(0);
    expect(queue.total).toBe(queue.queries.reduce((n, q) => n + q.items.length, 0));
    await call(core, 'compare:delete', { id: run.id });
    const gone = await raw(core, 'experiments:queue', { file: 'with-list.json' });
    expect(!gone.ok && gone.error.message).toMatch(/the batch was deleted\): Run it again/);
  });
});

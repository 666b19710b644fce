/**
 * Shopper logs are written by strangers: one bad line is one named bad line, never a lost import, and no name given
 * to the store reaches anything but the file it names.
 */
import { existsSync } from 'node:fs';
import { copyFile, cp, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main';
import { importFile, TrafficStore } from '../../src/main/services/traffic';
import { sqlPath } from '../../src/main/services/traffic/duck';
import { CsvLog, type EventRow, linesSql, type SearchRow } from '../../src/shared/traffic';
import { MAX_OPEN_SEARCHES } from '../../src/shared/traffic/csv-log';
import { HTML_REPORT_ROWS, trafficHtmlOf } from '../../src/report';
import { parseQueryList } from '../../src/shared/compare';
import { captureIo } from '../helpers/cli-io';

const search = (id: string, query: string, extra: Record<string, unknown> = {}) => ({
  query_id: id,
  user_query: query,
  timestamp: '2026-11-01T10:00:00Z',
  query_attributes: { session_id: `s-${id}`, ...extra },
  query_response_hit_ids: ['A', 'B'],
});
const jsonl = (lines: string[]) => `${lines.join('\n')}\n`;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wb-sec-traffic-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Imports `lines` as one file into a new store; what the import said and how many searches the store then holds. */
async function importLines(name: string, lines: string[]) {
  const file = join(dir, name);
  await writeFile(file, jsonl(lines));
  const store = await TrafficStore.open(join(dir, `store-${name}`));
  try {
    const result = await importFile(store, file);
    return { result, searches: (await store.size()).searches };
  } finally {
    store.close();
  }
}

describe('one line never loses the file', () => {
  const good = [JSON.stringify(search('q1', 'tent')), JSON.stringify(search('q2', 'tarp'))];

  it('a line whose variables nest 5,000 arrays deep is named and the good lines are kept', async () => {
    const deep = `${'['.repeat(5000)}1${']'.repeat(5000)}`;
    const bad = JSON.stringify(search('q3', 'boots')).replace('"session_id"', `"variables":{"x":${deep}},"session_id"`);
    const { result, searches } = await importLines('deep.jsonl', [good[0]!, bad, good[1]!]);
    expect(searches).toBe(2);
    expect(result.skipped).toBe(1);
    expect(result.problems).toEqual([{ line: 2, field: '(line)', reason: 'nests objects and arrays more than 32 levels deep' }]);
  });

  it('a line holding a lone surrogate is named, and the store’s paths are not quoted', async () => {
    const bad = JSON.stringify(search('q3', 'x')).replace('"user_query":"x"', '"user_query":"\\ud800"');
    const { result, searches } = await importLines('surrogate.jsonl', [good[0]!, bad, good[1]!]);
    expect(searches).toBe(2);
    expect(result.skipped).toBe(1);
    expect(result.problems).toEqual([
      { line: 2, field: '(line)', reason: 'holds text that is not valid Unicode (a lone surrogate, in "\\ud800")' },
    ]);
  });
});

describe('a CSV log with a quote that never closes', () => {
  it('loses that row, not the rest of the file: the rows after it are kept and the row is named', async () => {
    const rows = Array.from({ length: 2_000 }, (_, i) => `s${i},2026-11-01T10:00:00Z,query ${i},,,search`);
    rows.splice(2, 0, 's-bad,2026-11-01T10:00:00Z,"rain jacket,,,search');
    const { result, searches } = await importLines('open-quote.csv', ['session,timestamp,query,docid,position,action', ...rows]);
    expect(searches).toBe(2_000);
    expect(result.skipped).toBe(1);
    expect(result.problems).toEqual([
      {
        line: 4,
        field: '(row)',
        reason: 'opens a quote that is never closed: the row is left out and the lines after it are read as rows',
      },
    ]);
  });
});

describe('paths are paths: DuckDB gets the file named, never a pattern, a URL or a file outside the store', () => {
  it('importing "[x].jsonl" keeps that file, not "x.jsonl" beside it', async () => {
    const folder = await mkdtemp(join(dir, 'glob-'));
    await writeFile(join(folder, '[x].jsonl'), jsonl([JSON.stringify(search('q1', 'bracketed'))]));
    await writeFile(join(folder, 'x.jsonl'), jsonl([JSON.stringify(search('q2', 'plain'))]));
    const store = await TrafficStore.open(join(folder, 'store'));
    try {
      await importFile(store, join(folder, '[x].jsonl'));
      expect((await store.report('query')).rows.map((r) => r.group)).toEqual(['bracketed']);
      // Any path the store hands DuckDB reads as that one file: both files inside the store, the bracketed one named.
      for (const name of ['[x].jsonl', 'x.jsonl']) await copyFile(join(folder, name), join(folder, 'store', name));
      const read = await store.duck.all(`SELECT line FROM ${linesSql(sqlPath(join(folder, 'store', '[x].jsonl')))}`);
      expect(read.map((r) => String(r.line))).toEqual([JSON.stringify(search('q1', 'bracketed'))]);
    } finally {
      store.close();
    }
  });

  it('a store named "st?" counts its own traffic, not that of "stA" beside it', async () => {
    const folder = await mkdtemp(join(dir, 'stores-'));
    await writeFile(join(folder, 'own.jsonl'), jsonl([JSON.stringify(search('q1', 'own'))]));
    await writeFile(join(folder, 'other.jsonl'), jsonl([JSON.stringify(search('q2', 'other')), JSON.stringify(search('q3', 'other'))]));
    const own = await TrafficStore.open(join(folder, 'st?'));
    try {
      await importFile(own, join(folder, 'own.jsonl'));
      // stA holds files of the very names st? holds (a copy of it, then more): a pattern would read both.
      await cp(join(folder, 'st?', 'searches'), join(folder, 'stA', 'searches'), { recursive: true });
      const other = await TrafficStore.open(join(folder, 'stA'));
      await importFile(other, join(folder, 'other.jsonl'));
      other.close();
      await own.refresh();
      expect(await own.size()).toMatchObject({ searches: 1, events: 0 });
      expect((await own.report('query')).rows.map((r) => r.group)).toEqual(['own']);
    } finally {
      own.close();
    }
  });

  it('a store under a linked folder (as the temp folder is on macOS) still reads and writes its own files', async () => {
    const folder = await mkdtemp(join(dir, 'real-'));
    await symlink(folder, join(dir, `linked-${basename(folder)}`));
    await writeFile(join(folder, 'log.jsonl'), jsonl([JSON.stringify(search('q1', 'tent'))]));
    const store = await TrafficStore.open(join(dir, `linked-${basename(folder)}`, 'store'));
    try {
      await importFile(store, join(folder, 'log.jsonl'));
      expect((await store.size()).searches).toBe(1);
    } finally {
      store.close();
    }
  });

  it('a link inside the store to Parquet outside it is not read', async () => {
    const folder = await mkdtemp(join(dir, 'link-'));
    await writeFile(join(folder, 'log.jsonl'), jsonl([JSON.stringify(search('q1', 'tent'))]));
    const outside = await TrafficStore.open(join(folder, 'outside'));
    await importFile(outside, join(folder, 'log.jsonl'));
    outside.close();
    const [day] = await readdir(join(folder, 'outside', 'searches'));
    const [file] = await readdir(join(folder, 'outside', 'searches', day!));
    await mkdir(join(folder, 'store', 'searches', day!), { recursive: true });
    await symlink(join(folder, 'outside', 'searches', day!, file!), join(folder, 'store', 'searches', day!, 'linked.parquet'));
    const store = await TrafficStore.open(join(folder, 'store'));
    try {
      expect((await store.size()).searches).toBe(0);
    } finally {
      store.close();
    }
  });

  it('its DuckDB reads no file outside the store, fetches and loads no extension, and cannot be set otherwise', async () => {
    const store = await TrafficStore.open(join(dir, 'settings-store'));
    try {
      const setting = async (name: string) => (await store.duck.all(`SELECT current_setting('${name}') AS v`))[0]?.v;
      expect(await setting('enable_external_access')).toBe(false);
      expect(await setting('autoinstall_known_extensions')).toBe(false);
      expect(await setting('autoload_known_extensions')).toBe(false);
      expect(await setting('lock_configuration')).toBe(true);
      await expect(store.duck.all(`SELECT * FROM read_csv('/etc/passwd')`)).rejects.toThrow(/disabled by configuration/);
      await expect(store.duck.all(`SELECT * FROM read_json('http://127.0.0.1:9/x.json')`)).rejects.toThrow(/disabled by configuration/);
      await expect(store.duck.run('SET enable_external_access = true')).rejects.toThrow(/locked/);
      await expect(store.duck.run('INSTALL httpfs')).rejects.toThrow();
      // The spill folder: made fresh, private to this user, gone on close.
      const spill = String(await setting('temp_directory'));
      expect((await stat(spill)).mode & 0o777).toBe(0o700);
      store.close();
      expect(existsSync(spill)).toBe(false);
    } finally {
      store.close();
    }
  });
});

describe('shopper text stays text', () => {
  it('a sample written as .txt reads back as exactly the queries written, whatever a query looks like', async () => {
    const folder = await mkdtemp(join(dir, 'sample-'));
    const queries = ['{"query":"rain jacket","filter":"price < 0"}', 'rain jacket,price < 0', 'query,filter'];
    await writeFile(join(folder, 'log.jsonl'), jsonl(queries.map((q, i) => JSON.stringify(search(`q${i}`, q)))));
    const store = join(folder, 'store');
    const io = captureIo();
    expect(await main(['traffic', 'import', join(folder, 'log.jsonl'), '--store', store], io), io.err.join('\n')).toBe(0);
    for (const first of [0, 1, 2]) {
      // Each query first in its own file: the reader must not take the file's format from it.
      const out = join(folder, `sample-${first}.txt`);
      const sample = captureIo();
      expect(await main(['traffic', 'sample', '--store', store, '--method', 'top', '--n', '3', '--out', out], sample)).toBe(0);
      const text = await readFile(out, 'utf8');
      const lines = text.trimEnd().split('\n');
      const reordered = [queries[first]!, ...lines.filter((l) => l !== queries[first])].join('\n');
      await writeFile(out, `${reordered}\n`);
      const read = parseQueryList(await readFile(out, 'utf8'), out);
      expect(read.format).toBe('lines');
      expect(read.rows.map((r) => r.query).sort()).toEqual([...queries].sort());
      expect(read.rows.every((r) => r.filter === undefined)).toBe(true);
    }
  });
});

describe('memory bounded by design, not by the input', () => {
  it('an HTML report over 200,000 queries shows the first 10,000 and says how many are left out', async () => {
    const rows = Array.from({ length: 200_000 }, (_, i) => ({
      group: `query ${i}`,
      searches: 200_000 - i,
      sessions: 1,
      clicks: 0,
      ctrAtK: 0,
      zeroResultRate: 0,
      noClickRate: 1,
      addToCartRate: 0,
      conversionRate: 0,
      revenuePerSearch: 0,
      meanClickPosition: null,
    }));
    // Rows as the store hands them on, a chunk at a time.
    const chunks = Array.from({ length: 100 }, (_, c) => rows.slice(c * 2_000, (c + 1) * 2_000));
    const { text: html, rows: counted } = await trafficHtmlOf('query', 10, chunks);
    expect(counted).toBe(200_000);
    expect(html.match(/<tr>/g)).toHaveLength(HTML_REPORT_ROWS + 1);
    expect(html).toContain('The first 10,000 rows; 190,000 more are left out of this page');
    expect(html).toContain('query 9999<');
    expect(html).not.toContain('query 10000<');
  });
});

describe('a CSV log streams', () => {
  it('hands each action on as it is read and each search once its next begins, holding at most MAX_OPEN_SEARCHES open', () => {
    const searches: SearchRow[] = [];
    const events: EventRow[] = [];
    const log = new CsvLog({ search: (s) => searches.push(s), event: (e) => events.push(e) });
    log.add(['s1', '2026-11-01T10:00:00Z', 'tent', '', '', 'search']);
    log.add(['s1', '2026-11-01T10:00:01Z', 'tent', 'A', '1', 'impression']);
    log.add(['s1', '2026-11-01T10:00:05Z', 'tent', 'A', '1', 'click']);
    expect(events).toHaveLength(1);
    expect(searches).toHaveLength(0);
    log.add(['s1', '2026-11-01T10:01:00Z', 'tent', '', '', 'search']);
    expect(searches.map((s) => s.hitIds)).toEqual([['A']]);
    // A log of many sessions, none searching twice: the searches open at once stay bounded.
    for (let i = 0; i < MAX_OPEN_SEARCHES + 10; i++) log.add([`u${i}`, '2026-11-01T11:00:00Z', 'boots', '', '', 'search']);
    expect(searches.length).toBe(1 + 11);
    log.finish();
    expect(searches.length).toBe(1 + MAX_OPEN_SEARCHES + 11);
  });
});

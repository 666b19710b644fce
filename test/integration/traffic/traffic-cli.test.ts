import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import type { TrafficTruth } from '../../../src/shared/traffic';
import { captureIo } from '../../helpers/cli-io';
import { byTag, parseHtml, tableRows } from '../../helpers/html';
import { DEMO_TOKEN, testEmulator, type TestEmulator } from '../../helpers/emulator';

let em: TestEmulator;
let dir: string;
let plain: Server;
beforeAll(async () => {
  em = await testEmulator({ items: 6000 });
  dir = await mkdtemp(join(tmpdir(), 'wb-traffic-cli-'));
  plain = createServer((_req, res) => res.writeHead(404).end('no'));
  await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await em?.stop();
  await new Promise((resolve) => plain?.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

async function run(args: string[]) {
  const io = captureIo();
  const code = await main(['traffic', ...args], io);
  return { code, out: io.out.join('\n'), err: io.err.join('\n') };
}

const simulate = (out: string, ...more: string[]) =>
  run([
    'simulate',
    '--base-url',
    em.url,
    '--token',
    DEMO_TOKEN,
    '--tracker-key',
    'demo-tracker-key-0001',
    '--sessions',
    '120',
    '--days',
    '3',
    '--seed',
    '5',
    '--config',
    'default',
    '--config',
    'bestsellers',
    '--out',
    join(dir, out),
    ...more,
  ]);

const FILES = ['queries.jsonl', 'events.jsonl', 'activities.jsonl', 'truth.json'];

describe('traffic simulate', () => {
  it('writes UBI, activities and the truth; the same seed writes the same bytes; the tracker got every activity', async () => {
    const before = em.emulator.tracker.kept.length;
    const first = await simulate('one');
    expect(first.code, first.err).toBe(0);
    expect(first.out).toMatch(/^120 sessions · \d+ searches · \d+ events · \d+ activities sent to the tracker/);
    const activities = (await readFile(join(dir, 'one', 'activities.jsonl'), 'utf8')).trim().split('\n');
    expect(em.emulator.tracker.kept.length - before).toBe(activities.length);
    const second = await simulate('two');
    expect(second.code, second.err).toBe(0);
    for (const f of FILES) expect(await readFile(join(dir, 'two', f), 'utf8'), f).toBe(await readFile(join(dir, 'one', f), 'utf8'));
    const truth = JSON.parse(await readFile(join(dir, 'one', 'truth.json'), 'utf8')) as TrafficTruth;
    expect(Object.keys(truth.configurations)).toEqual(['bestsellers', 'default']);
    expect(truth.clickModel.name).toBe('dbn');
    for (const c of Object.values(truth.configurations)) {
      expect(c.expectedCtrAtK).toBeGreaterThan(0.2);
      expect(c.expectedCtrAtK).toBeLessThan(0.95);
    }
    // About one first page in ten shown with pairs swapped.
    const searches = Object.values(truth.configurations).reduce((n, c) => n + c.searches, 0);
    expect(Object.keys(truth.randomized).length).toBeGreaterThan(searches * 0.03);
    expect(Object.keys(truth.randomized).length).toBeLessThan(searches * 0.2);
  });

  it('--only-day writes exactly that day of the same run', async () => {
    const r = await simulate('day', '--only-day', '2026-11-02');
    expect(r.code, r.err).toBe(0);
    const lines = async (d: string) => (await readFile(join(dir, d, 'queries.jsonl'), 'utf8')).trim().split('\n');
    const whole = (await lines('one')).filter((l) => l.includes('"timestamp":"2026-11-02'));
    expect(whole.length).toBeGreaterThan(10);
    expect(await lines('day')).toEqual(whole);
  });

  it('refuses a service that is not the emulator (exit 2), naming the flag that would allow it', async () => {
    const r = await run([
      'simulate',
      '--base-url',
      `http://127.0.0.1:${(plain.address() as { port: number }).port}`,
      '--token',
      't',
      '--tracker-key',
      'k',
      '--out',
      join(dir, 'no'),
    ]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('is not the emulator: simulated shoppers sent to a real service pollute');
    expect(r.err).toContain('--real-service');
  });
});

describe('traffic import, report, sample', () => {
  const store = () => join(dir, 'store');

  it('imports UBI and a CSV with bad lines, naming each as file:line; a file again exits 0 and adds nothing', async () => {
    const csv = join(dir, 'log.csv');
    await writeFile(
      csv,
      'session,timestamp,query,docid,position,action,value\nx1,2026-11-01T09:00:00Z,tent,A,1,click\nx1,later,tent,A,1,click\n',
    );
    const r = await run(['import', join(dir, 'one', 'queries.jsonl'), join(dir, 'one', 'events.jsonl'), csv, '--store', store()]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/queries\.jsonl: UBI 1\.3 · kept \d+ searches and 0 events/);
    expect(r.out).toContain(
      'log.csv: CSV (session,timestamp,query,docid,position,action[,value]) · kept 1 search and 1 event · skipped 1 bad line.',
    );
    // By reason, then the lines with it, each as file:line.
    expect(r.err).toContain(`${csv}: 1 line: timestamp is not a time (ISO 8601 or epoch milliseconds): "later"\n  ${csv}:3`);
    const again = await run(['import', csv, '--store', store()]);
    expect(again.code).toBe(0);
    expect(again.out).toContain('imported before');
    const nothing = join(dir, 'nothing.jsonl');
    await writeFile(nothing, 'not json\n');
    expect((await run(['import', nothing, '--store', store()])).code).toBe(3);
    expect((await run(['import', join(dir, 'missing.jsonl'), '--store', store()])).code).toBe(3);
    expect((await run(['import', csv])).code).toBe(2);

    // Every import listed with what it added; the CSV taken out again (and then importable again); ids checked.
    const listed = await run(['imports', '--store', store(), '--format', 'json']);
    expect(listed.code, listed.err).toBe(0);
    const { imports } = JSON.parse(listed.out) as { imports: { id: string; file: string; searches: number; events: number }[] };
    expect(imports.map((i) => i.file)).toEqual(['queries.jsonl', 'events.jsonl', 'log.csv']);
    const log = imports[2]!;
    expect([log.searches, log.events]).toEqual([1, 1]);
    expect((await run(['imports', '--store', store()])).out).toMatch(
      new RegExp(`^${log.id}  log\\.csv · .* · 1 search, 1 event · 2026-11-01 to 2026-11-01$`, 'm'),
    );
    const removed = await run(['remove', '--store', store(), '--import', log.id]);
    expect(removed.code, removed.err).toBe(0);
    expect(removed.out).toMatch(/^Removed [0-9a-f]{16} {2}log\.csv/);
    expect(JSON.parse((await run(['imports', '--store', store(), '--format', 'json'])).out).imports).toHaveLength(2);
    expect((await run(['import', csv, '--store', store()])).out).toContain('kept 1 search and 1 event');
    expect((await run(['remove', '--store', store(), '--import', 'nope'])).code).toBe(2);
    expect((await run(['remove', '--store', store(), '--import', '0123456789abcdef'])).code).toBe(2);
    expect((await run(['remove', '--store', store()])).code).toBe(2);
    expect((await run(['imports', '--store', join(dir, 'no-store-here')])).code).toBe(3);
  });

  it('report: JSON { k, rows } by configuration counts what the simulator counted as it drew the log; CSV and HTML', async () => {
    const r = await run(['report', '--store', store(), '--by', 'configuration', '--config', 'default']);
    expect(r.code, r.err).toBe(0);
    const json = JSON.parse(r.out) as { k: number; rows: { group: string; searches: number; ctrAtK: number }[] };
    expect(json.k).toBe(10);
    const truth = JSON.parse(await readFile(join(dir, 'one', 'truth.json'), 'utf8')) as TrafficTruth;
    expect(json.rows).toHaveLength(1);
    // What the store counts from the log is what the simulator counted as it drew it.
    expect(json.rows[0]).toMatchObject({ group: 'default', searches: truth.configurations.default!.searches });
    expect(json.rows[0]!.ctrAtK).toBeCloseTo(truth.configurations.default!.observedCtrAtK, 6);
    const csv = await run(['report', '--store', store(), '--by', 'day', '--format', 'csv']);
    expect(csv.out.split('\n')[0]).toBe(
      'group,searches,sessions,clicks,ctrAtK,zeroResultRate,noClickRate,addToCartRate,conversionRate,revenuePerSearch,meanClickPosition',
    );
    expect(csv.out.split('\n')[1]).toMatch(/^2026-11-01,/);
    // Written to a file a chunk at a time, each format holds what it prints: every query, in the same order.
    const byQuery = await run(['report', '--store', store()]);
    const queries = (JSON.parse(byQuery.out) as { rows: unknown[] }).rows;
    for (const [file, printed] of [
      [join(dir, 'all.json'), byQuery.out],
      [join(dir, 'all.csv'), (await run(['report', '--store', store(), '--format', 'csv'])).out],
    ] as const) {
      const wrote = await run(['report', '--store', store(), '--out', file]);
      expect(wrote.err).toContain(`${queries.length} rows by query`);
      expect(await readFile(file, 'utf8')).toBe(`${printed}\n`);
    }
    const html = join(dir, 'report.html');
    expect((await run(['report', '--store', store(), '--out', html, '--limit', '5'])).code).toBe(0);
    const doc = parseHtml(await readFile(html, 'utf8'));
    expect(byTag(doc, 'h1')[0]).toBeTruthy();
    const rows = tableRows(byTag(doc, 'table')[0]!);
    expect(rows).toHaveLength(5);
    expect(rows[0]![4]).toMatch(/^\d+\.\d%$/);
    expect((await run(['report', '--store', store(), '--by', 'brand'])).code).toBe(2);
    expect((await run(['report', '--store', store(), '--from', 'monday'])).code).toBe(2);
  });

  it('sample: top N as a query list, pps as a query set with weights; the same seed draws the same', async () => {
    const txt = join(dir, 'top.txt');
    expect((await run(['sample', '--store', store(), '--method', 'top', '--n', '3', '--out', txt])).code).toBe(0);
    const top = (await readFile(txt, 'utf8')).trim().split('\n');
    const report = JSON.parse((await run(['report', '--store', store(), '--limit', '3'])).out) as { rows: { group: string }[] };
    expect(top).toEqual(report.rows.map((r) => r.group));
    const a = join(dir, 'a.json');
    const b = join(dir, 'b.json');
    for (const out of [a, b])
      expect((await run(['sample', '--store', store(), '--method', 'pps', '--n', '5', '--seed', '9', '--out', out])).code).toBe(0);
    const set = JSON.parse(await readFile(a, 'utf8'));
    expect(set.queries).toHaveLength(5);
    expect(set.queries.every((q: { weight: number }) => q.weight >= 1)).toBe(true);
    expect(set.source).toBe('traffic: pps 5, seed 9');
    expect((JSON.parse(await readFile(b, 'utf8')) as typeof set).queries).toEqual(set.queries);
    expect((await run(['sample', '--store', store(), '--method', 'best', '--n', '5', '--out', a])).code).toBe(2);
    expect((await run(['sample', '--store', join(dir, 'empty-store'), '--n', '5', '--out', a])).code).toBe(3);
  });
});

describe('help', () => {
  it('traffic SUB --help gives that subcommand its own usage; traffic --help gives them all', async () => {
    const report = await run(['report', '--help']);
    expect(report.code).toBe(0);
    expect(report.out).toMatch(/^Usage: search-workbench traffic report --store DIR /);
    expect(report.out).toContain('--by           the groups');
    expect(report.out).not.toContain('traffic import FILE');
    expect(report.out).not.toContain('--tracker-key');
    const all = await run(['--help']);
    for (const sub of ['import', 'imports', 'remove', 'report', 'sample', 'estimate', 'simulate'])
      expect(all.out).toContain(`traffic ${sub} `);
  });
});

describe('a store that does not exist', () => {
  /** A test file of two variations with these weights. */
  const testFile = async (name: string, weights: [number, number]) => {
    const file = join(dir, name);
    const variations = weights.map((weight, i) => ({ id: `v${i}`, weight }));
    await writeFile(file, JSON.stringify({ id: 't', name: 'T', variations, start: '2026-11-01' }));
    return file;
  };

  it('every command that reads one refuses it by name (exit 3) and makes no folder', async () => {
    const missing = join(dir, 'no-such-store');
    const test = await testFile('missing-store-test.json', [50, 50]);
    const reads = [
      ['traffic', 'report', '--store', missing],
      ['traffic', 'sample', '--store', missing, '--n', '10', '--out', join(dir, 'never.txt')],
      ['traffic', 'estimate', '--store', missing, '--b-config', 'new-arrivals', '--base-url', em.url, '--token', DEMO_TOKEN],
      ['judgments', 'from-traffic', '--store', missing, '--out', join(dir, 'never.json')],
      ['abtest', 'read', '--store', missing, '--test', test],
    ];
    for (const argv of reads) {
      const io = captureIo();
      const code = await main(argv, io);
      expect({ argv: argv.slice(0, 2), code }).toEqual({ argv: argv.slice(0, 2), code: 3 });
      expect(io.err.join('\n')).toContain(`no traffic store at ${missing}`);
      await expect(readFile(join(missing, 'searches'))).rejects.toThrow();
      await expect(readFile(missing)).rejects.toMatchObject({ code: 'ENOENT' });
    }
  });
  it('abtest read of a test file whose weights do not add up to 100 is a usage error (exit 2), as the guide says', async () => {
    const test = await testFile('bad-weights.json', [50, 40]);
    const io = captureIo();
    expect(await main(['abtest', 'read', '--store', join(dir, 'no-such-store'), '--test', test], io)).toBe(2);
    expect(io.err.join('\n')).toMatch(/weights/);
  });
});

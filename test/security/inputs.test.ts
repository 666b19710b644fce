/**
 * The smaller findings: one rating reader, a quote never closed, formulas in every CSV written, input paths that
 * are FIFOs or devices, encodings, long queries counted, files refused by size before they are read.
 */
import { execFileSync } from 'node:child_process';
import { symlink, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { csvCell, defuse, parseCsv, undefuse } from '../../src/shared/csv';
import { batchCsv } from '../../src/shared/compare/reports';
import { parseRaterCsv } from '../../src/shared/judgments/agreement';
import { formatJudgments, parseJudgments } from '../../src/shared/judgments/formats';
import { matrixCsv } from '../../src/shared/matrix/report';
import { invalidUtf8Offset, MAX_INPUT_BYTES } from '../../src/main/services/storage/read-text';
import { runCli } from '../helpers/cli-io';
import { compareArgs, emulatorAndFolder, searchCount, type TestEmulator } from '../helpers/emulator';

let em: TestEmulator;
let dir: string;

const fixture = emulatorAndFolder('wb-inputs-');
beforeAll(async () => {
  ({ em, dir } = fixture);
});

const run = runCli;

const searches = () => searchCount(em);
const compare = (queries: string) => compareArgs(em, queries);

describe('one rating reader', () => {
  it.each(['0x3', '1e0', '2.5', 'two'])('agreement refuses the rating %j, as convert does', async (rating) => {
    const csv = `query,docid,rating,rater\nq,d1,2,ann\nq,d1,${rating},bob\n`;
    expect(parseRaterCsv(csv, 3)).toMatchObject({ ok: false, line: 3, message: expect.stringContaining('is not a whole number') });
    expect(parseJudgments(`query,docid,rating\nq,d1,${rating}\n`, { max: 3 })).toMatchObject({ ok: false });
    const file = join(dir, `agreement-${rating.length}-${rating.charCodeAt(0) || 0}.csv`);
    await writeFile(file, csv);
    expect((await run(['judgments', 'agreement', file])).code).toBe(3);
  });

  it.each(['', ' '])('a blank rating %j is never 0: a rater must give one; in a Quepid export it is a query not rated yet', (rating) => {
    expect(parseRaterCsv(`query,docid,rating,rater\nq,d1,2,ann\nq,d1,${rating},bob\n`, 3)).toMatchObject({
      ok: false,
      line: 3,
      message: expect.stringContaining('is not a whole number'),
    });
    expect(parseJudgments(`query,docid,rating\nq,d1,${rating}\nr,d2,1\n`, { max: 3 })).toMatchObject({
      ok: true,
      ratings: [{ query: 'r', itemId: 'd2', rating: 1 }],
      unrated: ['q'],
    });
  });

  it('a blank rating was read as 0 before; whole numbers still read, and a zero fraction (Quepid writes 3.0) is the whole number', () => {
    expect(parseRaterCsv('query,docid,rating,rater\nq,d1,2,ann\nq,d1, 3 ,bob\nq,d2,2.0,ann\n', 3)).toMatchObject({
      ok: true,
      ratings: [{ rating: 2 }, { rating: 3 }, { rating: 2 }],
    });
  });
});

describe('CSV: a quote never closed, and formulas', () => {
  it("a quote never closed in a Quepid CSV's last field is an error with its line (it was read as a rating)", () => {
    // The last field opens a quote and never closes it: "3\n" was read as the rating 3.
    expect(parseJudgments('query,docid,rating\nq,d1,2\nq,d2,"3\n', { max: 3 })).toMatchObject({
      ok: false,
      line: 3,
      message: expect.stringContaining('never closed'),
    });
  });

  it.each([
    ['+cmd|calc', "'+cmd|calc"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['-2+3', "'-2+3"],
    ['=1+1', "'=1+1"],
    ['\tx', "'\tx"],
    ['\rx', '"\'\rx"'],
    ['-2.5', '-2.5'],
    ['+3', '+3'],
    ['plain', 'plain'],
    ["'=x", "''=x"],
  ])('a cell %j is written %j', (text, cell) => {
    expect(csvCell(text)).toBe(cell);
    expect(undefuse(defuse(text))).toBe(text);
  });

  it('judgments convert --to quepid defuses formulas, and reading it back gives the ratings as they were', async () => {
    const ratings = [
      { query: '+cmd|calc', itemId: '@SUM(A1)', rating: 1 },
      { query: '-2+3', itemId: '=HYPERLINK("x")', rating: 2 },
    ];
    const csv = formatJudgments(ratings, 'quepid');
    expect(csv).toBe('query,docid,rating\n\'+cmd|calc,\'@SUM(A1),1\n\'-2+3,"\'=HYPERLINK(""x"")",2\n');
    expect(parseJudgments(csv, { max: 3 })).toMatchObject({ ok: true, ratings: expect.arrayContaining(ratings) });
  });

  it('the matrix CSV defuses cells that start with a tab or a carriage return, and the batch CSV too', () => {
    const text = matrixCsv({
      queries: ['\tq', '\rq'],
      axes: [],
      configurations: [''],
      cells: [{ key: 'c', configurationId: '=cfg', values: {} }],
      baseline: 'c',
      k: 10,
      rows: [
        { query: '\tq', cell: 'c', count: 1, rbo: 1, topChanged: false, ids: ['@x'], error: null },
        { query: '\rq', cell: 'c', count: 1, rbo: 1, topChanged: false, ids: ['+y'], error: '-err' },
      ],
      requests: 2,
      failed: 0,
      stopped: false,
    } as unknown as Parameters<typeof matrixCsv>[0]);
    const rows = parseCsv(text).map((r) => r.fields);
    for (const cell of rows.slice(1).flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    expect(rows[1]).toEqual(expect.arrayContaining(["'\tq", "'=cfg", "'@x"]));
    const batch = batchCsv([
      {
        index: 0,
        query: '=1+2',
        a: { ok: true, ms: 1, attempts: 1, top: [{ id: '@a' }] },
        b: { ok: false, ms: null, attempts: 1, top: [], error: { code: 'x', message: '\tbad' } },
        metrics: null,
        finishedAt: 'x',
      },
    ]);
    for (const cell of parseCsv(batch)
      .slice(1)
      .flatMap((r) => r.fields))
      expect(cell).not.toMatch(/^[=+@\t\r]|^-[^\d]/);
  });
});

describe('input paths that are not regular files', () => {
  it('a FIFO as --queries is refused at once (no hang), naming it; nothing is sent', async () => {
    const fifo = join(dir, 'queries.fifo');
    execFileSync('mkfifo', [fifo]);
    const before = await searches();
    const r = await run(compare(fifo));
    expect(r).toMatchObject({ code: 3, err: `Error: ${fifo} is a FIFO (named pipe), not a regular file: give the path of a file.` });
    expect(await searches()).toBe(before);
  });

  it('a link to /dev/zero is refused before a byte is read (it read 660 MB before); a device itself too', async () => {
    const link = join(dir, 'zero.txt');
    await symlink('/dev/zero', link);
    const r = await run(['judgments', 'convert', link, '--to', 'trec']);
    expect(r).toMatchObject({ code: 3, err: `Error: ${link} is a device, not a regular file: give the path of a file.` });
    expect((await run(['metrics', '--judgments', '/dev/null', '--run', '/dev/null'])).err).toContain('is a device, not a regular file');
  });

  it(`a 100 MB one-line file is refused by its size before it is read (the limit: ${MAX_INPUT_BYTES / 1024 / 1024} MB)`, async () => {
    const big = join(dir, 'big.txt');
    await writeFile(big, 'jacket');
    await truncate(big, 100 * 1024 * 1024); // sparse: nothing is written, its size is 100 MB
    const r = await run(compare(big));
    expect(r).toMatchObject({ code: 3, err: `Error: ${big} is 100.0 MB, over the 64.0 MB an input file may be.` });
  });

  it('--out naming a folder says so (not EISDIR … rename)', async () => {
    const r = await run(['judgments', 'convert', '-', '--to', 'quepid', '--out', dir], 'query,docid,rating\nq,d,1\n');
    expect(r.code).toBe(3);
    expect(r.err).toBe(`Error: ${dir} is a folder; give the path of a file (for example ${join(dir, 'report.json')}).`);
  });
});

describe('encodings', () => {
  it('a UTF-8 byte-order mark is accepted', async () => {
    const file = join(dir, 'bom.csv');
    await writeFile(file, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('query,docid,rating\njacket,SKU-1,2\n')]));
    const r = await run(['judgments', 'convert', file, '--to', 'trec']);
    expect(r).toMatchObject({ code: 0, out: 'jacket 0 SKU-1 2' });
  });

  it('UTF-16 (with or without a byte-order mark) is named as such', async () => {
    for (const [name, bytes] of [
      ['le.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('jacket\n', 'utf16le')])],
      ['be.txt', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('jacket\n', 'utf16le').swap16()])],
      ['nobom.txt', Buffer.from('jacket\n', 'utf16le')],
    ] as const) {
      const file = join(dir, name);
      await writeFile(file, bytes);
      const r = await run(compare(file));
      expect(r.code).toBe(3);
      expect(r.err).toMatch(new RegExp(`${name} is UTF-16(LE|BE) text, not UTF-8: save it as UTF-8`));
    }
  });

  it('invalid UTF-8 is an error with the file and the byte offset, not a silent U+FFFD (whole and streamed)', async () => {
    const file = join(dir, 'latin1.txt');
    await writeFile(file, Buffer.concat([Buffer.from('jacket\nboots\ncaf'), Buffer.from([0xe9]), Buffer.from('\n')]));
    const r = await run(compare(file));
    expect(r).toMatchObject({
      code: 3,
      err: expect.stringContaining(`${file} is not UTF-8: the bytes at byte 16 are not a UTF-8 character`),
    });
    const judgments = join(dir, 'latin1.csv');
    await writeFile(judgments, Buffer.concat([Buffer.from('query,docid,rating\ncaf'), Buffer.from([0xe9]), Buffer.from(',d,1\n')]));
    expect((await run(['judgments', 'convert', judgments, '--to', 'trec'])).err).toContain('is not UTF-8: the bytes at byte 22');
  });

  it('the offset finder knows overlong forms, surrogates and cut sequences', () => {
    expect(invalidUtf8Offset(Buffer.from('héllo'))).toBe(-1);
    expect(invalidUtf8Offset(Buffer.from([0x61, 0xc0, 0xaf]))).toBe(1);
    expect(invalidUtf8Offset(Buffer.from([0x61, 0x62, 0xed, 0xa0, 0x80]))).toBe(2);
    expect(invalidUtf8Offset(Buffer.from([0x61, 0xe2, 0x82]))).toBe(1);
    expect(invalidUtf8Offset(Buffer.from([0xf4, 0x90, 0x80, 0x80]))).toBe(0);
  });
});

describe('a query over 1,000 characters', () => {
  it('is left out and counted, and said as left out (not "cut to 1,000" and then dropped)', async () => {
    const file = join(dir, 'long.txt');
    await writeFile(file, `jacket\n${'x'.repeat(1500)}\nboots\n`);
    const r = await run([...compare(file), '--name', 'long']);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain(`${file}:2: The query is 1,500 characters long, over the 1,000 a query may have: it is left out.`);
    expect(r.err).toContain(`${file}: 1 row left out, 2 queries read.`);
    expect(r.out).toContain('2 of 2 queries compared');
  });
});

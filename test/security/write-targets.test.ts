/**
 * `--out` and every other write: never through a symbolic link, never over a device, a FIFO or a folder; and what
 * a suite file names reaches neither the XML nor the terminal as raw control characters.
 */
import { execFileSync } from 'node:child_process';
import { lstat, mkdir, readFile, readlink, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { streamIo } from '../../src/cli/main';
import { prettyReport, junitReport, type SuiteRun } from '../../src/shared/assertions/report';
import { checkWriteTarget, writeFileAtomically, writePiecesAtomically } from '../../src/main/services/storage/atomic';
import { runCli } from '../helpers/cli-io';
import { DEMO_TOKEN, emulatorAndFolder, searchCount, type TestEmulator } from '../helpers/emulator';
import { parseXml } from '../helpers/xml';

let em: TestEmulator;
let dir: string;
const VICTIM = 'the victim file: nothing may change it\n';

const fixture = emulatorAndFolder('wb-out-');
beforeAll(async () => {
  ({ em, dir } = fixture);
  await mkdir(join(dir, 'suite'));
  await writeFile(
    join(dir, 'suite', 'req.json'),
    JSON.stringify({
      format: 'search-workbench-request',
      version: 1,
      savedAt: '2026-11-26T00:00:00.000Z',
      name: 'jackets\n\u001b]0;pwned\u0007echo owned >> ~/.bashrc',
      kind: 'search',
      transport: 'post',
      request: { token: DEMO_TOKEN, query: 'jacket' },
      expect: [{ type: 'notEmpty', name: 'line one\nrm -rf ~ \u001b[31mred' }],
    }),
  );
  await writeFile(join(dir, 'queries.txt'), 'jacket\nboots\n');
  await writeFile(join(dir, 'ratings.csv'), 'query,docid,rating\njacket,SKU-1,2\n');
  await writeFile(join(dir, 'rules.json'), JSON.stringify([{ when: 'category = $intent.category', rating: 3 }]));
  await writeFile(join(dir, 'set.txt'), 'rain jacket\n');
});

const run = runCli;

const service = () => ['--base-url', em.url, '--token', DEMO_TOKEN];

/** Every command that writes --out, with the file name it wants (its extension names the format). */
const writers: [string, (out: string) => string[]][] = [
  ['test', (out) => ['test', join(dir, 'suite'), ...service(), '--reporter', 'junit', '--out', out]],
  ['matrix', (out) => ['matrix', ...service(), '--query', 'jacket', '--axis', 'segment=a,b', '--out', out]],
  ['judgments convert', (out) => ['judgments', 'convert', join(dir, 'ratings.csv'), '--to', 'quepid', '--out', out]],
  [
    'judgments suggest',
    (out) => ['judgments', 'suggest', '--query-set', join(dir, 'set.txt'), '--rules', join(dir, 'rules.json'), ...service(), '--out', out],
  ],
  [
    'compare',
    (out) => ['compare', '--queries', join(dir, 'queries.txt'), ...service(), '--a', 'default', '--b', 'bestsellers', '--out', out],
  ],
];
const extension: Record<string, string> = {
  test: 'xml',
  matrix: 'json',
  'judgments convert': 'csv',
  'judgments suggest': 'json',
  compare: 'json',
};

describe('--out never writes through a symbolic link', () => {
  it.each(writers)('%s: a link at the --out path is refused, exit 3, and the file it points to is unchanged', async (name, args) => {
    const victim = join(dir, `victim-${name.replace(' ', '-')}.txt`);
    await writeFile(victim, VICTIM);
    const link = join(dir, `link-${name.replace(' ', '-')}.${extension[name]}`);
    await symlink(victim, link);
    const r = await run(args(link));
    expect(r.code, r.err).toBe(3);
    expect(r.err).toContain(`${link} is a symbolic link; the workbench never writes through one.`);
    expect(await readFile(victim, 'utf8')).toBe(VICTIM);
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect(await readlink(link)).toBe(victim);
  });

  it('the writers underneath refuse a link too (a link made after the command started)', async () => {
    const victim = join(dir, 'victim-late.txt');
    await writeFile(victim, VICTIM);
    const link = join(dir, 'late.json');
    await symlink(victim, link);
    await expect(writeFileAtomically(link, 'x')).rejects.toThrow(/is a symbolic link/);
    await expect(writeFileAtomically(link, 'x', { durable: false })).rejects.toThrow(/is a symbolic link/);
    await expect(writePiecesAtomically(link, ['x'])).rejects.toThrow(/is a symbolic link/);
    expect(await readFile(victim, 'utf8')).toBe(VICTIM);
    expect((await readdirNames(dir)).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });
});

async function readdirNames(folder: string): Promise<string[]> {
  const { readdir } = await import('node:fs/promises');
  return readdir(folder);
}

describe('--out never replaces what is not a regular file', () => {
  it('a FIFO at --out: refused before the run, exit 3, still a FIFO; no request sent', async () => {
    const fifo = join(dir, 'junit-fifo.xml');
    execFileSync('mkfifo', [fifo]);
    const before = await searchCount(em);
    const r = await run(['test', join(dir, 'suite'), ...service(), '--reporter', 'junit', '--out', fifo]);
    expect(r.code).toBe(3);
    expect(r.err).toContain(`${fifo} is not a regular file (a device, FIFO or socket), so it is not replaced.`);
    expect((await lstat(fifo)).isFIFO()).toBe(true);
    expect(await searchCount(em)).toBe(before);
  });

  it('a device node at --out (made with mknod, as root): refused, exit 3, still the device', async (ctx) => {
    const node = join(dir, 'mynull');
    try {
      execFileSync('mknod', [node, 'c', '1', '3'], { stdio: 'ignore' });
    } catch {
      ctx.skip(true, 'mknod needs root: the FIFO above covers the same rule without it');
    }
    const r = await run(['judgments', 'convert', join(dir, 'ratings.csv'), '--to', 'quepid', '--out', node]);
    expect(r.code).toBe(3);
    expect(r.err).toContain('is not a regular file');
    expect((await lstat(node)).isCharacterDevice()).toBe(true);
  });

  it('/dev/null and a folder are refused by the check every write makes, saying what to give instead', async () => {
    await expect(checkWriteTarget('/dev/null')).rejects.toThrow(/leave the option out to print to standard output/);
    expect((await stat('/dev/null')).isCharacterDevice()).toBe(true);
    const folder = join(dir, 'a-folder');
    await mkdir(folder);
    const r = await run(['judgments', 'convert', join(dir, 'ratings.csv'), '--to', 'quepid', '--out', folder]);
    expect(r).toMatchObject({
      code: 3,
      err: `Error: ${folder} is a folder; give the path of a file (for example ${join(folder, 'report.json')}).`,
    });
    expect(r.err).not.toMatch(/EISDIR|rename/);
  });

  it('a regular file is replaced whole, as before', async () => {
    const file = join(dir, 'plain.csv');
    await writeFile(file, 'old');
    expect((await run(['judgments', 'convert', join(dir, 'ratings.csv'), '--to', 'quepid', '--out', file])).code).toBe(0);
    expect(await readFile(file, 'utf8')).toBe('query,docid,rating\njacket,SKU-1,2\n');
  });
});

describe('names from a suite file: escaped in XML attributes and on the terminal', () => {
  it('JUnit writes line breaks in names as &#10;: the file has no raw line from a name, and a parser reads the name back', async () => {
    const out = join(dir, 'junit.xml');
    const r = await run(['test', join(dir, 'suite'), ...service(), '--reporter', 'junit', '--out', out]);
    expect(r.code, r.err).toBe(0);
    const xml = await readFile(out, 'utf8');
    for (const line of xml.split('\n')) expect(line).not.toMatch(/^(echo owned|rm -rf)/);
    expect(xml).toContain('jackets&#10;');
    expect(xml).not.toContain('\u001b');
    const testcase = parseXml(xml).children[0]!.children[0]!;
    // XML 1.0 cannot hold ESC or BEL at all: they are left out; the line break is kept as a reference.
    expect(testcase.attributes.classname).toBe('jackets\n]0;pwnedecho owned >> ~/.bashrc');
    expect(testcase.attributes.name).toBe('line one\nrm -rf ~ [31mred');
  });

  it('the pretty report shows control characters escaped: no ESC, BEL or line break from a name reaches the terminal', async () => {
    const r = await run(['test', join(dir, 'suite'), ...service()]);
    expect(r.code, r.err).toBe(0);
    // eslint-disable-next-line no-control-regex -- control characters are what must not be there
    expect(r.out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(r.out).toContain('jackets\\n\\e]0;pwned\\x07echo owned >> ~/.bashrc');
    expect(r.out.split('\n').some((l) => l.startsWith('echo owned'))).toBe(false);
  });

  it('standard error always, and standard output on a terminal, escape control characters; output to a pipe is data', () => {
    const written: string[] = [];
    const tty = streamIo({ write: (t: string) => written.push(t), isTTY: true }, { write: (t: string) => written.push(t) });
    tty.stdout('a\u001b[2Jb\tc');
    tty.stderr('x\u009b31my');
    const pipe = streamIo({ write: (t: string) => written.push(t), isTTY: false }, { write: () => undefined });
    pipe.stdout('a\u001b[2Jb');
    expect(written).toEqual(['a\\e[2Jb\tc\n', 'x\\x9b31my\n', 'a\u001b[2Jb\n']);
  });

  it('a report made in memory escapes the same way (both report shapes)', () => {
    const run: SuiteRun = {
      target: 'http://x\u001b[0m',
      results: [
        {
          file: 'f\u001b.json',
          name: 'n\r\nx',
          kind: 'search',
          url: 'u',
          request: { token: 't', query: 'q' },
          ms: 1,
          assertions: [{ index: 0, label: 'l\u2028m', type: 'notEmpty', status: 'failed', message: 'm\u202eevil' }],
        },
      ],
      skipped: [],
      fileErrors: [],
      summary: { requests: 1, assertions: 1, passed: 0, failed: 1, errors: 0, warnings: 0, skippedFiles: 0, exitCode: 1 },
      seconds: 0,
      startedAt: 'now',
    };
    const pretty = prettyReport(run);
    expect(pretty).toContain('f\\e.json — n\\r\\nx');
    expect(pretty).toContain('l\\u2028m — m\\u202eevil');
    // Read back as written: a raw line break in an attribute would read as a space.
    const testcase = parseXml(junitReport(run)).children[0]!.children[0]!;
    expect(testcase.attributes.classname).toBe('n\r\nx');
    expect(junitReport(run)).not.toContain('n\r\nx');
  });
});

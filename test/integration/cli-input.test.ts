import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main';
import { captureIo } from '../helpers/cli-io';
import { catalogArgs, compareArgs, testEmulator, type TestEmulator } from '../helpers/emulator';

let em: TestEmulator;
let dir: string;

beforeAll(async () => {
  em = await testEmulator({ items: 200 });
  dir = await mkdtemp(join(tmpdir(), 'wb-cli-input-'));
});
afterAll(() => em.stop());

async function run(argv: string[], stdin = '') {
  const io = captureIo(stdin);
  const code = await main(argv, io);
  return { code, err: io.err.join('\n'), out: io.out.join('\n') };
}

const searches = async () => (await em.get('/__emulator/stats')).body.requests.search ?? 0;
const compare = (queries: string, ...more: string[]) => [...compareArgs(em, queries), ...more];

describe('command-line input that is not what it should be', () => {
  it('a binary query file: says so, names the file, sends nothing, exit 3', async () => {
    const file = join(dir, 'queries.bin');
    await writeFile(file, Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x0a, 0x41]));
    const before = await searches();
    const result = await run(compare(file));
    expect(result.code).toBe(3);
    expect(result.err).toBe(
      `Error: ${file} is not a text file: it holds binary data (a NUL byte at byte 4). Give a UTF-8 text file (one query per line, CSV or JSON).`,
    );
    expect(await searches()).toBe(before);
    const latin1 = join(dir, 'latin1.txt');
    await writeFile(latin1, Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]));
    expect((await run(compare(latin1))).err).toMatch(/latin1\.txt is not UTF-8: the bytes at byte 3 are not a UTF-8 character/);
    expect(await run(['curl', 'from', '-'], 'curl \u0000\u0001')).toMatchObject({
      code: 3,
      err: expect.stringMatching(/^Error: standard input is not a text file/),
    });
  });

  it('a 50 MB line: reported with its length, never sent, exit 3', async () => {
    const file = join(dir, 'huge.txt');
    await writeFile(file, `${'a'.repeat(50 * 1024 * 1024)}\n`);
    const before = await searches();
    const result = await run(compare(file));
    expect(result.code).toBe(3);
    expect(result.err).toContain(`${file}:1: The query is 52,428,800 characters long, over the 1,000 a query may have: it is left out.`);
    expect(result.err).toContain(`Error: ${file} holds no query.`);
    expect(await searches()).toBe(before);
    // About 10 s on an idle 2-core machine, twice that beside another suite: the limit only stops a hung run.
  }, 120_000);

  it('a CSV quote never closed: names the line, compares nothing, exit 3', async () => {
    const file = join(dir, 'queries.csv');
    await writeFile(file, 'query,filter\njacket,\n"red dress,x\nhoodie,\n');
    const before = await searches();
    const result = await run(compare(file));
    expect(result.code).toBe(3);
    expect(result.err).toBe(
      `Error: ${file}:3: A quote opened in this row is never closed, so the rest of the file was read as one field; close it or remove it.`,
    );
    expect(await searches()).toBe(before);
  });

  it('a corrupt --state definition: names the file, exit 3', async () => {
    const state = join(dir, 'state');
    await mkdir(state);
    await writeFile(join(state, 'definition.json'), '{"name": "half a');
    const result = await run(compare(join(dir, 'queries.csv'), '--state', state));
    expect(result.code).toBe(3);
    expect(result.err).toMatch(
      new RegExp(
        `^Error: ${join(state, 'definition.json')} cannot be read as a batch definition \\(.*\\); remove the folder to start again\\.$`,
      ),
    );
  });

  it('keygen onto an existing key pair or a file: says so, overwrites nothing, exit 3', async () => {
    const keys = join(dir, 'keys');
    expect((await run(['keygen', '--out', keys])).code).toBe(0);
    const before = await readFile(join(keys, 'private-key.pem'), 'utf8');
    const again = await run(['keygen', '--out', keys]);
    expect(again.code).toBe(3);
    expect(again.err).toBe(
      `Error: ${join(keys, 'private-key.pem')} already exists; keygen never overwrites a key pair (the operator may have registered it). Give another --out folder, or move the old files away first.`,
    );
    expect(again.err).not.toMatch(/EEXIST/);
    expect(await readFile(join(keys, 'private-key.pem'), 'utf8')).toBe(before);
    const onFile = await run(['keygen', '--out', join(keys, 'public-key.pem')]);
    expect(onFile).toMatchObject({
      code: 3,
      err: `Error: ${join(keys, 'public-key.pem')} is a file; --out names the folder to write the key pair to.`,
    });
  });

  it('an unreadable private key: the fix is told in command-line words, not the app’s', async () => {
    const key = join(dir, 'not-a-key.pem');
    await writeFile(key, '-----BEGIN PRIVATE KEY-----\nbm90IGEga2V5\n-----END PRIVATE KEY-----\n');
    const result = await run([...catalogArgs(em, 'workbench-demo'), '--private-key', key]);
    expect(result.code).toBe(3);
    expect(result.err).toContain('The private key for workbench-demo cannot be read');
    expect(result.err).toContain('`search-workbench keygen --out DIR`');
    expect(result.err).not.toMatch(/Profiles/);
  });
});

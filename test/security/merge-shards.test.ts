/**
 * `merge` reads --state folders that other machines of a CI matrix wrote: a shard of another run, a definition
 * whose rows were copied from another shard, and tampered result chunks are refused (exit 3, the file and what
 * is wrong named) — never merged into a report that double-counts some queries and loses others.
 */
import { execFileSync } from 'node:child_process';
import { cp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli-io';
import { compareArgs, emulatorAndFolder, type TestEmulator } from '../helpers/emulator';

let em: TestEmulator;
let dir: string;
const QUERIES = ['jacket', 'boots', 'tent', 'backpack', 'rain jacket', 'socks', 'gloves', 'hat', 'fleece', 'shorts', 'sandals', 'stove'];

const run = runCli;

const compareShard = (queries: string, shard: string, state: string) =>
  run([...compareArgs(em, queries), '--shard', shard, '--state', state]);

/** A fresh copy of the two good shards, to tamper with. */
async function copies(name: string): Promise<[string, string]> {
  const one = join(dir, `${name}-1`);
  const two = join(dir, `${name}-2`);
  await cp(join(dir, 's1'), one, { recursive: true });
  await cp(join(dir, 's2'), two, { recursive: true });
  return [one, two];
}

const chunkOf = async (state: string) => join(state, 'results', (await readdir(join(state, 'results'))).sort()[0]!);

const fixture = emulatorAndFolder('wb-merge-');
beforeAll(async () => {
  ({ em, dir } = fixture);
  await writeFile(join(dir, 'queries.txt'), `${QUERIES.join('\n')}\n`);
  await writeFile(join(dir, 'other.txt'), `${QUERIES.map((q, i) => (i === 0 ? 'parka' : q)).join('\n')}\n`);
  for (const [shard, state, list] of [
    ['1/2', 's1', 'queries.txt'],
    ['2/2', 's2', 'queries.txt'],
    ['2/2', 'other-2', 'other.txt'],
  ] as const) {
    const r = await compareShard(join(dir, list), shard, join(dir, state));
    expect(r.code, r.err).toBe(0);
  }
}, 120_000);

describe('merge: shards that are not parts of one run are refused', () => {
  it('the two shards of one run merge (exit 0), every query once', async () => {
    const out = join(dir, 'merged.json');
    const r = await run(['merge', join(dir, 's1'), join(dir, 's2'), '--out', out]);
    expect(r.code, r.err).toBe(0);
    const report = JSON.parse(await readFile(out, 'utf8')) as { results: { query: string }[] };
    expect(report.results.map((x) => x.query)).toEqual(QUERIES);
  });

  it('a shard of another run (its query list differs in one query): exit 3, naming both', async () => {
    const r = await run(['merge', join(dir, 's1'), join(dir, 'other-2')]);
    expect(r.code).toBe(3);
    expect(r.err).toContain('ran different sides, settings, judgments or query lists');
  });

  it('a definition.json whose rows were copied from the other shard (with its results): exit 3, the query and the file named', async () => {
    const [one, two] = await copies('copied');
    const d1 = JSON.parse(await readFile(join(one, 'definition.json'), 'utf8')) as { rows: unknown[] };
    const d2 = JSON.parse(await readFile(join(two, 'definition.json'), 'utf8')) as { rows: unknown[] };
    await writeFile(join(two, 'definition.json'), JSON.stringify({ ...d2, rows: d1.rows }));
    await cp(join(one, 'results'), join(two, 'results'), { recursive: true, force: true });
    const r = await run(['merge', one, two]);
    expect(r.code).toBe(3);
    expect(r.err).toMatch(new RegExp(`${two}: the query ".+" \\(line \\d+\\) is not one of shard 2/2's`));
  });

  it('a definition.json with a query changed to another of the same shard: exit 3, the list is not the one cut', async () => {
    const [one, two] = await copies('changed');
    const d2 = JSON.parse(await readFile(join(two, 'definition.json'), 'utf8')) as { rows: { query: string; line: number }[] };
    // Swap two rows' lines: each still hashes to its shard, but the list they make is not the run's.
    const rows = d2.rows.map((row, i) =>
      i === 0 ? { ...row, line: d2.rows[1]!.line } : i === 1 ? { ...row, line: d2.rows[0]!.line } : row,
    );
    await writeFile(join(two, 'definition.json'), JSON.stringify({ ...d2, rows }));
    const r = await run(['merge', one, two]);
    expect(r.code).toBe(3);
    expect(r.err).toContain("the shards' queries are not the list the run was cut from");
  });

  it.each([
    ['{}', 'is not a chunk of results'],
    ['[null]', 'is not a chunk of results'],
    ['[{"result":{"index":"x"},"responses":{}}]', 'is not a chunk of results'],
    ['not json', 'cannot be read as results'],
  ])('a result chunk of %s: exit 3, the chunk file named', async (content, why) => {
    const [one, two] = await copies(`chunk-${why.length}-${content.length}`);
    const chunk = await chunkOf(two);
    await writeFile(chunk, content);
    const r = await run(['merge', one, two]);
    expect(r.code).toBe(3);
    expect(r.err).toContain(`${chunk} ${why}`);
    expect(r.err).not.toMatch(/TypeError|Cannot read properties/);
  });

  it('a result at an index out of range (valid otherwise): exit 3, not counted as finished', async () => {
    const [one, two] = await copies('index');
    const chunk = await chunkOf(two);
    const records = JSON.parse(await readFile(chunk, 'utf8')) as { result: { index: number } }[];
    records[0]!.result.index = 99;
    await writeFile(chunk, JSON.stringify(records));
    const r = await run(['merge', one, two]);
    expect(r.code).toBe(3);
    expect(r.err).toMatch(/a result for query 100 .*its results are not this shard's|is not finished/);
  });

  it('a definition.json that links to /dev/zero, or a chunk that is a FIFO: refused at once, naming it (nothing hangs)', async () => {
    const [one, two] = await copies('devices');
    await rm(join(two, 'definition.json'));
    await symlink('/dev/zero', join(two, 'definition.json'));
    const zero = await run(['merge', one, two]);
    expect(zero.code).toBe(3);
    expect(zero.err).toContain(`${join(two, 'definition.json')} is a symbolic link: the file itself is read, never one a link points to.`);
    const [three, four] = await copies('fifo');
    const chunk = await chunkOf(four);
    await rm(chunk);
    execFileSync('mkfifo', [chunk]);
    const fifo = await run(['merge', three, four]);
    expect(fifo.code).toBe(3);
    expect(fifo.err).toContain(`${chunk} cannot be read as results: ${chunk} is a FIFO (named pipe), not a regular file`);
  });

  it('a chunk linked to a secret, or a definition that is not JSON: named with the reason, none of what they hold quoted', async () => {
    const secret = join(dir, 'token.txt');
    await writeFile(secret, 'ghp_1234567890abcdefSECRET\n');
    const [one, two] = await copies('linked');
    const chunk = await chunkOf(two);
    await rm(chunk);
    await symlink(secret, chunk);
    const linked = await run(['merge', one, two]);
    expect(linked.code).toBe(3);
    expect(linked.err).toContain(`${chunk} is a symbolic link`);
    expect(linked.err).not.toContain('ghp_');
    const [three, four] = await copies('passwd');
    await writeFile(join(four, 'definition.json'), 'root:x:0:0:root:/root:/bin/bash\n');
    const garbled = await run(['merge', three, four]);
    expect(garbled.code).toBe(3);
    expect(garbled.err).toContain(`${join(four, 'definition.json')} is not valid JSON`);
    expect(garbled.err).not.toContain('root:x');
  });
});

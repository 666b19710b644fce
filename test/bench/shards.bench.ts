import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../src/cli/main';
import { shopperQueries } from '../../src/main/emulator/engine/usage-log';
import { spawnEmulator } from './emulator.bench';
import { printTable } from './table';

const TOKEN = 'demo-search-token-0001';
const QUERIES = 800;
const SHARDS = 4;

/** Runs a CLI command in this process, its output kept quiet; answers its exit code. */
async function cli(args: string[]): Promise<number> {
  return main(args, { stdout: () => undefined, stderr: () => undefined, readStdin: async () => '' });
}

/** A JSON report without what a run's timing changes: the comparison of the two reports. */
const untimed = (text: string): string =>
  JSON.stringify(
    JSON.parse(text, (key, value: unknown) => (['ms', 'finishedAt', 'createdAt', 'latency', 'attempts'].includes(key) ? undefined : value)),
  );

/**
 * `npm run bench shards`: the same query list compared whole and as 4 shards merged (shards run one after
 * another here, as 4 CI machines would run them side by side): the merged report must equal the whole run's,
 * timings aside, and the merge must be quick.
 */
export async function benchShards(): Promise<void> {
  const emulator = await spawnEmulator(20_000);
  const dir = await mkdtemp(join(tmpdir(), 'wb-bench-shards-'));
  try {
    const queries = join(dir, 'queries.txt');
    await writeFile(queries, [...new Set(shopperQueries(7).map((q) => q.query))].slice(0, QUERIES).join('\n'));
    const base = [
      '--queries',
      queries,
      '--base-url',
      emulator.url,
      '--token',
      TOKEN,
      '--a',
      'default',
      '--b',
      'bestsellers',
      '--concurrency',
      '8',
    ];
    const t0 = performance.now();
    if ((await cli(['compare', ...base, '--out', join(dir, 'whole.json')])) !== 0) throw new Error('the whole run failed');
    const wholeMs = performance.now() - t0;
    const shardMs: number[] = [];
    const states: string[] = [];
    for (let i = 1; i <= SHARDS; i++) {
      const state = join(dir, `shard-${i}`);
      const t = performance.now();
      if ((await cli(['compare', ...base, '--shard', `${i}/${SHARDS}`, '--state', state])) !== 0) throw new Error(`shard ${i} failed`);
      shardMs.push(performance.now() - t);
      states.push(state);
    }
    const t1 = performance.now();
    if ((await cli(['merge', ...states, '--out', join(dir, 'merged.json')])) !== 0) throw new Error('the merge failed');
    const mergeMs = performance.now() - t1;
    const same = untimed(await readFile(join(dir, 'whole.json'), 'utf8')) === untimed(await readFile(join(dir, 'merged.json'), 'utf8'));
    const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
    printTable(
      `Shards: ${QUERIES} queries × 2 sides against the emulator (20,000 items), 8 at a time; ${SHARDS} shards run one after another, then merged`,
      ['run', 'ms', 'goal', 'result'],
      [
        ['whole list, one run (peer)', wholeMs, '—', '—'],
        [`slowest of ${SHARDS} shards (the wall time on ${SHARDS} machines)`, Math.max(...shardMs), '—', '—'],
        [`merge of the ${SHARDS} --state folders`, mergeMs, '≤ 2,000 ms', pass(mergeMs <= 2000)],
        ['merged report equals the whole run’s, timings aside', same ? 'same' : 'different', 'same', pass(same)],
      ],
    );
  } finally {
    await emulator.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

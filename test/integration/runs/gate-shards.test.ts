import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { rankingOf } from '../../../src/shared/compare/sides';
import { shardOf } from '../../../src/shared/runs/shard';
import { captureIo } from '../../helpers/cli-io';
import { DEMO_TOKEN, testEmulator, type TestEmulator } from '../../helpers/emulator';

// The regression gate and sharded runs against the emulator: real batches, judgments written from real answers.

const QUERIES = [
  'jacket',
  'rain jacket',
  'backpack',
  'tent',
  'hiking boots',
  'running shoe',
  'hoodie',
  'sleeping bag',
  'socks',
  'fleece',
  'trail shoes',
  'down jacket',
  'shorts',
  'beanie',
  'gloves',
  'leggings',
  'sandals',
  'water bottle',
  'headlamp',
  'tights',
];

let em: TestEmulator;
let dir: string;
let queries: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wb-gate-'));
  em = await testEmulator({ items: 3000 });
  queries = join(dir, 'queries.txt');
  await writeFile(queries, QUERIES.join('\n'));
});
afterAll(async () => {
  await em?.stop();
});

async function cli(args: string[]) {
  const io = captureIo();
  const code = await main(args, io);
  return { code, out: io.out.join('\n'), err: io.err.join('\n') };
}

/** The query list against the emulator: what every command here shares. */
const target = () => ['--queries', queries, '--base-url', em.url, '--token', DEMO_TOKEN];
const compare = (args: string[]) => cli(['compare', ...target(), '--a', 'default', '--b', 'bestsellers', ...args]);

/** Judgments rating the top 10 of one configuration 3 for every query (of `only`, when given): that side is "right". */
async function judgmentsFrom(configurationId: string, name: string, only = QUERIES): Promise<string> {
  const lines = ['query,docid,rating'];
  for (const query of only) {
    const r = await em.search({ query, configurationId, options: { offset: 0, limit: 10 } });
    expect(r.status).toBe(200);
    for (const id of rankingOf(r.body).slice(0, 10)) lines.push(`${JSON.stringify(query)},${id},3`);
  }
  const file = join(dir, name);
  await writeFile(file, lines.join('\n'));
  return file;
}

describe('the regression gate', () => {
  it('fails (exit 1) when B is significantly worse by more than allowed, naming the metric, p, interval and worst queries', async () => {
    const judgments = await judgmentsFrom('default', 'a-is-right.csv');
    const worse = await compare(['--judgments', judgments, '--gate', 'ndcg@10']);
    expect(worse.code).toBe(1);
    const line = worse.out.split('\n').find((l) => l.startsWith('gate '))!;
    expect(line).toMatch(
      /^gate nDCG@10 FAILED: B: bestsellers is worse than A: default by \d\.\d{3} \(p < 0\.001 < alpha 0\.05, 95% CI −\d\.\d{3} … −\d\.\d{3}; more than the allowed 0\.000, over \d+ paired queries\); lost most: /,
    );
    expect(line.match(/ −\d\.\d{3}(?=,|\.$)/g)!.length).toBe(5);
    // The same loss within what is allowed passes.
    expect((await compare(['--judgments', judgments, '--gate', 'ndcg', '--gate-min-delta', '0.99'])).code).toBe(0);
    // The reports say what was decided: the gate, its verdict and the very line the terminal printed.
    for (const format of ['json', 'html'] as const) {
      const out = join(dir, `gated.${format}`);
      const again = await compare(['--judgments', judgments, '--gate', 'ndcg@10', '--out', out]);
      expect(again.code).toBe(1);
      const printed = again.out.split('\n').find((l) => l.startsWith('gate '))!;
      const text = await readFile(out, 'utf8');
      if (format === 'json') expect(JSON.parse(text).gate).toEqual({ gate: 'nDCG@10', verdict: 'failed', line: printed });
      else {
        expect(text).toContain('<strong>Gate nDCG@10: FAILED.</strong>');
        expect(text).toContain(printed.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;'));
      }
    }
  });

  it('passes (exit 0) when B is better, and when it is behind but not significantly', async () => {
    const better = await compare(['--judgments', await judgmentsFrom('bestsellers', 'b-is-right.csv'), '--gate', 'ndcg@10']);
    expect(better.code).toBe(0);
    expect(better.out).toMatch(/gate nDCG@10 passed: B: bestsellers is not worse than A: default \(\+\d\.\d{3}, p < 0\.001/);
    // One judged query: one loss cannot be significant (p = 1 with one pair).
    const one = await compare(['--judgments', await judgmentsFrom('default', 'one.csv', ['rain jacket']), '--gate', 'ndcg@10']);
    expect(one.code).toBe(0);
    expect(one.out).toMatch(
      /gate nDCG@10 passed: B: bestsellers is behind A: default by \d\.\d{3}, but not significantly \(p = 1\.000 ≥ alpha 0\.05/,
    );
  });

  it("--baseline-run holds this run's B against an earlier run's B, paired by query", async () => {
    const judgments = await judgmentsFrom('default', 'a-is-right-2.csv');
    const earlier = join(dir, 'earlier.json');
    // The earlier run's B was the default configuration: today's bestsellers is worse than it.
    expect((await cli(['compare', ...target(), '--a', 'default', '--b', 'default', '--out', earlier])).code).toBe(0);
    const held = await compare(['--judgments', judgments, '--gate', 'ndcg@10', '--baseline-run', earlier]);
    expect(held.code).toBe(1);
    expect(held.out).toMatch(
      /gate nDCG@10 FAILED: B: bestsellers is worse than B of the baseline run "A: default vs B: default" \(B: default\)/,
    );
    // Against itself, the same B cannot be worse.
    const self = join(dir, 'self.json');
    expect((await compare(['--out', self])).code).toBe(0);
    expect((await compare(['--judgments', judgments, '--gate', 'ndcg@10', '--baseline-run', self])).out).toMatch(
      /gate nDCG@10 passed: .* is not worse than B of the baseline run .* \(\+0\.000/,
    );
  });

  it('usage errors name the option and the fix (exit 2); an unreadable baseline could not run (exit 3)', async () => {
    expect((await compare(['--gate', 'ndcg'])).err).toContain('--gate measures quality: give --judgments FILE too');
    const judgments = join(dir, 'a-is-right.csv');
    const bad = await compare(['--judgments', judgments, '--gate', 'speed@3']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('one of ndcg, dcg, precision, ap, rr, recall, judged');
    expect((await compare(['--judgments', judgments, '--gate', 'ndcg@5', '--k', '10'])).err).toContain('name different cut-offs');
    expect((await compare(['--judgments', judgments, '--gate', 'ndcg', '--gate-alpha', '5'])).err).toContain(
      '--gate-alpha is a number between 0 and 1',
    );
    expect((await compare(['--gate-min-delta', '0.1'])).err).toContain('give --gate METRIC[@k] too');
    const notReport = join(dir, 'not-a-report.json');
    await writeFile(notReport, '{"format": "something else"}');
    const unread = await compare(['--judgments', judgments, '--gate', 'ndcg', '--baseline-run', notReport]);
    expect(unread.code).toBe(3);
    expect(unread.err).toContain('is not a JSON batch report (the .json --out of compare)');
  });
});

describe('shards', () => {
  it('4 shards merged give the report of one whole run, timings aside; each query runs in exactly one shard', async () => {
    const judgments = join(dir, 'a-is-right.csv');
    const whole = join(dir, 'whole.json');
    expect((await compare(['--judgments', judgments, '--out', whole])).code).toBe(0);
    const states: string[] = [];
    let ran = 0;
    for (let i = 1; i <= 4; i++) {
      const state = join(dir, `shard-${i}`);
      const r = await compare(['--shard', `${i}/4`, '--state', state, '--judgments', judgments]);
      expect(r.code).toBe(0);
      const mine = QUERIES.filter((q) => shardOf(q, 4) === i).length;
      expect(r.err).toContain(`shard ${i}/4: ${mine} of the 20 queries`);
      ran += mine;
      if (mine > 0) states.push(state);
    }
    expect(ran).toBe(QUERIES.length);
    const merged = join(dir, 'merged.json');
    const m = await cli(['merge', ...states.reverse(), '--judgments', judgments, '--out', merged]);
    expect(m.code, m.err).toBe(0);
    const untimed = (text: string) =>
      JSON.parse(text, (key, value: unknown) =>
        ['ms', 'finishedAt', 'createdAt', 'latency', 'attempts'].includes(key) ? undefined : value,
      );
    expect(untimed(await readFile(merged, 'utf8'))).toEqual(untimed(await readFile(whole, 'utf8')));

    // Parts that do not make one run are refused with the reason (exit 3).
    const missing = await cli(['merge', ...states.slice(1)]);
    expect(missing.code).toBe(3);
    expect(missing.err).toMatch(/the shards hold \d+ of the 20 queries: shards? [\d, ]+ of 4 (is|are) missing/);
    expect((await cli(['merge', states[0]!, states[0]!])).err).toContain('is given twice');
    expect((await cli(['merge', dir])).err).toContain('holds no compare run');
    expect((await cli(['merge'])).code).toBe(2);
  });

  it('merge measures with the settings the shards ran with (their judgments, checked by hash, and --threshold), and refuses shards run with other ones', async () => {
    const judgments = join(dir, 'a-is-right.csv');
    const whole = join(dir, 'whole-t2.json');
    expect((await compare(['--judgments', judgments, '--threshold', '2', '--out', whole])).code).toBe(0);
    const states: string[] = [];
    for (let i = 1; i <= 2; i++) {
      const state = join(dir, `t2-shard-${i}`);
      expect((await compare(['--shard', `${i}/2`, '--state', state, '--judgments', judgments, '--threshold', '2'])).code).toBe(0);
      states.push(state);
    }
    // No --judgments, no --threshold: the shards' own.
    const merged = join(dir, 'merged-t2.json');
    const m = await cli(['merge', ...states, '--out', merged]);
    expect(m.code, m.err).toBe(0);
    expect(m.out).toContain('relevant from 2');
    const report = (file: string) =>
      readFile(file, 'utf8').then((t) => JSON.parse(t) as { summary: { quality: unknown }; qualityConfig: { threshold: number } });
    expect((await report(merged)).qualityConfig.threshold).toBe(2);
    expect((await report(merged)).summary.quality).toEqual((await report(whole)).summary.quality);
    // A shard run with another threshold is not a part of this run.
    const other = join(dir, 't1-shard-2');
    expect((await compare(['--shard', '2/2', '--state', other, '--judgments', judgments, '--threshold', '1'])).code).toBe(0);
    const mixed = await cli(['merge', states[0]!, other]);
    expect(mixed.code).toBe(3);
    expect(mixed.err).toContain('ran different sides, settings, judgments or query lists');
    // The judgments file changed since the shards ran: said, with the way out.
    const original = await readFile(judgments, 'utf8');
    await writeFile(judgments, `${original}\n`);
    const changed = await cli(['merge', ...states]);
    expect(changed.code).toBe(3);
    expect(changed.err).toContain('is not the file the shards were measured against (its sha256 differs): give --judgments FILE');
    expect((await cli(['merge', ...states, '--judgments', judgments])).code).toBe(0);
    await writeFile(judgments, original);
  });

  it('--shard is i/n; test and explain take it too', async () => {
    expect((await compare(['--shard', '5/4'])).err).toContain('--shard is i/n with 1 ≤ i ≤ n');
    const explained = await cli(['explain', ...target(), '--b', 'bestsellers', '--b-var', 'segment=premium', '--shard', '1/2']);
    expect(explained.code).toBe(0);
    const report = JSON.parse(explained.out) as { queries: number; leftOut: { failed: number; unjudged: number; empty: number } };
    // Every query of the shard is explained or counted as left out (no ranking on either side).
    expect(report.queries + report.leftOut.empty).toBe(QUERIES.filter((q) => shardOf(q, 2) === 1).length);
    // The demo suite's cases split between two shards: every assertion runs once.
    const suite = async (shard: string[]) => {
      const r = await cli(['test', 'examples/workspace', '--base-url', em.url, '--token', DEMO_TOKEN, ...shard]);
      expect([0, 1]).toContain(r.code);
      return Number(/^(\d+) assertions:/m.exec(r.out)![1]);
    };
    const [whole, first, second] = [await suite([]), await suite(['--shard', '1/2']), await suite(['--shard', '2/2'])];
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(0);
    expect(first + second).toBe(whole);
  });
});

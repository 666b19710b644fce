import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { captureIo } from '../../helpers/cli-io';
import { DEMO_TOKEN, testEmulator, type TestEmulator } from '../../helpers/emulator';

let em: TestEmulator;
let dir: string;
let queries: string;

beforeAll(async () => {
  em = await testEmulator();
  dir = await mkdtemp(join(tmpdir(), 'wb-cli-llm-'));
  queries = join(dir, 'queries.txt');
  await writeFile(queries, 'running shoes\nrain jacket\nhoodie\n');
  process.env.WB_TEST_JUDGE_KEY = 'demo-judge-key-0001';
});
afterAll(async () => {
  await em.stop();
  await rm(dir, { recursive: true, force: true });
  delete process.env.WB_TEST_JUDGE_KEY;
});

async function run(argv: string[]) {
  const io = captureIo();
  const code = await main(argv, io);
  return { code, err: io.err.join('\n'), out: io.out.join('\n') };
}

const judgeArgs = (extra: string[] = []) => [
  'judgments',
  'llm',
  '--query-set',
  queries,
  '--base-url',
  em.url,
  '--token',
  DEMO_TOKEN,
  '--k',
  '4',
  '--judge-url',
  `${em.url}/v1`,
  '--judge-model',
  'demo-judge',
  '--judge-key-env',
  'WB_TEST_JUDGE_KEY',
  ...extra,
];

describe('judgments llm', () => {
  it('writes a list of the judge’s ratings with their reasons, says what it sent and cost, and a re-run with the cache sends nothing', async () => {
    const out = join(dir, 'llm.json');
    const cache = join(dir, 'cache');
    const first = await run(judgeArgs(['--cache', cache, '--price-in', '2', '--price-out', '8', '--out', out, '--format', 'json']));
    expect(first.code, first.err).toBe(0);
    const summary = JSON.parse(first.out);
    expect(summary).toMatchObject({ items: 12, rated: 12, requests: 12, cached: 0, noVerdict: 0, failed: 0 });
    expect(summary.tokens.prompt).toBeGreaterThan(0);
    expect(summary.cost).toBeCloseTo((summary.tokens.prompt * 2 + summary.tokens.completion * 8) / 1_000_000, 12);
    const list = JSON.parse(await readFile(out, 'utf8'));
    expect(list.ratings).toHaveLength(12);
    for (const r of list.ratings) {
      expect(r.by).toBe('llm:demo-judge');
      expect(r.reason).toMatch(/for "(running shoes|rain jacket|hoodie)"/);
    }
    const again = await run(judgeArgs(['--cache', cache, '--out', join(dir, 'llm-2.json'), '--format', 'json']));
    expect(again.code, again.err).toBe(0);
    expect(JSON.parse(again.out)).toMatchObject({ items: 12, rated: 12, requests: 0, cached: 12 });
    // Another prompt is another question: asked again, under its own version.
    const prompt = join(dir, 'prompt.json');
    await writeFile(prompt, JSON.stringify({ system: 'Rate on {{scale}}. Answer JSON.', user: 'Query: {{query}}\n<item>{{item}}</item>' }));
    const other = await run(judgeArgs(['--cache', cache, '--prompt', prompt, '--out', join(dir, 'llm-3.json'), '--format', 'json']));
    expect(other.code, other.err).toBe(0);
    expect(JSON.parse(other.out)).toMatchObject({ items: 12, rated: 12, requests: 12, cached: 0 });
    expect(JSON.parse(other.out).templateVersion).not.toBe(summary.templateVersion);
    await writeFile(prompt, JSON.stringify({ system: 'x', user: 'no placeholders' }));
    const broken = await run(judgeArgs(['--prompt', prompt, '--out', join(dir, 'llm-4.json')]));
    expect(broken.code).toBe(3);
    expect(broken.err).toMatch(/not a judge prompt \(the user message has no \{\{query\}\}/);
  });

  it('stops at --max-cost with exit 1, writing what was judged', async () => {
    const out = join(dir, 'capped.json');
    const r = await run(
      judgeArgs(['--price-in', '1000', '--price-out', '1000', '--max-cost', '1', '--concurrency', '1', '--out', out, '--format', 'json']),
    );
    expect(r.code, r.err).toBe(1);
    const summary = JSON.parse(r.out);
    expect(summary.stopped).toBe('max-cost');
    expect(summary.rated).toBeGreaterThan(0);
    expect(summary.rated).toBeLessThan(12);
    expect(summary.cost).toBeLessThanOrEqual(1);
    expect(JSON.parse(await readFile(out, 'utf8')).ratings).toHaveLength(summary.rated);
    expect(r.err).toMatch(/Stopped at --max-cost 1: \d+ pairs were not asked/);
  });

  it('refuses what it cannot use with exit 2, and a judge it cannot reach with exit 3', async () => {
    const out = join(dir, 'never.json');
    const without = (flag: string) => {
      const args = judgeArgs(['--out', out]);
      const at = args.indexOf(flag);
      args.splice(at, 2);
      return args;
    };
    expect((await run(without('--judge-url'))).err).toMatch(/needs --judge-url/);
    expect((await run(without('--judge-url'))).code).toBe(2);
    expect((await run(without('--judge-model'))).code).toBe(2);
    const unset = await run([...without('--judge-key-env'), '--judge-key-env', 'WB_NOT_SET_ANYWHERE']);
    expect(unset.code).toBe(2);
    expect(unset.err).toMatch(/WB_NOT_SET_ANYWHERE, which is not set/);
    const mask = await run(judgeArgs(['--mask', 'product(', '--out', out]));
    expect(mask.code).toBe(2);
    expect(mask.err).toMatch(/--mask/);
    const gone = await run([...without('--judge-url'), '--judge-url', 'http://127.0.0.1:9/v1', '--timeout', '2000']);
    expect(gone.code, gone.err).toBe(3);
    expect(gone.err).toMatch(/judge could not be reached/);
  });
});

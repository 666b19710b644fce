import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import {
  buildDemoWorkspace,
  DEMO_POOL_CONFIGURATIONS,
  DEMO_POOL_DEPTH,
  type DemoWorkspace,
} from '../../../src/main/services/demo/demo-workspace';
import { agreement } from '../../../src/shared/judgments/agreement';
import type { JudgmentList } from '../../../src/shared/judgments/model';
import { captureIo } from '../../helpers/cli-io';
import { DEMO_TOKEN, testEmulator, type TestEmulator } from '../../helpers/emulator';

// Suggested ratings from the demo rules over the demo query set, on the demo catalog (20,000 items), set against
// the demo's documented judgments: the share of pooled items the rules rate, and how far the two agree.

const RULES = resolve(import.meta.dirname, '../../../examples/rules/demo-rules.json');
let em: TestEmulator;
let demo: DemoWorkspace;
let dir: string;

beforeAll(async () => {
  em = await testEmulator({ items: 20_000 });
  demo = await buildDemoWorkspace(em.emulator);
  dir = await mkdtemp(join(tmpdir(), 'wb-suggest-'));
  await writeFile(join(dir, 'demo-shopper-queries.json'), JSON.stringify(demo.querySet));
}, 60_000);
afterAll(() => em.stop());

async function run(argv: string[]) {
  const io = captureIo();
  const code = await main(argv, io);
  return { code, err: io.err.join('\n'), out: io.out.join('\n') };
}

const service = () => ['--base-url', em.url, '--token', DEMO_TOKEN];

describe('judgments suggest', () => {
  it('rates the demo pool by the demo rules, each rating with its rule; they agree with the demo judgments', async () => {
    const out = join(dir, 'suggestions.json');
    const configs = DEMO_POOL_CONFIGURATIONS.flatMap((c) => ['--config', c]);
    const r = await run([
      'judgments',
      'suggest',
      '--query-set',
      join(dir, 'demo-shopper-queries.json'),
      '--rules',
      RULES,
      ...service(),
      ...configs,
      '--k',
      String(DEMO_POOL_DEPTH),
      '--out',
      out,
    ]);
    expect(r.code, r.err).toBe(0);
    const summary = /(\d+) pooled items, (\d+) rated by the rules \(([\d.]+)%\)/.exec(r.err);
    expect(summary, r.err).not.toBeNull();
    const list = JSON.parse(await readFile(out, 'utf8')) as JudgmentList;
    expect(list.ratings.length).toBe(Number(summary![2]));
    expect(list.ratings.every((x) => x.by === 'rules' && typeof x.rule === 'string')).toBe(true);
    expect(new Set(list.ratings.map((x) => x.rule))).toContain('colour and category match');
    // Every query of the demo set has its intent: none was proposed.
    expect(r.err).toContain('0 intents proposed');

    // The rules against the demo's own judgments, on the items both rated.
    const both = agreement(
      [
        ...list.ratings.map((x) => ({ query: x.query, itemId: x.itemId, rating: x.rating, rater: 'rules' })),
        ...demo.judgments.ratings.map((x) => ({ query: x.query, itemId: x.itemId, rating: x.rating, rater: 'demo' })),
      ],
      3,
      { resamples: 200 },
    );
    const pair = both.pairs[0]!;
    console.info(
      `demo rules: ${summary![2]} of ${summary![1]} pooled items rated (${summary![3]}%); against the demo judgments on ${pair.items} items: ` +
        `exact ${pair.agreement.toFixed(3)}, within one ${pair.withinOne.toFixed(3)}, kappa ${pair.kappa?.toFixed(3)}, weighted kappa ${pair.weightedKappa?.toFixed(3)}`,
    );
    expect(Number(summary![3])).toBeGreaterThan(50);
    expect(pair.items).toBeGreaterThan(1000);
    expect(pair.weightedKappa!).toBeGreaterThan(0.6);
  }, 60_000);

  it('proposes an intent for a query list without one, and refuses a bad rules file by its rule', async () => {
    await writeFile(join(dir, 'queries.txt'), 'black hoodie\nwaterproof jacket\ngift card');
    const r = await run(['judgments', 'suggest', '--query-set', join(dir, 'queries.txt'), '--rules', RULES, ...service(), '--k', '5']);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain('3 intents proposed');
    const list = JSON.parse(r.out) as JudgmentList;
    expect(list.ratings.some((x) => x.query === 'black hoodie' && x.rule === 'colour and category match')).toBe(true);

    await writeFile(join(dir, 'bad-rules.json'), JSON.stringify([{ when: 'colour = ', rating: 3, name: 'half' }]));
    const bad = await run([
      'judgments',
      'suggest',
      '--query-set',
      join(dir, 'queries.txt'),
      '--rules',
      join(dir, 'bad-rules.json'),
      ...service(),
    ]);
    expect(bad.code).toBe(3);
    expect(bad.err).toMatch(/bad-rules\.json: rule 1 \(half\)/);
    expect((await run(['judgments', 'suggest', '--query-set', join(dir, 'queries.txt'), ...service()])).code).toBe(2);
  }, 30_000);
});

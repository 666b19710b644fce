import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { searchSender } from '../../../src/main/services/compare/sender';
import { runExplanation } from '../../../src/main/services/explain/runner';
import { HttpClient } from '../../../src/main/services/http/client';
import { SearchClient } from '../../../src/main/services/search/search-client';
import { buildSide, rankingOf } from '../../../src/shared/compare/sides';
import { rbo, uniqueRanking } from '../../../src/shared/diff/metrics';
import type { ExplainReport } from '../../../src/shared/explain/report';
import { queryQuality } from '../../../src/shared/metrics/quality';
import { captureIo } from '../../helpers/cli-io';
import { DEMO_TOKEN, testEmulator, type TestEmulator } from '../../helpers/emulator';

/** Side B: the bestsellers configuration for the premium segment. */
const BESTSELLERS_PREMIUM = ['--b', 'bestsellers', '--b-var', 'segment=premium'];

// Explanations against the emulator: requests in between really sent, Shapley values checked against values worked
// out here from the answers themselves.

let em: TestEmulator;
/** Two configurations alike in everything but one trigger: "premium" boosts premium brands for segment = premium. */
let twins: TestEmulator;
let http: HttpClient;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wb-explain-'));
  http = new HttpClient();
  [em, twins] = await Promise.all([
    testEmulator({ items: 3000 }),
    testEmulator({
      items: 3000,
      configure: (c) => {
        const tenant = c.tenants[0]!;
        const base = tenant.configurations.find((x) => x.id === 'default')!;
        const premium = base.triggers.find((t) => t.id === 'premium-segment')!;
        tenant.configurations.push({ ...base, id: 'plain', triggers: [] }, { ...base, id: 'premium', triggers: [premium] });
      },
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([em?.stop(), twins?.stop(), http?.close()]);
});

async function explain(args: string[], target: TestEmulator = em) {
  const io = captureIo();
  const code = await main(['explain', '--base-url', target.url, '--token', DEMO_TOKEN, ...args], io);
  const out = io.out.join('');
  return { code, report: (code === 0 ? JSON.parse(out) : null) as ExplainReport, err: io.err.join('\n') };
}

/** The ranking the emulator gives a request, asked here directly. */
async function ranking(target: TestEmulator, body: Record<string, unknown>): Promise<string[]> {
  const r = await target.search({ options: { offset: 0, limit: 24 }, ...body });
  expect(r.status).toBe(200);
  return rankingOf(r.body);
}
const change = (x: string[], base: string[]) => 1 - rbo(uniqueRanking(x), uniqueRanking(base));
const phi = (r: ExplainReport, name: string) => r.differences.find((d) => d.name === name)!.phi;

describe('explain against the emulator', () => {
  it('sides differing in exactly one parameter: it takes the whole change, share exactly 1, in 2 requests', async () => {
    const { code, report } = await explain(['--query', 'jacket', '--a', 'default', '--b', 'bestsellers']);
    expect(code).toBe(0);
    expect(report.total).toBeGreaterThan(0.3);
    expect(report.differences).toEqual([{ name: 'configurationId', a: 'default', b: 'bestsellers', phi: report.total, share: 1 }]);
    expect(report).toMatchObject({ measure: 'rbo', requests: 2, queries: 1, exact: true, notAttributed: [] });
  });

  it('two independent differences, a filter and a trigger-firing variable: φ as worked out from the four answers', async () => {
    const filter = 'price < 100';
    const { code, report } = await explain(['--query', 'jacket', '--b-filter', filter, '--b-var', 'segment=premium']);
    expect(code).toBe(0);
    const none = await ranking(em, { query: 'jacket' });
    const f = await ranking(em, { query: 'jacket', options: { offset: 0, limit: 24, filter } });
    const s = await ranking(em, { query: 'jacket', context: { variables: { segment: 'premium' } } });
    const both = await ranking(em, {
      query: 'jacket',
      options: { offset: 0, limit: 24, filter },
      context: { variables: { segment: 'premium' } },
    });
    const [vf, vs, vfs] = [change(f, none), change(s, none), change(both, none)];
    expect(vf).toBeGreaterThan(0);
    expect(vs).toBeGreaterThan(0);
    expect(phi(report, 'options.filter')).toBeCloseTo(vf / 2 + (vfs - vs) / 2, 12);
    expect(phi(report, 'context.variables.segment')).toBeCloseTo(vs / 2 + (vfs - vf) / 2, 12);
    expect(report.total).toBeCloseTo(vfs, 12);
    expect(phi(report, 'options.filter') + phi(report, 'context.variables.segment')).toBeCloseTo(report.total!, 12);
    expect(report.requests).toBe(4);
  });

  it('a pure interaction (the trigger is only in B’s configuration and fires only with B’s variable) is shared equally', async () => {
    const { code, report } = await explain(['--query', 'jacket', '--a', 'plain', '--b', 'premium', '--b-var', 'segment=premium'], twins);
    expect(code).toBe(0);
    // Each alone changes nothing: the other half of the trigger is missing.
    expect(await ranking(twins, { query: 'jacket', configurationId: 'premium' })).toEqual(
      await ranking(twins, { query: 'jacket', configurationId: 'plain' }),
    );
    expect(report.total).toBeGreaterThan(0.1);
    expect(report.differences.map((d) => d.share)).toEqual([0.5, 0.5]);
    expect(phi(report, 'configurationId')).toBe(phi(report, 'context.variables.segment'));
  });

  it('six differences sampled within the budget: each φ within 3 standard errors of the exact value', async () => {
    const sides = {
      base: { options: { offset: 0, limit: 24 } },
      a: buildSide({ label: 'A', baseUrl: em.url, token: DEMO_TOKEN, configurationId: 'default' }),
      b: buildSide({
        label: 'B',
        baseUrl: em.url,
        token: 'demo-search-token-staging',
        configurationId: 'bestsellers',
        filter: 'price < 150',
        variables: { segment: 'premium', weather: 'rain', season: 'winter' },
      }),
    };
    const common = {
      sides,
      rows: [{ query: 'jacket', line: 1 }],
      measure: 'rbo' as const,
      send: searchSender(new SearchClient(http), (side) => ({ baseUrl: sides[side].baseUrl! })),
      concurrency: 8,
    };
    const exact = await runExplanation({ ...common, budget: 64 });
    const sampled = await runExplanation({ ...common, budget: 40 });
    expect(exact.differences).toHaveLength(6);
    expect(exact).toMatchObject({ exact: true, requests: 64, sent: 64 });
    expect(sampled.exact).toBe(false);
    expect(sampled.requests).toBeLessThanOrEqual(40);
    expect(sampled.permutations).toBeGreaterThan(1);
    const truth = exact.queries[0]!.explanation!;
    const estimate = sampled.queries[0]!.explanation!;
    expect(estimate.total).toBe(truth.total);
    estimate.differences.forEach((d, i) => {
      expect(d.stderr).not.toBeNull();
      expect(Math.abs(d.phi - truth.differences[i]!.phi)).toBeLessThanOrEqual(3 * d.stderr! + 1e-12);
    });
    // Differences that change nothing (a second token of the same tenant, a variable no trigger reads) get 0.
    expect(truth.differences.find((d) => d.name === 'token')!.phi).toBeCloseTo(0, 12);
    expect(truth.differences.find((d) => d.name === 'context.variables.season')!.phi).toBeCloseTo(0, 12);
  });

  it('ndcg against a small judgment list: the parts add up to nDCG(B) − nDCG(A) worked out here', async () => {
    const a = await ranking(em, { query: 'jacket', options: { offset: 0, limit: 24 } });
    const b = await ranking(em, { query: 'jacket', configurationId: 'bestsellers', context: { variables: { segment: 'premium' } } });
    // B's first three are perfect, A's first is marginal.
    const rated = new Map<string, number>([[a[0]!, 1]]);
    for (const id of b.slice(0, 3)) rated.set(id, 3);
    const file = join(dir, 'judgments.csv');
    await writeFile(file, ['query,docid,rating', ...[...rated].map(([id, r]) => `jacket,${id},${r}`)].join('\n'));
    const { code, report } = await explain(['--query', 'jacket', ...BESTSELLERS_PREMIUM, '--measure', 'ndcg', '--judgments', file]);
    expect(code).toBe(0);
    const options = { k: 10, gain: 'exponential' as const, threshold: 1 };
    const expected = queryQuality(b, rated, options).ndcg - queryQuality(a, rated, options).ndcg;
    expect(expected).toBeGreaterThan(0);
    expect(report.total).toBeCloseTo(expected, 12);
    expect(report.differences.reduce((s, d) => s + d.phi, 0)).toBeCloseTo(expected, 12);
    // The report says which ratings nDCG counted.
    expect((report as { ratings?: string }).ratings).toBe('confirmed');
    // Over a query set, a query the list does not rate is left out, not counted as no change.
    const queries = join(dir, 'queries.txt');
    await writeFile(queries, 'jacket\nsocks\n');
    const set = await explain(['--queries', queries, ...BESTSELLERS_PREMIUM, '--measure', 'ndcg', '--judgments', file]);
    expect(set.code).toBe(0);
    expect(set.report).toMatchObject({ queries: 1, leftOut: { failed: 0, unjudged: 1, empty: 0 } });
    expect(set.report.total).toBeCloseTo(expected, 12);
  });

  it('a query set: the mean φ per difference with its interval and the queries where it mattered most', async () => {
    const queries = join(dir, 'set.txt');
    await writeFile(queries, 'jacket\nrunning shoe\nbackpack\ntent\n');
    const { code, report } = await explain(['--queries', queries, ...BESTSELLERS_PREMIUM, '--concurrency', 'auto']);
    expect(code).toBe(0);
    expect(report.queries).toBe(4);
    expect(report.requests).toBe(16);
    for (const d of report.differences) {
      expect(d.ci95![0]).toBeLessThanOrEqual(d.phi);
      expect(d.ci95![1]).toBeGreaterThanOrEqual(d.phi);
      expect(d.top!.length).toBeGreaterThan(0);
    }
    expect(report.differences.reduce((s, d) => s + d.phi, 0)).toBeCloseTo(report.total!, 12);
    expect(report.differences.reduce((s, d) => s + d.share!, 0)).toBeCloseTo(1, 12);
  });

  it('exit codes: nothing to explain is 0 with an empty list; bad options 2; a service that cannot answer 3', async () => {
    const same = await explain(['--query', 'jacket', '--a', 'default', '--b', 'default']);
    expect(same.code).toBe(0);
    expect(same.report).toMatchObject({ differences: [], note: 'nothing to explain', total: 0 });
    expect(same.err).toContain('nothing to explain');
    expect((await explain(['--query', 'jacket', '--b', 'bestsellers', '--measure', 'ndcg'])).code).toBe(2);
    expect((await explain(['--query', 'jacket', '--b', 'bestsellers', '--measure', 'speed'])).err).toContain(
      '--measure is one of rbo, top, count, ndcg',
    );
    const budget = await explain(['--query', 'jacket', ...BESTSELLERS_PREMIUM, '--b-filter', 'price < 9', '--budget', '3']);
    expect(budget.code).toBe(2);
    expect(budget.err).toContain('give at least 4');
    expect((await explain(['--b', 'bestsellers'])).code).toBe(2);
    const io = captureIo();
    const down = await main(
      [
        'explain',
        '--base-url',
        'http://127.0.0.1:9',
        '--token',
        DEMO_TOKEN,
        '--query',
        'jacket',
        '--b',
        'bestsellers',
        '--timeout',
        '2000',
      ],
      io,
    );
    expect(down).toBe(3);
    expect(io.err.join('\n')).toContain('every query had a request that could not run');
  });
});

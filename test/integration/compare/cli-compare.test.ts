import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_CLI as cli, runBuiltCli } from '../../helpers/built-cli';
import { DEMO_TOKEN, testEmulator } from '../../helpers/emulator';
import { newJudgmentList } from '../../../src/shared/judgments/model';

type Emulator = Awaited<ReturnType<typeof testEmulator>>;
let em: Emulator;
let dir: string;
let queries: string;

const WORDS = ['jacket', 'running shoe', 'hoodie', 'sneaker', 'dress', 'socks', 'backpack', 'sandal', 'fleece', 'tee', 'beanie', 'shorts'];

const run = (args: string[]) => runBuiltCli(['compare', ...args]);

/** The options every run here shares: a query file, the emulator, default against `b`. */
const sides = (file: string, b: string) => ['--queries', file, '--base-url', em.url, '--token', DEMO_TOKEN, '--a', 'default', '--b', b];
const common = () => [...sides(queries, 'bestsellers'), '--concurrency', '4'];
/** A workspace query set written to the test's folder: its path. */
async function querySet(name: string, title: string, entries: Record<string, unknown>[]): Promise<string> {
  const file = join(dir, name);
  const at = '2026-11-01T00:00:00.000Z';
  await writeFile(
    file,
    JSON.stringify({ format: 'search-workbench-query-set', version: 1, name: title, createdAt: at, updatedAt: at, queries: entries }),
  );
  return file;
}

interface JsonReport {
  format: string;
  summary: { total: number; compared: number; failed: number };
  results: { index: number; query: string; metrics: unknown; a: { top: unknown; count: number }; b: { top: unknown; count: number } }[];
}
const essence = (r: JsonReport) => r.results.map((x) => ({ index: x.index, query: x.query, metrics: x.metrics, a: x.a.top, b: x.b.top }));

beforeAll(async () => {
  // B is `bestsellers`, whose trigger on $SEARCH_HOUR >= 18 moves its ranking at 18:00 and at midnight: the
  // emulator's clock starts at 10:00 and runs on from there, so a run that crosses either hour sees one ranking.
  const started = Date.now();
  const morning = Date.parse('2026-11-20T10:00:00Z');
  em = await testEmulator({ items: 3000, now: () => morning + (Date.now() - started) });
  dir = await mkdtemp(join(tmpdir(), 'wb-cli-compare-'));
  queries = join(dir, 'queries.txt');
  await writeFile(
    queries,
    Array.from({ length: 120 }, (_, i) => `${WORDS[i % WORDS.length]} ${['', 'black', 'women', 'men', 'kids'][i % 5]}`.trim()).join('\n'),
  );
});
afterAll(async () => {
  await em.stop();
});

describe('compare command (built CLI)', () => {
  it('runs a query list on two configurations, prints a summary and writes each report format', async () => {
    for (const ext of ['json', 'csv', 'html']) {
      const out = join(dir, `report.${ext}`);
      const r = await run([...common(), '--out', out]);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/120 of 120 queries compared, 0 failed/);
      expect(r.stderr).toMatch(/\] 120\/120 done · 0 failed/);
      const text = await readFile(out, 'utf8');
      if (ext === 'csv') {
        const lines = text.trim().split(/\r\n/);
        expect(lines).toHaveLength(121);
        expect(lines[0]).toMatch(/^index,query,status,redirect_a,redirect_b,redirect_change,rbo,change,overlap@1/);
      } else if (ext === 'html') {
        expect(text).toMatch(/^<!doctype html>/);
        expect(text).not.toMatch(/<script|https?:\/\/(?!127\.0\.0\.1)/);
      } else expect((JSON.parse(text) as JsonReport).summary).toMatchObject({ total: 120, compared: 120 });
    }
  });

  it('killed mid-run (SIGKILL), then run again on the same --state, ends with the same results as an uninterrupted run', async () => {
    const whole = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as JsonReport;
    // Slow answers (120 queries × 2 sides at 150 ms, 4 at a time: several seconds), so the kill lands mid-run.
    await em.post('/__emulator/faults', { endpoints: ['search'], latencyMs: 150 });
    const state = join(dir, 'state');
    try {
      const child = spawn(process.execPath, [cli, 'compare', ...common(), '--state', state], { stdio: 'ignore' });
      const exited = new Promise<NodeJS.Signals | null>((r) => child.once('exit', (_code, signal) => r(signal)));
      // Wait for a few stored chunks, then kill without warning.
      const chunkFiles = async () => (await readdir(join(state, 'results')).catch(() => [])).filter((n) => /^\d+\.json$/.test(n));
      for (let i = 0; i < 400 && (await chunkFiles()).length < 2 && child.exitCode === null; i++)
        await new Promise((r) => setTimeout(r, 25));
      child.kill('SIGKILL');
      expect(await exited, 'the run ended before it could be killed').toBe('SIGKILL');
      const stored = await Promise.all(
        (await chunkFiles()).map(async (n) => (JSON.parse(await readFile(join(state, 'results', n), 'utf8')) as unknown[]).length),
      );
      expect(stored.length).toBeGreaterThanOrEqual(2);
      expect(stored.reduce((a, b) => a + b, 0)).toBeLessThan(120);
    } finally {
      await em.call('DELETE', '/__emulator/faults');
    }
    const out = join(dir, 'resumed.json');
    const resumed = await run([...common(), '--state', state, '--out', out]);
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/Resuming .* \(120 queries\)/);
    const report = JSON.parse(await readFile(out, 'utf8')) as JsonReport;
    expect(report.summary).toMatchObject({ total: 120, compared: 120, failed: 0 });
    expect(essence(report)).toEqual(essence(whole));
  });

  it('exits 2 on usage errors and 3 when every query failed', async () => {
    const usage = await run(['--queries', queries, '--token', 'x']);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/Side A has no address: give --base-url/);
    expect((await run([...common(), '--out', join(dir, 'report.pdf')])).status).toBe(2);
    const allFail = await run([
      '--queries',
      queries,
      '--base-url',
      em.url,
      '--token',
      'not-a-token',
      '--a',
      'default',
      '--b',
      'bestsellers',
    ]);
    expect(allFail.status).toBe(3);
    expect(allFail.stdout).toMatch(/0 of 120 queries compared, 120 failed/);
  });

  it('reads CSV with per-row overrides, naming the lines it cannot use', async () => {
    const csv = join(dir, 'queries.csv');
    await writeFile(
      csv,
      [
        'query,filter,facets,variables',
        'jacket,price < 100,,',
        '"hoodie, black",,brand:Korvo|Halden,segment=premium',
        ',,,',
        'socks,,brand,',
      ].join('\n'),
    );
    const r = await run([...sides(csv, 'new-arrivals'), '--out', join(dir, 'csv.json')]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/queries\.csv:5: socks: "brand" should be facet:value\|value\./);
    const report = JSON.parse(await readFile(join(dir, 'csv.json'), 'utf8')) as JsonReport;
    expect(report.results.map((x) => x.query)).toEqual(['jacket', 'hoodie, black']);
  });

  it('counts queries empty on both sides apart: 300 of them are bothEmpty, with no RBO mean and nothing in the change histogram', async () => {
    const empty = join(dir, 'empty.txt');
    await writeFile(empty, Array.from({ length: 300 }, (_, i) => `qqzx${i} vvkq`).join('\n'));
    const out = join(dir, 'empty.json');
    const r = await run([...sides(empty, 'bestsellers'), '--concurrency', '8', '--out', out]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/: 300 of 300 queries compared, 0 failed, 300 empty on both sides, 0 redirects\n/);
    expect(r.stdout).toMatch(/no query had rankings on both sides to compare: no RBO, Jaccard or Kendall mean/);
    expect(r.stdout).not.toMatch(/mean RBO|top result changed/);
    const report = JSON.parse(await readFile(out, 'utf8')) as { summary: Record<string, unknown> & { change: { bins: number[] } } };
    expect(report.summary).toMatchObject({
      compared: 300,
      bothEmpty: 300,
      meanRbo: null,
      medianRbo: null,
      top1Changed: 0,
      meanOverlap10: null,
    });
    expect(report.summary.change.bins.reduce((a, b) => a + b, 0)).toBe(0);
    const csv = join(dir, 'empty.csv');
    expect((await run([...sides(empty, 'bestsellers'), '--out', csv])).status).toBe(0);
    expect((await readFile(csv, 'utf8')).split(/\r\n/)[1]).toMatch(/^1,qqzx0 vvkq,both empty,/);
  });

  it('counts redirects apart ("gift card", "returns" on the emulator): status redirect with each URL, out of the ranking measures', async () => {
    const file = join(dir, 'redirects.txt');
    await writeFile(file, 'gift card\nreturns\njacket\n');
    const out = join(dir, 'redirects.csv');
    const r = await run([...sides(file, 'bestsellers'), '--out', out]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /3 of 3 queries compared, 0 failed, 0 empty on both sides, 2 redirects \(2 same, 0 changed, 0 on one side only\)\n/,
    );
    expect(r.stdout).toMatch(/over the 1 query with two rankings to compare/);
    const [header, ...rows] = (await readFile(out, 'utf8')).trim().split(/\r\n/);
    const columns = header!.split(',');
    const cell = (row: string, column: string) => row.split(',')[columns.indexOf(column)];
    const giftCard = rows.find((row) => row.startsWith('1,gift card,'))!;
    expect([cell(giftCard, 'status'), cell(giftCard, 'redirect_a'), cell(giftCard, 'redirect_change'), cell(giftCard, 'rbo')]).toEqual([
      'redirect',
      'https://shop.example.com/gift-cards',
      'same',
      '',
    ]);
    expect(
      cell(
        rows.find((row) => row.startsWith('3,jacket,'))!,
        'status',
      ),
    ).toBe('compared');
  });

  it('with --judgments, reports quality per side and the significance of B − A for the seven metrics', async () => {
    // Rate the first three items side B answers for each query: B should come out ahead on every rank-aware metric.
    const first = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as JsonReport & {
      results: { query: string; b: { top: { id: string }[] } }[];
    };
    const lines = ['query,docid,rating'];
    for (const r of first.results) for (const [i, t] of r.b.top.slice(0, 3).entries()) lines.push(`"${r.query}",${t.id},${3 - i}`);
    const judgments = join(dir, 'ratings.csv');
    await writeFile(judgments, lines.join('\n'));
    const out = join(dir, 'quality.json');
    const r = await run([...common(), '--judgments', judgments, '--k', '10', '--limit', '5', '--out', out]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/--limit raised from 5 to 10, so every judged position up to k = 10 has an item\./);
    expect(r.stdout).toMatch(
      /^quality \(against ratings\.csv \(sha256 [0-9a-f]{12}…\), k = 10, exponential gain, relevant from 1, people's ratings only \(rules' suggestions and clicks' ratings left out\), each query counted once \(unweighted\), 10 items asked per query; \d+ judged queries both sides answered\)$/m,
    );
    expect(r.stdout).toMatch(/^metric\s+A\s+B\s+B − A\s+p\s+95% CI\s+W\/L\/T$/m);
    expect(r.stdout).toMatch(/^B: bestsellers is better on nDCG@10 by 0\.\d{3} \(95% CI 0\.\d{3}–0\.\d{3}, p < 0\.001, \d+ wins/m);
    const report = JSON.parse(await readFile(out, 'utf8')) as {
      summary: { quality: Record<string, Record<string, unknown>> };
      qualityConfig: { ratings: string };
    };
    expect(report.qualityConfig.ratings).toBe('confirmed');
    const { quality } = report.summary;
    expect(Object.keys(quality).sort()).toEqual(['ap', 'dcg', 'judged', 'ndcg', 'precision', 'recall', 'rr']);
    for (const m of Object.values(quality)) {
      expect(Object.keys(m).sort()).toEqual(['a', 'b', 'ci95', 'delta', 'losses', 'p', 'ties', 'wins']);
      const ci = m.ci95 as [number, number];
      expect(ci[0]).toBeLessThanOrEqual(m.delta as number);
      expect(ci[1]).toBeGreaterThanOrEqual(m.delta as number);
      expect((m.wins as number) + (m.losses as number) + (m.ties as number)).toBeGreaterThan(0);
    }
    expect(quality.ndcg!.p).toBeLessThan(0.05);
    expect(quality.ndcg!.delta).toBeGreaterThan(0);
    // B's own top three are rated, so on B every judged query's first item is relevant.
    expect(quality.rr!.b).toBe(1);
  });

  it('counts rules’ suggestions only with --ratings all, and says which in the summary and the report', async () => {
    const first = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as {
      results: { query: string; b: { top: { id: string }[] } }[];
    };
    const list = newJudgmentList('Suggested');
    list.ratings = first.results.flatMap((r) =>
      r.b.top.slice(0, 3).map((t, i) => ({ query: r.query, itemId: t.id, rating: 3 - i, by: 'rules', rule: 'top three' })),
    );
    const judgments = join(dir, 'suggested.json');
    await writeFile(judgments, JSON.stringify(list));
    const counted = async (extra: string[]) => {
      const out = join(dir, `counted-${extra.length}.json`);
      const r = await run([...common(), '--judgments', judgments, '--out', out, ...extra]);
      expect(r.status, r.stderr).toBe(0);
      const report = JSON.parse(await readFile(out, 'utf8')) as { qualityConfig: { ratings: string; paired: number } };
      return { stdout: r.stdout, config: report.qualityConfig };
    };
    const confirmed = await counted([]);
    expect(confirmed.stdout).toMatch(
      /, people's ratings only \(rules' suggestions and clicks' ratings left out\), each query counted once \(unweighted\), \d+ items asked per query; 0 judged queries both sides answered\)$/m,
    );
    expect(confirmed.config).toMatchObject({ ratings: 'confirmed', paired: 0 });
    const all = await counted(['--ratings', 'all']);
    expect(all.stdout).toMatch(
      /, people's ratings, else clicks' or judges' ratings, else rules' suggestions, each query counted once \(unweighted\), \d+ items asked per query; [1-9]\d* judged queries both sides answered\)$/m,
    );
    expect(all.config.ratings).toBe('all');
    expect(all.config.paired).toBeGreaterThan(0);
  });

  it('with --weight frequency, weighs each query of a query set by its searches, and says so', async () => {
    const first = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as {
      results: { query: string; a: { top: { id: string }[] }; b: { top: { id: string }[] } }[];
    };
    // Two queries the sides answer differently: B's own top rated on one, A's on the other.
    const [x, y] = first.results.filter((r) => r.a.top[0]?.id !== r.b.top[0]?.id && r.b.top.length >= 3 && r.a.top.length >= 3);
    const lines = ['query,docid,rating'];
    for (const t of x!.b.top.slice(0, 3)) lines.push(`"${x!.query}",${t.id},3`);
    for (const t of y!.a.top.slice(0, 3)) lines.push(`"${y!.query}",${t.id},3`);
    const judgments = join(dir, 'weighted.csv');
    await writeFile(judgments, lines.join('\n'));
    const set = await querySet('weighted-set.json', 'From traffic', [
      { query: x!.query, weight: 1 },
      { query: y!.query, weight: 50 },
    ]);
    const measured = async (extra: string[]) => {
      const out = join(dir, `weighted-${extra.length}.json`);
      const r = await run([...sides(set, 'bestsellers'), '--judgments', judgments, '--out', out, ...extra]);
      expect(r.status, r.stderr).toBe(0);
      const report = JSON.parse(await readFile(out, 'utf8')) as {
        summary: { quality: { ndcg: { delta: number } } };
        qualityConfig: { weight?: string };
      };
      return { stdout: r.stdout, delta: report.summary.quality.ndcg.delta, weight: report.qualityConfig.weight };
    };
    const once = await measured([]);
    expect(once.stdout).toMatch(/, each query counted once \(unweighted\), /);
    const weighted = await measured(['--weight', 'frequency']);
    expect(weighted.stdout).toMatch(/, queries weighted by how often shoppers searched them /);
    expect(weighted.weight).toBe('frequency');
    // The query A wins on was searched 50 times as often: weighted, B falls behind.
    expect(weighted.delta).toBeLessThan(once.delta);
    expect(weighted.delta).toBeLessThan(0);
    const bad = await run([...sides(set, 'bestsellers'), '--judgments', judgments, '--weight', 'sometimes']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--weight is none or frequency, got "sometimes"');
  });

  it('reads a workspace query set as --queries, with its per-query filters', async () => {
    const set = await querySet('set.json', 'Set', [
      { query: 'jacket', filter: 'price < 0' },
      { query: 'hoodie', note: 'top query' },
    ]);
    const out = join(dir, 'set-report.json');
    const r = await run([...sides(set, 'bestsellers'), '--out', out]);
    expect(r.status, r.stderr).toBe(0);
    const report = JSON.parse(await readFile(out, 'utf8')) as JsonReport;
    expect(report.results.map((x) => [x.query, x.a.count])).toEqual([
      ['jacket', 0],
      ['hoodie', expect.any(Number)],
    ]);
    expect(report.results[1]!.a.count).toBeGreaterThan(0);
    expect(r.stdout).toMatch(/^default vs bestsellers: 2 of 2 queries compared, 0 failed, 1 empty on both sides, 0 redirects\n/);
  });
});

import { describe, expect, it } from 'vitest';
import type { BatchDefinition, BatchResult } from '../../../../src/shared/compare/types';
import { indexRatings } from '../../../../src/shared/judgments/model';
import { comparePaired } from '../../../../src/shared/metrics/significance';
import { againstBaseline, readBaselineReport } from '../../../../src/shared/runs/baseline';
import { evaluateGate, gateLine, parseGateMetric, worstQueries } from '../../../../src/shared/runs/gate';
import { mergeShards, type ShardRun } from '../../../../src/shared/runs/merge';
import { fnv1a, inShard, parseShard, shardOf } from '../../../../src/shared/runs/shard';
import { judgmentsChanged, scoreRun, trend, versusBaseline, type RunRankings } from '../../../../src/shared/runs/trend';

describe('gate metrics', () => {
  it('reads a metric with its cut-off under the names people use', () => {
    expect(parseGateMetric('ndcg@10')).toEqual({ metric: 'ndcg', k: 10 });
    expect(parseGateMetric('P@5')).toEqual({ metric: 'precision', k: 5 });
    expect(parseGateMetric('map')).toEqual({ metric: 'ap' });
    expect(parseGateMetric(' MRR ')).toEqual({ metric: 'rr' });
    expect(parseGateMetric('ap@5')).toEqual({ error: '--gate ap@5: ap is over the whole ranking and takes no cut-off' });
    expect(parseGateMetric('ndcg@0')).toEqual({ error: '--gate ndcg@0: the cut-off is 1 to 1000' });
    expect('error' in parseGateMetric('speed')).toBe(true);
  });
});

describe('the gate', () => {
  const rows = (deltas: number[]) => deltas.map((d, i) => ({ query: `q${i}`, delta: { ndcg: d } as never }));
  const spec = { metric: 'ndcg' as const, alpha: 0.05, minDelta: 0 };
  const a = Array.from({ length: 20 }, () => 0.8);

  it('fails only on a significant loss larger than allowed', () => {
    const worse = a.map((x, i) => x - 0.1 - (i % 3) * 0.01);
    const c = comparePaired(a, worse);
    expect(c.p).toBeLessThan(0.05);
    const failed = evaluateGate(spec, 10, c, rows(worse.map((b, i) => b - a[i]!)), 'A (default)');
    expect(failed.failed).toBe(true);
    expect(failed.worst.map((w) => w.query)).toEqual(['q11', 'q14', 'q17', 'q2', 'q5']); // equal losses in the order of their text
    expect(gateLine(failed, 'B (new)')).toMatch(
      /^gate nDCG@10 FAILED: B \(new\) is worse than A \(default\) by 0\.109 \(p < 0\.001 < alpha 0\.05, 95% CI −0\.11\d … −0\.10\d; more than the allowed 0\.000, over 20 paired queries\); lost most: "q11" −0\.120/,
    );
    // Allowed to lose 0.2: passes, and says why.
    const allowed = evaluateGate({ ...spec, minDelta: 0.2 }, 10, c, rows([]), 'A');
    expect(allowed.failed).toBe(false);
    expect(gateLine(allowed, 'B')).toMatch(/^gate nDCG@10 passed: B is worse than A by 0\.109 \(.*\), within the allowed 0\.200\.$/);
    // A stricter alpha than the p: still failed only below it.
    expect(evaluateGate({ ...spec, alpha: 1e-9 }, 10, c, rows([]), 'A').failed).toBe(false);
  });

  it('passes a better B, a loss that is not significant, and a run with nothing judged', () => {
    const better = evaluateGate(
      spec,
      10,
      comparePaired(
        a,
        a.map((x) => x + 0.05),
      ),
      rows([]),
      'A',
    );
    expect(better.failed).toBe(false);
    expect(gateLine(better, 'B')).toMatch(/^gate nDCG@10 passed: B is not worse than A \(\+0\.050, p < 0\.001/);
    const noisy = a.map((x, i) => x + (i % 2 ? 0.1 : -0.11));
    const behind = evaluateGate(spec, 10, comparePaired(a, noisy), rows([]), 'A');
    expect(behind.failed).toBe(false);
    expect(gateLine(behind, 'B')).toMatch(/behind A by 0\.005, but not significantly \(p = 0\.\d{3} ≥ alpha 0\.05/);
    const none = evaluateGate(spec, 10, comparePaired([], []), rows([]), 'A');
    expect(none.failed).toBe(false);
    expect(gateLine(none, 'B')).toContain('nothing to hold against');
  });

  it('lists the queries that lost most, losses only', () => {
    expect(worstQueries(rows([0.2, -0.1, -0.3, 0, -0.1]), 'ndcg', 2)).toEqual([
      { query: 'q2', delta: -0.3 },
      { query: 'q1', delta: -0.1 },
    ]);
  });
});

describe('shards', () => {
  it('hashes with FNV-1a (the published test vectors) and splits by the normalised query alone', () => {
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
    expect(fnv1a('foobar')).toBe(0xbf9cf968);
    expect(shardOf('Red  Dress ', 8)).toBe(shardOf('red dress', 8));
    const queries = Array.from({ length: 2000 }, (_, i) => `query ${i}`);
    const parts = [1, 2, 3, 4].map((index) => inShard(queries, { index, count: 4 }, (q) => q));
    // Every query in exactly one shard, the shards about even.
    expect(parts.flat().sort()).toEqual([...queries].sort());
    for (const p of parts) expect(p.length).toBeGreaterThan(400);
    // Adding queries moves none of the others.
    const more = inShard([...queries, 'new one', 'another'], { index: 2, count: 4 }, (q) => q);
    expect(more.filter((q) => queries.includes(q))).toEqual(parts[1]);
  });

  it('reads i/n', () => {
    expect(parseShard('3/8')).toEqual({ index: 3, count: 8 });
    for (const bad of ['0/4', '5/4', '1/0', 'a/b', '2', '1/1001']) expect('error' in parseShard(bad)).toBe(true);
  });
});

describe('merging shards', () => {
  // The list a, b, c cut in two by each query's hash, as compare --shard 1/2 and 2/2 cut it.
  const list = ['alpha', 'bravo', 'charlie', 'delta', 'echo'].map((query, i) => ({ query, line: i + 1 }));
  const listHash = (rows: readonly { query: string; line: number }[]) => rows.map((r) => `${r.line}:${r.query}`).join('|');
  const whole = listHash(list);
  const side = (ranking: string[]) => ({ ok: true, ms: 5, attempts: 1, top: [], ranking });
  const definition = (rows: { query: string; line: number }[], index: number, createdAt: string): BatchDefinition =>
    ({
      id: `s${index}`,
      name: 'run',
      createdAt,
      base: {},
      sides: { a: { label: 'A', overrides: {} }, b: { label: 'B', overrides: {} } },
      rows,
      concurrency: 4,
      shard: { index, count: 2, of: list.length, list: whole, run: 'r'.repeat(64) },
    }) as BatchDefinition;
  const result = (index: number, query: string): BatchResult => ({
    index,
    query,
    a: side([query]),
    b: side([query]),
    metrics: null,
    finishedAt: 'x',
  });
  const shardRun = (index: number, createdAt: string): ShardRun => {
    const rows = list.filter((r) => shardOf(r.query, 2) === index);
    return {
      source: `shard${index}`,
      definition: definition(rows, index, createdAt),
      results: rows.map((r, i) => result(i, r.query)).reverse(),
    };
  };
  const one = shardRun(1, '2026-11-25T10:00:01Z');
  const two = shardRun(2, '2026-11-25T10:00:00Z');

  it('the test list falls in both shards', () => {
    expect(one.definition.rows.length).toBeGreaterThan(0);
    expect(two.definition.rows.length).toBeGreaterThan(0);
  });

  it('puts the rows back in the list order, each result at its place in the whole list', () => {
    const merged = mergeShards([one, two], listHash);
    if ('error' in merged) throw new Error(merged.error);
    expect(merged.definition.rows.map((r) => r.query)).toEqual(list.map((r) => r.query));
    expect(merged.results.map((r) => [r.index, r.query])).toEqual(list.map((r, i) => [i, r.query]));
    expect(merged.definition.createdAt).toBe('2026-11-25T10:00:00Z');
    expect(merged.definition.shard).toBeUndefined();
  });

  it('refuses parts that are not one run, saying which and why', () => {
    const err = (runs: ShardRun[]) => {
      const m = mergeShards(runs, listHash);
      return 'error' in m ? m.error : '';
    };
    const n = two.definition.rows.length;
    expect(err([one])).toBe(`the shards hold ${one.definition.rows.length} of the 5 queries: shard 2 of 2 is missing.`);
    expect(err([one, one])).toBe('shard 1/2 is given twice (shard1 and shard1).');
    expect(err([one, { ...two, results: two.results.slice(1) }])).toContain(`is not finished: ${n - 1} of ${n} queries answered`);
    expect(err([one, { ...two, definition: { ...two.definition, name: 'other' } }])).toContain('ran different sides, settings');
    const { shard: _s, ...all } = two.definition;
    expect(err([{ ...two, definition: all as BatchDefinition }])).toContain('is a whole run, not a shard');
    expect(err([])).toContain('needs the --state folders');
  });

  it('refuses a shard of another run, rows copied from another shard, results not its own, and a list that is not the one cut', () => {
    const err = (runs: ShardRun[]) => {
      const m = mergeShards(runs, listHash);
      return 'error' in m ? m.error : '';
    };
    const withShard = (run: ShardRun, shard: Partial<NonNullable<BatchDefinition['shard']>>): ShardRun => ({
      ...run,
      definition: { ...run.definition, shard: { ...run.definition.shard!, ...shard } },
    });
    expect(err([one, withShard(two, { run: 's'.repeat(64) })])).toContain('ran different sides, settings, judgments or query lists');
    expect(err([one, withShard(two, { run: undefined })])).toContain('carries no run identity');
    // shard 2's definition.json with shard 1's rows: the rows do not hash to shard 2.
    const copied = { ...two, definition: { ...two.definition, rows: one.definition.rows }, results: one.results };
    expect(err([one, copied])).toMatch(/^shard2: the query "\w+" \(line \d\) is not one of shard 2\/2's/);
    // A result whose index is out of range, or names another query.
    expect(err([one, { ...two, results: [...two.results.slice(1), result(99, 'x')] }])).toContain('a result for query 100 ("x")');
    expect(err([one, { ...two, results: [result(0, 'zulu'), ...two.results.slice(1)] }])).toContain('its results are not this shard');
    // Rows that hash to their shard, but not the list the run was cut from (a query changed in both files).
    const other = shardRun(2, 'x');
    const changed = {
      ...other,
      definition: { ...other.definition, rows: other.definition.rows.map((r) => ({ ...r, line: r.line + 10 })) },
    };
    expect(err([one, changed])).toContain('are not the list the run was cut from');
  });
});

describe('a baseline run', () => {
  it("reads an earlier JSON report's side B rankings and pairs them by query with this run's B", () => {
    const report = {
      format: 'search-workbench-batch',
      name: 'last week',
      sides: { a: { label: 'A' }, b: { label: 'B: old' } },
      results: [
        { query: 'Red Dress', b: { ok: true, top: [], ranking: ['x', 'y'] } },
        { query: 'boots', b: { ok: false, top: [] } },
      ],
    };
    const baseline = readBaselineReport(report, 'old.json');
    if ('error' in baseline) throw new Error(baseline.error);
    expect(baseline.label).toBe('B: old');
    const ratings = indexRatings([
      { query: 'red dress', itemId: 'x', rating: 3 },
      { query: 'boots', itemId: 'z', rating: 3 },
    ]);
    const now = [0, 1].map((index) => ({
      index,
      query: ['red dress', 'boots'][index]!,
      a: { ok: true, ms: 1, attempts: 1, top: [], ranking: [] },
      b: { ok: true, ms: 1, attempts: 1, top: [], ranking: ['y', 'x'] },
      metrics: null,
      finishedAt: 'x',
    }));
    const q = againstBaseline(now, [{ query: 'red dress' }, { query: 'boots' }], baseline, ratings, {
      k: 10,
      gain: 'exponential',
      threshold: 1,
    });
    // "red dress" pairs (the baseline had x first, today y): "boots" failed in the baseline, so it is unpaired.
    expect(q.paired).toBe(1);
    expect(q.unpaired).toBe(1);
    expect(q.metrics.ndcg.delta).toBeLessThan(0);
    expect(readBaselineReport({ format: 'x' }, 'f.json')).toMatchObject({
      error: expect.stringContaining('f.json is not a JSON batch report'),
    });
  });
});

describe('runs over time', () => {
  const config = { k: 3, gain: 'exponential' as const, threshold: 1 };
  const ratings = indexRatings([
    { query: 'q1', itemId: 'x', rating: 3 },
    { query: 'q2', itemId: 'y', rating: 3 },
    { query: 'Q3', itemId: 'z', rating: 3 },
  ]);
  const run = (batchId: string, bFirst: string, sha: string | null = 's1'): RunRankings => ({
    batchId,
    startedAt: '2026-11-25T10:00:00Z',
    judgmentsSha256: sha,
    rows: [
      { query: 'q1', a: ['x'], b: [bFirst, 'x'] },
      { query: 'q2', a: ['y'], b: ['y'] },
      { query: 'q3', a: null, b: ['z'] },
      { query: 'unjudged', a: ['x'], b: ['x'] },
    ],
  });

  it('scores each judged query per side from stored rankings, a failed side as missing', () => {
    const scored = scoreRun(run('r1', 'x').rows, ratings, config);
    expect(scored.map((s) => [s.query, s.a?.ndcg ?? null, s.b?.ndcg])).toEqual([
      ['q1', 1, 1],
      ['q2', 1, 1],
      ['q3', null, 1],
    ]);
  });

  it("holds each run's B against the baseline's B, paired by query; the baseline itself has no comparison", () => {
    const runs = [run('r1', 'x'), run('r2', 'w')];
    const [first, second] = trend(runs, () => ratings, config, 'r1');
    expect(first!.metrics.ndcg.vsBaseline).toBeNull();
    expect(first!.metrics.ndcg.b).toMatchObject({ mean: 1, n: 3 });
    const vs = second!.metrics.ndcg.vsBaseline!;
    expect(vs.n).toBe(3);
    expect(vs.perQuery[0]!.query).toBe('q1');
    expect(vs.perQuery[0]!.delta).toBeCloseTo(1 / Math.log2(3) - 1, 12);
    // One loss over three queries is not significant: not flagged.
    expect(vs.worse).toBe(false);
    // Without a baseline, nothing is compared.
    expect(trend(runs, () => ratings, config, null)[1]!.metrics.ndcg.vsBaseline).toBeNull();
    expect(versusBaseline([], [], 'ndcg')).toMatchObject({ n: 0, worse: false, perQuery: [] });
  });

  it('says when the runs were scored with more than one version of the list', () => {
    expect(judgmentsChanged([run('a', 'x'), run('b', 'x')])).toBe(false);
    expect(judgmentsChanged([run('a', 'x'), run('b', 'x', 's2')])).toBe(true);
    expect(judgmentsChanged([run('a', 'x', null), run('b', 'x')])).toBe(true);
  });
});

import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Core } from '../../../src/main/core';
import type { TrendView } from '../../../src/shared/runs';
import { call, demoCores } from '../../helpers/demo-core';

// An experiment's runs over time on Local demo: each run keeps the judgment list it ran with, the trend scores it
// with that list (or all with today's), and a run significantly worse than the pinned baseline is flagged.

const { start } = demoCores();
const EXPERIMENT = 'demo-default-vs-new-arrivals.json';
const ctx = { transport: 'browser' as const };

async function runOnce(core: Core): Promise<string> {
  const { id } = await call<{ id: string }>(core, 'experiments:run', { file: EXPERIMENT });
  const progress = await core.services.compare.finished(id);
  expect(progress.status).toBe('done');
  return id;
}

describe('runs over time', () => {
  it('scores each run with its own judgment list, flags a run worse than the baseline, and re-scores with today’s', async () => {
    const core = await start(await mkdtemp(join(tmpdir(), 'wb-trend-')));
    await core.services.demoFiles.ready();
    const list = join(core.services.workspace.folder, 'judgments', 'demo-judgments.json');
    const original = await readFile(list, 'utf8');

    const first = await runOnce(core);
    // Between runs the list changes: every rating one lower (relevant is from 2, so the 2s stop counting).
    const lowered = JSON.parse(original) as { ratings: { rating: number }[] };
    for (const r of lowered.ratings) r.rating = Math.max(0, r.rating - 1);
    await writeFile(list, JSON.stringify(lowered, null, 2));
    const second = await runOnce(core);
    await writeFile(list, original);
    const third = await runOnce(core);

    const experiment = await call<{ runs: { judgmentsSha256?: string }[] }>(core, 'experiments:read', { file: EXPERIMENT });
    expect(experiment.runs.map((r) => r.judgmentsSha256)).toEqual([
      expect.stringMatching(/^[0-9a-f]{64}$/),
      expect.not.stringMatching(new RegExp(experiment.runs[0]!.judgmentsSha256!)),
      experiment.runs[0]!.judgmentsSha256,
    ]);

    // No baseline yet: nothing is flagged.
    const unpinned = await call<TrendView>(core, 'runs:trend', { file: EXPERIMENT });
    expect(unpinned.runs.map((r) => r.batchId)).toEqual([first, second, third]);
    expect(unpinned.judgmentsChanged).toBe(true);
    expect(unpinned.runs.every((r) => r.metrics!.precision.vsBaseline === null)).toBe(true);
    const p = (v: TrendView, i: number) => v.runs[i]!.metrics!.precision;
    // The same rankings scored with a stricter list: run 2's precision is lower, runs 1 and 3 agree exactly.
    expect(p(unpinned, 1).b.mean).toBeLessThan(p(unpinned, 0).b.mean);
    expect(p(unpinned, 2).b).toEqual(p(unpinned, 0).b);
    expect(p(unpinned, 0).b.ci95![0]).toBeLessThanOrEqual(p(unpinned, 0).b.mean);

    expect(await call(core, 'runs:pin', { file: EXPERIMENT, batchId: first })).toEqual({ baseline: first });
    const pinned = await call<TrendView>(core, 'runs:trend', { file: EXPERIMENT });
    expect(pinned.baseline).toBe(first);
    expect(p(pinned, 0).vsBaseline).toBeNull();
    const vs = p(pinned, 1).vsBaseline!;
    expect(vs.worse).toBe(true);
    expect(vs.p).toBeLessThan(0.05);
    expect(vs.perQuery[0]!.delta).toBeLessThan(0);
    expect(p(pinned, 2).vsBaseline).toMatchObject({ delta: 0, worse: false });

    // Re-scored with today's list (the original again): the rankings did not change, so no run is worse.
    const rescored = await call<TrendView>(core, 'runs:trend', { file: EXPERIMENT, rescore: true });
    expect(rescored.rescored).toBe(true);
    expect(rescored.runs.every((r, i) => i === 0 || !r.metrics!.precision.vsBaseline!.worse)).toBe(true);
    expect(p(rescored, 1).b).toEqual(p(rescored, 0).b);

    // A run that is not the experiment's cannot be pinned; unpinning clears it.
    expect((await core.router.invoke('runs:pin', { file: EXPERIMENT, batchId: 'nope' }, ctx)).ok).toBe(false);
    await call(core, 'runs:pin', { file: EXPERIMENT, batchId: null });
    expect((await call<TrendView>(core, 'runs:trend', { file: EXPERIMENT })).baseline).toBeNull();
  });
});

import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Core } from '../../../src/main/core';
import type { BatchQuality } from '../../../src/shared/compare/quality';
import type { TrendView } from '../../../src/shared/runs';
import type { Experiment } from '../../../src/shared/compare/experiment';
import type { JudgmentList } from '../../../src/shared/judgments/model';
import { call, demoCores } from '../../helpers/demo-core';
import { parseHtml, words } from '../../helpers/html';

// Which ratings an experiment counts — people's only (the default) or rules' suggestions too — decides its
// figures, and every place that shows them says which: the quality panel's answer, the JSON and HTML reports,
// and the trend, which scores each run with the ratings it counted when it ran.

const { start } = demoCores();

async function experimentRun(core: Core, file: string) {
  const { id } = await call<{ id: string }>(core, 'experiments:run', { file });
  expect((await core.services.compare.finished(id)).status).toBe('done');
  const { quality } = await call<{ quality: BatchQuality | null }>(core, 'compare:quality', { id });
  return { id, quality: quality! };
}

describe('ratings counted by an experiment', () => {
  it('counts rules’ suggestions only when asked, says so in every report, and the trend scores each run as it counted', async () => {
    const core = await start(await mkdtemp(join(tmpdir(), 'wb-counted-')));
    await core.services.demoFiles.ready();
    const folder = core.services.workspace.folder;
    const demo = JSON.parse(await readFile(join(folder, 'judgments', 'demo-judgments.json'), 'utf8')) as JudgmentList;
    // Every other query's ratings turned into rules' suggestions: counted only with `all`.
    const queries = [...new Set(demo.ratings.map((r) => r.query))];
    const suggested = new Set(queries.filter((_, i) => i % 2 === 1));
    const mixed: JudgmentList = {
      ...demo,
      name: 'Half suggested',
      ratings: demo.ratings.map((r) => (suggested.has(r.query) ? { ...r, by: 'rules', rule: 'category matches' } : r)),
    };
    await writeFile(join(folder, 'judgments', 'half-suggested.json'), JSON.stringify(mixed, null, 2));

    const base = JSON.parse(await readFile(join(folder, 'experiments', 'demo-default-vs-new-arrivals.json'), 'utf8')) as Experiment;
    const made = async (name: string, ratings?: 'all') =>
      (
        await call<{ file: string }>(core, 'experiments:create', {
          experiment: {
            name,
            querySet: base.querySet,
            judgments: 'half-suggested.json',
            quality: { k: 10, gain: 'exponential', ...(ratings ? { ratings } : {}) },
            limit: base.limit,
            concurrency: base.concurrency,
            sides: base.sides,
          },
        })
      ).file;
    const confirmedFile = await made('People only');
    const allFile = await made('With suggestions', 'all');

    const confirmed = await experimentRun(core, confirmedFile);
    const all = await experimentRun(core, allFile);
    expect(confirmed.quality.ratings).toBe('confirmed');
    expect(all.quality.ratings).toBe('all');
    // The suggested queries are unjudged for people's ratings only, judged with suggestions counted.
    expect(confirmed.quality.paired).toBeGreaterThan(0);
    expect(all.quality.paired).toBeGreaterThan(confirmed.quality.paired);
    expect(all.quality.unjudged).toBeLessThan(confirmed.quality.unjudged);

    // The reports say which ratings they counted.
    const report = async (id: string, format: 'json' | 'html') =>
      (await call<{ content: string }>(core, 'compare:export', { id, format })).content;
    expect(JSON.parse(await report(confirmed.id, 'json')).qualityConfig.ratings).toBe('confirmed');
    expect(JSON.parse(await report(all.id, 'json')).qualityConfig.ratings).toBe('all');
    expect(words(parseHtml(await report(confirmed.id, 'html')))).toContain(
      "ratings counted: people's ratings only (rules' suggestions and clicks' ratings left out)",
    );
    expect(words(parseHtml(await report(all.id, 'html')))).toContain(
      "ratings counted: people's ratings, else clicks' or judges' ratings, else rules' suggestions",
    );

    // The trend scores each run with the ratings as its experiment counted them, from the run's own snapshot.
    for (const [file, run] of [
      [confirmedFile, confirmed],
      [allFile, all],
    ] as const) {
      const trend = await call<TrendView>(core, 'runs:trend', { file });
      expect(trend.quality.ratings ?? 'confirmed').toBe(run.quality.ratings);
      const scored = trend.runs[0]!;
      expect(scored.snapshot).toBe(true);
      expect(scored.metrics!.ndcg.b.mean).toBeCloseTo(run.quality.metrics.ndcg.b, 9);
      expect(scored.metrics!.ndcg.a.mean).toBeCloseTo(run.quality.metrics.ndcg.a, 9);
    }
  });
});

import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkAgainstTruth } from '../../../src/shared/click-models';
import { judgmentListSchema } from '../../../src/shared/judgments';
import type { TrafficTruth } from '../../../src/shared/traffic';
import { cli, clickModelBench, expectPbmFindsTheTruth, truthOf, type FitJson } from '../../helpers/click-model-truth';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const DEMO_STORE = join(ROOT, 'examples', 'workspace', 'traffic');

const bench = clickModelBench();

describe('judgments from-traffic against the truth the simulator knows', () => {
  it("PBM on 4,000 sessions drawn under PBM: θ_k/θ_1 within 0.06 of the truth's, Kendall's τ ≥ 0.6 over items with 50 impressions", async () => {
    // A fifth of the validation's log (npm run validate: 20,000 sessions, 0.03 and 0.7): the curve's error grows as
    // 1/√n, so its bound doubles (√5 ≈ 2.2); fewer items reach 100 impressions, so the rank check takes those with 50.
    await expectPbmFindsTheTruth(bench.url, bench.dir, {
      sessions: 4000,
      minImpressions: 50,
      positionError: 0.06,
      minItems: 100,
      tau: 0.6,
    });
  }, 120_000);

  it("DBN on the demo's week (drawn under DBN): Kendall's τ of attractiveness ≥ 0.7 over items with 100 impressions", async () => {
    const { fitOnStore } = await import('../../../src/main/services/click-models');
    const { StoreQueries, TrafficStore } = await import('../../../src/main/services/traffic');
    const store = await TrafficStore.open(DEMO_STORE);
    try {
      const { fit } = await fitOnStore(new StoreQueries(store), 'dbn');
      const truth = JSON.parse(await readFile(join(ROOT, 'test', 'fixtures', 'traffic', 'demo-truth.json'), 'utf8')) as TrafficTruth;
      const check = checkAgainstTruth(fit, truthOf(truth), 100);
      expect(check.attractivenessTau).toBeGreaterThanOrEqual(0.7);
      expect(fit.continuation).toBeGreaterThan(truth.clickModel.continuation - 0.05);
      expect(fit.continuation).toBeLessThan(truth.clickModel.continuation + 0.05);
    } finally {
      store.close();
    }
  });

  it("thresholds matched to people's ratings in --into, and the list keeps them beside", async () => {
    const into = join(bench.dir, 'people.json');
    const people = {
      format: 'search-workbench-judgments',
      version: 1,
      name: 'People',
      scale: { max: 3, threshold: 1 },
      createdAt: '2026-11-01T00:00:00.000Z',
      updatedAt: '2026-11-01T00:00:00.000Z',
      ratings: [0, 0, 0, 0, 0, 0, 1, 1, 2, 3].map((rating, i) => ({ query: `q${i}`, itemId: `i${i}`, rating, by: 'ana' })),
    };
    await writeFile(into, JSON.stringify(people));
    const listFile = join(bench.dir, 'both.json');
    const r = await cli([
      'judgments',
      'from-traffic',
      '--store',
      DEMO_STORE,
      '--model',
      'coec',
      '--into',
      into,
      '--format',
      'json',
      '--out',
      listFile,
    ]);
    expect(r.code, r.err).toBe(0);
    const json = JSON.parse(r.out) as FitJson;
    expect(json.thresholds.from).toBe('people');
    const rated = json.items.filter((i) => i.rating !== null);
    // Six in ten of people's ratings are 0: about six in ten of the clicks' ratings are too.
    expect(rated.filter((i) => i.rating === 0).length / rated.length).toBeCloseTo(0.6, 1);
    const list = judgmentListSchema.parse(JSON.parse(await readFile(listFile, 'utf8')));
    expect(list.ratings.filter((x) => x.by === 'ana')).toHaveLength(10);
    expect(list.ratings.filter((x) => x.by === 'clicks:coec')).toHaveLength(rated.length);
  });

  it('usage errors exit 2 and name the flag; a store that cannot be read exits 3', async () => {
    const out = join(bench.dir, 'x.json');
    expect(await cli(['judgments', 'from-traffic', '--store', DEMO_STORE, '--model', 'ctr', '--out', out])).toMatchObject({
      code: 2,
      err: expect.stringContaining('--model is one of auto, pbm, dbn, coec'),
    });
    expect(await cli(['judgments', 'from-traffic', '--store', DEMO_STORE, '--max-width', '0', '--out', out])).toMatchObject({
      code: 2,
      err: expect.stringContaining('--max-width'),
    });
    expect(await cli(['judgments', 'from-traffic', '--store', DEMO_STORE, '--min-impressions', '20', '--out', out])).toMatchObject({
      code: 2,
    });
    expect(await cli(['judgments', 'from-traffic', '--store', DEMO_STORE, '--model', 'pbm'])).toMatchObject({
      code: 2,
      err: expect.stringContaining('--out'),
    });
    expect(
      await cli(['judgments', 'from-traffic', '--store', DEMO_STORE, '--model', 'pbm', '--thresholds', '0.3,0.1,0.2', '--out', out]),
    ).toMatchObject({ code: 2, err: expect.stringContaining("go up: rating 2's (0.1) is not above rating 1's (0.3)") });
    const file = join(bench.dir, 'not-a-folder');
    await writeFile(file, 'x');
    expect(await cli(['judgments', 'from-traffic', '--store', file, '--model', 'pbm', '--out', out])).toMatchObject({ code: 3 });
  });
});

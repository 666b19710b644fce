import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { checkAgainstTruth, type ClickModelFit } from '../../../src/shared/click-models';
import { judgmentListSchema } from '../../../src/shared/judgments';
import type { TrafficTruth } from '../../../src/shared/traffic';
import { captureIo } from '../../helpers/cli-io';
import { DEMO_TOKEN, testEmulator, type TestEmulator } from '../../helpers/emulator';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const DEMO_STORE = join(ROOT, 'examples', 'workspace', 'traffic');

let em: TestEmulator;
let dir: string;
beforeAll(async () => {
  em = await testEmulator({ items: 6000 });
  dir = await mkdtemp(join(tmpdir(), 'wb-click-models-'));
});
afterAll(async () => {
  await em?.stop();
  await rm(dir, { recursive: true, force: true });
});

async function cli(args: string[]) {
  const io = captureIo();
  const code = await main(args, io);
  return { code, out: io.out.join('\n'), err: io.err.join('\n') };
}

interface FitJson {
  model: ClickModelFit['model'];
  positions?: { rank: number; examination: number }[];
  continuation?: number;
  thresholds: { values: number[]; from: string };
  items: {
    query: string;
    docid: string;
    estimate: number;
    ci95: [number, number];
    impressions: number;
    clicks: number;
    rating: number | null;
  }[];
}

/** The command's JSON as a fit, for the truth check. */
const asFit = (json: FitJson): ClickModelFit => ({
  model: json.model,
  positions: json.positions ?? [],
  items: json.items.map((i) => ({ ...i, itemId: i.docid })),
  searches: 0,
  patterns: 0,
  iterations: 0,
  converged: true,
});

const truthOf = (t: TrafficTruth) => ({ ...t.clickModel, relevance: t.relevance });

describe('judgments from-traffic against the truth the simulator knows', () => {
  it("PBM on 20,000 sessions drawn under PBM: θ_k/θ_1 within 0.03 of the truth's, Kendall's τ ≥ 0.7 over items with 100 impressions", async () => {
    const out = join(dir, 'pbm');
    const sim = await cli([
      'traffic',
      'simulate',
      ...['--base-url', em.url, '--token', DEMO_TOKEN, '--tracker-key', 'demo-tracker-key-0001'],
      ...['--sessions', '20000', '--days', '7', '--seed', '3', '--config', 'default', '--config', 'new-arrivals'],
      ...['--click-model', 'pbm', '--out', out],
    ]);
    expect(sim.code, sim.err).toBe(0);
    const store = join(dir, 'pbm-store');
    const imported = await cli(['traffic', 'import', join(out, 'queries.jsonl'), join(out, 'events.jsonl'), '--store', store]);
    expect(imported.code, imported.err).toBe(0);
    const listFile = join(dir, 'clicks-pbm.json');
    const r = await cli(['judgments', 'from-traffic', '--store', store, '--model', 'pbm', '--format', 'json', '--out', listFile]);
    expect(r.code, r.err).toBe(0);
    const json = JSON.parse(r.out) as FitJson;
    const truth = JSON.parse(await readFile(join(out, 'truth.json'), 'utf8')) as TrafficTruth;
    const check = checkAgainstTruth(asFit(json), truthOf(truth), 100);
    expect(json.positions).toHaveLength(10);
    expect(check.positionError).toBeLessThan(0.03);
    expect(check.items).toBeGreaterThan(200);
    expect(check.tau).toBeGreaterThanOrEqual(0.7);
    // Every item with the evidence is rated, every other listed with no rating; the list holds the rated ones.
    for (const i of json.items) expect(i.rating === null).toBe(i.impressions < 20);
    const list = judgmentListSchema.parse(JSON.parse(await readFile(listFile, 'utf8')));
    expect(list.ratings.length).toBe(json.items.filter((i) => i.rating !== null).length);
    expect(list.ratings.every((x) => x.by === 'clicks:pbm' && x.evidence && x.evidence.impressions >= 20)).toBe(true);
  }, 600_000);

  it("DBN on the demo's week (drawn under DBN): Kendall's τ of attractiveness ≥ 0.7 over items with 100 impressions", async () => {
    const { fitOnStore } = await import('../../../src/main/services/click-models');
    const { TrafficStore } = await import('../../../src/main/services/traffic');
    const store = await TrafficStore.open(DEMO_STORE);
    try {
      const { fit } = await fitOnStore(store, 'dbn');
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
    const into = join(dir, 'people.json');
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
    const listFile = join(dir, 'both.json');
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
    const out = join(dir, 'x.json');
    expect(await cli(['judgments', 'from-traffic', '--store', DEMO_STORE, '--out', out])).toMatchObject({
      code: 2,
      err: expect.stringContaining('--model'),
    });
    expect(await cli(['judgments', 'from-traffic', '--store', DEMO_STORE, '--model', 'ctr', '--out', out])).toMatchObject({ code: 2 });
    expect(await cli(['judgments', 'from-traffic', '--store', DEMO_STORE, '--model', 'pbm'])).toMatchObject({
      code: 2,
      err: expect.stringContaining('--out'),
    });
    expect(
      await cli(['judgments', 'from-traffic', '--store', DEMO_STORE, '--model', 'pbm', '--thresholds', '0.3,0.1,0.2', '--out', out]),
    ).toMatchObject({ code: 2, err: expect.stringContaining('go up') });
    const file = join(dir, 'not-a-folder');
    await writeFile(file, 'x');
    expect(await cli(['judgments', 'from-traffic', '--store', file, '--model', 'pbm', '--out', out])).toMatchObject({ code: 3 });
  });
});

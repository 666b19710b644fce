/**
 * Click models against the truth the simulator knows: shoppers drawn under PBM, imported, fitted by
 * `judgments from-traffic`, and the fit checked against the hidden examination curve and relevance. `npm test`
 * runs it on a small log, `npm run validate` on 20,000 sessions.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { main } from '../../src/cli/main';
import { checkAgainstTruth, type ClickModelFit } from '../../src/shared/click-models';
import { judgmentListSchema, type JudgmentList } from '../../src/shared/judgments';
import type { TrafficTruth } from '../../src/shared/traffic';
import { captureIo } from './cli-io';
import { DEMO_TOKEN, testEmulator, type TestEmulator } from './emulator';

/** An emulator of 6,000 items and a temp folder for the file's tests, started before them and removed after. */
export function clickModelBench(): { readonly url: string; readonly dir: string } {
  let em: TestEmulator | undefined;
  let dir: string | undefined;
  beforeAll(async () => {
    em = await testEmulator({ items: 6000 });
    dir = await mkdtemp(join(tmpdir(), 'wb-click-models-'));
  });
  afterAll(async () => {
    await em?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  return {
    get url() {
      if (!em) throw new Error('the emulator starts in beforeAll');
      return em.url;
    },
    get dir() {
      if (!dir) throw new Error('the folder is made in beforeAll');
      return dir;
    },
  };
}

export async function cli(args: string[]) {
  const io = captureIo();
  const code = await main(args, io);
  return { code, out: io.out.join('\n'), err: io.err.join('\n') };
}

export interface FitJson {
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
    examinations: number;
    clicks: number;
    rating: number | null;
    lacks: number;
  }[];
  maxWidth: number;
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

export const truthOf = (t: TrafficTruth) => ({ ...t.clickModel, relevance: t.relevance });

/**
 * PBM fitted on `sessions` simulated sessions drawn under PBM (seed 3): the command's JSON, the saved list, and the
 * check against the truth over items with `minImpressions` impressions. Fails the test on a command that does not exit 0.
 */
export async function pbmOnSimulated(
  emulatorUrl: string,
  dir: string,
  sessions: number,
  minImpressions: number,
): Promise<{ json: FitJson; list: JudgmentList; check: ReturnType<typeof checkAgainstTruth> }> {
  const out = join(dir, `pbm-${sessions}`);
  const run = async (args: string[]) => {
    const r = await cli(args);
    if (r.code !== 0) throw new Error(`${args.slice(0, 2).join(' ')} exited ${r.code}: ${r.err}`);
    return r;
  };
  await run([
    'traffic',
    'simulate',
    ...['--base-url', emulatorUrl, '--token', DEMO_TOKEN, '--tracker-key', 'demo-tracker-key-0001'],
    ...['--sessions', String(sessions), '--days', '7', '--seed', '3', '--config', 'default', '--config', 'new-arrivals'],
    ...['--click-model', 'pbm', '--out', out],
  ]);
  const store = join(out, 'store');
  await run(['traffic', 'import', join(out, 'queries.jsonl'), join(out, 'events.jsonl'), '--store', store]);
  const listFile = join(out, 'clicks-pbm.json');
  const r = await run(['judgments', 'from-traffic', '--store', store, '--model', 'pbm', '--format', 'json', '--out', listFile]);
  const json = JSON.parse(r.out) as FitJson;
  const truth = JSON.parse(await readFile(join(out, 'truth.json'), 'utf8')) as TrafficTruth;
  const list = judgmentListSchema.parse(JSON.parse(await readFile(listFile, 'utf8')));
  return { json, list, check: checkAgainstTruth(asFit(json), truthOf(truth), minImpressions) };
}

/**
 * The PBM truth check: on `sessions` simulated sessions, the examination curve within `positionError` of the truth's,
 * Kendall's τ ≥ `tau` over more than `minItems` items shown at least `minImpressions` times; every item whose interval
 * is narrow enough rated and no other, and the saved list holding exactly the rated ones.
 */
export async function expectPbmFindsTheTruth(
  emulatorUrl: string,
  dir: string,
  bounds: { sessions: number; minImpressions: number; positionError: number; minItems: number; tau: number },
): Promise<void> {
  const { json, list, check } = await pbmOnSimulated(emulatorUrl, dir, bounds.sessions, bounds.minImpressions);
  console.log(
    `PBM on ${bounds.sessions} sessions: curve off by ${check.positionError?.toFixed(4)}, τ ${check.tau?.toFixed(3)} over ${check.items} items`,
  );
  expect(json.positions).toHaveLength(10);
  expect(check.positionError).toBeLessThan(bounds.positionError);
  expect(check.items).toBeGreaterThan(bounds.minItems);
  expect(check.tau).toBeGreaterThanOrEqual(bounds.tau);
  // Rated exactly where the interval is narrow enough, and each estimate inside its own interval.
  for (const i of json.items) {
    expect(i.rating === null).toBe(i.ci95[1] - i.ci95[0] > json.maxWidth + 1e-6);
    expect(i.estimate).toBeGreaterThanOrEqual(i.ci95[0]);
    expect(i.estimate).toBeLessThanOrEqual(i.ci95[1]);
  }
  expect(list.ratings.length).toBe(json.items.filter((i) => i.rating !== null).length);
  expect(
    list.ratings.every((x) => x.by === 'clicks:pbm' && x.evidence && x.evidence.ci95[1] - x.evidence.ci95[0] <= json.maxWidth + 1e-6),
  ).toBe(true);
}

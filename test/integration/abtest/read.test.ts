/**
 * abtest read on simulated tests: shoppers bucketed by a test (traffic simulate --ab-test), imported, read back — each
 * variation's click-through against the simulator's truth for it, the JSON the issue names, and the sample-ratio
 * check failing the run (--fail-on-srm) when the weights do not match how the users were split.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { AbTestService } from '../../../src/main/services/abtest';
import { TrafficService } from '../../../src/main/services/traffic';
import { parseAbTest } from '../../../src/shared/abtest';
import { contract } from '../../../src/shared/ipc';
import type { TrafficTruth } from '../../../src/shared/traffic';
import { captureIo } from '../../helpers/cli-io';
import { DEMO_TOKEN, testEmulator, type TestEmulator } from '../../helpers/emulator';

let em: TestEmulator;
let dir: string;
const test = {
  format: 'search-workbench-ab-test',
  version: 1,
  id: 'ranking-test',
  name: 'Ranking test',
  variations: [
    { id: 'control', weight: 50 },
    { id: 'new-arrivals', weight: 50, configurationId: 'new-arrivals' },
  ],
  start: '2026-11-01',
  end: '2026-11-07',
};

beforeAll(async () => {
  em = await testEmulator({ items: 3000, now: () => Date.parse('2026-11-04T12:00:00Z') });
  dir = await mkdtemp(join(tmpdir(), 'wb-abtest-read-'));
  await writeFile(join(dir, 'test.json'), JSON.stringify(test));
  await writeFile(
    join(dir, 'skewed.json'),
    JSON.stringify({
      ...test,
      variations: [
        { ...test.variations[0], weight: 80 },
        { ...test.variations[1], weight: 20 },
      ],
    }),
  );
}, 60_000);
afterAll(async () => {
  await em?.stop();
  await rm(dir, { recursive: true, force: true });
});

async function cli(...args: string[]) {
  const io = captureIo();
  const code = await main(args, io);
  return { code, out: io.out.join('\n'), err: io.err.join('\n') };
}

describe('abtest read on a simulated test', () => {
  it('reads each variation’s click-through within its interval of the truth, tied by the logged variation; SRM fails the run only with --fail-on-srm', async () => {
    const out = join(dir, 'sim');
    const store = join(dir, 'store');
    const sim = await cli(
      ...['traffic', 'simulate', '--base-url', em.url, '--token', DEMO_TOKEN, '--tracker-key', 'demo-tracker-key-0001'],
      ...['--sessions', '1500', '--days', '7', '--seed', '46', '--ab-test', join(dir, 'test.json'), '--out', out, '--store', store],
    );
    expect(sim.code, sim.err).toBe(0);
    const truth = JSON.parse(await readFile(join(out, 'truth.json'), 'utf8')) as TrafficTruth;
    expect(Object.keys(truth.abTest?.variations ?? {}).sort()).toEqual(['control', 'new-arrivals']);

    const read = await cli('abtest', 'read', '--store', store, '--test', join(dir, 'test.json'), '--metric', 'ctr', '--format', 'json');
    expect(read.code, read.err).toBe(0);
    const r = JSON.parse(read.out) as {
      test: { id: string };
      srm: { chi2: number; p: number; flagged: boolean };
      variations: { id: string; users: number; searches: number; value: number; ci95: [number, number] }[];
      lifts: {
        variation: string;
        lift: number;
        liftAbsolute: number;
        ci95: [number, number];
        p: number;
        alwaysValid: { ci: [number, number]; p: number };
      }[];
      plan: { needed: number; reached: number };
      searches: { logged: number; bucketed: number };
    };
    expect(r.test.id).toBe('ranking-test');
    expect(r.variations.map((v) => v.id)).toEqual(['control', 'new-arrivals']);
    expect(r.searches.bucketed).toBe(0);
    expect(r.srm.flagged).toBe(false);
    for (const v of r.variations) {
      const t = truth.abTest!.variations[v.id]!;
      expect(v.users).toBe(t.users);
      expect(v.searches).toBe(t.searches);
      expect(t.expectedCtrAtK, v.id).toBeGreaterThanOrEqual(v.ci95[0]);
      expect(t.expectedCtrAtK, v.id).toBeLessThanOrEqual(v.ci95[1]);
    }
    const lift = r.lifts[0]!;
    expect(lift.lift).toBeCloseTo(r.variations[1]!.value / r.variations[0]!.value - 1, 5);
    // The always-valid interval is wider than the fixed-horizon one: the price of reading it every day.
    expect(lift.alwaysValid.ci[1] - lift.alwaysValid.ci[0]).toBeGreaterThan(lift.ci95[1] - lift.ci95[0]);
    expect(r.plan.needed).toBeGreaterThan(0);

    // Weights of 80/20 against users split 50/50: the check flags it; --fail-on-srm makes that exit 1.
    const skewed = await cli('abtest', 'read', '--store', store, '--test', join(dir, 'skewed.json'));
    expect(skewed.code).toBe(0);
    expect(skewed.out).toContain('MISMATCH');
    expect((await cli('abtest', 'read', '--store', store, '--test', join(dir, 'skewed.json'), '--fail-on-srm')).code).toBe(1);
  }, 240_000);

  it('left to its defaults, reads and plans as the app does: the channel’s defaults are the command line’s', async () => {
    const store = join(dir, 'store');
    const read = await cli('abtest', 'read', '--store', store, '--test', join(dir, 'test.json'), '--format', 'json');
    expect(read.code, read.err).toBe(0);
    const printed = JSON.parse(read.out) as {
      plan: { needed: number; minimumEffect: number; alpha: number };
      variations: { value: number }[];
    };
    // The app: the channel parses the renderer's input, defaults filled in, and the service reads the store with it.
    const { file: _file, ...reading } = contract['abtest:readout'].input.parse({ file: 'test.json' });
    const traffic = new TrafficService({ folder: store });
    try {
      const parsed = parseAbTest(JSON.stringify(test), 'test.json');
      if (!parsed.ok) throw new Error(parsed.message);
      const app = await new AbTestService({ traffic }).readoutOf(parsed.test, reading);
      expect(printed.plan.needed).toBe(app.plan.needed);
      expect(printed.plan.minimumEffect).toBe(app.plan.minimumEffect);
      expect(printed.plan.alpha).toBe(app.plan.alpha);
      // Printed to six decimals.
      printed.variations.forEach((v, i) => expect(v.value).toBeCloseTo(app.variations[i]!.value, 6));
    } finally {
      await traffic.close();
    }
  });

  it('refuses, by name, a test whose days the store does not hold and a bad metric (exit 2)', async () => {
    const later = join(dir, 'later.json');
    await writeFile(later, JSON.stringify({ ...test, start: '2027-01-01', end: undefined }));
    const none = await cli('abtest', 'read', '--store', join(dir, 'store'), '--test', later);
    expect(none.code).toBe(2);
    expect(none.err).toContain("no search in the test's days (from 2027-01-01)");
    expect((await cli('abtest', 'read', '--store', join(dir, 'store'), '--test', join(dir, 'test.json'), '--metric', 'clicks')).code).toBe(
      2,
    );
  });
});

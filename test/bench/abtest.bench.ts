import { createRequire } from 'node:module';
import { assign, falseWins, powerAtPlannedSize, readTest, sampleRatioMismatch, simulateOutcomes, twoArms } from '../../src/shared/abtest';
import { mulberry32 } from '../../src/shared/random';
import { printTable } from './table';

const official = createRequire(import.meta.url)('@attraqt/ab-test') as {
  drawAbTestVariationForUser: (
    userId: string,
    test: { id: string; variations: { id: string; weight: number }[] },
  ) => { bucket: number; variationId: string };
};

const TEST = {
  id: 'bench-test',
  variations: [
    { id: 'control', weight: 50 },
    { id: 'b', weight: 50 },
  ],
};
const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

/**
 * `npm run bench abtest`: the A/B readout's checks by simulation — bucketing against the storefront's own package (the
 * peer, timed in the same run), the sample-ratio check on fair and planted splits, the power at the planner's size,
 * and false wins when a null test is read every day: the always-valid test against the fixed-horizon test read daily.
 * Statistical simulations of outcomes, not shopper sessions.
 */
export async function benchAbTest(): Promise<void> {
  const ids = Array.from({ length: 100_000 }, (_, i) => (i % 3 === 0 ? `user-${i}` : i % 3 === 1 ? `${i}@exämple.com` : `用户-${i}-ß`));
  const ours = ids.map((id) => assign(TEST, id));
  const theirs = ids.map((id) => official.drawAbTestVariationForUser(id, TEST));
  // Timed in turn, five rounds each after the lines above warmed both (the JIT): the medians.
  const rounds: [number[], number[]] = [[], []];
  let checksum = 0;
  for (let r = 0; r < 5; r++) {
    let t0 = performance.now();
    for (const id of ids) checksum += assign(TEST, id).bucket;
    rounds[0].push(performance.now() - t0);
    t0 = performance.now();
    for (const id of ids) checksum -= official.drawAbTestVariationForUser(id, TEST).bucket;
    rounds[1].push(performance.now() - t0);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const [oursMs, theirsMs] = [median(rounds[0]), median(rounds[1])];
  if (checksum !== 0) throw new Error('the two bucketings disagree on a round');
  const differ = ours.filter((a, i) => a.bucket !== theirs[i]!.bucket || a.variationId !== theirs[i]!.variationId).length;
  printTable(
    'A/B bucketing: 100,000 ids (a third non-ASCII) against @attraqt/ab-test 1.7.1, the storefront’s package',
    ['implementation', 'ids differing', 'ms (median of 5)', 'goal: equal'],
    [
      ['ours (shared/abtest)', differ, Math.round(oursMs), pass(differ === 0)],
      ['peer: @attraqt/ab-test', 0, Math.round(theirsMs), ''],
    ],
  );

  const random = mulberry32(46);
  let fairFlagged = 0;
  for (let s = 0; s < 1000; s++) {
    let a = 0;
    for (let u = 0; u < 10_000; u++) if (random() < 0.5) a++;
    if (sampleRatioMismatch([a, 10_000 - a], [50, 50]).flagged) fairFlagged++;
  }
  const planted = sampleRatioMismatch([52_000, 48_000], [50, 50]);
  printTable(
    'Sample-ratio check (χ², flagged below p 0.001)',
    ['case', 'flagged', 'goal', ''],
    [
      [
        'planted 52/48 at 100,000 users',
        planted.flagged ? `yes (p ${planted.p.toExponential(1)})` : 'no',
        'flagged',
        pass(planted.flagged),
      ],
      ['1,000 fair splits of 10,000 users', `${fairFlagged} of 1,000`, '≤ 5', pass(fairFlagged <= 5)],
    ],
  );

  const options = { metric: 'conversion' as const, minimumEffect: 0.2, alpha: 0.05 };
  const { perArm, found } = powerAtPlannedSize(100, mulberry32);
  printTable(
    'Power: a planted +20% in conversion (5% → 6% per search) at the planner’s size for 80% power',
    ['users per variation (planner)', 'found in', 'goal'],
    [[perArm, `${found} of 100`, `≥ 70 ${pass(found >= 70)}`]],
  );

  let t = performance.now();
  const { alwaysValid, dailyFixed, onceFixed } = falseWins(200, mulberry32);
  const ms = performance.now() - t;
  printTable(
    'False wins over 200 null tests (no true difference), 14 days of 200 users a day per variation',
    ['test', 'read', 'false wins', 'rate', 'goal'],
    [
      [
        'always-valid (mSPRT, τ = 20% of the control’s rate)',
        'every day',
        alwaysValid,
        `${((alwaysValid / 200) * 100).toFixed(1)}%`,
        `≤ 5% ${pass(alwaysValid <= 10)}`,
      ],
      ['peer: fixed-horizon', 'every day', dailyFixed, `${((dailyFixed / 200) * 100).toFixed(1)}%`, 'shown: far above 5%'],
      ['fixed-horizon', 'once, at the end', onceFixed, `${((onceFixed / 200) * 100).toFixed(1)}%`, '≈ 5% when read once'],
    ],
  );

  const big = simulateOutcomes(twoArms(0.05, 100_000 / 14, 14), mulberry32(9));
  t = performance.now();
  readTest(TEST, big, { ...options, metric: 'revenue' });
  const readMs = performance.now() - t;
  printTable(
    'Readout time (every day’s lift and always-valid interval, the SRM check, the planner)',
    ['users', 'user-days', 'ms', 'goal 1,000 ms', '(200 null tests, each read 15 times)'],
    [[100_000, big.length, Math.round(readMs), pass(readMs <= 1000), `${Math.round(ms)} ms`]],
  );
}

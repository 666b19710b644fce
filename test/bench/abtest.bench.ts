import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readTestOnStore } from '../../src/main/services/abtest/readout';
import { StoreQueries, TrafficStore } from '../../src/main/services/traffic';
import { openDuck, sqlPath } from '../../src/main/services/traffic/duck';
import {
  type AbTest,
  assign,
  falseWins,
  powerAtPlannedSize,
  readTest,
  sampleRatioMismatch,
  simulateOutcomes,
  twoArms,
} from '../../src/shared/abtest';
import { mulberry32 } from '../../src/shared/random';
import { median, printTable } from './table';

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

/**
 * A store of a test over `users` users written straight to Parquet by DuckDB (no import): `perUser` searches a user
 * on average (1.5: each user one or two), each on one of 14 days, logged with the test and their variation (hash of
 * the id, 50/50; none when not `logged`: the storefront's bucketing then draws each) and a segment; a third of them
 * also searching in the 14 days before (CUPED's pre-period); clicks on 55% of searches, purchases on 5%.
 */
async function writeTestStore(dir: string, users: number, perUser: number, logged: boolean): Promise<void> {
  const duck = await openDuck([dir]);
  try {
    const searches = Math.round(users * perUser);
    const pre = Math.round(users / 3);
    await duck.run(`CREATE TABLE s AS
SELECT 's' || i AS search_id, 'sess' || u AS session_id, 'user' || u AS user_id, CAST(NULL AS VARCHAR) AS client_id,
  TIMESTAMP '2026-11-01' + to_days(CAST(d AS INTEGER)) + to_seconds(CAST(i % 80000 AS BIGINT)) AS ts,
  'q' || (i % 1000) AS query, 'default' AS configuration_id, ['outlet', 'premium', 'new'][CAST(u % 3 + 1 AS BIGINT)] AS segment,
  CAST(NULL AS VARCHAR) AS variables, ['a', 'b', 'c'] AS hit_ids, 3 AS hit_count, CAST(NULL AS VARCHAR) AS filter, 1 AS page,
  CASE WHEN d >= 0 AND ${logged} THEN 'bench-test' END AS ab_test,
  CASE WHEN d >= 0 AND ${logged} THEN (CASE WHEN hash(u) % 2 = 0 THEN 'control' ELSE 'b' END) END AS ab_variation,
  'shop' AS application, 'bench' AS source
FROM (
  SELECT i, i % ${users} AS u, hash(i * 31) % 14 AS d FROM range(${searches}) t(i)
  UNION ALL
  SELECT ${searches} + j AS i, hash(j * 17) % ${users} AS u, -1 - CAST(hash(j * 5) % 14 AS BIGINT) AS d FROM range(${pre}) t(j)
)`);
    await duck.run(`CREATE TABLE e AS
SELECT search_id, session_id, user_id, ts, 'click' AS action, 'a' AS docid, 1 AS position, CAST(NULL AS DOUBLE) AS value, application, source
FROM s WHERE hash(search_id || 'c') % 100 < 55
UNION ALL
SELECT search_id, session_id, user_id, ts, 'purchase', 'a', 1, CAST(10 + hash(search_id) % 90 AS DOUBLE), application, source
FROM s WHERE hash(search_id || 'p') % 100 < 5`);
    for (const [table, folder] of [
      ['s', 'searches'],
      ['e', 'events'],
    ] as const)
      await duck.run(
        `COPY (SELECT *, CAST(ts AS DATE) AS day FROM ${table}) TO ${sqlPath(join(dir, folder))} (FORMAT parquet, PARTITION_BY (day))`,
      );
  } finally {
    duck.close();
  }
}

/**
 * `npm run bench abtest`'s store half: a test of 1,000,000 users read from a freshly opened store, its sums in SQL —
 * and, shown beside it, as many searches from 300,000 users of five searches each (most users' days then summed in
 * time, one search after another: the readout's slower path), and the million users with no variation logged (each
 * drawn from their id as the storefront draws it).
 */
export async function benchAbTestStore(): Promise<void> {
  const test: AbTest = { ...TEST, name: 'Bench', start: '2026-11-01', end: '2026-11-14' };
  const rows: (string | number)[][] = [];
  let writeMs = 0;
  let openMs = 0;
  for (const { users, perUser, logged, goal } of [
    { users: 1_000_000, perUser: 1.5, logged: true, goal: true },
    { users: 300_000, perUser: 5, logged: true, goal: false },
    { users: 1_000_000, perUser: 1.5, logged: false, goal: false },
  ]) {
    const dir = await mkdtemp(join(tmpdir(), 'wb-bench-abtest-'));
    try {
      const w0 = performance.now();
      await writeTestStore(dir, users, perUser, logged);
      if (goal) writeMs = performance.now() - w0;
      for (const metric of ['ctr', 'revenue'] as const) {
        // The goal's store read three times, each on the store opened afresh (nothing cached): judged on the median,
        // the slowest shown — this VM's speed varies by a third from minute to minute.
        const times: number[] = [];
        let readout: Awaited<ReturnType<typeof readTestOnStore>> | undefined;
        for (let r = 0; r < (goal ? 3 : 1); r++) {
          const o0 = performance.now();
          const store = await TrafficStore.open(dir);
          if (goal && metric === 'ctr' && r === 0) openMs = performance.now() - o0;
          try {
            const t = performance.now();
            readout = await readTestOnStore(new StoreQueries(store), test, { metric, k: 10, minimumEffect: 0.05, alpha: 0.05 });
            times.push(performance.now() - t);
          } finally {
            store.close();
          }
        }
        const ms = median(times);
        const read = readout!.variations.reduce((n, v) => n + v.users, 0);
        rows.push([
          metric,
          read,
          (users * perUser).toLocaleString('en-US'),
          logged ? 'logged' : 'drawn from the id',
          readout!.segments.length,
          readout!.cuped ? `${(readout!.cuped[0]!.varianceRemoved * 100).toFixed(1)}%` : '—',
          times.length > 1 ? `${Math.round(ms)} (${times.map((t) => Math.round(t).toLocaleString('en-US')).join(', ')})` : Math.round(ms),
          goal ? pass(ms <= 1000 && read === users) : `shown (${read === users ? 'all read' : 'FAIL: users lost'})`,
        ]);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  printTable(
    `A/B readout from a traffic store, each read on the store opened afresh (1,000,000 users logged: three reads, the median judged; the others one read; 1,000,000 users: Parquet written by DuckDB in ${Math.round(writeMs)} ms, the store opened in ${Math.round(openMs)} ms) — the sums per variation and day, and the users' totals by segment with the pre-period, in SQL`,
    [
      'metric',
      'users read',
      'searches',
      'variation',
      'segment lifts',
      'CUPED variance removed',
      'ms (the reads)',
      'goal: median ≤ 1,000 ms',
    ],
    rows,
  );
}

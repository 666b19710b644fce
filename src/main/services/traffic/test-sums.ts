import { type AbMetric, type ArmDay, type ArmTotals, type GroupSums, preWindowStart, type TestSums } from '../../../shared/abtest';
import type { TrafficStore } from './store';
import { type StoreWindow, USER_DAYS_SQL } from './user-days';

/** How a test's searches were tied to its variations: by the variation logged with them, or by bucketing the user id. */
export interface TiedSearches {
  logged: number;
  bucketed: number;
  /** Logged with a variation the test does not have: left out. */
  unknownVariation: number;
}

export interface TestSumsInput {
  test: string;
  /** The test's variation ids, the control first: a variation's place is its arm. */
  arms: readonly string[];
  window: StoreWindow;
  k: number;
  metric: AbMetric;
}

const INSERT_BATCH = 500;
let tags = 0;

/**
 * A test's sufficient statistics summed by DuckDB over the test's window (see `TestSums`): per variation and day
 * what its users' running totals added, per variation its totals, the revenue cap. Only the ids of users no search
 * tied to a variation leave DuckDB — `armOf` buckets each as the storefront does — and their arms go back as a table.
 */
export async function testSumsOnStore(
  store: TrafficStore,
  input: TestSumsInput,
  armOf: (user: string) => number,
): Promise<{ sums: TestSums; searches: TiedSearches }> {
  const tag = String(++tags);
  const table = (name: string) => `wb_ab_${name}_${tag}`;
  const [days, known, rows, first, bucketed, users] = [
    table('days'),
    table('known'),
    table('rows'),
    table('first'),
    table('bucketed'),
    table('users'),
  ];
  const duck = store.duck;
  try {
    // From the pre-period on (its days negative): CUPED regresses each user's metric on theirs before the start.
    await duck.run(`CREATE OR REPLACE TEMP TABLE ${days} AS ${USER_DAYS_SQL}`, {
      test: input.test,
      from: preWindowStart(input.window.start),
      start: input.window.start,
      end: input.window.end,
      k: input.k,
    });
    await duck.run(`CREATE OR REPLACE TEMP TABLE ${known} (id VARCHAR, arm INTEGER)`);
    await insertPairs(
      store,
      known,
      input.arms.map((id, arm) => [id, arm] as const),
    );
    const [tied] = await duck.all(`SELECT
  CAST(coalesce(sum(d.searches) FILTER (WHERE d.logged IS NOT NULL AND k.id IS NOT NULL), 0) AS DOUBLE) AS logged,
  CAST(coalesce(sum(d.searches) FILTER (WHERE d.logged IS NULL), 0) AS DOUBLE) AS bucketed,
  CAST(coalesce(sum(d.searches) FILTER (WHERE d.logged IS NOT NULL AND k.id IS NULL), 0) AS DOUBLE) AS unknown
FROM ${days} d LEFT JOIN ${known} k ON k.id = d.logged WHERE d.day >= 0`);
    // The days of the test's own variations (or none logged), each with the arm it was logged in.
    await duck.run(`CREATE OR REPLACE TEMP TABLE ${rows} AS SELECT d.*, k.arm AS logged_arm FROM ${days} d
LEFT JOIN ${known} k ON k.id = d.logged WHERE d.day >= 0 AND (d.logged IS NULL OR k.id IS NOT NULL)`);
    // A user is in the variation of the first day they were seen: logged then, else drawn from their id.
    await duck.run(`CREATE OR REPLACE TEMP TABLE ${first} AS SELECT r.user_key, r.logged_arm FROM ${rows} r
JOIN (SELECT user_key, min(day) AS d0 FROM ${rows} GROUP BY user_key) f ON f.user_key = r.user_key AND f.d0 = r.day`);
    const unlogged: string[] = [];
    await duck.each(`SELECT user_key FROM ${first} WHERE logged_arm IS NULL`, (n, column) => {
      const read = column(0);
      for (let i = 0; i < n; i++) unlogged.push(String(read(i)));
    });
    await duck.run(`CREATE OR REPLACE TEMP TABLE ${bucketed} (id VARCHAR, arm INTEGER)`);
    await insertPairs(
      store,
      bucketed,
      unlogged.map((user) => [user, armOf(user)] as const),
    );
    await duck.run(`CREATE OR REPLACE TEMP TABLE ${users} AS SELECT f.user_key, coalesce(f.logged_arm, b.arm) AS arm
FROM ${first} f LEFT JOIN ${bucketed} b ON b.id = f.user_key`);

    const [span] = await duck.all(`SELECT CAST(coalesce(max(day), 0) AS INTEGER) AS last FROM ${rows}`);
    // Revenue's cap (reported when revenue is read; a guardrail's revenue is capped alike).
    const [capRow] = await duck.all(`SELECT r FROM (
  SELECT r, row_number() OVER (ORDER BY r) - 1 AS i, count(*) OVER () AS n
  FROM (SELECT CAST(sum(revenue) AS DOUBLE) AS r FROM ${rows} GROUP BY user_key)
) WHERE i = least(n - 1, floor(0.999 * n))`);
    const cap = capRow ? Number(capRow.r) : null;
    const revenueCap = input.metric === 'revenue' ? cap : null;
    const x = input.metric === 'ctr' ? 'clicked' : input.metric === 'conversion' ? 'bought' : 'least(revenue, CAST($cap AS DOUBLE))';
    const sumDays: ArmDay[] = (
      await duck.all(
        `WITH running AS (
  SELECT u.arm AS arm, r.user_key AS user_key, r.day AS day,
    row_number() OVER w AS seq,
    CAST(sum(r.searches) OVER w AS DOUBLE) AS n,
    CAST(sum(r.clicked) OVER w AS DOUBLE) AS clicked,
    CAST(sum(r.bought) OVER w AS DOUBLE) AS bought,
    CAST(sum(r.revenue) OVER w AS DOUBLE) AS revenue
  FROM ${rows} r JOIN ${users} u ON u.user_key = r.user_key
  WINDOW w AS (PARTITION BY r.user_key ORDER BY r.day ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
), metric AS (
  SELECT arm, user_key, day, seq, n, ${x} AS x FROM running
), step AS (
  SELECT arm, day, seq, x, n,
    coalesce(lag(x) OVER p, 0) AS x0, coalesce(lag(n) OVER p, 0) AS n0
  FROM metric WINDOW p AS (PARTITION BY user_key ORDER BY day)
)
SELECT CAST(arm AS INTEGER) AS arm, CAST(day AS INTEGER) AS day, CAST(count(*) FILTER (WHERE seq = 1) AS INTEGER) AS users,
  sum(x - x0) AS x, sum(n - n0) AS n, sum(x * x - x0 * x0) AS xx, sum(n * n - n0 * n0) AS nn, sum(x * n - x0 * n0) AS xn
FROM step GROUP BY arm, day ORDER BY day, arm`,
        input.metric === 'revenue' ? { cap: cap ?? 0 } : {},
      )
    ).map((r) => ({
      arm: Number(r.arm),
      day: Number(r.day),
      users: Number(r.users),
      x: Number(r.x),
      n: Number(r.n),
      xx: Number(r.xx),
      nn: Number(r.nn),
      xn: Number(r.xn),
    }));
    const totals: ArmTotals[] = input.arms.map(() => ({
      users: 0,
      sessions: 0,
      searches: 0,
      clicked: 0,
      carted: 0,
      purchased: 0,
      revenue: 0,
    }));
    for (const r of await duck.all(`SELECT CAST(u.arm AS INTEGER) AS arm, CAST(count(DISTINCT r.user_key) AS DOUBLE) AS users,
  CAST(sum(r.sessions) AS DOUBLE) AS sessions, CAST(sum(r.searches) AS DOUBLE) AS searches,
  CAST(sum(r.clicked) AS DOUBLE) AS clicked, CAST(sum(r.carted) AS DOUBLE) AS carted, CAST(sum(r.bought) AS DOUBLE) AS bought,
  CAST(sum(r.revenue) AS DOUBLE) AS revenue
FROM ${rows} r JOIN ${users} u ON u.user_key = r.user_key GROUP BY u.arm`)) {
      const t = totals[Number(r.arm)];
      if (!t) continue;
      Object.assign(t, {
        users: Number(r.users),
        sessions: Number(r.sessions),
        searches: Number(r.searches),
        clicked: Number(r.clicked),
        carted: Number(r.carted),
        purchased: Number(r.bought),
        revenue: Number(r.revenue),
      });
    }
    const groups = await groupSums(store, { rows, users, days }, input.metric, cap);
    return {
      sums: { totals, days: sumDays, lastDay: Number(span?.last ?? 0), revenueCap, groups },
      searches: { logged: Number(tied?.logged ?? 0), bucketed: Number(tied?.bucketed ?? 0), unknownVariation: Number(tied?.unknown ?? 0) },
    };
  } finally {
    for (const table of [users, bucketed, first, rows, known, days]) await duck.run(`DROP TABLE IF EXISTS ${table}`).catch(() => undefined);
  }
}

/** Each metric's per-user x in SQL, from a user's summed columns (revenue capped at $cap). */
const METRIC_SQL: Record<AbMetric, (prefix: string) => string> = {
  ctr: (p) => `${p}clicked`,
  conversion: (p) => `${p}bought`,
  revenue: (p) => `least(${p}revenue, CAST($cap AS DOUBLE))`,
};

/**
 * Users' final totals summed by variation and segment (the segment of their first day), each metric's x with its
 * squares and products with n, and for the metric read the pre-period's xp and np with their cross sums: `GroupSums`.
 */
async function groupSums(
  store: TrafficStore,
  tables: { rows: string; users: string; days: string },
  metric: AbMetric,
  cap: number | null,
): Promise<GroupSums[]> {
  const each = (name: string, x: string) => `sum(${x}) AS ${name}_x, sum(${x} * ${x}) AS ${name}_xx, sum(${x} * n) AS ${name}_xn`;
  const result = await store.duck.all(
    `WITH tot AS (
  SELECT r.user_key AS user_key, u.arm AS arm, arg_min(r.segment, r.day) AS segment,
    CAST(sum(r.searches) AS DOUBLE) AS n, CAST(sum(r.clicked) AS DOUBLE) AS clicked, CAST(sum(r.bought) AS DOUBLE) AS bought,
    CAST(sum(r.revenue) AS DOUBLE) AS revenue
  FROM ${tables.rows} r JOIN ${tables.users} u ON u.user_key = r.user_key GROUP BY r.user_key, u.arm
), pre AS (
  SELECT user_key, CAST(sum(searches) AS DOUBLE) AS np, CAST(sum(clicked) AS DOUBLE) AS clicked,
    CAST(sum(bought) AS DOUBLE) AS bought, CAST(sum(revenue) AS DOUBLE) AS revenue
  FROM ${tables.days} WHERE day < 0 GROUP BY user_key
), pre_x AS (
  SELECT user_key, np, ${METRIC_SQL[metric]('')} AS xp FROM pre
), j AS (
  -- A user new in the test has no pre-period: 0 (least() would take the cap from a missing revenue).
  SELECT t.*, coalesce(p.np, 0) AS np, coalesce(p.xp, 0) AS xp, ${METRIC_SQL[metric]('t.')} AS y
  FROM tot t LEFT JOIN pre_x p ON p.user_key = t.user_key
)
SELECT CAST(arm AS INTEGER) AS arm, coalesce(segment, '') AS segment, CAST(count(*) AS INTEGER) AS users,
  sum(n) AS n, sum(n * n) AS nn,
  ${each('ctr', METRIC_SQL.ctr(''))}, ${each('conversion', METRIC_SQL.conversion(''))}, ${each('revenue', METRIC_SQL.revenue(''))},
  sum(xp) AS px, sum(np) AS pn, sum(xp * xp) AS pxx, sum(np * np) AS pnn, sum(xp * np) AS pxn,
  sum(y * xp) AS yx, sum(y * np) AS yn, sum(n * xp) AS nx, sum(n * np) AS nnp
FROM j GROUP BY ALL ORDER BY arm, segment`,
    { cap: cap ?? 0 },
  );
  const num = (v: unknown) => Number(v ?? 0);
  return result.map((r) => ({
    arm: num(r.arm),
    segment: String(r.segment),
    users: num(r.users),
    n: num(r.n),
    nn: num(r.nn),
    metrics: {
      ctr: { x: num(r.ctr_x), xx: num(r.ctr_xx), xn: num(r.ctr_xn) },
      conversion: { x: num(r.conversion_x), xx: num(r.conversion_xx), xn: num(r.conversion_xn) },
      revenue: { x: num(r.revenue_x), xx: num(r.revenue_xx), xn: num(r.revenue_xn) },
    },
    pre: {
      x: num(r.px),
      n: num(r.pn),
      xx: num(r.pxx),
      nn: num(r.pnn),
      xn: num(r.pxn),
      yx: num(r.yx),
      yn: num(r.yn),
      nx: num(r.nx),
      nnp: num(r.nnp),
    },
  }));
}

/** (text, integer) pairs into a two-column table, a few hundred to a statement, by parameter (never spliced into SQL). */
async function insertPairs(store: TrafficStore, table: string, pairs: readonly (readonly [string, number])[]): Promise<void> {
  for (let at = 0; at < pairs.length; at += INSERT_BATCH) {
    const batch = pairs.slice(at, at + INSERT_BATCH);
    const params: Record<string, string | number> = {};
    const values = batch.map(([id, arm], i) => {
      params[`i${i}`] = id;
      params[`a${i}`] = arm;
      return `($i${i}, $a${i})`;
    });
    await store.duck.run(`INSERT INTO ${table} VALUES ${values.join(', ')}`, params);
  }
}

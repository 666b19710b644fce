import { type AbMetric, type ArmDay, type ArmTotals, type GroupSums, preWindowStart, type TestSums } from '../../../shared/abtest';
import { failure } from '../../../shared/errors';
import type { TrafficStore } from './store';
import type { StoreWindow } from './user-days';

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

/** A user's first day and the arm logged on it, packed into one number whose minimum is the first day's logged arm. */
const PACK = 65_536;
const UNLOGGED = PACK - 1;
/** Two per-user counts summed as one double, the second times this: exact while each is below it (2²⁶). */
const TWO_COUNTS = 67_108_864;
/**
 * A search's time (milliseconds from the test's start) and its segment's number packed into one number whose minimum
 * is the segment of a user's first search: exact below 2²² segments and 25,000 days after the start (2⁴¹ ms).
 */
const SEGMENTS = 4_194_304;
let tags = 0;

/**
 * How a search's A/B variation (the store's number for a test and variation, `ab`) is read for one test: `logged`, SQL
 * giving its arm (−1: a variation the test lacks; null: not logged with the test), and `thisTest`, SQL true when it
 * was logged with the test at all. Written from the store's few numbers for the test, as literals.
 */
interface Variations {
  logged: string;
  thisTest: string;
}

/**
 * Each search of the test's days (`period` test) or of the pre-period before them from the store's outcomes
 * (`search_outcomes`: one row a search, the user and the A/B variation already numbers): `uh` the user as a hash — the
 * user id, else the client id, else the session of a search logged with this test (its own hash, apart from any
 * user's); `logged` its arm; `day` from the start (the pre-period's negative); `seen` its time and segment packed
 * (`SEGMENTS`). Parameters $start, $k and $end (test) or $from (pre).
 */
const ROWS_SQL = (variations: Variations, period: 'test' | 'pre') => `SELECT
  coalesce(o.user_hash, CASE WHEN ${variations.thisTest} THEN hash(o.shopper) END) AS uh,
  CAST(o.day - CAST(CAST($start AS TIMESTAMP) AS DATE) AS INTEGER) AS day, ${variations.logged} AS logged,
  (epoch_ms(o.ts) - epoch_ms(CAST($start AS TIMESTAMP))) * ${SEGMENTS} + coalesce(o.segment_id, 0) AS seen,
  CAST(coalesce(o.best_click_rank BETWEEN 1 AND $k, false) AS DOUBLE) AS clicked, CAST(o.carted AS DOUBLE) AS carted,
  CAST(o.bought AS DOUBLE) AS bought, CAST(o.revenue AS DOUBLE) AS revenue, CAST(o.session_first AS DOUBLE) AS sessions
FROM search_outcomes o
WHERE ${period === 'test' ? 'o.ts >= CAST($start AS TIMESTAMP) AND o.ts < CAST($end AS TIMESTAMP)' : 'o.ts >= CAST($from AS TIMESTAMP) AND o.ts < CAST($start AS TIMESTAMP)'}`;

/** The store's numbers for the test's variations, each as its arm (a variation the test lacks −1, none given null). */
async function variationsOf(store: TrafficStore, test: string, arms: readonly string[]): Promise<Variations> {
  const logged = (await store.duck.all('SELECT id, ab_variation FROM ab_variations WHERE ab_test = $test ORDER BY id', { test })).map(
    (v) => ({ id: Number(v.id), variation: v.ab_variation === null ? null : String(v.ab_variation) }),
  );
  const ids = logged.map((v) => v.id);
  const cases = logged.flatMap((v) => (v.variation === null ? [] : [`WHEN ${v.id} THEN ${arms.indexOf(v.variation)}`]));
  return {
    thisTest: ids.length ? `o.ab IN (${ids.join(', ')})` : 'false',
    logged: cases.length ? `CASE o.ab ${cases.join(' ')} END` : 'CAST(NULL AS INTEGER)',
  };
}

/**
 * What the packing of a search's time and segment (`SEGMENTS`) holds exactly: searches up to 2⁴¹ ms (25,000 days)
 * after the test's start, fewer than 2²² segments.
 */
async function checkPacking(store: TrafficStore, window: StoreWindow, lastDay: number): Promise<void> {
  if (lastDay >= 25_000)
    throw failure(
      'validation',
      `The store has searches ${lastDay.toLocaleString('en-US')} days after the test's start (${window.start}), more than a readout spans (25,000 days): check the test's start and end.`,
      { field: 'start' },
    );
  const [names] = await store.duck.all('SELECT CAST(count(*) AS DOUBLE) AS n FROM segment_names');
  if (Number(names?.n) >= SEGMENTS)
    throw failure(
      'validation',
      `The store's searches carry ${Number(names?.n).toLocaleString('en-US')} segments, more than a readout tells apart (${(SEGMENTS - 1).toLocaleString('en-US')}): a segment is a kind of shopper, not an id. Import the log with its segments grouped.`,
      { field: 'store' },
    );
}

/** A search of the test's days the readout sums: a user's, not logged in a variation the test lacks. */
const KEPT = 'uh IS NOT NULL AND coalesce(logged, 0) >= 0';

/**
 * A test's sufficient statistics summed by DuckDB over the test's window (see `TestSums`), from the store's per-search
 * outcomes: one pass groups the test's searches by user (their arm, segment and totals), one the pre-period's; what
 * each day added to the users' running totals comes from those rows, but for users of three or more searches on
 * several days, whose searches are summed again day by day (a day's additions are its searches' additions). A user is
 * in the variation logged on the first day they were seen, else the one their id draws: only the ids of users no
 * search tied to a variation leave DuckDB — `armOf` buckets each as the storefront does.
 */
export async function testSumsOnStore(
  store: TrafficStore,
  input: TestSumsInput,
  armOf: (user: string) => number,
): Promise<{ sums: TestSums; searches: TiedSearches }> {
  const tag = String(++tags);
  const [grouped, pre, keys, drawn, bucketed] = ['users', 'pre', 'keys', 'drawn', 'bucketed'].map((name) => `wb_ab_${name}_${tag}`) as [
    string,
    string,
    string,
    string,
    string,
  ];
  const duck = store.duck;
  // What the rows' SQL is given (DuckDB refuses a parameter a statement does not use).
  const params = { start: input.window.start, end: input.window.end, k: input.k };
  const variations = await variationsOf(store, input.test, input.arms);
  const rows = `(${ROWS_SQL(variations, 'test')})`;
  try {
    const [tied] = await duck.all(
      `SELECT CAST(count(*) FILTER (WHERE logged >= 0) AS DOUBLE) AS logged, CAST(count(*) FILTER (WHERE logged IS NULL) AS DOUBLE) AS bucketed,
  CAST(count(*) FILTER (WHERE logged < 0) AS DOUBLE) AS unknown, CAST(coalesce(max(day), 0) AS DOUBLE) AS last
FROM ${rows} WHERE uh IS NOT NULL`,
      params,
    );
    await checkPacking(store, input.window, Number(tied?.last ?? 0));
    const value = input.metric === 'ctr' ? 'clicked' : input.metric === 'conversion' ? 'bought' : 'revenue';
    // Each user of the test (a search in its days): the first day and its logged arm packed, the segment of their
    // first search (packed with its time: a minimum, where arg_min is twice the cost), the last day, their totals in
    // the test and the metric's sum weighted by day (what tells the first of two searches on two days apart from the
    // second); apart, their totals before it (the pre-period).
    // Two counts are summed as one number (the second times 2²⁶: both exact in a double while a user has fewer than
    // 2²⁶ searches, checked below) — a sum fewer for each of a million users, about a fifth of the pass.
    await duck.run(
      `CREATE OR REPLACE TEMP TABLE ${grouped} AS SELECT uh, first // ${PACK} AS d0,
  CASE WHEN first % ${PACK} <> ${UNLOGGED} THEN CAST(first % ${PACK} AS INTEGER) END AS arm,
  CAST(nullif(seen % ${SEGMENTS}, 0) AS INTEGER) AS segment,
  clicked_carted % ${TWO_COUNTS} AS clicked, floor(clicked_carted / ${TWO_COUNTS}) AS carted,
  bought_sessions % ${TWO_COUNTS} AS bought, floor(bought_sessions / ${TWO_COUNTS}) AS sessions,
  * EXCLUDE (uh, first, seen, clicked_carted, bought_sessions) FROM (
  SELECT uh, min(CAST(day AS BIGINT) * ${PACK} + coalesce(logged, ${UNLOGGED})) AS first, min(seen) AS seen,
    max(day) AS last, count(*) AS n,
    sum(clicked + carted * ${TWO_COUNTS}) AS clicked_carted, sum(bought + sessions * ${TWO_COUNTS}) AS bought_sessions,
    sum(revenue) AS revenue, sum(${value} * day) AS vd
  FROM ${rows} WHERE ${KEPT} GROUP BY uh
)`,
      params,
    );
    await duck.run(
      `CREATE OR REPLACE TEMP TABLE ${pre} AS SELECT uh, CAST(count(*) AS DOUBLE) AS np, sum(clicked) AS pclicked,
  sum(bought) AS pbought, sum(revenue) AS prevenue FROM (${ROWS_SQL(variations, 'pre')}) WHERE uh IS NOT NULL GROUP BY uh`,
      { from: preWindowStart(input.window.start), start: input.window.start, k: input.k },
    );
    const users = await bucketUnlogged(store, { users: grouped, keys, drawn, bucketed }, { test: input.test, ...input.window }, armOf);

    const [span] = await duck.all(
      `SELECT CAST(coalesce(max(last), 0) AS INTEGER) AS last, CAST(count(*) AS INTEGER) AS users,
  CAST(count(*) FILTER (WHERE last > d0 AND n > 2) AS INTEGER) AS timed, CAST(coalesce(max(n), 0) AS DOUBLE) AS most FROM ${users}`,
    );
    if (Number(span?.most) >= TWO_COUNTS)
      throw failure(
        'validation',
        `One user has ${Number(span?.most).toLocaleString('en-US')} searches in the test's days, more than a readout counts exactly (${(TWO_COUNTS - 1).toLocaleString('en-US')}): a crawler's id, most likely. Leave its traffic out of the store.`,
        { field: 'store' },
      );
    // Revenue's cap (reported when revenue is read; a guardrail's revenue is capped alike): the value at the 99.9th
    // percentile's place, ascending — the smallest of the largest n − place (a top-n, not a sort of every user).
    const count = Number(span?.users ?? 0);
    const [capRow] = count
      ? await duck.all(
          `SELECT min(revenue) AS r FROM (SELECT revenue FROM ${users} ORDER BY revenue DESC LIMIT ${
            count - Math.min(count - 1, Math.floor(0.999 * count))
          })`,
        )
      : [];
    const cap = capRow ? Number(capRow.r) : null;
    const revenueCap = input.metric === 'revenue' ? cap : null;
    const x = (v: string) => (input.metric === 'revenue' ? `least(${v}, CAST($cap AS DOUBLE))` : v);
    // What each day added to the users' running totals. A user seen on one day only adds their totals on it; one of
    // two searches on two days, the first search's on the first and the rest on the second (the first's value v0 from
    // the total x and the sum weighted by day: x·last − vd = v0·(last − d0)); the others' searches are taken day by
    // day, each adding to the totals before it (in whatever order a day's searches come, they add up to what the day
    // added).
    const v0 = `(${value} * last - vd) / (last - d0)`;
    const steps = [
      `SELECT arm, d0 AS day, 0.0 AS nb, 0.0 AS x0, ${x(value)} AS x1, CAST(n AS DOUBLE) AS dn FROM ${users} WHERE last = d0`,
      `SELECT arm, d0 AS day, 0.0 AS nb, 0.0 AS x0, ${x(v0)} AS x1, 1.0 AS dn FROM ${users} WHERE last > d0 AND n = 2`,
      `SELECT arm, last AS day, 1.0 AS nb, ${x(v0)} AS x0, ${x(value)} AS x1, 1.0 AS dn FROM ${users} WHERE last > d0 AND n = 2`,
    ];
    // (The searches of the test's days are read again only when some user needs them.)
    if (Number(span?.timed))
      steps.push(`SELECT arm, day, nb, ${x('vb')} AS x0, ${x('vb + v')} AS x1, 1.0 AS dn FROM (
  SELECT u.arm AS arm, r.day AS day, r.${value} AS v, coalesce(sum(r.${value}) OVER w, 0) AS vb, CAST(count(*) OVER w AS DOUBLE) AS nb
  FROM (SELECT * FROM ${rows} WHERE ${KEPT}) r JOIN (SELECT uh, arm FROM ${users} WHERE last > d0 AND n > 2) u ON u.uh = r.uh
  WINDOW w AS (PARTITION BY r.uh ORDER BY r.day ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)
)`);
    const added = await duck.all(
      `SELECT CAST(arm AS INTEGER) AS arm, CAST(day AS INTEGER) AS day, sum(x1 - x0) AS x, sum(dn) AS n, sum(x1 * x1 - x0 * x0) AS xx,
  sum((nb + dn) * (nb + dn) - nb * nb) AS nn, sum(x1 * (nb + dn) - x0 * nb) AS xn
FROM (${steps.join('\nUNION ALL\n')}) GROUP BY arm, day`,
      { ...(Number(span?.timed) ? params : {}), ...(input.metric === 'revenue' ? { cap: cap ?? 0 } : {}) },
    );
    const firstDays = new Map<string, number>();
    for (const r of await duck.all(
      `SELECT CAST(arm AS INTEGER) AS arm, CAST(d0 AS INTEGER) AS day, CAST(count(*) AS INTEGER) AS users FROM ${users} GROUP BY ALL`,
    ))
      firstDays.set(`${r.arm}:${r.day}`, Number(r.users));
    const sumDays: ArmDay[] = added
      .map((r) => ({
        arm: Number(r.arm),
        day: Number(r.day),
        users: firstDays.get(`${r.arm}:${r.day}`) ?? 0,
        x: Number(r.x),
        n: Number(r.n),
        xx: Number(r.xx),
        nn: Number(r.nn),
        xn: Number(r.xn),
      }))
      .sort((a, b) => a.day - b.day || a.arm - b.arm);
    const totals: ArmTotals[] = input.arms.map(() => ({
      users: 0,
      sessions: 0,
      searches: 0,
      clicked: 0,
      carted: 0,
      purchased: 0,
      revenue: 0,
    }));
    for (const r of await duck.all(`SELECT CAST(arm AS INTEGER) AS arm, CAST(count(*) AS DOUBLE) AS users,
  CAST(sum(sessions) AS DOUBLE) AS sessions, CAST(sum(n) AS DOUBLE) AS searches, CAST(sum(clicked) AS DOUBLE) AS clicked,
  CAST(sum(carted) AS DOUBLE) AS carted, CAST(sum(bought) AS DOUBLE) AS bought, CAST(sum(revenue) AS DOUBLE) AS revenue
FROM ${users} GROUP BY arm`)) {
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
    const groups = await groupSums(store, { users, pre }, input.metric, cap);
    return {
      sums: { totals, days: sumDays, lastDay: Number(span?.last ?? 0), revenueCap, groups },
      searches: { logged: Number(tied?.logged ?? 0), bucketed: Number(tied?.bucketed ?? 0), unknownVariation: Number(tied?.unknown ?? 0) },
    };
  } finally {
    for (const table of [bucketed, drawn, keys, pre, grouped]) await duck.run(`DROP TABLE IF EXISTS ${table}`).catch(() => undefined);
  }
}

/**
 * The users no search on their first day tied to a variation, bucketed by their id as the storefront does: their ids
 * (as logged: the user id, else the client id, else `session:` and the session) read back from the searches of the
 * window, their arms drawn by `armOf` and joined to the users' table in one statement: the users' table to read then.
 */
async function bucketUnlogged(
  store: TrafficStore,
  tables: { users: string; keys: string; drawn: string; bucketed: string },
  params: { test: string; start: string; end: string },
  armOf: (user: string) => number,
): Promise<string> {
  const duck = store.duck;
  const [unlogged] = await duck.all(`SELECT CAST(count(*) AS INTEGER) AS n FROM ${tables.users} WHERE arm IS NULL`);
  if (!Number(unlogged?.n)) return tables.users;
  // Each such user once, numbered (in any order) so that the arms drawn in JavaScript can be tied back to them.
  await duck.run(
    `CREATE OR REPLACE TEMP TABLE ${tables.keys} AS SELECT h, key, CAST(row_number() OVER () AS INTEGER) AS i FROM (
  SELECT h, min(key) AS key FROM (
    SELECT coalesce(user_id, client_id, CASE WHEN ab_test = $test THEN 'session:' || session_id END) AS key,
      CASE WHEN coalesce(user_id, client_id) IS NOT NULL THEN hash(coalesce(user_id, client_id))
        WHEN ab_test = $test AND session_id IS NOT NULL THEN hash(hash(session_id)) END AS h
    FROM searches WHERE ts >= CAST($start AS TIMESTAMP) AND ts < CAST($end AS TIMESTAMP)
  ) WHERE h IN (SELECT uh FROM ${tables.users} WHERE arm IS NULL) GROUP BY h
)`,
    params,
  );
  await duck.run(`CREATE OR REPLACE TEMP TABLE ${tables.drawn} (i INTEGER, arm INTEGER)`);
  const drawn: number[][] = [];
  await duck.each(`SELECT i, key FROM ${tables.keys}`, (n, column) => {
    const [index, key] = [column(0), column(1)];
    for (let r = 0; r < n; r++) drawn.push([Number(index(r)), armOf(String(key(r)))]);
  });
  await duck.appendIntegers(tables.drawn, drawn);
  // The users' table made again with the drawn arms (a join: an update of a million rows is slower by far).
  await duck.run(
    `CREATE OR REPLACE TEMP TABLE ${tables.bucketed} AS SELECT u.* REPLACE (coalesce(u.arm, b.arm) AS arm)
FROM ${tables.users} u LEFT JOIN (SELECT k.h, d.arm FROM ${tables.keys} k JOIN ${tables.drawn} d ON d.i = k.i) b ON b.h = u.uh`,
  );
  return tables.bucketed;
}

/** Each metric's per-user x in SQL, from a user's summed columns (revenue capped at $cap). */
const METRIC_SQL: Record<AbMetric, (prefix: string) => string> = {
  ctr: (p) => `${p}clicked`,
  conversion: (p) => `${p}bought`,
  revenue: (p) => `least(${p}revenue, CAST($cap AS DOUBLE))`,
};

/**
 * Users' final totals summed by variation and segment (the segment of their first search), each metric's x with its
 * squares and products with n, and for the metric read the pre-period's xp and np with their cross sums: `GroupSums`.
 */
async function groupSums(
  store: TrafficStore,
  tables: { users: string; pre: string },
  metric: AbMetric,
  cap: number | null,
): Promise<GroupSums[]> {
  const each = (name: string, x: string) => `sum(${x}) AS ${name}_x, sum(${x} * ${x}) AS ${name}_xx, sum(${x} * n) AS ${name}_xn`;
  // least() passes over a null: a user with no pre-period is given 0 before the cap, or it would be the cap.
  const pre = { ctr: 'p.pclicked', conversion: 'p.pbought', revenue: 'least(coalesce(p.prevenue, 0), CAST($cap AS DOUBLE))' }[metric];
  const result = await store.duck.all(
    `WITH j AS (
  SELECT u.arm, u.segment, CAST(u.n AS DOUBLE) AS n, u.clicked, u.bought, u.revenue, coalesce(p.np, 0) AS np,
    coalesce(${pre}, 0) AS xp, ${METRIC_SQL[metric]('u.')} AS y
  FROM ${tables.users} u LEFT JOIN ${tables.pre} p ON p.uh = u.uh
)
SELECT CAST(arm AS INTEGER) AS arm, segment, CAST(count(*) AS INTEGER) AS users,
  sum(n) AS n, sum(n * n) AS nn,
  ${each('ctr', METRIC_SQL.ctr(''))}, ${each('conversion', METRIC_SQL.conversion(''))}, ${each('revenue', METRIC_SQL.revenue(''))},
  sum(xp) AS px, sum(np) AS pn, sum(xp * xp) AS pxx, sum(np * np) AS pnn, sum(xp * np) AS pxn,
  sum(y * xp) AS yx, sum(y * np) AS yn, sum(n * xp) AS nx, sum(n * np) AS nnp
FROM j GROUP BY ALL`,
    { cap: cap ?? 0 },
  );
  // The segments by their number, named here (a few rows, where a join would touch every user's).
  const names = new Map((await store.duck.all('SELECT id, segment FROM segment_names')).map((r) => [Number(r.id), String(r.segment)]));
  const named = result
    .map((r) => ({ r, segment: r.segment === null ? '' : (names.get(Number(r.segment)) ?? '') }))
    .sort((a, b) => Number(a.r.arm) - Number(b.r.arm) || (a.segment < b.segment ? -1 : a.segment > b.segment ? 1 : 0));
  const num = (v: unknown) => Number(v ?? 0);
  return named.map(({ r, segment }) => ({
    arm: num(r.arm),
    segment,
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

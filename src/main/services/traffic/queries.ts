import { numberedPagesSql, type PairKey, pagesFromColumns, type PreparedPages } from '../../../shared/click-models';
import type { TestSums } from '../../../shared/abtest';
import type { TrafficFilter } from '../../../shared/traffic';
import type { TrafficStore } from './store';
import { type TiedSearches, type TestSumsInput, testSumsOnStore } from './test-sums';
import { type StoreWindow, USER_DAYS_SQL } from './user-days';

export type { StoreWindow } from './user-days';

/**
 * What other capabilities may ask the traffic store: named queries with typed rows, each decoded once, here, beside
 * its SQL. No service outside traffic runs SQL on the store (a test reads the services for it); they are handed a
 * `StoreQueries` by `TrafficService.ask`, which holds the store while they work.
 */

/** One user's day in a window: the searches and what they led to, and the variation they were logged with for a test. */
export interface UserDayRow {
  /** UBI's `user_id`, else `client_id`; a search logged in the test without either counts its session (`session:<id>`). */
  user: string;
  /** The variation the day's searches were logged with for the test, when they were. */
  logged: string | null;
  /** The segment of the day's first search, when it had one. */
  segment: string | null;
  /** Days since the window's start (0 the first). */
  day: number;
  searches: number;
  sessions: number;
  /** Searches with a click in the first k, with an add-to-cart, with a purchase; the purchases' revenue. */
  clicked: number;
  carted: number;
  bought: number;
  revenue: number;
}

/** One user's totals in a window: see `StoreQueries.userTotals`. */
export interface UserTotalsRow {
  user: string;
  searches: number;
  clicked: number;
  bought: number;
  revenue: number;
  firstDay: number;
  lastDay: number;
}

/** How many searches in a window there are, how many carry a user or client id, and how many were logged in a test. */
export interface WindowCoverage {
  searches: number;
  identified: number;
  logged: number;
  /** The A/B tests other searches in the window were logged with (at most five, the most logged first). */
  otherTests: string[];
}

/** One first page of the numbered pages, for the replay: its ranking's number, the ranks clicked, its session and context. */
export interface NumberedSearch {
  ranking: number;
  /** The ranks clicked, as the core's bit set of the first MODEL_DEPTH. */
  clicked: number;
  session: string;
  configuration: string;
  variables: string;
  query: string;
}

/** Add-to-carts (kind 0) or purchases (1) on one item of a session's first pages, by the item's pair number. */
export interface NumberedConversion {
  session: string;
  pair: number;
  kind: number;
  count: number;
}

/** The store's first pages numbered by DuckDB, as columns: what pages are made of, but their patterns. */
export type NumberedPages = Omit<Parameters<typeof pagesFromColumns>[0], 'patternRanking' | 'clicked' | 'count'>;

// From the searches' outcomes kept in memory (the user a hash, the test and variation a number): no file read. The
// window's searches counted by the store's number for their test and variation, named in JavaScript.
const COVERAGE_SQL = `SELECT o.ab AS ab, CAST(count(*) AS DOUBLE) AS searches, CAST(count(o.user_hash) AS DOUBLE) AS identified
FROM search_outcomes o WHERE o.ts >= CAST($start AS TIMESTAMP) AND o.ts < CAST($end AS TIMESTAMP) GROUP BY o.ab`;

const CONFIGURATIONS_SQL = `SELECT coalesce(configuration_id, '') AS configuration, count(*) AS n FROM searches
WHERE coalesce(page, 1) = 1 GROUP BY ALL ORDER BY n DESC, configuration`;

const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

let tags = 0;

export class StoreQueries {
  constructor(private readonly store: TrafficStore) {}

  async windowCoverage(test: string, window: StoreWindow): Promise<WindowCoverage> {
    const tests = new Map(
      (await this.store.duck.all('SELECT id, ab_test FROM ab_variations')).map((v) => [Number(v.id), String(v.ab_test)]),
    );
    const coverage = { searches: 0, identified: 0, logged: 0 };
    const others = new Map<string, number>();
    for (const row of await this.store.duck.all(COVERAGE_SQL, { start: window.start, end: window.end })) {
      const [searches, name] = [Number(row.searches), row.ab === null ? undefined : tests.get(Number(row.ab))];
      coverage.searches += searches;
      coverage.identified += Number(row.identified);
      if (name === test) coverage.logged += searches;
      else if (name !== undefined) others.set(name, (others.get(name) ?? 0) + searches);
    }
    const otherTests = [...others]
      .sort(([a, n], [b, m]) => m - n || (a < b ? -1 : a > b ? 1 : 0))
      .slice(0, 5)
      .map(([name]) => name);
    return { ...coverage, otherTests };
  }

  /** Each user's days in the window (from `from` when given: days before the start negative), with the variation logged for `test`. */
  async userDays(test: string, window: StoreWindow & { from?: string }, k: number): Promise<UserDayRow[]> {
    const rows = await this.store.duck.all(USER_DAYS_SQL, {
      test,
      from: window.from ?? window.start,
      start: window.start,
      end: window.end,
      k,
    });
    return rows.map((row) => ({
      user: String(row.user_key),
      logged: text(row.logged),
      segment: text(row.segment),
      day: Number(row.day),
      searches: Number(row.searches),
      sessions: Number(row.sessions),
      clicked: Number(row.clicked),
      carted: Number(row.carted),
      bought: Number(row.bought),
      revenue: Number(row.revenue),
    }));
  }

  /**
   * A test's sufficient statistics over its window, summed by DuckDB (per variation and day, and per variation), with
   * how its searches were tied to variations; `armOf` buckets a user no search tied to one, as the storefront does.
   */
  testSums(input: TestSumsInput, armOf: (user: string) => number): Promise<{ sums: TestSums; searches: TiedSearches }> {
    return testSumsOnStore(this.store, input, armOf);
  }

  /** Each user's totals in a window (one row per user, summed in the store): searches, clicks in the first k, purchases, revenue, and their first and last day. */
  async userTotals(window: StoreWindow, k: number): Promise<UserTotalsRow[]> {
    const rows = await this.store.duck.all(
      `SELECT user_key, CAST(sum(searches) AS DOUBLE) AS searches, CAST(sum(clicked) AS DOUBLE) AS clicked,
  CAST(sum(bought) AS DOUBLE) AS bought, CAST(sum(revenue) AS DOUBLE) AS revenue,
  CAST(min(day) AS INTEGER) AS first_day, CAST(max(day) AS INTEGER) AS last_day
FROM (${USER_DAYS_SQL}) GROUP BY user_key`,
      { test: '', from: window.start, start: window.start, end: window.end, k },
    );
    return rows.map((r) => ({
      user: String(r.user_key),
      searches: Number(r.searches),
      clicked: Number(r.clicked),
      bought: Number(r.bought),
      revenue: Number(r.revenue),
      firstDay: Number(r.first_day),
      lastDay: Number(r.last_day),
    }));
  }

  /** The last search's time as the store writes it (`YYYY-MM-DD HH:MM:SS…`, UTC), or null for an empty store. */
  async lastSearchAt(): Promise<string | null> {
    const [span] = await this.store.duck.all('SELECT CAST(max(ts) AS VARCHAR) AS last FROM searches');
    return text(span?.last);
  }

  /** The configurations the store's first pages were logged under ('' for none), most searched first. */
  async firstPageConfigurations(): Promise<string[]> {
    return (await this.store.duck.all(CONFIGURATIONS_SQL)).map((r) => String(r.configuration));
  }

  /** The store's first pages, grouped into patterns (ranking, ranks clicked) and numbered by DuckDB: what every click model fits on. */
  firstPages(filter: TrafficFilter = {}): Promise<PreparedPages> {
    return this.numbered(filter, false, async (numbered, sql) => {
      const [patternRanking, clicked, countIn] = (await this.ints(sql.patterns, 3)) as [Int32Array, Int32Array, Int32Array];
      return pagesFromColumns({ ...numbered, patternRanking, clicked, count: Float64Array.from(countIn) });
    });
  }

  /**
   * The store's first pages numbered (rankings, cells, pairs), handed to `work` with readers of each first page and of
   * the conversions on them — what the replay of estimates on traffic counts its own patterns from.
   */
  numberedSearches<T>(
    filter: TrafficFilter,
    work: (
      numbered: NumberedPages,
      read: {
        searches: (each: (row: NumberedSearch) => void) => Promise<void>;
        conversions: (each: (row: NumberedConversion) => void) => Promise<void>;
      },
    ) => Promise<T>,
  ): Promise<T> {
    return this.numbered(filter, true, (numbered, sql) =>
      work(numbered, {
        searches: (each) =>
          this.store.duck.each(sql.searches, (rows, column) => {
            const [r, c, s, conf, vars, q] = [column(0), column(1), column(2), column(3), column(4), column(5)];
            for (let i = 0; i < rows; i++)
              each({
                ranking: Number(r(i)),
                clicked: Number(c(i)),
                session: String(s(i)),
                configuration: text(conf(i)) ?? '',
                variables: String(vars(i)),
                query: String(q(i)),
              });
          }),
        conversions: (each) =>
          this.store.duck.each(sql.conversions, (rows, column) => {
            const [s, p, k, n] = [column(0), column(1), column(2), column(3)];
            for (let i = 0; i < rows; i++) each({ session: String(s(i)), pair: Number(p(i)), kind: Number(k(i)), count: Number(n(i)) });
          }),
      }),
    );
  }

  /** A result's integer columns, read chunk by chunk into typed arrays (grown as they fill: the size is not known ahead). */
  private async ints(sql: string, columns: number): Promise<Int32Array[]> {
    let out = Array.from({ length: columns }, () => new Int32Array(1 << 16));
    let length = 0;
    await this.store.duck.each(sql, (rows, column) => {
      if (length + rows > out[0]!.length)
        out = out.map((values) => {
          const grown = new Int32Array(Math.max(values.length * 2, length + rows));
          grown.set(values.subarray(0, length));
          return grown;
        });
      for (let c = 0; c < columns; c++) {
        const read = column(c);
        const values = out[c]!;
        for (let i = 0; i < rows; i++) values[length + i] = Number(read(i));
      }
      length += rows;
    });
    return out.map((values) => values.subarray(0, length));
  }

  /**
   * Numbers the store's first pages in temporary tables (dropped after `work`), reads the rankings, their cells and the
   * pairs, and hands them to `work` with the SQL of the rest. A tag keeps two at once on one store apart.
   */
  private async numbered<T>(
    filter: TrafficFilter,
    withSearches: boolean,
    work: (numbered: NumberedPages, sql: ReturnType<typeof numberedPagesSql>) => Promise<T>,
  ): Promise<T> {
    const sql = numberedPagesSql(filter, String(++tags), withSearches);
    try {
      for (const step of sql.setup) await this.store.duck.run(step.text, step.params);
      const [rid, depthIn] = (await this.ints(sql.rankings, 2)) as [Int32Array, Int32Array];
      // Placed by ranking number: the rows come in no order.
      const rankingDepth = new Int32Array(rid.length);
      rid.forEach((k, i) => (rankingDepth[k] = depthIn[i]!));
      const [cellRanking, cellRank, cellPair] = (await this.ints(sql.cells, 3)) as [Int32Array, Int32Array, Int32Array];
      const pairs: PairKey[] = [];
      await this.store.duck.each(sql.pairs, (rows, column) => {
        const [a, b, c] = [column(0), column(1), column(2)];
        for (let i = 0; i < rows; i++) pairs[Number(a(i))] = { query: String(b(i)), itemId: String(c(i)) };
      });
      return await work({ pairs, rankingDepth, cellRanking, cellRank, cellPair }, sql);
    } finally {
      for (const statement of sql.cleanup) await this.store.duck.run(statement).catch(() => undefined);
    }
  }
}

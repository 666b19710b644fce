/**
 * A test's sufficient statistics summed by DuckDB over its window are the ones summed from its users' days in memory
 * (the reference): per variation and day, per variation, the revenue cap, how searches were tied — on a log whose users
 * are logged in a variation, logged in one the test does not have, or bucketed by their id, over several days.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFile, StoreQueries, TrafficStore } from '../../../src/main/services/traffic';
import {
  AB_METRICS,
  type AbTest,
  assign,
  preWindowStart,
  readFromSums,
  sumsOfDays,
  testWindow,
  type UserDay,
} from '../../../src/shared/abtest';
import { mulberry32 } from '../../../src/shared/random';

const test = {
  id: 'sums-test',
  name: 'Sums',
  variations: [
    { id: 'control', weight: 50 },
    { id: 'b', weight: 30 },
    { id: 'c', weight: 20 },
  ],
  start: '2026-11-01',
  end: '2026-11-05',
};
let dir: string;
let store: TrafficStore;

/** A UBI query line: a search for "tent" by this client, its attributes as given. */
const queryLine = (id: string, client: string, timestamp: string, attributes: Record<string, unknown>) =>
  JSON.stringify({
    application: 'shop',
    query_id: id,
    client_id: client,
    timestamp,
    user_query: 'tent',
    query_response_hit_ids: ['a', 'b', 'c'],
    query_attributes: attributes,
  });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wb-ab-sums-'));
  const random = mulberry32(7);
  const queries: string[] = [];
  const events: string[] = [];
  let q = 0;
  const search = (
    u: number,
    user: string | undefined,
    segment: string | undefined,
    logged: string | null,
    day: number,
    s: number,
    clicky: number,
  ) => {
    const id = `q${++q}`;
    const ts = new Date(Date.UTC(2026, 10, 1 + day, 8 + s)).toISOString().replace('.000', '');
    const attrs: Record<string, unknown> = { session_id: `s-${u}-${day}` };
    if (user) attrs.user_id = user;
    if (segment) attrs.segment = segment;
    if (logged && day >= 0) Object.assign(attrs, { abTest: test.id, abVariation: logged });
    queries.push(queryLine(id, `c-${u}`, ts, attrs));
    const at = (action: string, extra: Record<string, unknown> = {}) =>
      events.push(
        JSON.stringify({
          application: 'shop',
          action_name: action,
          query_id: id,
          session_id: attrs.session_id,
          client_id: `c-${u}`,
          timestamp: ts,
          event_attributes: { object: { object_id: 'a' }, position: { ordinal: 1 }, ...extra },
        }),
      );
    if (random() < clicky) at('click');
    if (random() < 0.1) at('add_to_cart');
    if (random() < 0.08) at('purchase', { value: Math.round(random() * 200 * (random() < 0.02 ? 50 : 1)) });
  };
  for (let u = 0; u < 300; u++) {
    // A third logged in a variation (a few in one the test lacks), the rest bucketed by their id; some with no id at all.
    const kind = random();
    const logged = kind < 0.3 ? test.variations[Math.floor(random() * 3)]!.id : kind < 0.33 ? 'retired' : null;
    const user = random() < 0.05 ? undefined : `user-${u}`;
    // A segment per user (some with none); each user a propensity to click of their own, before the test and in it.
    const segment = ['outlet', 'premium', 'new', undefined][Math.floor(random() * 4)];
    const clicky = 0.15 + 0.6 * random();
    // Days −3 to −1 (29–31 October) are the pre-period, 0 to 5 the test.
    for (let day = -3; day < 6; day++) {
      if (random() < 0.5) continue;
      const searches = 1 + Math.floor(random() * 3);
      for (let s = 0; s < searches; s++) search(u, user, segment, logged, day, s, clicky);
    }
  }
  // Users of each shape the store sums apart: searches on one day of the test only, and one search on each of two days
  // (each logged or bucketed, with a pre-period or without), beside the many searching on several days.
  for (let u = 300; u < 340; u++) {
    const logged = u % 2 ? 'b' : null;
    const days = u < 320 ? [u % 6, u % 6] : [u % 3, 3 + (u % 3)];
    if (u % 4 === 0) search(u, `user-${u}`, 'outlet', logged, -2, 0, 0.5);
    // A user's segment is their first search's, whichever its name: some change it after the first search.
    const segments = [
      ['new', 'premium'],
      ['premium', 'new'],
      ['premium', 'premium'],
    ][u % 3]!;
    days.forEach((day, s) => search(u, `user-${u}`, segments[s], logged, day, s, 0.5));
  }
  await writeFile(join(dir, 'queries.jsonl'), `${queries.join('\n')}\n`);
  await writeFile(join(dir, 'events.jsonl'), `${events.join('\n')}\n`);
  store = await TrafficStore.open(join(dir, 'store'));
  await importFile(store, join(dir, 'queries.jsonl'));
  await importFile(store, join(dir, 'events.jsonl'));
}, 60_000);

afterAll(async () => {
  store?.close();
  await rm(dir, { recursive: true, force: true });
});

describe("a test's sufficient statistics, summed in the store", () => {
  it.each(AB_METRICS)('%s: the same sums and the same readout as from the users’ days in memory', async (metric) => {
    const queries = new StoreQueries(store);
    const window = testWindow(test);
    const arms = new Map(test.variations.map((v, i) => [v.id, i]));
    const { sums, searches } = await queries.testSums(
      { test: test.id, arms: test.variations.map((v) => v.id), window, k: 10, metric },
      (user) => arms.get(assign(test, user).variationId)!,
    );
    // The reference: each user's days, tied by the variation logged, else drawn from the id; other variations left out.
    const days: UserDay[] = [];
    const tied = { logged: 0, bucketed: 0, unknownVariation: 0 };
    for (const row of await queries.userDays(test.id, { ...window, from: preWindowStart(window.start) }, 10)) {
      const day: UserDay = {
        ...row,
        segment: row.segment ?? '',
        purchased: row.bought,
        variation: row.logged ?? assign(test, row.user).variationId,
      };
      if (row.day < 0) {
        days.push(day);
        continue;
      }
      if (row.logged !== null && !arms.has(row.logged)) {
        tied.unknownVariation += row.searches;
        continue;
      }
      tied[row.logged ? 'logged' : 'bucketed'] += row.searches;
      days.push(day);
    }
    expect(searches).toEqual(tied);
    expect(tied.logged).toBeGreaterThan(100);
    expect(tied.bucketed).toBeGreaterThan(100);
    expect(tied.unknownVariation).toBeGreaterThan(0);
    const reference = sumsOfDays(test, days, metric);
    expect(sums.totals).toEqual(reference.totals);
    expect(sums.lastDay).toBe(reference.lastDay);
    expect(sums.revenueCap).toBe(reference.revenueCap);
    expect(sums.days.map((d) => [d.arm, d.day, d.users])).toEqual(reference.days.map((d) => [d.arm, d.day, d.users]));
    // Users' final totals by variation and segment, with the pre-period: the same sums in SQL as in memory.
    expect(sums.groups.map((g) => [g.arm, g.segment, g.users])).toEqual(reference.groups.map((g) => [g.arm, g.segment, g.users]));
    expect(new Set(sums.groups.map((g) => g.segment))).toEqual(new Set(['', 'new', 'outlet', 'premium']));
    sums.groups.forEach((g, i) => {
      const r = reference.groups[i]!;
      for (const key of ['n', 'nn'] as const) expect(g[key]).toBeCloseTo(r[key], 6);
      for (const m of AB_METRICS) for (const key of ['x', 'xx', 'xn'] as const) expect(g.metrics[m][key]).toBeCloseTo(r.metrics[m][key], 6);
      for (const key of Object.keys(g.pre) as (keyof typeof g.pre)[])
        expect([key, g.pre[key]]).toEqual([key, expect.closeTo(r.pre[key], 6)]);
    });
    expect(sums.groups.reduce((s, g) => s + g.pre.n, 0)).toBeGreaterThan(100);
    sums.days.forEach((d, i) => {
      const r = reference.days[i]!;
      for (const key of ['x', 'n', 'xx', 'nn', 'xn'] as const) expect(d[key]).toBeCloseTo(r[key], 6);
    });
    const options = { metric, minimumEffect: 0.05, alpha: 0.05 };
    const fromStore = readFromSums(test, sums, options);
    const fromMemory = readFromSums(test, reference, options);
    expect(fromStore.variations.map((v) => v.users)).toEqual(fromMemory.variations.map((v) => v.users));
    fromStore.variations.forEach((v, i) => expect(v.value).toBeCloseTo(fromMemory.variations[i]!.value, 9));
    // CUPED on users whose own propensity carries from the pre-period into the test: variance removed.
    if (metric === 'ctr') expect(fromStore.cuped![0]!.varianceRemoved).toBeGreaterThan(0.02);
    fromStore.cuped?.forEach((c, i) => expect(c.liftAbsolute).toBeCloseTo(fromMemory.cuped![i]!.liftAbsolute, 9));
    expect(fromStore.segments.map((x) => [x.segment, x.variation, x.pAdjusted])).toEqual(
      fromMemory.segments.map((x) => [x.segment, x.variation, expect.closeTo(x.pAdjusted, 9)]),
    );
    expect(fromStore.guardrails.map((g) => [g.variation, g.metric, g.verdict])).toEqual(
      fromMemory.guardrails.map((g) => [g.variation, g.metric, g.verdict]),
    );
    fromStore.lifts.forEach((l, i) => {
      expect(l.p).toBeCloseTo(fromMemory.lifts[i]!.p, 9);
      expect(l.daily.length).toBe(fromMemory.lifts[i]!.daily.length);
    });
    expect(await store.duck.all(`SELECT table_name FROM duckdb_tables() WHERE table_name LIKE 'wb_%'`)).toEqual([]);
  });
});

/** One user's searches, each logged in the control, as UBI query lines. */
const loggedSearch = (id: string, session: string, timestamp: string) =>
  queryLine(id, 'c-1', timestamp, { session_id: session, user_id: 'user-1', abTest: test.id, abVariation: 'control' });

/** The sums of `read` over a store of these lines alone. */
async function sumsOf(lines: string[], read: AbTest = test) {
  const own = await mkdtemp(join(tmpdir(), 'wb-ab-small-'));
  try {
    await writeFile(join(own, 'queries.jsonl'), `${lines.join('\n')}\n`);
    const small = await TrafficStore.open(join(own, 'store'));
    try {
      await importFile(small, join(own, 'queries.jsonl'));
      const { sums } = await new StoreQueries(small).testSums(
        { test: read.id, arms: read.variations.map((v) => v.id), window: testWindow(read), k: 10, metric: 'ctr' },
        () => 0,
      );
      return sums;
    } finally {
      small.close();
    }
  } finally {
    await rm(own, { recursive: true, force: true });
  }
}

describe('sessions in a readout', () => {
  it('a session that crosses midnight counts once, on the day it began', async () => {
    const sums = await sumsOf([
      loggedSearch('m1', 'late', '2026-11-01T23:30:00Z'),
      loggedSearch('m2', 'late', '2026-11-02T00:30:00Z'),
      loggedSearch('m3', 'next', '2026-11-02T09:00:00Z'),
    ]);
    expect(sums.totals[0]).toMatchObject({ users: 1, searches: 3, sessions: 2 });
  });
});

describe("a readout's span", () => {
  it('searches more than 25,000 days after the start are refused by name, not summed wrong', async () => {
    const lines = [loggedSearch('m1', 'one', '2026-11-01T09:00:00Z')];
    await expect(sumsOf(lines, { ...test, start: '1950-01-01', end: undefined })).rejects.toMatchObject({
      error: { code: 'validation', details: { field: 'start' } },
    });
    expect((await sumsOf(lines, { ...test, start: '1960-01-01', end: undefined })).totals[0]).toMatchObject({
      users: 1,
    });
  });
});

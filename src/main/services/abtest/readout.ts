import {
  type AbReading,
  type AbTest,
  assign,
  readTest,
  type StoreReadout,
  testWindow,
  USER_COVERAGE_SQL,
  USER_DAYS_SQL,
  type UserDay,
} from '../../../shared/abtest';
import { failure } from '../../../shared/errors';
import type { TrafficStore } from '../traffic';

/** How a test is read: the core's reading (metric, k, minimum effect, alpha). */
export type ReadInput = AbReading;

/**
 * A test read from the traffic store: its users' days in the test's window, each tied to its variation by the test
 * and variation the searches were logged with, else by bucketing the user id as the storefront does — refused, with
 * what to do, when the log has neither.
 */
export async function readTestOnStore(store: TrafficStore, test: AbTest, input: ReadInput): Promise<StoreReadout> {
  const window = testWindow(test);
  const params = { test: test.id, start: window.start, end: window.end, k: input.k };
  const [coverage] = await store.duck.all(USER_COVERAGE_SQL, { test: test.id, start: window.start, end: window.end });
  const inDays = Number(coverage?.searches ?? 0);
  if (!inDays)
    throw failure(
      'validation',
      `The traffic store has no search in the test's days (from ${test.start}${test.end ? ` to ${test.end}` : ''}): import the traffic of those days, or check the test's start.`,
      {
        field: 'store',
      },
    );
  if (!Number(coverage?.identified ?? 0) && !Number(coverage?.logged ?? 0))
    throw failure(
      'validation',
      `No search in the test's days has a user id (UBI's user_id, else client_id; an activity's user.identities) or was logged with test ${JSON.stringify(test.id)}: searches cannot be tied to variations. Import a log that carries the shoppers' ids, or the test and variation of each search.`,
      { field: 'store' },
    );
  const known = new Set(test.variations.map((v) => v.id));
  const days: UserDay[] = [];
  let logged = 0;
  let bucketed = 0;
  let unknownVariation = 0;
  for (const row of await store.duck.all(USER_DAYS_SQL, params)) {
    const n = Number(row.searches);
    const logVariation = row.logged === null || row.logged === undefined ? null : String(row.logged);
    if (logVariation !== null && !known.has(logVariation)) {
      unknownVariation += n;
      continue;
    }
    if (logVariation) logged += n;
    else bucketed += n;
    const user = String(row.user_key);
    days.push({
      user,
      variation: logVariation ?? assign(test, user).variationId,
      day: Number(row.day),
      searches: n,
      sessions: Number(row.sessions),
      clicked: Number(row.clicked),
      carted: Number(row.carted),
      purchased: Number(row.bought),
      revenue: Number(row.revenue),
    });
  }
  const readout = readTest(test, days, { metric: input.metric, minimumEffect: input.minimumEffect, alpha: input.alpha });
  return {
    ...readout,
    test: { id: test.id, name: test.name, start: test.start, end: test.end ?? null },
    searches: { inDays, logged, bucketed, unknownVariation },
  };
}

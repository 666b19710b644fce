import { type AbReading, type AbTest, assign, readTest, type StoreReadout, testWindow, type UserDay } from '../../../shared/abtest';
import { failure } from '../../../shared/errors';
import type { StoreQueries } from '../traffic';

/** How a test is read: the core's reading (metric, k, minimum effect, alpha). */
export type ReadInput = AbReading;

/**
 * A test read from the traffic store: its users' days in the test's window, each tied to its variation by the test
 * and variation the searches were logged with, else by bucketing the user id as the storefront does — refused, with
 * what to do, when the log has neither.
 */
export async function readTestOnStore(store: StoreQueries, test: AbTest, input: ReadInput): Promise<StoreReadout> {
  const window = testWindow(test);
  const coverage = await store.windowCoverage(test.id, window);
  const inDays = coverage.searches;
  if (!inDays)
    throw failure(
      'validation',
      `The traffic store has no search in the test's days (from ${test.start}${test.end ? ` to ${test.end}` : ''}): import the traffic of those days, or check the test's start.`,
      {
        field: 'store',
      },
    );
  if (!coverage.identified && !coverage.logged)
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
  for (const row of await store.userDays(test.id, window, input.k)) {
    const n = row.searches;
    if (row.logged !== null && !known.has(row.logged)) {
      unknownVariation += n;
      continue;
    }
    if (row.logged) logged += n;
    else bucketed += n;
    days.push({
      user: row.user,
      variation: row.logged ?? assign(test, row.user).variationId,
      day: row.day,
      searches: n,
      sessions: row.sessions,
      clicked: row.clicked,
      carted: row.carted,
      purchased: row.bought,
      revenue: row.revenue,
    });
  }
  const readout = readTest(test, days, { metric: input.metric, minimumEffect: input.minimumEffect, alpha: input.alpha });
  return {
    ...readout,
    test: { id: test.id, name: test.name, start: test.start, end: test.end ?? null },
    searches: { inDays, logged, bucketed, unknownVariation },
  };
}

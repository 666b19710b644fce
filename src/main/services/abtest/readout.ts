import { type AbReading, type AbTest, assign, readFromSums, type StoreReadout, testWindow } from '../../../shared/abtest';
import { failure } from '../../../shared/errors';
import type { StoreQueries } from '../traffic';

/** How a test is read: the core's reading (metric, k, minimum effect, alpha). */
export type ReadInput = AbReading;

/**
 * A test read from the traffic store: its sufficient statistics summed over the test's window in the store (each user
 * tied to a variation by the test and variation their searches were logged with, else by bucketing the user id as the
 * storefront does) — refused, with what to do, when the log has neither.
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
  // A log that carries A/B tests, but not this one: the test did not run in these days (or runs under another id), and
  // bucketing its users would read a test nobody was in.
  if (!coverage.logged && coverage.otherTests.length)
    throw failure(
      'validation',
      `No search in the test's days was logged with test ${JSON.stringify(test.id)}, though the log carries A/B tests (${coverage.otherTests.map((t) => JSON.stringify(t)).join(', ')}): it did not run then, or the storefront logs it under another id. Check the test's id and days.`,
      { field: 'file' },
    );
  // The test's sufficient statistics, summed in the store over its window; a user no search tied to a variation is
  // bucketed as the storefront does.
  const arms = new Map(test.variations.map((v, i) => [v.id, i]));
  const { sums, searches } = await store.testSums(
    { test: test.id, arms: test.variations.map((v) => v.id), window, k: input.k, metric: input.metric },
    (user) => arms.get(assign(test, user).variationId) ?? 0,
  );
  const readout = readFromSums(test, sums, { metric: input.metric, minimumEffect: input.minimumEffect, alpha: input.alpha });
  return {
    ...readout,
    test: { id: test.id, name: test.name, start: test.start, end: test.end ?? null },
    searches: { inDays, ...searches },
  };
}

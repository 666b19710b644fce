import { describe, expect, it } from 'vitest';
import { Random } from '../../../../src/main/emulator/catalog/random';
import { seedUsageLog, shopperQueries, UsageLog, USAGE_LIMITS } from '../../../../src/main/emulator/engine/usage-log';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-15T00:00:00Z');

/** Every query's views since each of several times: what autocomplete reads. */
function viewsOf(log: UsageLog): string[] {
  return [0, NOW - 7 * DAY, NOW - DAY, NOW - 3_600_000].map((since) => JSON.stringify(log.suggestions('', since)));
}

describe('the usage log', () => {
  it('takes a query’s searches at once exactly as one at a time, the latest kept past the limit', () => {
    const rng = new Random(3);
    const one = new UsageLog();
    const all = new UsageLog();
    for (const [query, n] of [
      ['rain jacket', 5],
      ['Tent  ', 1],
      ['boots', USAGE_LIMITS.timesPerQuery + 250],
    ] as const) {
      const times = Float64Array.from({ length: n }, () => NOW - Math.floor(rng.next() * 14 * DAY));
      for (const at of times) one.record(query, undefined, at);
      all.recordAll(query, times);
    }
    // A query already in the log takes more the same way.
    const more = Float64Array.from([NOW - 5, NOW - 2 * DAY]);
    for (const at of more) one.record('tent', undefined, at);
    all.recordAll('tent', more);
    expect(viewsOf(all)).toEqual(viewsOf(one));
    expect(all.suggestions('boo', 0)[0]!.views).toBe(USAGE_LIMITS.timesPerQuery);
  });

  it('is seeded with every search drawn, within the window, the most wanted queries viewed most, the same for a seed', () => {
    const seeded = () => {
      const log = new UsageLog();
      seedUsageLog(log, { events: 60_000, days: 14, seed: 42, now: NOW });
      return log;
    };
    const log = seeded();
    const all = log.suggestions('', 0);
    expect(all.reduce((n, s) => n + s.views, 0)).toBe(60_000);
    expect(log.suggestions('', NOW - 14 * DAY).reduce((n, s) => n + s.views, 0)).toBe(60_000);
    expect(log.suggestions('', NOW + 1)).toEqual([]);
    const weights = shopperQueries(42).sort((a, b) => b.weight - a.weight);
    const top = new Set(all.slice(0, 20).map((s) => s.query));
    expect(top.has(weights[0]!.query)).toBe(true);
    expect(viewsOf(seeded())).toEqual(viewsOf(log));
  });
});

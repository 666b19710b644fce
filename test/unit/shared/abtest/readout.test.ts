import { describe, expect, it } from 'vitest';
import { falseWins, outsideTestDays, powerAtPlannedSize, readTest, type UserDay } from '../../../../src/shared/abtest';
import { mulberry32 } from '../../../../src/shared/random';

const test2 = {
  variations: [
    { id: 'control', weight: 50 },
    { id: 'b', weight: 50 },
  ],
};
const day = (user: string, variation: string, d: number, searches: number, purchased: number, revenue = 0): UserDay => ({
  user,
  variation,
  day: d,
  searches,
  sessions: 1,
  clicked: 0,
  carted: 0,
  purchased,
  revenue,
});

describe('a test read from its users’ days', () => {
  it('rates per search over users, the delta method’s interval, the lift and the SRM check, by hand', () => {
    const days = [
      day('a1', 'control', 0, 2, 1),
      day('a2', 'control', 0, 2, 0),
      day('a1', 'control', 1, 2, 1),
      day('b1', 'b', 0, 1, 1),
      day('b2', 'b', 1, 3, 1),
    ];
    const r = readTest(test2, days, { metric: 'conversion', minimumEffect: 0.1, alpha: 0.05 });
    const [a, b] = r.variations;
    expect(a).toMatchObject({ users: 2, searches: 6, sessions: 3 });
    expect(a!.value).toBeCloseTo(2 / 6, 12);
    expect(b!.value).toBeCloseTo(2 / 4, 12);
    // Control: users (x, n) = (2, 4) and (0, 2); R = 1/3; residuals 2 − 4/3 = 2/3 and −2/3: s² = 8/9; n̄ = 3; Var = (8/9)/(2·9).
    const varA = 8 / 9 / (2 * 9);
    expect(a!.ci95[1] - a!.value).toBeCloseTo(1.959963984540054 * Math.sqrt(varA), 10);
    expect(r.lifts[0]!.lift).toBeCloseTo((0.5 - 1 / 3) / (1 / 3), 12);
    expect(r.lifts[0]!.liftAbsolute).toBeCloseTo(0.5 - 1 / 3, 12);
    expect(r.lifts[0]!.daily.map((d) => d.day)).toEqual([0, 1]);
    expect(r.srm).toMatchObject({ chi2: 0, flagged: false });
  });

  it('revenue: each user’s revenue capped at the 99.9th percentile of users, said as the cap', () => {
    const days = Array.from({ length: 2000 }, (_, i) => day(`u${i}`, i % 2 ? 'b' : 'control', 0, 1, 1, i === 7 ? 1e6 : 10));
    const r = readTest(test2, days, { metric: 'revenue', minimumEffect: 0.1, alpha: 0.05 });
    expect(r.revenueCap).toBe(10);
    expect(r.variations[1]!.value).toBeCloseTo(10, 12);
    // The rates beside it are as logged.
    expect(r.variations[1]!.rates.revenuePerSearch).toBeCloseTo((999 * 10 + 1e6) / 1000, 9);
  });
});

describe('validated by simulation (at a small size; npm run validate runs the full one)', () => {
  it('finds a planted +20% in conversion at the planner’s size for 80% power in at least 18 of 30 seeds', () => {
    const { perArm, found } = powerAtPlannedSize(30, mulberry32);
    expect(perArm).toBeGreaterThan(1000);
    expect(perArm).toBeLessThan(10_000);
    expect(found).toBeGreaterThanOrEqual(18);
  });

  it('over 60 null tests read every day for 14 days: the always-valid test’s false wins stay at most 5%, the fixed-horizon test read daily’s do not', () => {
    const { alwaysValid, dailyFixed } = falseWins(60, mulberry32);
    expect(alwaysValid / 60).toBeLessThanOrEqual(0.05);
    expect(dailyFixed / 60).toBeGreaterThan(0.1);
  });
});

describe('a lookup outside the test’s days', () => {
  const t = { start: '2026-11-01', end: '2026-11-14' };
  it('says before the start and after the end that no customer is in it; nothing while it runs', () => {
    expect(outsideTestDays(t, Date.parse('2026-10-31T23:59:59Z'))).toMatch(/^The test starts 2026-11-01: until then no customer is in it/);
    expect(outsideTestDays(t, Date.parse('2026-11-01T00:00:00Z'))).toBeNull();
    expect(outsideTestDays(t, Date.parse('2026-11-14T23:59:59Z'))).toBeNull();
    expect(outsideTestDays(t, Date.parse('2026-11-15T00:00:00Z'))).toMatch(/^The test ended 2026-11-14: since then no customer is in it/);
    expect(outsideTestDays({ start: '2026-11-01' }, Date.parse('2030-01-01T00:00:00Z'))).toBeNull();
  });
});

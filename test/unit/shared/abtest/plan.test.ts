import { describe, expect, it } from 'vitest';
import { assign, inVariation, planOnBaseline, proportionSampleSize, testSpan, testWindow } from '../../../../src/shared/abtest';

describe('the planner on a baseline', () => {
  it('one search per user, 20% converting: +25% needs about the textbook’s 1,094 per arm (Fleiss), days at the pace of users', () => {
    // 10,000 users over 10 days, 2,000 of them converting on their one search.
    const users = Array.from({ length: 10_000 }, (_, i) => ({ x: i < 2000 ? 1 : 0, n: 1 }));
    const plan = planOnBaseline(users, 10, [50, 50], { metric: 'conversion', minimumEffect: 0.25, alpha: 0.05 });
    expect(plan.baseline).toEqual({ value: 0.2, users: 10_000, searches: 10_000, days: 10 });
    expect(proportionSampleSize(0.2, 0.25)).toBe(1094);
    // The normal approximation without Fleiss' pooled term: within 1% of the textbook's.
    expect(Math.abs(plan.needed - 1094) / 1094).toBeLessThan(0.01);
    // 1,000 users a day, half of them in each arm: 500 a day.
    expect(plan.days).toBe(Math.ceil(plan.needed / 500));
    // An 80/20 split waits on its 20%: 200 a day; a zero-weight arm is not the pace.
    expect(planOnBaseline(users, 10, [80, 20, 0], { metric: 'conversion', minimumEffect: 0.25, alpha: 0.05 }).days).toBe(
      Math.ceil(plan.needed / 200),
    );
  });

  it('users are the unit: five searches that convert together need five times the users of five that convert apart', () => {
    // 100,000 users of five searches at 20% each: apart, their conversions spread as Binomial(5, 0.2) does…
    const counts = [32_768, 40_960, 20_480, 5120, 640, 32];
    const apart = counts.flatMap((n, x) => Array.from({ length: n }, () => ({ x, n: 5 })));
    // …together, a user's five convert all or none.
    const together = Array.from({ length: 100_000 }, (_, i) => ({ x: i % 5 === 0 ? 5 : 0, n: 5 }));
    const a = planOnBaseline(apart, 10, [50, 50], { metric: 'conversion', minimumEffect: 0.1, alpha: 0.05 });
    const b = planOnBaseline(together, 10, [50, 50], { metric: 'conversion', minimumEffect: 0.1, alpha: 0.05 });
    expect(a.baseline.value).toBeCloseTo(0.2, 12);
    expect(b.baseline.value).toBeCloseTo(0.2, 12);
    expect(b.needed / a.needed).toBeGreaterThan(4.9);
    expect(b.needed / a.needed).toBeLessThan(5.1);
    // One user has no variance to plan from.
    expect(planOnBaseline([{ x: 1, n: 1 }], 1, [50, 50], { metric: 'ctr', minimumEffect: 0.1, alpha: 0.05 })).toMatchObject({
      needed: Infinity,
      days: null,
    });
  });
});

describe('a customer’s request in their variation', () => {
  const test = {
    id: 'ranking',
    variations: [
      { id: 'control', weight: 50 },
      { id: 'premium', weight: 50, configurationId: 'bestsellers', variables: { segment: 'premium' } },
    ],
  };
  const user = (variation: string) => {
    for (let i = 0; ; i++) if (assign(test, `u${i}`).variationId === variation) return assign(test, `u${i}`);
  };

  it('sets the variation’s configuration and merges its variables over the request’s own, saying each replacement: from → to, and why', () => {
    const a = user('premium');
    const { request, notes } = inVariation(
      { token: 't', query: 'tent', configurationId: 'default', context: { variables: { locale: 'en', segment: 'basic' } } },
      a,
      test.id,
    );
    expect(request).toEqual({
      token: 't',
      query: 'tent',
      configurationId: 'bestsellers',
      context: { variables: { locale: 'en', segment: 'premium' } },
    });
    const where = `variation premium of test ranking, bucket ${a.bucket}`;
    expect(notes).toEqual([
      `configurationId default → bestsellers: replaced, as ${where} sends bestsellers.`,
      `Context variable segment=basic → segment=premium: replaced, as ${where} sets segment=premium.`,
    ]);
    // A request that asked for none of it: set, not replaced.
    expect(inVariation({ query: 'tent' } as { query: string; configurationId?: string }, a, test.id).notes).toEqual([
      `configurationId bestsellers: ${where}.`,
      `Context variables segment=premium: ${where}.`,
    ]);
  });

  it('a variation that sends no configuration drops the URL’s: the tenant default', () => {
    const a = user('control');
    const { request, notes } = inVariation({ token: 't', query: 'tent', configurationId: 'new-arrivals' }, a, test.id);
    expect(request).toEqual({ token: 't', query: 'tent' });
    expect(notes[0]).toMatch(/^configurationId new-arrivals dropped: variation control of test ranking, bucket \d+ sends none/);
  });
});

describe('a test’s days', () => {
  it('a date starts at 00:00 UTC and a date end takes in its whole day; a date-time is exact; no end is running', () => {
    expect(testSpan({ start: '2026-11-01', end: '2026-11-14' })).toEqual({
      start: Date.parse('2026-11-01T00:00:00Z'),
      end: Date.parse('2026-11-15T00:00:00Z'),
    });
    expect(testSpan({ start: '2026-11-01T09:30:00+01:00' })).toEqual({ start: Date.parse('2026-11-01T08:30:00Z'), end: null });
    expect(testWindow({ start: '2026-11-01', end: '2026-11-14T12:00:00Z' })).toEqual({
      start: '2026-11-01 00:00:00.000',
      end: '2026-11-14 12:00:00.000',
    });
  });
});

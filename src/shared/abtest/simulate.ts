import { readTest, type UserDay } from './readout';

/**
 * Outcomes of a test drawn at random, for the checks of the readout (its power, its false wins when read every day):
 * users arrive evenly over the days, each in a variation drawn by the weights, with 1 + Poisson(λ) searches that day,
 * each search clicked, carted and bought with its variation's true rates, a purchase worth a log-normal amount. A
 * statistical simulation of outcomes, not shoppers through the emulator.
 */
export interface OutcomeSimulation {
  variations: { id: string; weight: number; ctr: number; cart: number; conversion: number }[];
  usersPerDay: number;
  days: number;
  /** Mean extra searches per user (λ of 1 + Poisson(λ)). */
  searchesPerUser: number;
  /** Mean log of a purchase's value, and its sd. */
  revenue?: { mu: number; sigma: number };
  /**
   * Shoppers unlike each other: each user's rates times a log-normal factor of this sd (mean 1), the same before and
   * in the test — what CUPED's pre-period regression removes. With it, each user also has a pre-period row (day −1):
   * 1 + Poisson(2λ) searches at the control's rates times their factor.
   */
  userSpread?: number;
  /** Each user's segment, drawn with these weights (absent: no segment). */
  segments?: { id: string; weight: number }[];
}

function poisson(lambda: number, random: () => number): number {
  const limit = Math.exp(-lambda);
  let k = 0;
  let product = random();
  while (product > limit) {
    k++;
    product *= random();
  }
  return k;
}

const normal = (random: () => number) => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

export function simulateOutcomes(sim: OutcomeSimulation, random: () => number): UserDay[] {
  const total = sim.variations.reduce((s, v) => s + v.weight, 0);
  const rows: UserDay[] = [];
  let user = 0;
  for (let day = 0; day < sim.days; day++)
    for (let u = 0; u < sim.usersPerDay; u++) {
      let pick = random() * total;
      const v = sim.variations.find((x) => (pick -= x.weight) < 0) ?? sim.variations[sim.variations.length - 1]!;
      const searches = 1 + poisson(sim.searchesPerUser, random);
      const id = `u${user++}`;
      const factor = sim.userSpread ? Math.exp(sim.userSpread * normal(random) - sim.userSpread ** 2 / 2) : 1;
      let segment: string | undefined;
      if (sim.segments) {
        let at = random() * sim.segments.reduce((s, x) => s + x.weight, 0);
        segment = (sim.segments.find((x) => (at -= x.weight) < 0) ?? sim.segments[sim.segments.length - 1]!).id;
      }
      const shop = (rates: OutcomeSimulation['variations'][number], dayOf: number, count: number): UserDay => {
        const row: UserDay = {
          user: id,
          variation: v.id,
          day: dayOf,
          searches: count,
          sessions: 1,
          clicked: 0,
          carted: 0,
          purchased: 0,
          revenue: 0,
        };
        if (segment !== undefined) row.segment = segment;
        const rate = (x: number) => Math.min(0.95, x * factor);
        for (let s = 0; s < count; s++) {
          if (random() < rate(rates.ctr)) row.clicked++;
          if (random() < rate(rates.cart)) row.carted++;
          if (random() < rate(rates.conversion)) {
            row.purchased++;
            row.revenue += sim.revenue ? Math.exp(sim.revenue.mu + sim.revenue.sigma * normal(random)) : 0;
          }
        }
        return row;
      };
      if (sim.userSpread) rows.push(shop(sim.variations[0]!, -1, 1 + poisson(2 * sim.searchesPerUser, random)));
      rows.push(shop(v, day, searches));
    }
  return rows;
}

/** Two variations at 50% with the control's rates (click-through 0.5, add-to-cart 0.1, conversion 0.05) and B's conversion. */
export const twoArms = (conversionB: number, usersPerDay: number, days: number): OutcomeSimulation => ({
  variations: [
    { id: 'control', weight: 50, ctr: 0.5, cart: 0.1, conversion: 0.05 },
    { id: 'b', weight: 50, ctr: 0.5, cart: 0.1, conversion: conversionB },
  ],
  usersPerDay,
  days,
  searchesPerUser: 1,
});

const TWO_ARMS = twoArms(0.05, 0, 0);
const CONVERSION_20 = { metric: 'conversion' as const, minimumEffect: 0.2, alpha: 0.05 };

/**
 * The power check: the planner's users per variation for +20% in conversion (5% → 6%), from a pilot of 20,000 users,
 * and in how many of `seeds` tests of that size with the lift planted the fixed-horizon test finds it (p < 0.05, B up).
 */
export function powerAtPlannedSize(seeds: number, random: (seed: number) => () => number): { perArm: number; found: number } {
  const perArm = readTest(TWO_ARMS, simulateOutcomes(twoArms(0.05, 20_000, 1), random(1)), CONVERSION_20).plan.needed;
  let found = 0;
  for (let seed = 1; seed <= seeds; seed++) {
    const lift = readTest(TWO_ARMS, simulateOutcomes(twoArms(0.06, 2 * perArm, 1), random(1000 + seed)), CONVERSION_20).lifts[0]!;
    if (lift.p < 0.05 && lift.lift > 0) found++;
  }
  return { perArm, found };
}

/**
 * The peeking check: `seeds` null tests (no true difference) of 14 days, 200 users a day: how many the always-valid
 * test declares (p < 0.05 by the last day, having been read every day), the fixed-horizon test read every day (a
 * win on any day counts), and the fixed-horizon test read once at the end.
 */
export function falseWins(
  seeds: number,
  random: (seed: number) => () => number,
): { alwaysValid: number; dailyFixed: number; onceFixed: number } {
  let alwaysValid = 0;
  let dailyFixed = 0;
  let onceFixed = 0;
  for (let seed = 1; seed <= seeds; seed++) {
    const rows = simulateOutcomes(twoArms(0.05, 200, 14), random(5000 + seed));
    const lift = readTest(TWO_ARMS, rows, CONVERSION_20).lifts[0]!;
    if (lift.alwaysValid.p < 0.05) alwaysValid++;
    if (lift.p < 0.05) onceFixed++;
    let won = false;
    for (let d = 0; d < 14 && !won; d++)
      won =
        readTest(
          TWO_ARMS,
          rows.filter((x) => x.day <= d),
          CONVERSION_20,
        ).lifts[0]!.p < 0.05;
    if (won) dailyFixed++;
  }
  return { alwaysValid, dailyFixed, onceFixed };
}

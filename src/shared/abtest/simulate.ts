import type { UserDay } from './readout';

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
      const row: UserDay = {
        user: `u${user++}`,
        variation: v.id,
        day,
        searches,
        sessions: 1,
        clicked: 0,
        carted: 0,
        purchased: 0,
        revenue: 0,
      };
      for (let s = 0; s < searches; s++) {
        if (random() < v.ctr) row.clicked++;
        if (random() < v.cart) row.carted++;
        if (random() < v.conversion) {
          row.purchased++;
          row.revenue += sim.revenue ? Math.exp(sim.revenue.mu + sim.revenue.sigma * normal(random)) : 0;
        }
      }
      rows.push(row);
    }
  return rows;
}

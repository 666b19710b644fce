import type { ClickModel } from './click-model';
import type { SimulatedSession, SimulationOptions } from './shoppers';

/** The depth the truth's expected click-through is given at. */
export const TRUTH_K = 10;

export interface ConfigurationTruth {
  searches: number;
  sessions: number;
  /** The mean, over this configuration's searches, of the exact P(at least one click in the first 10) under the model. */
  expectedCtrAtK: number;
  /** The mean expected clicks in the first 10. */
  expectedClicksAtK: number;
  /** The share of its searches that did get a click in the first 10 in this run (a draw from the expectation). */
  observedCtrAtK: number;
}

/** An A/B test's variation in simulated traffic: its users and searches, and its true rates per search. */
export interface VariationTruth {
  users: number;
  searches: number;
  /** The means, over its searches, of the exact chances under the model: a click in the first 10, and the add-to-carts and purchases they lead to. */
  expectedCtrAtK: number;
  expectedCartsPerSearch: number;
  expectedPurchasesPerSearch: number;
}

/**
 * What the simulated traffic was drawn from, for tests and benches only: the click model whole, the true grade of
 * every (query as typed, item) shown, the searches whose first page had pairs swapped, and each configuration's
 * expected and observed click-through.
 */
export interface TrafficTruth {
  format: 'search-workbench/traffic-truth';
  version: 1;
  seed: number;
  sessions: number;
  days: number;
  start: string;
  command?: string;
  onlyDay?: string;
  randomizedShare: number;
  k: number;
  clickModel: ClickModel;
  /** query → item → grade (0–3). */
  relevance: Record<string, Record<string, number>>;
  /** query as typed → the vocabulary entry (intent) it was typed for: what grades any other item for it. */
  intents?: Record<string, number>;
  /** searchId → the ranks (1-based) whose adjacent pair was swapped. */
  randomized: Record<string, number[]>;
  configurations: Record<string, ConfigurationTruth>;
  /** With `--ab-test`: the test's id and each variation's truth. */
  abTest?: { id: string; variations: Record<string, VariationTruth> };
}

export function truthOf(
  options: SimulationOptions,
  sessions: SimulatedSession[],
  extra: { command?: string; onlyDay?: string } = {},
): TrafficTruth {
  const relevance: Record<string, Record<string, number>> = {};
  const intents: Record<string, number> = {};
  const randomized: Record<string, number[]> = {};
  const byConfig = new Map<string, { searches: number; sessions: Set<string>; ctr: number; clicks: number; observed: number }>();
  const clickedAtK = new Set<string>();
  for (const session of sessions)
    for (const e of session.events)
      if (e.action === 'click' && (e.position ?? Infinity) <= TRUTH_K && e.searchId) clickedAtK.add(e.searchId);
  for (const session of sessions) {
    for (const s of session.searches) {
      const grades = (relevance[s.row.query] ??= {});
      intents[s.row.query] = s.intent;
      s.row.hitIds.forEach((id, i) => (grades[id] = s.grades[i]!));
      if (s.randomized) randomized[s.row.searchId] = s.swapped;
      const key = s.row.configurationId ?? '';
      const c = byConfig.get(key) ?? { searches: 0, sessions: new Set<string>(), ctr: 0, clicks: 0, observed: 0 };
      c.searches++;
      c.sessions.add(s.row.sessionId ?? '');
      c.ctr += s.expected.ctr;
      c.clicks += s.expected.clicks;
      if (clickedAtK.has(s.row.searchId)) c.observed++;
      byConfig.set(key, c);
    }
  }
  const round = (x: number) => Math.round(x * 1e6) / 1e6;
  const byVariation = new Map<string, { users: Set<string>; searches: number; ctr: number; carts: number; purchases: number }>();
  for (const session of sessions)
    for (const s of session.searches) {
      if (s.row.abVariation === null) continue;
      const v = byVariation.get(s.row.abVariation) ?? { users: new Set<string>(), searches: 0, ctr: 0, carts: 0, purchases: 0 };
      v.users.add(s.row.userId ?? '');
      v.searches++;
      v.ctr += s.expected.ctr;
      v.carts += s.expected.carts;
      v.purchases += s.expected.purchases;
      byVariation.set(s.row.abVariation, v);
    }
  const variations: Record<string, VariationTruth> = {};
  for (const [id, v] of [...byVariation].sort(([a], [b]) => a.localeCompare(b)))
    variations[id] = {
      users: v.users.size,
      searches: v.searches,
      expectedCtrAtK: round(v.ctr / v.searches),
      expectedCartsPerSearch: round(v.carts / v.searches),
      expectedPurchasesPerSearch: round(v.purchases / v.searches),
    };
  const configurations: Record<string, ConfigurationTruth> = {};
  for (const [id, c] of [...byConfig].sort(([a], [b]) => a.localeCompare(b)))
    configurations[id] = {
      searches: c.searches,
      sessions: c.sessions.size,
      expectedCtrAtK: round(c.ctr / c.searches),
      expectedClicksAtK: round(c.clicks / c.searches),
      observedCtrAtK: round(c.observed / c.searches),
    };
  return {
    format: 'search-workbench/traffic-truth',
    version: 1,
    seed: options.seed,
    sessions: options.sessions,
    days: options.days,
    start: options.start,
    ...extra,
    randomizedShare: options.randomized,
    k: TRUTH_K,
    clickModel: options.model,
    relevance,
    intents,
    randomized,
    configurations,
    ...(options.abTest ? { abTest: { id: options.abTest.id, variations } } : {}),
  };
}

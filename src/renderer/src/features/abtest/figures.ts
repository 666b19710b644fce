import type { AbMetric, AbReadoutView } from '@shared/abtest';

/** How the A/B screens write their figures: one definition each, for the readout, its tables and what lies beyond. */

export const pct = (x: number, digits = 1) => `${(x * 100).toFixed(digits)}%`;
export const signedPct = (x: number) => (Number.isFinite(x) ? `${x < 0 ? '−' : '+'}${Math.abs(x * 100).toFixed(1)}%` : x < 0 ? '−∞' : '+∞');
export const range = (c: readonly [number, number]) => `${signedPct(c[0])} … ${signedPct(c[1])}`;
/** B − A in the metric's unit: percentage points of a share per search, or revenue per search (in `money`). */
export const signedAbs = (metric: AbMetric, x: number, money: (n: number) => string = (n) => n.toFixed(2)) =>
  metric === 'revenue' ? `${x < 0 ? '−' : '+'}${money(Math.abs(x))}` : `${x < 0 ? '−' : '+'}${Math.abs(x * 100).toFixed(2)} pp`;
export const pText = (p: number) => (p < 0.001 ? '< 0.001' : p.toFixed(3));
export const int = (n: number) => n.toLocaleString('en-US');
/** A variation's metric: revenue to cents (in `money`), shares to four places. */
export const metricValue = (metric: AbMetric, x: number, money: (n: number) => string = (n) => n.toFixed(2)) =>
  metric === 'revenue' ? money(x) : x.toFixed(4);

/** The metric is read with each user's revenue capped (winsorized): its column says so beside the uncapped one. */
export const winsorized = (view: AbReadoutView) => view.metric === 'revenue' && view.revenueCap !== null;

import type { TrafficRow } from './views';

/**
 * A day with fewer searches than this has a click-through too uncertain to draw as a point on the line: on the demo
 * week the last day (a few sessions past midnight) read 100% from a handful of searches — a spike that is no trend.
 */
export const FEW_SEARCHES = 30;

/** One day of the traffic chart: its searches, CTR@k with its 95% interval, and whether it is too thin to read. */
export interface DayPoint {
  day: string;
  searches: number;
  ctr: number;
  ci95: [number, number];
  uncertain: boolean;
}

/**
 * The 95% Wilson score interval of a share of n: it stays inside [0, 1] and is honest about small n (3 of 3 is
 * [0.44, 1], not [1, 1]).
 */
export function wilson(share: number, n: number, z = 1.959964): [number, number] {
  if (n <= 0) return [0, 1];
  const z2 = z * z;
  const centre = (share + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((share * (1 - share)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/** The day rows of a report as the chart draws them: each day's CTR@k with its interval, thin days marked. */
export function daySeries(days: readonly TrafficRow[]): DayPoint[] {
  return days
    .filter((d) => d.group !== null)
    .map((d) => ({
      day: String(d.group),
      searches: d.searches,
      ctr: d.ctrAtK,
      ci95: wilson(d.ctrAtK, d.searches),
      uncertain: d.searches < FEW_SEARCHES,
    }));
}

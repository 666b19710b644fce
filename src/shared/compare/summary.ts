import type { BatchResult } from './types';

/** The q-quantile (0…1) of numbers by linear interpolation; null for none. */
export function quantile(values: readonly number[], q: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return (sorted[lo] as number) + ((sorted[hi] as number) - (sorted[lo] as number)) * (pos - lo);
}

export interface Histogram {
  /** Bin edges: bins[i] counts values in [edges[i], edges[i+1]) — the last bin includes its upper edge. */
  edges: number[];
  bins: number[];
}

export function histogram(values: readonly number[], from = 0, to = 1, count = 10): Histogram {
  const width = (to - from) / count;
  const edges = Array.from({ length: count + 1 }, (_, i) => Math.round((from + i * width) * 1e9) / 1e9);
  const bins = new Array<number>(count).fill(0);
  for (const v of values) {
    if (!Number.isFinite(v)) continue;
    const i = Math.min(count - 1, Math.max(0, Math.floor((v - from) / width)));
    bins[i] = (bins[i] as number) + 1;
  }
  return { edges, bins };
}

export interface BatchSummary {
  total: number;
  /** Queries both sides answered. */
  compared: number;
  failed: number;
  /**
   * Queries both sides answered with nothing: nothing to compare, so they are
   * left out of every change measure (RBO, Jaccard, Kendall, the change
   * histogram, top result changed) rather than counted as "unchanged".
   */
  bothEmpty: number;
  /** Queries with zero results on a side, as a share of those the side answered. */
  zeroRateA: number | null;
  zeroRateB: number | null;
  top1Changed: number;
  /** Change measures over the compared queries that are not empty on both sides. */
  meanRbo: number | null;
  medianRbo: number | null;
  meanOverlap10: number | null;
  meanJaccard10: number | null;
  /** Mean Kendall's τ over the queries with shared items to rank. */
  meanKendallTau: number | null;
  /** Distribution of 1 − RBO over those queries. */
  change: Histogram;
  latency: { a: { p50: number | null; p95: number | null }; b: { p50: number | null; p95: number | null } };
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : null);

/** What a batch found, for the summary panel, the reports and the command line. */
export function summarize(results: readonly BatchResult[], total = results.length): BatchSummary {
  const compared = results.filter((r) => r.metrics !== null);
  const measured = compared.filter((r) => !isBothEmpty(r));
  const answeredA = results.filter((r) => r.a.ok);
  const answeredB = results.filter((r) => r.b.ok);
  const rbos = measured.map((r) => r.metrics!.rbo);
  const taus = measured.map((r) => r.metrics!.kendallTau).filter((t): t is number => t !== null);
  const msA = results.filter((r) => r.a.ok && r.a.ms !== null).map((r) => r.a.ms as number);
  const msB = results.filter((r) => r.b.ok && r.b.ms !== null).map((r) => r.b.ms as number);
  return {
    total,
    compared: compared.length,
    failed: results.filter((r) => !r.a.ok || !r.b.ok).length,
    bothEmpty: compared.length - measured.length,
    zeroRateA: answeredA.length ? answeredA.filter((r) => r.a.count === 0).length / answeredA.length : null,
    zeroRateB: answeredB.length ? answeredB.filter((r) => r.b.count === 0).length / answeredB.length : null,
    top1Changed: measured.filter((r) => r.metrics!.top1Changed).length,
    meanRbo: mean(rbos),
    medianRbo: quantile(rbos, 0.5),
    meanOverlap10: mean(measured.map((r) => r.metrics!.overlap10)),
    meanJaccard10: mean(measured.map((r) => r.metrics!.jaccard10)),
    meanKendallTau: mean(taus),
    change: histogram(measured.map((r) => r.metrics!.change)),
    latency: {
      a: { p50: quantile(msA, 0.5), p95: quantile(msA, 0.95) },
      b: { p50: quantile(msB, 0.5), p95: quantile(msB, 0.95) },
    },
  };
}

/** Both sides answered, and both with nothing: there is nothing to compare. */
export function isBothEmpty(r: BatchResult): boolean {
  return r.metrics !== null && r.metrics.zeroA && r.metrics.zeroB;
}

/** Most changed first (1 − RBO), then the queries empty on both sides, failures last, then by position. */
export function triageOrder(a: BatchResult, b: BatchResult): number {
  const rank = (r: BatchResult) => (r.metrics === null ? -1 : isBothEmpty(r) ? -0.5 : r.metrics.change);
  return rank(b) - rank(a) || a.index - b.index;
}

import type { BatchDefinition, BatchHead, BatchResult, BatchRow, CompactMetrics, SideResult, SideSummary } from './types';

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
  /**
   * Queries where a side answered with a search redirect: an answer, but not a
   * ranking, so they are counted apart and left out of the change measures too;
   * their redirect URLs are compared instead.
   */
  redirects: { total: number; same: number; changed: number; oneSide: number };
  /** Queries with zero results (and no redirect) on a side, as a share of those the side answered. */
  zeroRateA: number | null;
  zeroRateB: number | null;
  top1Changed: number;
  /** Change measures over the compared queries with a ranking to compare (not both empty, no redirect). */
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

/**
 * What one query's comparison is, the one classification the app, the reports and the command line share:
 * `failed` (a side did not answer), `redirect` (a side answered with a search redirect), `both empty` (both
 * answered with nothing), or `compared` (two rankings to measure).
 */
export type QueryStatus = 'compared' | 'both empty' | 'redirect' | 'failed';

export function queryStatus(r: BatchRow): QueryStatus {
  if (r.metrics === null) return 'failed';
  if (r.a.redirect || r.b.redirect) return 'redirect';
  return r.metrics.zeroA && r.metrics.zeroB ? 'both empty' : 'compared';
}

/** Both sides answered, and both with nothing (and no redirect): there is nothing to compare. */
export function isBothEmpty(r: BatchRow): boolean {
  return queryStatus(r) === 'both empty';
}

/** A side's answer had no result and no redirect. */
export const zeroResults = (side: SideSummary): boolean => side.ok && side.count === 0 && !side.redirect;

export type RedirectChange = 'same' | 'changed' | 'only A' | 'only B';

/** How the sides' redirects compare, for a query with status `redirect`. */
export function redirectChange(r: BatchRow): RedirectChange | null {
  const a = r.a.redirect;
  const b = r.b.redirect;
  if (!a && !b) return null;
  if (!b) return 'only A';
  if (!a) return 'only B';
  return a.url === b.url ? 'same' : 'changed';
}

/** The measures that compare two rankings: null where a query has none to compare. */
const RANKING_MEASURES = [
  'rbo',
  'change',
  'overlap1',
  'overlap3',
  'overlap10',
  'overlapAll',
  'jaccard1',
  'jaccard3',
  'jaccard10',
  'jaccardAll',
  'kendallTau',
  'top1Changed',
  'shared',
] as const satisfies readonly (keyof CompactMetrics)[];
type RankingMeasure = (typeof RANKING_MEASURES)[number];
export type ShownMetrics = Omit<CompactMetrics, RankingMeasure> & { [K in RankingMeasure]: CompactMetrics[K] | null };

/**
 * A query's measures as the app shows them and every export writes them: for a query that is both empty or
 * a redirect the ranking measures are null (shown "—", a blank CSV cell), never RBO 1 or overlap 100%.
 */
export function shownMetrics(r: BatchRow): ShownMetrics | null {
  if (!r.metrics) return null;
  if (queryStatus(r) === 'compared') return r.metrics;
  const out: ShownMetrics = { ...r.metrics, zeroA: zeroResults(r.a), zeroB: zeroResults(r.b) };
  for (const key of RANKING_MEASURES) out[key] = null;
  return out;
}

/** What a batch found, for the summary panel, the reports and the command line. */
export function summarize(results: readonly BatchRow[], total = results.length): BatchSummary {
  const compared = results.filter((r) => r.metrics !== null);
  const measured = compared.filter((r) => queryStatus(r) === 'compared');
  const redirectRows = compared.filter((r) => queryStatus(r) === 'redirect').map((r) => redirectChange(r));
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
    bothEmpty: compared.filter((r) => queryStatus(r) === 'both empty').length,
    redirects: {
      total: redirectRows.length,
      same: redirectRows.filter((c) => c === 'same').length,
      changed: redirectRows.filter((c) => c === 'changed').length,
      oneSide: redirectRows.filter((c) => c === 'only A' || c === 'only B').length,
    },
    zeroRateA: answeredA.length ? answeredA.filter((r) => zeroResults(r.a)).length / answeredA.length : null,
    zeroRateB: answeredB.length ? answeredB.filter((r) => zeroResults(r.b)).length / answeredB.length : null,
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

/** What the change measures leave out, as a clause: ", 2 empty on both sides and 3 redirects left out" (or ""). */
export function leftOutClause(summary: Pick<BatchSummary, 'bothEmpty' | 'redirects'>): string {
  const parts = [
    summary.bothEmpty ? `${summary.bothEmpty.toLocaleString('en-US')} empty on both sides` : '',
    summary.redirects.total ? `${summary.redirects.total.toLocaleString('en-US')} redirect${summary.redirects.total === 1 ? '' : 's'}` : '',
  ].filter(Boolean);
  return parts.length ? `, ${parts.join(' and ')} left out` : '';
}

/**
 * Most changed first (1 − RBO); then redirects (a changed one first), the queries empty on both sides,
 * failures last; then by position.
 */
export function triageOrder(a: BatchRow, b: BatchRow): number {
  const rank = (r: BatchRow) => {
    const status = queryStatus(r);
    if (status === 'failed') return -1;
    if (status === 'both empty') return -0.5;
    if (status === 'redirect') return redirectChange(r) === 'same' ? -0.3 : -0.2;
    return r.metrics!.change;
  };
  return rank(b) - rank(a) || a.index - b.index;
}

/** A stored result as the window gets it: the row, each side without its items. */
export function batchRow(r: BatchResult): BatchRow {
  const side = ({ top: _top, ranking: _ranking, ...summary }: SideResult): SideSummary => ({
    ...summary,
    ms: summary.ms === null ? null : Math.round(summary.ms * 100) / 100,
  });
  return {
    index: r.index,
    query: r.query,
    a: side(r.a),
    b: side(r.b),
    metrics: r.metrics && roundMetrics(r.metrics),
    finishedAt: r.finishedAt,
  };
}

/**
 * Measures to six decimals for the window: what it shows and averages (to three) is unchanged, and 100,000 rows
 * are a third smaller to send and to read than with every float's seventeen digits.
 */
function roundMetrics(metrics: CompactMetrics): CompactMetrics {
  const out = { ...metrics } as unknown as Record<string, unknown>;
  for (const key in out) {
    const value = out[key];
    if (typeof value === 'number' && !Number.isInteger(value)) out[key] = Math.round(value * 1e6) / 1e6;
  }
  return out as unknown as CompactMetrics;
}

/** A batch's definition without its queries, for the window. */
export function batchHead({ rows, ...head }: BatchDefinition): BatchHead {
  return { ...head, queryCount: rows.length };
}

/** Plain-text tables for benchmark output: aligned columns, numbers right-aligned. */
export function printTable(title: string, headers: string[], rows: (string | number)[][]): void {
  const cells = rows.map((r) => r.map((c) => (typeof c === 'number' ? formatNumber(c) : c)));
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((r) => String(r[i] ?? '').length)));
  const line = (r: string[]) =>
    r.map((c, i) => (/^[-+]?[\d.,]+(\s?\w+)?%?$/.test(c) && i > 0 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  console.log(`\n${title}`);
  console.log(line(headers));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of cells) console.log(line(r));
}

export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (Number.isInteger(n)) return n.toLocaleString('en-US');
  if (Math.abs(n) >= 1000) return Math.round(n).toLocaleString('en-US');
  if (Math.abs(n) >= 100) return n.toFixed(0);
  if (Math.abs(n) >= 10) return n.toFixed(1);
  if (Math.abs(n) >= 1) return n.toFixed(2);
  return n.toFixed(3);
}

/** The middle value (of an even count, the upper of the two middle ones). */
export function median(xs: readonly number[]): number {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx]!;
}

export interface LatencyStats {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  perSecond: number;
}

/** Runs `fn` `n` times (after a warm-up) and reports latency percentiles in milliseconds. */
export async function measure(fn: () => Promise<unknown> | unknown, n: number, warmup = Math.min(200, n)): Promise<LatencyStats> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  const total = performance.now() - start;
  samples.sort((a, b) => a - b);
  return {
    n,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    p99: percentile(samples, 99),
    mean: samples.reduce((a, b) => a + b, 0) / n,
    perSecond: (n / total) * 1000,
  };
}

/**
 * Numbers as every screen shows them: prices with two decimals and grouped
 * thousands (`1,234.50`), other numbers grouped with at most two decimals,
 * dates as their day. One place, so Search, Compare, Suggest and the judging
 * queue never disagree about the same value.
 */
const PRICE = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A price, or null when the answer has none; a non-number is shown as it came. */
export function formatPrice(v: unknown): string | null {
  if (v === undefined || v === null) return null;
  return typeof v === 'number' && Number.isFinite(v) ? PRICE.format(v) : String(v);
}

/** Any attribute value in a cell: numbers grouped, lists joined, ISO dates as their day, missing as a dash. */
export function formatValue(v: unknown): string {
  if (v === undefined || v === null) return '—';
  if (typeof v === 'number') return Number.isFinite(v) ? NUMBER.format(v) : String(v);
  if (Array.isArray(v)) return v.map((x) => formatValue(x)).join(', ');
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v)) return v.slice(0, 10);
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

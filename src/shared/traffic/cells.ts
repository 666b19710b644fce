import type { TRAFFIC_COLUMNS, TrafficRow } from './views';

/** How the app's table and the HTML report head each column. */
export const COLUMN_LABELS: Record<(typeof TRAFFIC_COLUMNS)[number], string> = {
  group: 'group',
  searches: 'searches',
  sessions: 'sessions',
  clicks: 'clicks',
  ctrAtK: 'CTR@k',
  zeroResultRate: 'zero results',
  noClickRate: 'no click',
  addToCartRate: 'add to cart',
  conversionRate: 'conversion',
  revenuePerSearch: 'revenue / search',
  meanClickPosition: 'mean click position',
};

/** A column's label as people read it, with the depth click-through is counted to (`CTR@10`: one name in the app and every report). */
export function columnLabel(column: (typeof TRAFFIC_COLUMNS)[number], k: number): string {
  return column === 'ctrAtK' ? `CTR@${k}` : COLUMN_LABELS[column];
}

const RATES = new Set<string>(['ctrAtK', 'zeroResultRate', 'noClickRate', 'addToCartRate', 'conversionRate']);

/**
 * An amount of money as people read it: to cents with separators, in the currency when one is known (an ISO 4217
 * code: the profile's, as the tenant's storefront sells in it), bare otherwise.
 */
export function formatMoney(value: number, currency = ''): string {
  if (!currency) return value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return value.toLocaleString('en-US', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' });
}

/** A cell as people read it: rates as percentages, money to cents (in `currency` when known), counts with separators, nothing as an em dash. */
export function cellOf(row: TrafficRow, column: (typeof TRAFFIC_COLUMNS)[number], currency = ''): string {
  const value = row[column];
  if (value === null) return column === 'group' ? '(none)' : '—';
  if (typeof value === 'string') return value;
  if (RATES.has(column)) return `${(value * 100).toFixed(1)}%`;
  if (column === 'revenuePerSearch') return formatMoney(value, currency);
  if (column === 'meanClickPosition') return value.toFixed(2);
  return value.toLocaleString('en-US');
}

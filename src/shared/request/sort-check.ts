import { dateMillis } from '../filter';
import type { Item, SortValue } from './types';

export interface OrderCheck {
  /** Attributes the check could compare on (present in the returned products). */
  checked: string[];
  /** Sort attributes missing from every returned product (masked out, or not attributes). */
  missing: string[];
  /** Indexes (into the items) of items that come before an item they should follow. */
  violations: number[];
  /** Products the check looked at (redirect items aside): with fewer than two there is no order to check. */
  products: number;
}

function valueOf(item: Item, attribute: string): unknown {
  return item.product?.[attribute];
}

/** Typed comparison as the service sorts: numbers numerically, dates chronologically, text by code point. */
export function compareSortValues(a: unknown, b: unknown): number {
  const missingA = a === undefined || a === null;
  const missingB = b === undefined || b === null;
  if (missingA || missingB) return missingA === missingB ? 0 : missingA ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'string' && typeof b === 'string') {
    const da = dateMillis(a);
    const db = dateMillis(b);
    if (!Number.isNaN(da) && !Number.isNaN(db)) return da < db ? -1 : da > db ? 1 : 0;
    return a < b ? -1 : a > b ? 1 : 0;
  }
  const sa = String(a);
  const sb = String(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

/**
 * Checks that returned items follow the sort chain: the first value takes
 * precedence, the next breaks ties. Redirect items are skipped. Missing
 * values sort last in either direction.
 */
export function checkSortOrder(items: readonly Item[], sortBy: readonly SortValue[] | undefined): OrderCheck {
  const chain = (sortBy ?? []).filter((s) => typeof s?.attribute === 'string' && s.attribute !== '');
  const products = items.map((item, index) => ({ item, index })).filter(({ item }) => !item.redirect && item.product);
  // No product (an empty answer): nothing is missing, there is simply nothing to check.
  if (products.length === 0) return { checked: [], missing: [], violations: [], products: 0 };
  const checked = chain.filter((s) => products.some(({ item }) => valueOf(item, s.attribute) !== undefined)).map((s) => s.attribute);
  const missing = chain.map((s) => s.attribute).filter((a) => !checked.includes(a));
  const violations: number[] = [];
  if (chain.length === 0 || missing.length > 0) return { checked, missing, violations, products: products.length };
  for (let k = 1; k < products.length; k++) {
    const prev = products[k - 1]!.item;
    const next = products[k]!;
    for (const s of chain) {
      const a = valueOf(prev, s.attribute);
      const b = valueOf(next.item, s.attribute);
      const aMissing = a === undefined || a === null;
      const bMissing = b === undefined || b === null;
      let cmp = compareSortValues(a, b);
      if (!aMissing && !bMissing && s.order === 'desc') cmp = -cmp;
      if (cmp < 0) break;
      if (cmp > 0) {
        violations.push(next.index);
        break;
      }
    }
  }
  return { checked, missing, violations, products: products.length };
}

import { dateMillis, getAttribute, type AttributeReader } from '../../../shared/filter';
import type { CatalogItem } from '../catalog/generate';
import type { FacetConfig } from '../config';
import { FacetColumn } from './columns';
import { TextIndex } from './text-index';

export const TEXT_FIELDS = ['title', 'brand', 'category', 'colour', 'tags', 'description', 'material', 'gender'] as const;

export interface Signals {
  recency: Float64Array;
  rating: Float64Array;
  reviews: Float64Array;
  inStock: Float64Array;
  discount: Float64Array;
  recommended: Float64Array;
}

export type SortKey = Float64Array | string[];

/**
 * Everything derived from the catalog once, shared by every tenant and
 * configuration: the full-text index (BM25, see TextIndex), facet columns,
 * ranking signals and sort keys.
 */
export class CatalogIndex {
  readonly text: TextIndex;
  readonly signals: Signals;
  private readonly columns = new Map<string, FacetColumn>();
  private readonly sortKeys = new Map<string, SortKey>();
  readonly byId = new Map<string, number>();
  /** Every item with text score 1: what an empty query matches (read-only, shared). */
  readonly everything: { ids: Int32Array; scores: Float64Array };
  readonly attributeTypes = new Map<string, 'number' | 'string' | 'boolean' | 'date' | 'list'>();

  constructor(
    readonly items: readonly CatalogItem[],
    referenceDate: string,
  ) {
    this.text = new TextIndex(items.length, TEXT_FIELDS, (doc, field) => {
      const value = (items[doc] as CatalogItem)[field];
      return value == null ? undefined : Array.isArray(value) ? value.join(' ') : String(value);
    });
    items.forEach((item, i) => this.byId.set(item.id, i));
    const all = new Int32Array(items.length);
    for (let i = 0; i < all.length; i++) all[i] = i;
    this.everything = { ids: all, scores: new Float64Array(items.length).fill(1) };

    const n = items.length;
    const reference = Date.parse(referenceDate);
    const maxReviews = items.reduce((m, i) => Math.max(m, i.reviewCount), 1);
    const signals: Signals = {
      recency: new Float64Array(n),
      rating: new Float64Array(n),
      reviews: new Float64Array(n),
      inStock: new Float64Array(n),
      discount: new Float64Array(n),
      recommended: new Float64Array(n),
    };
    items.forEach((item, i) => {
      const ageDays = Math.max(0, (reference - Date.parse(item.created)) / 86_400_000);
      signals.recency[i] = Math.exp(-ageDays / 60);
      signals.rating[i] = item.rating / 5;
      signals.reviews[i] = Math.log1p(item.reviewCount) / Math.log1p(maxReviews);
      signals.inStock[i] = item.stock > 0 ? 1 : 0;
      signals.discount[i] = item.discountRate;
      signals.recommended[i] = item.recommended ? 1 : 0;
    });
    this.signals = signals;

    const first = items[0];
    if (first) {
      for (const [name, value] of Object.entries(first)) {
        this.attributeTypes.set(
          name,
          Array.isArray(value)
            ? 'list'
            : typeof value === 'number'
              ? 'number'
              : typeof value === 'boolean'
                ? 'boolean'
                : typeof value === 'string' && !Number.isNaN(dateMillis(value))
                  ? 'date'
                  : 'string',
        );
      }
    }
  }

  private readonly readers = new Map<string, (row: number) => unknown>();

  /**
   * Filters read attributes column by column: typed arrays by row number
   * instead of one object per item, which keeps evaluation over 200,000
   * items in cache. Semantics are the shared evaluator's.
   */
  readonly reader: AttributeReader<number> = (name) => {
    let read = this.readers.get(name);
    if (read) return read;
    const type = this.attributeTypes.get(name);
    const items = this.items;
    if (type === 'number') {
      const col = Float64Array.from(items, (i) => (typeof i[name] === 'number' ? (i[name] as number) : Number.NaN));
      read = (row) => {
        const v = col[row] as number;
        return v !== v ? undefined : v;
      };
    } else if (type === 'string' || type === 'date') {
      const col = items.map((i) => (typeof i[name] === 'string' ? (i[name] as string) : undefined));
      read = (row) => col[row];
    } else if (type === 'boolean') {
      const col = Uint8Array.from(items, (i) => (typeof i[name] === 'boolean' ? (i[name] ? 1 : 0) : 2));
      read = (row) => (col[row] === 2 ? undefined : col[row] === 1);
    } else {
      read = (row) => getAttribute(items[row] as CatalogItem, name);
    }
    this.readers.set(name, read);
    return read;
  };

  column(facet: FacetConfig): FacetColumn {
    const key = `${facet.id}\u0000${facet.attribute}\u0000${JSON.stringify(facet.ranges ?? null)}`;
    let column = this.columns.get(key);
    if (!column) this.columns.set(key, (column = new FacetColumn(facet, this.items)));
    return column;
  }

  /** Numbers and dates as numbers (NaN when missing), text as text. */
  sortKey(attribute: string): SortKey {
    let key = this.sortKeys.get(attribute);
    if (key) return key;
    const type = this.attributeTypes.get(attribute);
    if (type === 'number')
      key = Float64Array.from(this.items, (i) => (typeof i[attribute] === 'number' ? (i[attribute] as number) : Number.NaN));
    else if (type === 'date') key = Float64Array.from(this.items, (i) => dateMillis(String(i[attribute] ?? '')));
    else key = this.items.map((i) => (i[attribute] === undefined ? '' : String(i[attribute])));
    this.sortKeys.set(attribute, key);
    return key;
  }
}

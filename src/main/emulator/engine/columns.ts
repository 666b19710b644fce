import type { CatalogItem } from '../catalog/generate';
import type { FacetConfig } from '../config';

/**
 * A facet attribute encoded once per catalog: each distinct value gets a
 * small integer, each item the ids of its values. Counting and selecting
 * then work on integers instead of strings.
 */
export class FacetColumn {
  readonly values: string[] = [];
  private readonly ids = new Map<string, number>();
  /** Single-valued: one id per item (-1 for none). */
  readonly single: Int32Array | undefined;
  /** Multi-valued, flattened: item i's value ids are multiValues[multiStart[i] … multiStart[i+1]). */
  readonly multiStart: Int32Array | undefined;
  readonly multiValues: Int32Array | undefined;
  readonly multiValued: boolean;

  constructor(
    readonly facet: FacetConfig,
    items: readonly CatalogItem[],
  ) {
    const sample = items.find((i) => i[facet.attribute] !== undefined)?.[facet.attribute];
    this.multiValued = Array.isArray(sample);
    if (facet.ranges) facet.ranges.forEach((r) => this.idOf(r.label));
    if (this.multiValued) {
      const start = new Int32Array(items.length + 1);
      const values: number[] = [];
      items.forEach((item, i) => {
        start[i] = values.length;
        const v = item[facet.attribute];
        if (Array.isArray(v)) for (const x of v) values.push(this.idOf(String(x)));
      });
      start[items.length] = values.length;
      this.multiStart = start;
      this.multiValues = Int32Array.from(values);
    } else {
      const single = new Int32Array(items.length);
      items.forEach((item, i) => {
        single[i] = this.valueId(item[facet.attribute]);
      });
      this.single = single;
    }
  }

  private idOf(value: string): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(value);
      this.ids.set(value, id);
    }
    return id;
  }

  private valueId(raw: unknown): number {
    if (raw === undefined || raw === null) return -1;
    if (this.facet.ranges && typeof raw === 'number') {
      const index = this.facet.ranges.findIndex((r) => (r.min === undefined || raw >= r.min) && (r.max === undefined || raw < r.max));
      return index;
    }
    return this.idOf(String(raw));
  }

  /** The id of a selected value, or undefined when the catalog has no such value. */
  lookup(value: string): number | undefined {
    return this.ids.get(value);
  }

  /** Whether item `i` has any of the values marked in `selected`. */
  matches(i: number, selected: Uint8Array): boolean {
    if (this.single) {
      const id = this.single[i] as number;
      return id >= 0 && selected[id] === 1;
    }
    const start = this.multiStart as Int32Array;
    const values = this.multiValues as Int32Array;
    for (let k = start[i] as number, end = start[i + 1] as number; k < end; k++) if (selected[values[k] as number] === 1) return true;
    return false;
  }

  /** Counts the values of every item in `set` into `counts`; returns how many items had any value. */
  countAll(set: ArrayLike<number>, counts: Int32Array): number {
    let withValue = 0;
    const n = set.length;
    const single = this.single;
    if (single) {
      for (let k = 0; k < n; k++) {
        const id = single[set[k] as number] as number;
        if (id >= 0) {
          counts[id] = (counts[id] as number) + 1;
          withValue++;
        }
      }
      return withValue;
    }
    const start = this.multiStart as Int32Array;
    const values = this.multiValues as Int32Array;
    for (let k = 0; k < n; k++) {
      const i = set[k] as number;
      const from = start[i] as number;
      const to = start[i + 1] as number;
      if (from === to) continue;
      withValue++;
      for (let j = from; j < to; j++) counts[values[j] as number] = (counts[values[j] as number] as number) + 1;
    }
    return withValue;
  }
}

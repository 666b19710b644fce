import {
  type ClickModelFit,
  type ClickModelKind,
  fitPages,
  numberedPagesSql,
  type PairKey,
  pagesFromColumns,
  type PreparedPages,
} from '../../../shared/click-models';
import type { TrafficFilter } from '../../../shared/traffic';
import type { TrafficStore } from '../traffic';

/** Growable integer columns: a result's size is not known before it is read. */
class IntColumn {
  values = new Int32Array(1 << 16);
  length = 0;
  push(v: number): void {
    if (this.length === this.values.length) {
      const next = new Int32Array(this.values.length * 2);
      next.set(this.values);
      this.values = next;
    }
    this.values[this.length++] = v;
  }
  done(): Int32Array {
    return this.values.subarray(0, this.length);
  }
}

let fits = 0;

/**
 * The store's first pages, grouped into patterns and numbered by DuckDB, read as integer columns: what every model
 * fits on. Temporary tables hold the patterns and pairs while they are read, dropped after.
 */
export async function pagesOnStore(store: TrafficStore, filter: TrafficFilter = {}): Promise<PreparedPages> {
  const sql = numberedPagesSql(filter, String(++fits));
  try {
    for (const step of sql.setup) await store.duck.run(step.text, step.params);
    const pid = new IntColumn();
    const depthIn = new IntColumn();
    const clickedIn = new IntColumn();
    const countIn = new IntColumn();
    await store.duck.each(sql.patterns, (rows, column) => {
      const [a, b, c, d] = [column(0), column(1), column(2), column(3)];
      for (let i = 0; i < rows; i++) {
        pid.push(Number(a(i)));
        depthIn.push(Number(b(i)));
        clickedIn.push(Number(c(i)));
        countIn.push(Number(d(i)));
      }
    });
    // Placed by pattern number: the rows come in no order.
    const patterns = pid.length;
    const depth = new Int32Array(patterns);
    const clicked = new Int32Array(patterns);
    const count = new Float64Array(patterns);
    const ids = pid.done();
    for (let i = 0; i < patterns; i++) {
      const p = ids[i]!;
      depth[p] = depthIn.values[i]!;
      clicked[p] = clickedIn.values[i]!;
      count[p] = countIn.values[i]!;
    }
    const cellPattern = new IntColumn();
    const cellRank = new IntColumn();
    const cellPair = new IntColumn();
    await store.duck.each(sql.cells, (rows, column) => {
      const [a, b, c] = [column(0), column(1), column(2)];
      for (let i = 0; i < rows; i++) {
        cellPattern.push(Number(a(i)));
        cellRank.push(Number(b(i)));
        cellPair.push(Number(c(i)));
      }
    });
    const pairs: PairKey[] = [];
    await store.duck.each(sql.pairs, (rows, column) => {
      const [a, b, c] = [column(0), column(1), column(2)];
      for (let i = 0; i < rows; i++) pairs[Number(a(i))] = { query: String(b(i)), itemId: String(c(i)) };
    });
    return pagesFromColumns({
      pairs,
      depth,
      clicked,
      count,
      cellPattern: cellPattern.done(),
      cellRank: cellRank.done(),
      cellPair: cellPair.done(),
    });
  } finally {
    for (const text of sql.cleanup) await store.duck.run(text).catch(() => undefined);
  }
}

/**
 * A click model fitted on the store's traffic: DuckDB counts and numbers the page patterns (first pages grouped by
 * query, first ten items and the ranks clicked), the shared core fits the model on them. Returns the fit and how long
 * each part took.
 */
export async function fitOnStore(
  store: TrafficStore,
  model: ClickModelKind,
  filter: TrafficFilter = {},
): Promise<{ fit: ClickModelFit; ms: { count: number; fit: number } }> {
  const t0 = performance.now();
  const pages = await pagesOnStore(store, filter);
  const t1 = performance.now();
  const fit = fitPages(model, pages);
  return { fit, ms: { count: Math.round(t1 - t0), fit: Math.round(performance.now() - t1) } };
}

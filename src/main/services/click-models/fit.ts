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

/** A result's integer columns, read chunk by chunk into typed arrays (grown as they fill: the size is not known ahead). */
export async function readInts(store: TrafficStore, sql: string, columns: number): Promise<Int32Array[]> {
  let out = Array.from({ length: columns }, () => new Int32Array(1 << 16));
  let length = 0;
  await store.duck.each(sql, (rows, column) => {
    if (length + rows > out[0]!.length)
      out = out.map((values) => {
        const grown = new Int32Array(Math.max(values.length * 2, length + rows));
        grown.set(values.subarray(0, length));
        return grown;
      });
    for (let c = 0; c < columns; c++) {
      const read = column(c);
      const values = out[c]!;
      for (let i = 0; i < rows; i++) values[length + i] = Number(read(i));
    }
    length += rows;
  });
  return out.map((values) => values.subarray(0, length));
}

let fits = 0;

/**
 * The store's first pages, grouped into patterns and numbered by DuckDB, read as integer columns: what every model
 * fits on. Temporary tables hold the patterns and pairs while they are read, dropped after.
 */
export async function pagesOnStore(store: TrafficStore, filter: TrafficFilter = {}): Promise<PreparedPages> {
  return withNumberedPages(store, filter, false, async (sql, numbered) => {
    const [patternRanking, clicked, countIn] = (await readInts(store, sql.patterns, 3)) as [Int32Array, Int32Array, Int32Array];
    return pagesFromColumns({ ...numbered, patternRanking, clicked, count: Float64Array.from(countIn) });
  });
}

type NumberedSql = ReturnType<typeof numberedPagesSql>;
/** The store's first pages numbered by DuckDB, as columns: what pages are made of, but their patterns. */
type Numbered = Omit<Parameters<typeof pagesFromColumns>[0], 'patternRanking' | 'clicked' | 'count'>;

/**
 * Numbers the store's first pages in temporary tables (dropped after `work`), reads the rankings, their cells and the
 * pairs, and hands them to `work` with the SQL of the rest (the patterns; with `withSearches`, each search).
 */
export async function withNumberedPages<T>(
  store: TrafficStore,
  filter: TrafficFilter,
  withSearches: boolean,
  work: (sql: NumberedSql, numbered: Numbered) => Promise<T>,
): Promise<T> {
  const sql = numberedPagesSql(filter, String(++fits), withSearches);
  try {
    for (const step of sql.setup) await store.duck.run(step.text, step.params);
    const [rid, depthIn] = (await readInts(store, sql.rankings, 2)) as [Int32Array, Int32Array];
    // Placed by ranking number: the rows come in no order.
    const rankingDepth = new Int32Array(rid.length);
    rid.forEach((k, i) => (rankingDepth[k] = depthIn[i]!));
    const [cellRanking, cellRank, cellPair] = (await readInts(store, sql.cells, 3)) as [Int32Array, Int32Array, Int32Array];
    const pairs: PairKey[] = [];
    await store.duck.each(sql.pairs, (rows, column) => {
      const [a, b, c] = [column(0), column(1), column(2)];
      for (let i = 0; i < rows; i++) pairs[Number(a(i))] = { query: String(b(i)), itemId: String(c(i)) };
    });
    return await work(sql, { pairs, rankingDepth, cellRanking, cellRank, cellPair });
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

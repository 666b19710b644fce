import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fitOnStore } from '../../../src/main/services/click-models';
import { StoreQueries, TrafficStore } from '../../../src/main/services/traffic';
import { fitClickModel, pagePatternsSql, patternOf, type PreparedPages } from '../../../src/shared/click-models';

const pagesOnStore = (store: TrafficStore, filter = {}) => new StoreQueries(store).firstPages(filter);

const DEMO_STORE = join(import.meta.dirname, '..', '..', '..', 'examples', 'workspace', 'traffic');

describe('the store’s pages, numbered by DuckDB', () => {
  it('are the page patterns read as objects and numbered in JavaScript: the same fit, pair by pair', async () => {
    const store = await TrafficStore.open(DEMO_STORE);
    try {
      const sql = pagePatternsSql({ segment: 'premium' });
      const patterns = (await store.duck.all(sql.text, sql.params)).map(patternOf);
      const pages = await pagesOnStore(store, { segment: 'premium' });
      expect(patterns.length).toBeGreaterThan(1000);
      expect(pages.searches).toBe(patterns.reduce((s, p) => s + p.count, 0));
      expect(pages.count.length).toBe(patterns.length);
      expect(pages.flat.length).toBe(patterns.reduce((s, p) => s + Math.min(10, p.ranking.length), 0));
      for (const model of ['pbm', 'coec'] as const) {
        const byObjects = fitClickModel(model, patterns);
        const { fit } = await fitOnStore(new StoreQueries(store), model, { segment: 'premium' });
        expect(fit.items.length).toBe(byObjects.items.length);
        const estimates = new Map(byObjects.items.map((i) => [`${i.query}\u0000${i.itemId}`, i]));
        for (const item of fit.items) {
          const other = estimates.get(`${item.query}\u0000${item.itemId}`)!;
          expect(item.impressions).toBe(other.impressions);
          expect(item.clicks).toBe(other.clicks);
          expect(item.estimate).toBeCloseTo(other.estimate, 6);
        }
        fit.positions.forEach((p, r) => expect(p.examination).toBeCloseTo(byObjects.positions[r]!.examination, 6));
      }
      // The temporary tables are gone after.
      expect(await store.duck.all(`SELECT table_name FROM duckdb_tables() WHERE table_name LIKE 'wb_%'`)).toEqual([]);
    } finally {
      store.close();
    }
  });
});

/** Each page pattern as text (its ranking's queries and items, the ranks clicked, how many searches), sorted. */
function patternsOf(pages: PreparedPages): string[] {
  const out: string[] = [];
  for (let n = 0; n < pages.count.length; n++) {
    const ranking = Array.from(
      pages.flat.subarray(pages.start[n]!, pages.start[n + 1]!),
      (p) => `${pages.pairs[p]!.query}/${pages.pairs[p]!.itemId}`,
    );
    out.push(`${ranking.join(' ')} | ${pages.clicked[n]} × ${pages.count[n]}`);
  }
  return out.sort();
}

describe('one store asked several things at once', () => {
  it('answers each as if it were alone: two fits and a summary side by side read what they read one by one', async () => {
    const store = await TrafficStore.open(DEMO_STORE);
    try {
      const premium = await pagesOnStore(store, { segment: 'premium' });
      const all = await pagesOnStore(store, {});
      const size = await store.size();
      const [premium2, all2, size2] = await Promise.all([
        pagesOnStore(store, { segment: 'premium' }),
        pagesOnStore(store, {}),
        store.size(),
      ]);
      // Rankings are numbered in no fixed order among one query's: compared as what each pattern is.
      expect(patternsOf(premium2)).toEqual(patternsOf(premium));
      expect(patternsOf(all2)).toEqual(patternsOf(all));
      expect(size2).toEqual(size);
    } finally {
      store.close();
    }
  });

  it('streams a result a chunk at a time, and a statement asked for meanwhile waits for the last chunk', async () => {
    const store = await TrafficStore.open(DEMO_STORE);
    try {
      const size = await store.size();
      const seen: number[] = [];
      let chunks = 0;
      let sizeDuring: Promise<unknown> | undefined;
      for await (const rows of store.duck.chunks('SELECT i, i * $m AS twice FROM range(10000) t(i) ORDER BY i', { m: 2 })) {
        chunks += 1;
        // Asked for while the stream is open: it must neither end the stream early nor answer from a half-read connection.
        sizeDuring ??= store.size();
        for (const row of rows) seen.push(Number(row.i) + Number(row.twice));
      }
      expect(chunks).toBeGreaterThan(1);
      expect(seen).toEqual(Array.from({ length: 10_000 }, (_, i) => 3 * i));
      expect(await sizeDuring).toEqual(size);
      // A reader that stops early gives the connection back.
      for await (const rows of store.duck.chunks('SELECT i FROM range(10000) t(i)')) if (rows.length) break;
      expect(await store.size()).toEqual(size);
      const report = await store.report('query', {}, 10);
      const streamed = [];
      for await (const rows of store.reportChunks('query', {}, 10)) streamed.push(...rows);
      expect(streamed).toEqual(report.rows);
    } finally {
      store.close();
    }
  });
});

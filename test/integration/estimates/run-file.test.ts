/**
 * traffic estimate with B's rankings from a run file instead of a service: a TREC run (qids with `_` for spaces) and
 * a batch export's B side, matched to the logged queries as judgments are; queries the run lacks left out and said.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { TrafficStore } from '../../../src/main/services/traffic';
import { captureIo } from '../../helpers/cli-io';

const STORE = join(import.meta.dirname, '..', '..', '..', 'examples', 'workspace', 'traffic');

let dir: string;
/** Two logged queries, each with the items default showed first most often, best first. */
let top: { query: string; items: string[]; searches: number }[];
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wb-estimate-run-'));
  const store = await TrafficStore.open(STORE);
  try {
    const rows = await store.duck.all(
      `SELECT query, hit_ids[1:10] AS items, count(*) OVER (PARTITION BY query) AS searches FROM searches
       WHERE configuration_id = 'default' AND coalesce(page, 1) = 1 AND query IN ('hiking boots', 'rain jacket')
       QUALIFY row_number() OVER (PARTITION BY query ORDER BY ts) = 1 ORDER BY query`,
    );
    top = rows.map((r) => ({ query: String(r.query), items: (r.items as unknown[]).map(String), searches: Number(r.searches) }));
  } finally {
    store.close();
  }
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function estimate(run: string, ...extra: string[]) {
  const io = captureIo();
  const code = await main(
    ['traffic', 'estimate', '--store', STORE, '--a-config', 'default', '--b-run', run, '--format', 'json', ...extra],
    io,
  );
  return { code, out: io.out.join('\n'), err: io.err.join('\n') };
}

describe('traffic estimate --b-run', () => {
  it('a TREC run: only its queries are replayed (matched through the qid’s `_`), the rest counted and said', async () => {
    expect(top).toHaveLength(2);
    const trec = join(dir, 'b.run');
    // B shows each query's items in the reverse of A's order: the best last.
    await writeFile(
      trec,
      top
        .flatMap((t) => [...t.items].reverse().map((id, i) => `${t.query.replace(/ /g, '_')} Q0 ${id} ${i + 1} ${10 - i} reversed`))
        .join('\n'),
    );
    const r = await estimate(trec, '--estimator', 'model', '--replicates', '20');
    expect(r.code, r.err).toBe(0);
    const json = JSON.parse(r.out) as {
      estimator: string;
      searches: number;
      coverage: number;
      a: { value: number };
      b: { value: number };
      delta: { value: number };
    };
    expect(json.estimator).toBe('model');
    expect(json.searches).toBe(top.reduce((n, t) => n + t.searches, 0));
    // B's items are A's own first ten, reordered: every one was shown for its query.
    expect(json.coverage).toBe(1);
    expect(json.delta.value).toBeCloseTo(json.b.value - json.a.value, 5);
    expect(r.err).toMatch(/[\d,]+ of A's searches have a query the run file lacks: left out\./);
  });

  it('a batch export (its B side) reads the same way; a run with none of the queries is exit 2, said', async () => {
    const exported = join(dir, 'batch.json');
    await writeFile(
      exported,
      JSON.stringify({ results: top.map((t) => ({ query: t.query, a: { ok: true, top: [] }, b: { ok: true, ranking: t.items } })) }),
    );
    const same = await estimate(exported, '--estimator', 'dr', '--replicates', '20');
    expect(same.code, same.err).toBe(0);
    // B is A's own most common page: DR puts B − A near 0.
    expect(Math.abs((JSON.parse(same.out) as { delta: { value: number } }).delta.value)).toBeLessThan(0.1);
    const none = join(dir, 'none.run');
    await writeFile(none, 'no_such_query Q0 item-1 1 1.0 x\n');
    const refused = await estimate(none);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/--b-run: None of the [\d,]+ queries A's searches had is in .*none\.run: nothing to replay\./);
  });
});

import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main';
import { newJudgmentList } from '../../src/shared/judgments/model';
import { captureIo } from '../helpers/cli-io';

async function run(argv: string[]) {
  const io = captureIo();
  const code = await main(argv, io);
  return { code, err: io.err.join('\n'), out: io.out.join('\n') };
}

/** CSV rows of two raters from a confusion table (rows ann's rating, columns bob's). */
function csv(table: number[][], header = 'query,docid,rating,rater'): string {
  const lines = [header];
  let n = 0;
  table.forEach((row, i) =>
    row.forEach((count, j) => {
      for (let c = 0; c < count; c++, n++) lines.push(`q${n % 4},d${n},${i},ann`, `q${n % 4},d${n},${j},bob`);
    }),
  );
  return lines.join('\n');
}

describe('judgments agreement', () => {
  it('prints alpha, each pair and the pooled figures of a CSV with raters (the hand-computed table)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wb-agreement-'));
    const file = join(dir, 'two-raters.csv');
    await writeFile(
      file,
      csv([
        [10, 2, 0],
        [3, 8, 2],
        [1, 2, 12],
      ]),
    );
    const r = await run(['judgments', 'agreement', file, '--max', '2']);
    expect(r.code, r.err).toBe(0);
    const report = JSON.parse(r.out) as {
      alpha: number;
      alphaCi95: [number, number];
      pairs: { raters: string[]; items: number; agreement: number; kappa: number; weightedKappa: number; confusion: number[][] }[];
      overall: { items: number; kappa: number };
    };
    expect(report.pairs).toHaveLength(1);
    expect(report.pairs[0]).toMatchObject({ raters: ['ann', 'bob'], items: 40, agreement: 0.75 });
    expect(report.pairs[0]!.kappa).toBeCloseTo(0.41625 / 0.66625, 9);
    expect(report.pairs[0]!.weightedKappa).toBeCloseTo(1 - 3.25 / 13.75, 9);
    expect(report.pairs[0]!.confusion).toEqual([
      [10, 2, 0],
      [3, 8, 2],
      [1, 2, 12],
    ]);
    expect(report.overall.kappa).toBe(report.pairs[0]!.kappa);
    expect(report.alpha).toBeGreaterThan(0.5);
    expect(report.alphaCi95[0]).toBeLessThan(report.alphaCi95[1]);
  });

  it('gives no figure below 30 shared items, saying how many more are needed', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wb-agreement-'));
    const file = join(dir, 'few.csv');
    await writeFile(
      file,
      csv([
        [5, 1],
        [2, 4],
      ]),
    );
    const r = await run(['judgments', 'agreement', file, '--max', '1']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ alpha: null, needed: 18, pairs: [{ items: 12, kappa: null, needed: 18 }] });
    expect(r.err).toContain('ann and bob both rated 12 items: 18 more are needed');
    const lowered = JSON.parse((await run(['judgments', 'agreement', file, '--max', '1', '--min-items', '10'])).out);
    expect(lowered.pairs[0].kappa).toBeCloseTo((9 / 12 - 0.5) / 0.5, 9); // po 9 / 12; rows 6, 6; columns 7, 5: pe = (42 + 30) / 144 = 0.5
  });

  it('reads a workspace list (its "by" is the rater), and refuses what it cannot read with the line', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wb-agreement-'));
    const list = join(dir, 'list.json');
    await writeFile(
      list,
      JSON.stringify({
        ...newJudgmentList('two', { max: 3, threshold: 1 }),
        ratings: [
          { query: 'q', itemId: 'a', rating: 3, by: 'ann' },
          { query: 'q', itemId: 'b', rating: 1, by: 'bob' },
        ],
      }),
    );
    const r = await run(['judgments', 'agreement', list]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ max: 3, raters: ['ann', 'bob'], pairs: [{ items: 0, needed: 30 }] });
    const bad = join(dir, 'bad.csv');
    await writeFile(bad, 'query,docid,rating,rater\nq,d1,2,ann\nq,d1,five,bob');
    const failed = await run(['judgments', 'agreement', bad]);
    expect(failed.code).toBe(3);
    expect(failed.err).toMatch(/bad\.csv:3: the rating "five" is not a whole number: ratings are whole numbers from 0 to 3/);
    expect((await run(['judgments', 'agreement'])).code).toBe(2);
    expect((await run(['judgments', 'agreement', bad, '--max', '12'])).code).toBe(2);
  });

  it("sets a list's clicks' ratings against its people: a model is not one more rater, and the items apart come first", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wb-agreement-'));
    const list = join(dir, 'list.json');
    // 32 items ann rated 0–3 in turn; PBM agrees on 30, is one off on one, three off on the other.
    const ratings = Array.from({ length: 32 }, (_, i) => [
      { query: `q${i % 3}`, itemId: `d${i}`, rating: i % 4, by: 'ann' },
      { query: `q${i % 3}`, itemId: `d${i}`, rating: i === 30 ? 3 : i === 31 ? 0 : i % 4, by: 'clicks:pbm' },
    ]).flat();
    await writeFile(list, JSON.stringify({ ...newJudgmentList('shoppers', { max: 3, threshold: 1 }), ratings }));
    const r = await run(['judgments', 'agreement', list]);
    expect(r.code, r.err).toBe(0);
    const report = JSON.parse(r.out);
    expect(report.raters).toEqual(['ann']);
    expect(report.shoppers).toHaveLength(1);
    expect(report.shoppers[0]).toMatchObject({ by: 'clicks:pbm', items: 32, overall: { items: 32, agreement: 30 / 32 } });
    expect(report.shoppers[0].alpha).toBeGreaterThan(0.7);
    expect(report.shoppers[0].apart).toEqual([
      { query: 'q1', itemId: 'd31', people: 3, clicks: 0, apart: 3 },
      { query: 'q0', itemId: 'd30', people: 2, clicks: 3, apart: 1 },
    ]);
    expect(report.shoppers[0].perQuery.map((q: { query: string }) => q.query).sort()).toEqual(['q0', 'q1', 'q2']);
  });
});

/**
 * Untrusted files that cost time or memory without limit: a quadratic RRE export, agreement over a thousand
 * raters, a suite of 1.5 million assertions, a megabyte of rating rules. Each is now linear or refused with its
 * limit named (SECURITY.md lists them).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ASSERTION_LIMITS } from '../../src/shared/request/expect';
import { agreement, MAX_RATERS, type RaterRating } from '../../src/shared/judgments/agreement';
import { formatJudgments } from '../../src/shared/judgments/formats';
import { compileRules, RULES_LIMITS } from '../../src/shared/judgments/rules';
import { runCli } from '../helpers/cli-io';
import { DEMO_TOKEN, emulatorAndFolder, searchCount, type TestEmulator } from '../helpers/emulator';

let em: TestEmulator;
let dir: string;

const fixture = emulatorAndFolder('wb-limits-');
beforeAll(async () => {
  ({ em, dir } = fixture);
});

const run = runCli;

describe('judgments convert --to rre is linear', () => {
  it('100,000 ratings of one query: every rating written once, under the group of its query (was over 60 s)', async () => {
    const file = join(dir, 'one-query.csv');
    await writeFile(file, ['query,docid,rating', ...Array.from({ length: 100_000 }, (_, i) => `jacket,SKU-${i},${i % 4}`)].join('\n'));
    const out = join(dir, 'one-query.json');
    const r = await run(['judgments', 'convert', file, '--to', 'rre', '--out', out]);
    expect(r.code, r.err).toBe(0);
    const rre = JSON.parse(await readFile(out, 'utf8')) as { topics: { query_groups: { name: string; relevant_documents: object }[] }[] };
    expect(rre.topics[0]!.query_groups).toHaveLength(1);
    expect(Object.keys(rre.topics[0]!.query_groups[0]!.relevant_documents)).toHaveLength(100_000);
  });

  it('the export groups by query in order, whatever the order of the ratings', () => {
    const json = JSON.parse(
      formatJudgments(
        [
          { query: 'a', itemId: '1', rating: 1 },
          { query: 'b', itemId: '2', rating: 2 },
          { query: 'a', itemId: '3', rating: 3 },
        ],
        'rre',
      ),
    ) as { topics: { query_groups: { name: string; relevant_documents: Record<string, { gain: number }> }[] }[] };
    expect(json.topics[0]!.query_groups.map((g) => [g.name, g.relevant_documents])).toEqual([
      ['a', { 1: { gain: 1 }, 3: { gain: 3 } }],
      ['b', { 2: { gain: 2 } }],
    ]);
  });
});

describe('judgments agreement has a rater limit', () => {
  const csv = (raters: number, items: number) =>
    [
      'query,docid,rating,rater',
      ...Array.from({ length: raters }, (_, r) =>
        Array.from({ length: items }, (_, i) => `jacket,SKU-${i},${(r + i) % 3},rater${r}`),
      ).flat(),
    ].join('\n');

  it(`1,000 raters in a 44 KB file: refused at once with the limit (${MAX_RATERS}), exit 3 (was 31 s and 1.3 GB)`, async () => {
    const file = join(dir, 'raters-1000.csv');
    await writeFile(file, csv(1000, 1));
    const r = await run(['judgments', 'agreement', file]);
    expect(r.code).toBe(3);
    expect(r.err).toContain(`1,000 raters: agreement takes at most ${MAX_RATERS}`);
  });

  it(`${MAX_RATERS} raters are measured, each pair once; pairs grow from the items each rated, not from all raters squared`, () => {
    const ratings: RaterRating[] = Array.from({ length: MAX_RATERS }, (_, r) =>
      Array.from({ length: 3 }, (_, i) => ({ query: 'q', itemId: `i${i}`, rating: (r + i) % 3, rater: `r${String(r).padStart(3, '0')}` })),
    ).flat();
    const report = agreement(ratings, 2, { resamples: 50 });
    expect(report.raters).toHaveLength(MAX_RATERS);
    expect(report.pairs).toHaveLength((MAX_RATERS * (MAX_RATERS - 1)) / 2);
    expect(report.pairs.every((p) => p.items === 3)).toBe(true);
    expect(report.pairable).toBe(3);
    expect(() => agreement([...ratings, { query: 'q', itemId: 'i0', rating: 0, rater: 'one more' }], 2)).toThrow(/201 raters/);
  });
});

describe('a suite has a total assertion limit', () => {
  it(`over ${ASSERTION_LIMITS.perSuite.toLocaleString('en-US')} assertions in all: refused before any request, memory bounded, exit 3`, async () => {
    const suite = join(dir, 'big-suite');
    await mkdir(suite);
    // 51 files of 1,000 assertions each (the most one file may hold): 51,000 in all.
    const file = (n: number) => ({
      format: 'search-workbench-request',
      version: 1,
      savedAt: '2026-11-26T00:00:00.000Z',
      name: `r${n}`,
      kind: 'search',
      transport: 'post',
      request: { token: DEMO_TOKEN, query: 'jacket' },
      expect: Array.from({ length: 1000 }, () => ({ type: 'notEmpty' })),
    });
    for (let n = 0; n < 51; n++) await writeFile(join(suite, `r${String(n).padStart(2, '0')}.json`), JSON.stringify(file(n)));
    const before = await searchCount(em);
    const r = await run(['test', suite, '--base-url', em.url, '--token', DEMO_TOKEN, '--reporter', 'json']);
    expect(r.code).toBe(3);
    expect(r.out).toContain(`holds over ${ASSERTION_LIMITS.perSuite.toLocaleString('en-US')} assertions`);
    expect(await searchCount(em)).toBe(before);
  }, 60_000);
});

describe('rating rules have a total size', () => {
  it(`1,000 rules of 10,000 characters: refused with the total and the limit (${RULES_LIMITS.characters.toLocaleString('en-US')}) (was 27.7 s for one query)`, () => {
    const rule = (i: number) => ({ when: `brand = "${'x'.repeat(9_980)}${i}"`, rating: 1 });
    const read = compileRules(Array.from({ length: 1000 }, (_, i) => rule(i)));
    expect(read.ok).toBe(false);
    expect(!read.ok && read.message).toMatch(
      /^the rules' filters hold 9,9\d\d,\d\d\d characters in all, over the 100,000 a rules file may hold/,
    );
  });

  it('rules within the limits compile as before', () => {
    const read = compileRules(Array.from({ length: 1000 }, (_, i) => ({ when: `brand = "b${i}" AND colour = $intent.colour`, rating: 2 })));
    expect(read.ok).toBe(true);
  });
});

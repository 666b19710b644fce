import { describe, expect, it } from 'vitest';
import { importSummary } from '../../../../../src/renderer/src/features/workspace/workspace-slice';
import { appForSuite, waitFor } from '../../app-under-test';

describe('workspace: pure parts', () => {
  it('says what an import did in one sentence', () => {
    expect(
      importSummary({ file: 'f.json', format: 'trec', rows: 3, ratings: 2, queries: 1, duplicates: 1, unjudged: 0, unrated: 0 }, 'q.qrels'),
    ).toBe('Imported 2 ratings on 1 query from q.qrels (TREC qrels); 1 duplicate row (the last one won).');
    expect(
      importSummary({ file: 'f.json', format: 'trec', rows: 5, ratings: 3, queries: 2, duplicates: 0, unjudged: 2, unrated: 0 }, 'q.qrels'),
    ).toBe(
      'Imported 3 ratings on 2 queries from q.qrels (TREC qrels); 2 lines with a negative grade read as unjudged, as trec_eval reads them.',
    );
    expect(
      importSummary({ file: 'f.json', format: 'rre', rows: 1, ratings: 1, queries: 1, duplicates: 0, unjudged: 0, unrated: 0 }, 'r.json'),
    ).toBe('Imported 1 rating on 1 query from r.json (RRE JSON).');
    expect(
      importSummary(
        {
          file: 'f.json',
          format: 'quepid',
          rows: 4,
          ratings: 2,
          queries: 1,
          duplicates: 0,
          unjudged: 0,
          unrated: 2,
          querySet: 'q-queries.json',
          scale: "grades up to 4 kept as they are: the list's scale is 0–4 (the file's), not 0–3",
        },
        'q.csv',
      ),
    ).toBe(
      "Imported 2 ratings on 1 query from q.csv (Quepid CSV); grades up to 4 kept as they are: the list's scale is 0–4 (the file's), not 0–3; 2 queries with no rating yet, kept with the rest in the query set q-queries.json.",
    );
  });
});

describe('workspace: the slice against main', () => {
  const app = appForSuite();

  it('lists the folder, creates a query set and a judgment list, and reads the folder again after each', async () => {
    await app.state().loadWorkspace();
    expect(app.state().workspaceList.result?.items['query-sets']).toEqual([]);
    expect(await app.state().createQuerySet('Seasonal', { kind: 'text', text: 'swimwear\nsandals\n' })).toBe(true);
    expect(app.state().workspaceOp.result).toBe('Created “Seasonal” with 2 queries.');
    expect(app.state().workspaceList.result?.items['query-sets'].map((i) => i.file)).toEqual(['seasonal.json']);
    await app.state().openQuerySet('seasonal.json');
    expect(app.state().querySetView.result?.page.entries.map((e) => e.entry.query)).toEqual(['swimwear', 'sandals']);
    expect(await app.state().createJudgmentList('Graded', { max: 4, threshold: 2 })).toBe(true);
    expect(app.state().workspaceList.result?.items.judgments[0]?.summary).toBe('0 ratings on 0 queries · scale 0–4');
  });

  it('proposes intents for the page’s queries without one, keeps what is saved, and says what was not', async () => {
    expect(await app.state().createQuerySet('Words', { kind: 'text', text: 'black hoodie\nzzzz qqqq\n' })).toBe(true);
    await app.state().openQuerySet('words.json');
    await app.state().proposeIntents();
    const proposed = app.state().intentProposals.result!;
    expect(proposed.file).toBe('words.json');
    expect(proposed.byKey).toEqual({ 'black hoodie': { category: 'Hoodies', colour: 'Black' }, 'zzzz qqqq': {} });
    expect(proposed.attributes).toContain('category');

    expect(await app.state().saveIntents([{ query: 'black hoodie', intent: proposed.byKey['black hoodie']! }])).toBe(true);
    // The page shows the saved intent; the proposal is gone, the other stays.
    expect(app.state().querySetView.result?.page.entries.map((e) => e.entry.intent ?? null)).toEqual([
      { category: 'Hoodies', colour: 'Black' },
      null,
    ]);
    expect(app.state().intentProposals.result?.byKey).toEqual({ 'zzzz qqqq': {} });

    expect(await app.state().saveIntents([{ query: 'green dress', intent: { colour: 'Green' } }])).toBe(false);
    expect(app.state().querySetView.error?.message).toBe('The intent was not saved: "green dress" is not in words.json (any more).');
    app.state().closeQuerySet();
    expect(app.state().intentProposals.status).toBe('idle');
  });

  it('imports all or nothing, exports, and deletes only the app’s own files', async () => {
    const bad = await app
      .state()
      .importJudgments({ name: 'x', text: 'query,docid,rating\nq,a,high\n', fileName: 'x.csv', scale: { max: 3, threshold: 1 } });
    expect(bad).toBeNull();
    expect(app.state().workspaceOp.error?.message).toBe('x.csv: line 2: the rating "high" is not a whole number. Nothing was imported.');
    // A grade above the scale widens it, said (trec_eval reads any whole grade).
    const wide = await app
      .state()
      .importJudgments({ name: 'Wide', text: 'q 0 a 4\nq 0 b 1\n', fileName: 'w.qrels', scale: { max: 3, threshold: 1 } });
    expect(wide).toMatchObject({ format: 'trec', scale: "grades up to 4 kept as they are: the list's scale is 0–4 (the file's), not 0–3" });
    expect(await app.state().deleteWorkspaceFile('judgments', wide!.file, 'Wide')).toBe(true);
    const report = await app
      .state()
      .importJudgments({ name: 'Good', text: 'q 0 a 2\nq 0 b 1\n', fileName: 'g.qrels', scale: { max: 3, threshold: 1 } });
    expect(report).toMatchObject({ format: 'trec', ratings: 2 });
    const exported = await app.state().exportJudgments('good.json', 'quepid');
    expect(exported?.content).toBe('query,docid,rating\nq,a,2\nq,b,1\n');
    expect(await app.state().deleteWorkspaceFile('judgments', 'good.json', 'Good')).toBe(true);
    expect(app.state().workspaceList.result?.items.judgments.map((i) => i.file)).toEqual(['graded.json']);
    expect(await app.state().deleteWorkspaceFile('query-sets', '../settings.json', 'x')).toBe(false);
    expect(app.state().workspaceOp.error?.code).toBe('validation');
  });

  it('creates an experiment, runs it, and measures the run against its judgment list when it stops', async () => {
    const off = app.api.onCompareProgress((update) => app.state().applyBatchProgress(update));
    const queries = ['jacket', 'hoodie', 'dress', 'running shoe', 'zzqv nothing'];
    expect(await app.state().createQuerySet('Trial', { kind: 'text', text: queries.join('\n') })).toBe(true);
    // Rate the default configuration's top item of each query 3, from a real search.
    const token = app.state().profiles!.profiles[0]!.searchTokens[0]!.token;
    const lines: string[] = [];
    for (const query of queries.slice(0, 4)) {
      const run = await app.api.search.run({
        requestId: `t-${query}`,
        kind: 'search',
        transport: 'post',
        record: false,
        request: { query, token },
      });
      if (!run.ok || run.value.kind !== 'search') throw new Error('search failed');
      const top = run.value.response.items?.[0];
      if (top) lines.push(`${query},${String(top.id)},3`);
    }
    expect(
      await app.state().importJudgments({
        name: 'Trial ratings',
        text: ['query,docid,rating', ...lines].join('\n'),
        fileName: 't.csv',
        scale: { max: 3, threshold: 2 },
      }),
    ).not.toBeNull();

    const sides = { a: { label: 'default', overrides: {} }, b: { label: 'bestsellers', overrides: { configurationId: 'bestsellers' } } };
    const base = { name: 'Trial', querySet: 'trial.json', judgments: 'trial-ratings.json', limit: 3, concurrency: 2, sides };
    expect(await app.state().createExperiment({ ...base, quality: { k: 5, gain: 'linear' } })).toBe(true);
    expect(app.state().workspaceOp.result).toBe('Created trial.json: run it to compare default with bestsellers.');
    expect(app.state().workspaceList.result?.items.experiments[0]?.summary).toBe(
      'default vs bestsellers · trial.json · trial-ratings.json · not run yet',
    );
    expect(await app.state().lastExperimentRun('trial.json')).toBeNull();
    expect(app.state().workspaceOp.result).toBe('Trial has not been run yet: press Run.');
    // A file it names must exist.
    expect(await app.state().createExperiment({ ...base, querySet: 'missing.json', quality: { k: 5, gain: 'linear' } })).toBe(false);
    expect(app.state().workspaceOp.error?.message).toMatch(/missing\.json/);

    const run = await app.state().runExperiment('trial.json');
    expect(run?.notice).toBe(
      'Each query asks for 5 items instead of 3, so nDCG@5 and the other measures have an item at every judged position.',
    );
    await app.state().openBatch(run!.id);
    const done = await waitFor(app.store, (s) => s.compare.batch?.progress.status === 'done' && s.compare.batchQuality.status === 'done');
    expect(done.compare.batch?.definition).toMatchObject({
      name: 'Trial · run 1',
      base: { options: { limit: 5 } },
      // The relevance threshold is the list's own (relevant from 2).
      quality: { k: 5, gain: 'linear', threshold: 2, judgments: { file: 'trial-ratings.json', name: 'Trial ratings' } },
      experiment: { file: 'trial.json', name: 'Trial' },
    });
    const quality = done.compare.batchQuality.result!;
    expect(quality.paired).toBe(lines.length);
    expect(quality.unjudged).toBe(queries.length - lines.length);
    // Side A's top item is what was rated: A's reciprocal rank is 1 on every judged query.
    expect(quality.metrics.rr.a).toBe(1);
    expect(quality.metrics.rr.n).toBe(lines.length);
    expect(await app.state().lastExperimentRun('trial.json')).toBe(run!.id);
    expect(app.state().workspaceList.result?.items.experiments[0]?.summary).toMatch(/· 1 run$/);
    off();
  });
});

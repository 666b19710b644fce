import { describe, expect, it } from 'vitest';
import { importSummary } from '../../../../../src/renderer/src/features/workspace/workspace-slice';
import { appForSuite } from '../../app-under-test';

describe('workspace: pure parts', () => {
  it('says what an import did in one sentence', () => {
    expect(importSummary({ file: 'f.json', format: 'trec', rows: 3, ratings: 2, queries: 1, duplicates: 1 }, 'q.qrels')).toBe(
      'Imported 2 ratings on 1 query from q.qrels (TREC qrels); 1 duplicate row (the last one won).',
    );
    expect(importSummary({ file: 'f.json', format: 'rre', rows: 1, ratings: 1, queries: 1, duplicates: 0 }, 'r.json')).toBe(
      'Imported 1 rating on 1 query from r.json (RRE ratings JSON).',
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
    expect(app.state().querySetView.result?.querySet.queries.map((q) => q.query)).toEqual(['swimwear', 'sandals']);
    expect(await app.state().createJudgmentList('Graded', { max: 4, threshold: 2 })).toBe(true);
    expect(app.state().workspaceList.result?.items.judgments[0]?.summary).toBe('0 ratings on 0 queries · scale 0–4');
  });

  it('imports all or nothing, exports, and deletes only the app’s own files', async () => {
    const bad = await app
      .state()
      .importJudgments({ name: 'x', text: 'query,docid,rating\nq,a,9\n', fileName: 'x.csv', scale: { max: 3, threshold: 1 } });
    expect(bad).toBeNull();
    expect(app.state().workspaceOp.error?.message).toBe('x.csv: line 2: the rating 9 is above the maximum 3. Nothing was imported.');
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
});

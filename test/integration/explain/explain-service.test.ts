import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BatchView } from '../../../src/shared/compare';
import type { ExplainView } from '../../../src/shared/explain';
import { LOCAL_DEMO_ID } from '../../../src/shared/profiles';
import { call, demoCores, invoke } from '../../helpers/demo-core';
import { byTag, parseHtml, words } from '../../helpers/html';

// Explain through the contract on Local demo: one query with the answer on screen reused, a batch over its query
// set kept with the batch (after a restart too) and in its three reports.

const { start, stop } = demoCores();

const side = (label: string, overrides: Record<string, unknown> = {}) => ({ label, profileId: LOCAL_DEMO_ID, overrides });

describe('explain through the contract', () => {
  it('one query: the answer on screen for A is not asked again; progress comes as events; the parts add up', async () => {
    const core = await start(await mkdtemp(join(tmpdir(), 'wb-explain-')));
    const progress: { done: number; total: number }[] = [];
    core.events.subscribe((name, payload) => name === 'explain:progress' && progress.push(payload as (typeof progress)[number]));
    const sides = {
      a: side('A', { token: 'demo-search-token-0001' }),
      b: side('B', {
        token: 'demo-search-token-0001',
        configurationId: 'bestsellers',
        options: { filter: 'price < 150' },
        context: { variables: { segment: 'premium' } },
      }),
    };
    const base = { options: { offset: 0, limit: 24 } };
    const a = await call<{ response: { items: { id: string }[]; metadata: { count: number } } }>(core, 'search:run', {
      requestId: 'explain-a',
      kind: 'search',
      transport: 'post',
      request: { token: 'demo-search-token-0001', query: 'jacket', options: { offset: 0, limit: 24 } },
    });
    const known = { a: { ranking: a.response.items.map((i) => i.id), count: a.response.metadata.count } };
    const view = await call<ExplainView>(core, 'explain:query', { base, sides, query: 'jacket', measure: 'rbo', known });
    expect(view.differences.map((d) => d.name).sort()).toEqual(['configurationId', 'context.variables.segment', 'options.filter']);
    expect(view).toMatchObject({ requests: 8, sent: 7, reused: 1, queries: 1, exact: true, stopped: false, errors: [] });
    expect(view.differences.reduce((s, d) => s + d.phi, 0)).toBeCloseTo(view.total!, 12);
    expect(progress.at(-1)).toEqual({ total: 7, done: 7, failed: 0 });

    const refused = async (input: Record<string, unknown>) => {
      const r = await invoke(core, 'explain:query', { base, sides, query: 'jacket', ...input });
      return r.ok ? null : r.error;
    };
    expect(await refused({ measure: 'ndcg' })).toMatchObject({ code: 'validation', details: { field: 'judgments' } });
    expect(await refused({ budget: 2 })).toMatchObject({
      code: 'validation',
      details: { field: 'budget' },
      message: expect.stringContaining('give at least 4'),
    });
    expect(await refused({ query: '  ' })).toMatchObject({ code: 'validation', details: { field: 'query' } });
  });

  it('a batch: its stored answers stand for A and B, the explanation is kept with it, after a restart and in its reports', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'wb-explain-'));
    const core = await start(dataDir);
    const rows = ['jacket', 'backpack', 'running shoe', 'tent', 'socks'].map((query, i) => ({ query, line: i + 1 }));
    const done = new Promise<string>((resolve) => {
      const stop = core.events.subscribe((name, payload) => {
        const p = payload as { id: string; progress: { status: string } };
        if (name === 'compare:progress' && p.progress.status === 'done') {
          stop();
          resolve(p.id);
        }
      });
    });
    const { id } = await call<{ id: string }>(core, 'compare:start', {
      name: 'explained',
      base: { options: { limit: 24 } },
      sides: {
        a: side('default'),
        b: side('bestsellers premium', { configurationId: 'bestsellers', context: { variables: { segment: 'premium' } } }),
      },
      rows,
      concurrency: 4,
    });
    expect(await done).toBe(id);

    const view = await call<ExplainView>(core, 'explain:batch', { id, measure: 'rbo' });
    // Two differences: 4 subsets per query, of which A and B come from the batch.
    expect(view).toMatchObject({
      queries: 5,
      requests: 20,
      reused: 10,
      sent: 10,
      batchId: id,
      leftOut: { failed: 0, unjudged: 0, empty: 0 },
    });
    expect(view.differences.map((d) => d.name).sort()).toEqual(['configurationId', 'context.variables.segment']);
    expect(view.perQuery).toHaveLength(5);
    for (const d of view.differences) expect(d.top!.length).toBeGreaterThan(0);

    const kept = await call<BatchView>(core, 'compare:get', { id });
    expect(kept.explanation).toEqual(view);
    await stop(core);
    const again = await start(dataDir);
    expect((await call<BatchView>(again, 'compare:get', { id })).explanation).toEqual(view);

    const report = async (format: string) => (await call<{ content: string }>(again, 'compare:export', { id, format })).content;
    const csv = (await report('csv')).trim().split(/\r\n/);
    const header = csv[0]!.split(',');
    expect(header.slice(-3)).toEqual(['explain_rbo_total', ...view.differences.map((d) => `phi_${d.name}`)]);
    const jacket = csv.find((line) => line.startsWith('1,jacket,'))!.split(',');
    const q = view.perQuery!.find((p) => p.query === 'jacket')!;
    expect(Number(jacket.at(-3))).toBeCloseTo(q.total, 5);
    expect(JSON.parse(await report('json')).explanation).toEqual(view);
    const page = parseHtml(await report('html'));
    expect(byTag(page, 'h2').map(words)).toContain('What moved the change: ranking change (1 − RBO)');
    expect(byTag(page, 'p', 'sentence').map(words).join(' ')).toContain('of the change');

    expect((await invoke(again, 'explain:batch', { id, measure: 'ndcg' })).ok).toBe(false);
    expect(await call(again, 'explain:cancel', {})).toEqual({ cancelled: false });
  });
});

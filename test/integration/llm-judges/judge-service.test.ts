import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JudgmentList } from '../../../src/shared/judgments/model';
import type { JudgeRunView, JudgeView } from '../../../src/shared/llm-judges';
import { call, demoCores, invoke } from '../../helpers/demo-core';

// Judges through the contract, as the window calls them: the Local demo's own, one saved with its key in the
// (in-memory) keychain, and a run on a query set that is saved as a list and resumed from the cache.

const { start } = demoCores();

describe('llm-judges through the contract', () => {
  it('lists the Local demo judge, keeps a saved judge’s key out of every answer, and judges a query set into a list, the second time from the cache', async () => {
    const core = await start(await mkdtemp(join(tmpdir(), 'wb-judges-')));
    const listed = await call<JudgeView[]>(core, 'llm-judges:list', {});
    expect(listed[0]).toMatchObject({ id: 'local-demo', model: 'demo-judge', hasKey: true, demo: { errorRate: 0.1 } });

    const saved = await call<JudgeView[]>(core, 'llm-judges:save', {
      id: 'gpt',
      name: 'GPT mini',
      baseUrl: 'https://api.example.com/v1',
      model: 'gpt-4o-mini',
      priceIn: 0.15,
      priceOut: 0.6,
      apiKey: 'sk-secret-value-123',
    });
    expect(saved.find((j) => j.id === 'gpt')).toEqual({
      id: 'gpt',
      name: 'GPT mini',
      baseUrl: 'https://api.example.com/v1',
      model: 'gpt-4o-mini',
      priceIn: 0.15,
      priceOut: 0.6,
      hasKey: true,
    });
    expect(JSON.stringify(saved)).not.toContain('sk-secret-value-123');
    expect(await readFile(join(core.services.options.dataDir, 'judges.json'), 'utf8')).not.toContain('sk-secret-value-123');
    const bad = await invoke(core, 'llm-judges:save', {
      id: 'x',
      name: 'X',
      baseUrl: 'ftp://nowhere',
      model: 'm',
      priceIn: 0,
      priceOut: 0,
    });
    expect(bad.ok ? null : bad.error.message).toMatch(/http\(s\):\/\/host/);
    const removed = await call<JudgeView[]>(core, 'llm-judges:remove', { id: 'gpt' });
    expect(removed.map((j) => j.id)).toEqual(['local-demo']);

    const { file: querySet } = await call<{ file: string }>(core, 'query-sets:create', {
      name: 'Three',
      from: { kind: 'text', text: 'running shoes\nrain jacket\nhoodie\n' },
    });
    const input = { judge: 'local-demo', querySet, k: 4 };
    const estimate = await call<{ pairs: number; toAsk: number; cached: number; tokens: { prompt: number } }>(
      core,
      'llm-judges:estimate',
      input,
    );
    expect(estimate).toMatchObject({ pairs: 12, toAsk: 12, cached: 0 });
    expect(estimate.tokens.prompt).toBeGreaterThan(0);

    const first = await call<JudgeRunView>(core, 'llm-judges:run', { ...input, name: 'Demo judge' });
    expect(first).toMatchObject({ pairs: 12, rated: 12, cached: 0, requests: 12, noVerdict: 0, failedPairs: 0 });
    const list = JSON.parse(await readFile(join(core.services.workspace.kindFolder('judgments'), first.file), 'utf8')) as JudgmentList;
    expect(list.ratings).toHaveLength(12);
    expect(list.ratings.every((r) => r.by === 'llm:demo-judge' && (r.reason ?? '').length > 0)).toBe(true);

    expect(await call(core, 'llm-judges:estimate', input)).toMatchObject({ pairs: 12, toAsk: 0, cached: 12 });
    const again = await call<JudgeRunView>(core, 'llm-judges:run', { ...input, name: 'Demo judge' });
    expect(again).toMatchObject({ rated: 12, cached: 12, requests: 0 });
    expect(again.file).not.toBe(first.file);
    expect(await call(core, 'llm-judges:cancel', {})).toEqual({ cancelled: false });

    // Into a list beside its people's ratings: the judge's earlier ratings there give way, people's stay.
    const { file: people } = await call<{ file: string }>(core, 'judgments:create', { name: 'People', scale: { max: 3, threshold: 1 } });
    await call(core, 'judgments:rate', { file: people, query: 'hoodie', itemId: list.ratings[0]!.itemId, rating: 2 });
    for (let round = 0; round < 2; round++) {
      const into = await call<JudgeRunView>(core, 'llm-judges:run', { ...input, into: people, name: 'ignored' });
      expect(into.file).toBe(people);
    }
    const beside = JSON.parse(await readFile(join(core.services.workspace.kindFolder('judgments'), people), 'utf8')) as JudgmentList;
    expect(beside.ratings.filter((r) => r.by === 'llm:demo-judge')).toHaveLength(12);
    expect(beside.ratings.filter((r) => r.by !== 'llm:demo-judge')).toHaveLength(1);

    // The workspace's own prompt: checked, saved as judge-prompt.json, a new version (nothing cached under it yet),
    // and taken away again (the default's verdicts are still cached).
    const byDefault = await call<{ version: string; source: string; system: string; user: string }>(core, 'llm-judges:prompt', {});
    expect(byDefault.source).toBe('default');
    const refused = await invoke(core, 'llm-judges:set-prompt', { template: { system: 'Rate it.', user: 'Query: {{query}}' } });
    expect(refused.ok ? null : refused.error.message).toMatch(/no \{\{item\}\}/);
    const own = await call<{ version: string; source: string }>(core, 'llm-judges:set-prompt', {
      template: { system: `${byDefault.system}\nBe strict.`, user: byDefault.user },
    });
    expect(own.source).toBe('workspace');
    expect(own.version).not.toBe(byDefault.version);
    expect(JSON.parse(await readFile(join(core.services.workspace.folder, 'judge-prompt.json'), 'utf8'))).toMatchObject({
      format: 'search-workbench-judge-prompt',
      system: expect.stringContaining('Be strict.'),
    });
    expect(await call(core, 'llm-judges:estimate', input)).toMatchObject({ pairs: 12, toAsk: 12, cached: 0 });
    expect(await call(core, 'llm-judges:set-prompt', { template: null })).toMatchObject({ source: 'default', version: byDefault.version });
    expect(await call(core, 'llm-judges:estimate', input)).toMatchObject({ toAsk: 0, cached: 12 });

    const unknown = await invoke(core, 'llm-judges:run', { ...input, judge: 'nobody', name: 'X' });
    expect(unknown.ok ? null : unknown.error).toMatchObject({ code: 'not-found', details: { field: 'judge' } });
  });
});

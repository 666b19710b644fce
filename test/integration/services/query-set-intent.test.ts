import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { IntentProposals } from '../../../src/shared/workspace';
import type { QuerySet } from '../../../src/shared/workspace/query-set';
import { call, demoCores, invoke } from '../../helpers/demo-core';

const { start } = demoCores();

describe('query-sets:set-intents', () => {
  it('sets queries’ intents in their query set in one write, clears with null, and refuses what is not attribute → values', async () => {
    const core = await start(await mkdtemp(join(tmpdir(), 'wb-intent-')));
    const { file } = await call<{ file: string }>(core, 'query-sets:create', {
      name: 'Intents',
      from: { kind: 'text', text: 'red dress\nblack hoodie\nrain jacket' },
    });
    const path = join(core.services.workspace.kindFolder('query-sets'), file);
    const intent = { category: 'Dresses', colour: ['Red', 'Burgundy'] };
    const both = [
      { query: 'Red  Dress', intent },
      { query: 'black hoodie', intent: { category: 'Hoodies', colour: 'Black' } },
    ];
    expect(await call(core, 'query-sets:set-intents', { file, intents: both })).toEqual({ file, updated: 2 });
    const set = await call<QuerySet>(core, 'query-sets:read', { file });
    expect(set.queries).toEqual([
      { query: 'red dress', intent },
      { query: 'black hoodie', intent: { category: 'Hoodies', colour: 'Black' } },
      { query: 'rain jacket' },
    ]);
    await call(core, 'query-sets:set-intents', { file, intents: [{ query: 'red dress', intent: null }] });
    expect((await call<QuerySet>(core, 'query-sets:read', { file })).queries[0]).toEqual({ query: 'red dress' });

    const bad = await invoke(core, 'query-sets:set-intents', { file, intents: [{ query: 'red dress', intent: { category: [] } }] });
    expect(bad.ok).toBe(false);
    expect((await invoke(core, 'query-sets:set-intents', { file, intents: [] })).ok).toBe(false);
    // One query that is not in the set refuses the whole change: the file is as it was.
    const before = await readFile(path, 'utf8');
    const missing = await invoke(core, 'query-sets:set-intents', {
      file,
      intents: [
        { query: 'rain jacket', intent: { category: 'Rain Jackets' } },
        { query: 'green dress', intent: { colour: 'Green' } },
      ],
    });
    expect(missing.ok ? null : missing.error).toMatchObject({
      code: 'not-found',
      message: expect.stringContaining('"green dress"'),
      details: { field: 'query' },
    });
    expect(await readFile(path, 'utf8')).toBe(before);
  });
});

describe('query-sets:propose-intents', () => {
  it('proposes each query’s intent from the Local demo catalog’s facet values, spelled as the catalog spells them', async () => {
    const core = await start(await mkdtemp(join(tmpdir(), 'wb-propose-')));
    const proposed = await call<IntentProposals>(core, 'query-sets:propose-intents', {
      queries: ['black hoodie', 'womens jackets', 'zzzz qqqq', 'black hoodie'],
    });
    expect(proposed.failed).toEqual([]);
    expect(proposed.attributes).toEqual(expect.arrayContaining(['category', 'colour', 'brand', 'gender']));
    // Each query once, in the order given.
    expect(proposed.proposals.map((p) => p.query)).toEqual(['black hoodie', 'womens jackets', 'zzzz qqqq']);
    const [hoodie, rain, nothing] = proposed.proposals.map((p) => p.intent);
    expect(hoodie).toEqual({ category: 'Hoodies', colour: 'Black' });
    expect(rain).toEqual({ category: 'Jackets', gender: 'Women' });
    expect(nothing).toEqual({});

    // A configuration the service does not have is said with the service's own message.
    const unknown = await invoke(core, 'query-sets:propose-intents', { queries: ['black hoodie'], configurationId: 'nope' });
    expect(unknown.ok ? null : unknown.error.message).toMatch(/facet values could not be read/);
  });
});

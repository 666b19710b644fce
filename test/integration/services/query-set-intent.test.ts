import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { QuerySet } from '../../../src/shared/workspace/query-set';
import { call, demoCores, invoke } from '../../helpers/demo-core';

const { start } = demoCores();

describe('query-sets:set-intent', () => {
  it('sets a query’s intent in its query set, clears it with null, and refuses one that is not attribute → values', async () => {
    const core = await start(await mkdtemp(join(tmpdir(), 'wb-intent-')));
    const { file } = await call<{ file: string }>(core, 'query-sets:create', {
      name: 'Intents',
      from: { kind: 'text', text: 'red dress\nblack hoodie' },
    });
    const intent = { category: 'Dresses', colour: ['Red', 'Burgundy'] };
    expect(await call(core, 'query-sets:set-intent', { file, query: 'Red  Dress', intent })).toEqual({ file, updated: 1 });
    const set = await call<QuerySet>(core, 'query-sets:read', { file });
    expect(set.queries[0]).toEqual({ query: 'red dress', intent });
    expect(set.queries[1]).toEqual({ query: 'black hoodie' });
    await call(core, 'query-sets:set-intent', { file, query: 'red dress', intent: null });
    expect((await call<QuerySet>(core, 'query-sets:read', { file })).queries[0]).toEqual({ query: 'red dress' });
    const bad = await invoke(core, 'query-sets:set-intent', { file, query: 'red dress', intent: { category: [] } });
    expect(bad.ok).toBe(false);
    const missing = await invoke(core, 'query-sets:set-intent', { file, query: 'green dress', intent: { colour: 'Green' } });
    expect(missing.ok ? null : missing.error).toMatchObject({ code: 'not-found', details: { field: 'query' } });
  });
});

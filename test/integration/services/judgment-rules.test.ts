import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JudgmentList } from '../../../src/shared/judgments/model';
import { call, demoCores, invoke } from '../../helpers/demo-core';

// Rating rules attached to a workspace judgment list through the contract: checked before anything is written.

const { start } = demoCores();

describe('judgments:set-rules', () => {
  it('attaches rules to a list, refuses a broken one naming the rule, and takes them off with null', async () => {
    const core = await start(await mkdtemp(join(tmpdir(), 'wb-rules-')));
    const { file: FILE } = await call<{ file: string }>(core, 'judgments:create', { name: 'Rules', scale: { max: 3, threshold: 1 } });
    await call(core, 'judgments:rate', { file: FILE, query: 'red dress', itemId: 'd1', rating: 2 });
    const path = join(core.services.workspace.kindFolder('judgments'), FILE);
    const rules = [
      { name: 'colour and category match', when: 'category = $intent.category AND colour = $intent.colour', rating: 3 },
      { when: 'category = $intent.category', rating: 1 },
    ];
    expect(await call(core, 'judgments:set-rules', { file: FILE, rules })).toEqual({ rules: 2 });
    const list = JSON.parse(await readFile(path, 'utf8')) as JudgmentList;
    expect(list.rules).toEqual(rules);
    const ratings = list.ratings.length;

    const broken = await invoke(core, 'judgments:set-rules', { file: FILE, rules: [{ when: 'colour = ', rating: 2, name: 'half' }] });
    expect(broken.ok ? null : broken.error).toMatchObject({
      code: 'validation',
      message: expect.stringContaining('rule 1 (half)'),
      details: { field: 'rules' },
    });
    const above = await invoke(core, 'judgments:set-rules', { file: FILE, rules: [{ when: 'a = 1', rating: 5 }] });
    expect(above.ok ? null : above.error.message).toMatch(/suggests 5, above this list's maximum 3/);
    // What was refused left the list as it was.
    expect((JSON.parse(await readFile(path, 'utf8')) as JudgmentList).rules).toEqual(rules);

    expect(await call(core, 'judgments:set-rules', { file: FILE, rules: null })).toEqual({ rules: 0 });
    const off = JSON.parse(await readFile(path, 'utf8')) as JudgmentList;
    expect(off.rules).toBeUndefined();
    expect(off.ratings).toHaveLength(ratings);
  });
});

import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mutualFolders, sourcesUnder } from '../../helpers/folder-imports';

const shared = resolve(import.meta.dirname, '../../../src/shared');

describe('folders of src/shared', () => {
  it('no two import each other, counting type-only imports and re-exports', () => {
    expect(mutualFolders(sourcesUnder(shared))).toEqual([]);
  });

  it('the check finds a pair that does, through a type import, a re-export or a dynamic import', () => {
    const files = new Map([
      ['compare/a.ts', "import type { QuerySet } from '../workspace/query-set';\nexport const a = 1;"],
      ['workspace/query-set.ts', "export { a } from '../compare/a';"],
      ['judgments/x.ts', "const m = await import('../metrics/y');"],
      ['metrics/y.ts', "import { x } from '../judgments/x';"],
      ['request/types.ts', "import { z } from 'zod';\nimport { json } from '../json-value';"],
      ['json-value.ts', 'export const json = 1;'],
    ]);
    expect(mutualFolders(files)).toEqual([
      ['compare', 'workspace'],
      ['judgments', 'metrics'],
    ]);
  });
});

describe('the roots of src/shared and src/main/services', () => {
  const filesAt = (dir: string) =>
    readdirSync(resolve(import.meta.dirname, '../../..', dir), { withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => e.name);

  it('hold folders only, beyond an index: every file sits in its capability or infrastructure folder', () => {
    expect(filesAt('src/shared')).toEqual([]);
    expect(filesAt('src/main/services')).toEqual(['index.ts']);
  });
});

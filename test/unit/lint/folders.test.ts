import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, mutualFolders, sourcesUnder } from '../../helpers/folder-imports';

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

describe('features of the renderer', () => {
  it('no two import each other: a screen hosting another capability takes its panel through the front door, and the panel declares what it uses of its host', () => {
    const features = resolve(import.meta.dirname, '../../../src/renderer/src/features');
    expect(sourcesUnder(features).size).toBeGreaterThan(100);
    expect(mutualFolders(sourcesUnder(features))).toEqual([]);
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

describe('import cycles in src', () => {
  const src = resolve(import.meta.dirname, '../../../src');

  it('none, counting type-only imports, re-exports and dynamic imports', () => {
    expect(importCycles(sourcesUnder(src), 'shared')).toEqual([]);
  });

  it('the check finds one through a type import, a lazy import and the @shared alias', () => {
    const files = new Map([
      ['renderer/a-slice.ts', "import type { B } from './b-slice';"],
      ['renderer/b-slice.ts', "import type { A } from './a-slice';"],
      ['renderer/Editor.tsx', "const M = lazy(() => import('./Monaco'));"],
      ['renderer/Monaco.tsx', "import type { Props } from './Editor';"],
      ['renderer/c.ts', "import { s } from '@shared/s';"],
      ['shared/s/index.ts', "import type { C } from '../../renderer/c';"],
      ['renderer/d.ts', "import { c } from './c';"],
    ]);
    expect(importCycles(files, 'shared')).toEqual(
      expect.arrayContaining([
        ['renderer/a-slice.ts', 'renderer/b-slice.ts'],
        ['renderer/Editor.tsx', 'renderer/Monaco.tsx'],
        ['renderer/c.ts', 'shared/s/index.ts'],
      ]),
    );
    expect(importCycles(files, 'shared')).toHaveLength(3);
  });
});

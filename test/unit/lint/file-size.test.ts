import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourcesUnder } from '../../helpers/folder-imports';

const MAX_LINES = 400;
const src = resolve(import.meta.dirname, '../../../src');

/** The files over the limit, with their line counts. */
const oversized = (files: ReadonlyMap<string, string>) =>
  [...files]
    .map(([path, text]) => [path, text.split('\n').length - (text.endsWith('\n') ? 1 : 0)] as const)
    .filter(([, n]) => n > MAX_LINES);

describe(`source files of at most ${MAX_LINES} lines`, () => {
  it('holds for every file under src/', () => {
    const files = sourcesUnder(src);
    expect(files.size).toBeGreaterThan(300);
    expect(oversized(files)).toEqual([]);
  });

  it('names a file one line over', () => {
    const files = new Map([
      ['a.ts', 'x\n'.repeat(MAX_LINES)],
      ['b.ts', 'x\n'.repeat(MAX_LINES + 1)],
    ]);
    expect(oversized(files)).toEqual([['b.ts', MAX_LINES + 1]]);
  });
});

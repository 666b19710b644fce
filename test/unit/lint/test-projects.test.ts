import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MOCKING } from '../../../vitest.config';

/**
 * The unit project shares one module graph between files; a file that mocks a module there would hand its mock to
 * the files after it. Every unit file that mocks (or stubs a global) must be in MOCKING, which runs each isolated.
 */
const root = resolve(import.meta.dirname, '../../..');
const MOCKS = /\bvi\.(mock|doMock|stubGlobal|stubEnv)\(/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.test.ts'))
    .map((e) => relative(root, join(e.parentPath, e.name)));
}

describe('Vitest projects', () => {
  it('runs every unit file that mocks a module in the isolated project, and only those', () => {
    const mocking = testFiles(join(root, 'test/unit')).filter((file) => MOCKS.test(readFileSync(join(root, file), 'utf8')));
    expect([...MOCKING].sort()).toEqual(mocking.sort());
  });
});

import { readdir, readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// A grey placeholder is never a plausible real value: Compare's side A showed {"segment": "premium"} in grey, which
// read as the value it had (or as B's). A placeholder that looks like a value — JSON, a filter expression, a list
// of ids, one bare identifier — says "e.g." (or "none (e.g. …)") before it; anything else is a description.

const RENDERER = resolve(import.meta.dirname, '../../../../src/renderer/src');

async function tsxFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.tsx')).map((e) => join(e.parentPath, e.name));
}

/** Placeholders written as literals: placeholder="…", placeholder='…', placeholder={'…'} and {"…"}. */
const literals = (text: string) =>
  [...text.matchAll(/placeholder=(?:"([^"]*)"|'([^']*)'|\{'([^']*)'\}|\{"([^"]*)"\})/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? m[4] ?? '');

const looksLikeValue = (p: string) =>
  /^[{[]/.test(p) ||
  /\s(=|!=|<|<=|>|>=)\s/.test(p) ||
  /^[\w.-]+(,\s*[\w.-]+)+$/.test(p) ||
  /^[a-z][\w-]*$/.test(p) ||
  /^\d[\d,\s]*$/.test(p);
const saysExample = (p: string) => /^(e\.g\.|none \(e\.g\.)/.test(p);

describe('placeholders', () => {
  it('none in the renderer looks like a real value without saying it is an example', async () => {
    const offenders: string[] = [];
    for (const file of await tsxFiles(RENDERER))
      for (const p of literals(await readFile(file, 'utf8')))
        if (looksLikeValue(p) && !saysExample(p)) offenders.push(`${relative(RENDERER, file)}: ${JSON.stringify(p)}`);
    expect(offenders).toEqual([]);
  });

  it('the rule sees the placeholder of the report', () => {
    expect(looksLikeValue('{"segment": "premium"}') && !saysExample('{"segment": "premium"}')).toBe(true);
    expect(looksLikeValue('none, premium, outlet')).toBe(true);
    expect(looksLikeValue('Search by query, profile, status…')).toBe(false);
    expect(saysExample('none (e.g. {"segment": "…"})')).toBe(true);
  });
});

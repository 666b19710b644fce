/**
 * The traffic store owns its SQL: other capabilities ask it through named queries (`StoreQueries`, typed rows decoded
 * beside the SQL). No file outside `src/main/services/traffic` reaches the store's DuckDB connection or writes a
 * statement for it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );

/** What in a file runs SQL on the store: its connection named, or a statement on the store's tables. */
function storeSql(text: string): string[] {
  const found: string[] = [];
  if (/\.duck\b/.test(text)) found.push('.duck');
  for (const m of text.matchAll(/\b(SELECT|INSERT INTO|CREATE (?:OR REPLACE )?(?:TEMP )?TABLE)\b[^`'"]*\b(searches|events)\b/g))
    found.push(m[0].slice(0, 60));
  return found;
}

describe('the traffic store owns its SQL', () => {
  it('no service outside traffic, and no command, runs SQL on the store', () => {
    const files = [...sources(resolve(root, 'src/main/services')), ...sources(resolve(root, 'src/cli'))].filter(
      (f) => !relative(root, f).startsWith('src/main/services/traffic/'),
    );
    expect(files.length).toBeGreaterThan(50);
    const offending = files.map((f) => [relative(root, f), storeSql(readFileSync(f, 'utf8'))] as const).filter(([, found]) => found.length);
    expect(offending).toEqual([]);
  });

  it('the check finds the connection named and a statement on the store’s tables', () => {
    expect(storeSql("await store.duck.all('SELECT 1');")).toEqual(['.duck']);
    expect(storeSql('const q = `SELECT count(*) FROM searches WHERE ts > $start`;')).toHaveLength(1);
    expect(storeSql("const note = 'select a configuration';")).toEqual([]);
  });
});

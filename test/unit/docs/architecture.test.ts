import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { ARCHITECTURE, architecturePage, capabilityRows, capabilityTable } from '../../../scripts/architecture-table';

const ROOT = resolve(import.meta.dirname, '../../..');

describe("docs/architecture.md's capability table", () => {
  it('is what the tree says now (run `npm run docs:architecture` when this fails)', async () => {
    const written = readFileSync(ARCHITECTURE, 'utf8');
    expect(
      (await architecturePage(written)) === written,
      'the capability table is stale: run npm run docs:architecture and commit it',
    ).toBe(true);
  });

  it('has a row for every capability that declares operations, with their count', async () => {
    const table = await capabilityTable();
    for (const cap of ['traffic', 'click-models', 'estimates', 'abtest', 'compare', 'search'])
      expect(table).toMatch(new RegExp(`^\\| ${cap} \\| \`shared/${cap}/\` \\| \\d+ \\(`, 'm'));
  });

  it('goes stale when a row changes', async () => {
    const written = readFileSync(ARCHITECTURE, 'utf8');
    const changed = written.replace('| traffic | `shared/traffic/` |', '| traffic | — |');
    expect(changed).not.toBe(written);
    expect(await architecturePage(changed)).toBe(written);
  });
});

describe('one name per capability, everywhere', () => {
  it('every guide of a capability says its commands in its first lines, verbs of another command as typed', async () => {
    const missing: string[] = [];
    for (const row of await capabilityRows()) {
      if (!row.guide) continue;
      const head = readFileSync(resolve(ROOT, 'docs/guide', `${row.name}.md`), 'utf8')
        .split('\n')
        .slice(0, 8)
        .join('\n');
      for (const command of row.commands) if (!head.includes(`search-workbench ${command}`)) missing.push(`${row.name}: ${command}`);
    }
    expect(missing).toEqual([]);
  });
});

describe("the picture of one request's path", () => {
  const picture = () => {
    const text = readFileSync(ARCHITECTURE, 'utf8');
    const at = text.indexOf('<!-- request path');
    const start = text.indexOf('```text\n', at) + '```text\n'.length;
    return text.slice(start, text.indexOf('\n```', start));
  };
  const paths = (text: string) => [...text.matchAll(/\bsrc\/[\w./-]+\.tsx?\b/g)].map((m) => m[0]);

  it('names files that exist, in every layer from the renderer to the store', () => {
    const named = paths(picture());
    expect(named.length).toBeGreaterThan(10);
    for (const layer of ['src/renderer/', 'src/preload/', 'src/main/router.ts', 'src/shared/', 'src/main/services/']) {
      expect(named.some((p) => p.startsWith(layer))).toBe(true);
    }
    expect(named.filter((p) => !existsSync(resolve(ROOT, p)))).toEqual([]);
  });

  it('goes stale when a file it names is moved', () => {
    expect(paths('src/main/handlers/search.ts').filter((p) => !existsSync(resolve(ROOT, p)))).toEqual(['src/main/handlers/search.ts']);
  });
});

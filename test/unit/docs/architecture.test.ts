import { readFileSync } from 'node:fs';
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

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ARCHITECTURE, architecturePage, capabilityTable } from '../../../scripts/architecture-table';

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

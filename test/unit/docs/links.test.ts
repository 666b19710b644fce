import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchorsOf, brokenLinks, projectMarkdown } from '../../helpers/markdown-links';

const root = resolve(import.meta.dirname, '../../..');

describe('links in README and docs/', () => {
  it('every relative link leads to a file that is there, and every anchor to a heading', () => {
    const files = projectMarkdown(root);
    expect(files.map((f) => f.slice(root.length + 1))).toEqual(
      expect.arrayContaining(['README.md', 'docs/cli.md', 'docs/architecture.md']),
    );
    expect(files.flatMap((f) => brokenLinks(f, root))).toEqual([]);
  });

  it('every guide shows its screen: a screenshot from the end-to-end suite, kept in docs/images/', () => {
    const guides = projectMarkdown(root).filter((f) => f.includes('/docs/guide/') && !f.endsWith('/README.md'));
    expect(guides.length).toBeGreaterThanOrEqual(15);
    for (const guide of guides) expect(readFileSync(guide, 'utf8'), guide).toMatch(/^!\[[^\]]+\]\(\.\.\/images\/[\w-]+\.png\)$/m);
  });

  it('finds a missing file, a missing anchor, and leaves code and the web alone', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wb-links-'));
    mkdirSync(join(dir, 'docs'));
    writeFileSync(join(dir, 'docs', 'a.md'), '# A page\n\n## Batch comparisons from the command line\n');
    writeFileSync(
      join(dir, 'README.md'),
      [
        '[ok](docs/a.md#batch-comparisons-from-the-command-line) [ok too](#readme) [web](https://example.com/x)',
        '[gone](docs/b.md) [no anchor](docs/a.md#batch) ![no image](docs/images/x.png)',
        '`[code](nowhere.md)`',
        '```',
        '[fenced](nowhere.md)',
        '```',
        '# Readme',
      ].join('\n'),
    );
    expect(brokenLinks(join(dir, 'README.md'), dir)).toEqual([
      'README.md: docs/b.md (no docs/b.md)',
      'README.md: docs/a.md#batch (no heading makes #batch in docs/a.md)',
      'README.md: docs/images/x.png (no docs/images/x.png)',
    ]);
  });

  it('makes anchors as GitHub does', () => {
    expect([...anchorsOf('# Search Workbench\n## Runs over time and a baseline\n## `compare --gate`\n## Notes\n## Notes\n')]).toEqual([
      'search-workbench',
      'runs-over-time-and-a-baseline',
      'compare---gate',
      'notes',
      'notes-1',
    ]);
  });
});

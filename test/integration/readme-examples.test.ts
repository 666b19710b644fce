import { access, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli-io';
import { emulatorAndFolder } from '../helpers/emulator';
import { projectMarkdown } from '../helpers/markdown-links';
import { CLI_REFERENCE } from '../../scripts/cli-reference';
import { byTag, parseHtml, words } from '../helpers/html';

// The examples of the README and the guides run as written: the files they name exist, every example against the
// emulator's port starts the emulator on that port, and the gate example prints the very FAILED line its guide shows.

const ROOT = resolve(import.meta.dirname, '../..');
/** The README and every page under docs/ written by hand (docs/cli.md is the commands' usage text), one after the other. */
const readme = async () =>
  (
    await Promise.all(
      projectMarkdown(ROOT)
        .filter((f) => f !== CLI_REFERENCE)
        .map((f) => readFile(f, 'utf8')),
    )
  ).join('\n');
/** The README's fenced code blocks, each as its text. */
const blocks = (text: string) => [...text.matchAll(/```[a-z]*\n([\s\S]*?)```/g)].map((m) => m[1]!);

describe('the examples of the README and the guides', () => {
  it('every example against 127.0.0.1:8787 starts the emulator on 8787 in its own block, and every examples/ path exists', async () => {
    const text = await readme();
    const against = blocks(text).filter((b) => b.includes('127.0.0.1:8787'));
    expect(against.length).toBeGreaterThanOrEqual(6);
    for (const block of against) expect(block, block.slice(0, 160)).toMatch(/emulator --port 8787/);
    const paths = [...new Set([...text.matchAll(/\bexamples\/[\w./-]+\w/g)].map((m) => m[0]))];
    expect(paths.length).toBeGreaterThanOrEqual(4);
    for (const path of paths) await expect(access(join(ROOT, path)), path).resolves.toBeUndefined();
  });

  describe('the gate example, on the demo catalog (the emulator’s default: 20,000 items)', () => {
    const fixture = emulatorAndFolder('wb-readme-', 20_000);
    it('prints the FAILED line the README shows and exits 1', async () => {
      const text = await readme();
      const command = blocks(text).find((b) => b.includes('compare --experiment examples/workspace'))!;
      const shown = /^gate P@10 FAILED: .*$/m.exec(text)![0];
      // The command as written, its line continuations joined, at this emulator's address, from the repository root.
      const line = command
        .replace(/\\\n\s*/g, ' ')
        .split('\n')
        .find((l) => l.includes('compare --experiment'))!;
      const args = line
        .trim()
        .split(/\s+/)
        .slice(2)
        .map((a) => (a === 'http://127.0.0.1:8787' ? fixture.em.url : a.startsWith('examples/') ? join(ROOT, a) : a))
        .map((a) => (a === 'report.html' ? join(fixture.dir, a) : a));
      expect(args[0]).toBe('compare');
      const r = await runCli(args);
      expect(r.code, r.err).toBe(1);
      expect(r.out.split('\n').find((l) => l.startsWith('gate '))).toBe(shown);
      const gate = byTag(parseHtml(await readFile(join(fixture.dir, 'report.html'), 'utf8')), 'p', 'gate')[0]!;
      expect(words(byTag(gate, 'strong')[0]!)).toBe('Gate P@10: FAILED.');
    }, 120_000);
  });

  it('says where browser mode keeps the workspace the command line reads', async () => {
    const browser = await readFile(join(ROOT, 'docs/guide/browser-mode.md'), 'utf8');
    expect(browser).toContain('~/.config/Search Workbench');
    expect(browser).toMatch(/the workspace .* is its `workspace\/`\s+folder/s);
  });
});

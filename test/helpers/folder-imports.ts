import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';

/** Every `.ts`/`.tsx` file under `root`, by its path relative to `root`, with its text. */
export function sourcesUnder(root: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(root, path), readFileSync(path, 'utf8'));
  }
  return files;
}

/**
 * The pairs of top folders that import each other (values and types alike, re-exports included), from files
 * keyed by their path relative to the root the folders are in: `[['compare', 'workspace']]` when a file of
 * each imports one of the other.
 */
export function mutualFolders(files: ReadonlyMap<string, string>): [string, string][] {
  const reaches = new Map<string, Set<string>>();
  for (const [path, text] of files) {
    const from = path.split(sep)[0] as string;
    if (from === path) continue;
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']*)'/g)) {
      const to = normalize(join(dirname(path), match[1] as string)).split(sep)[0] as string;
      if (to === from || to.startsWith('..')) continue;
      if (!reaches.has(from)) reaches.set(from, new Set());
      reaches.get(from)!.add(to);
    }
  }
  const pairs: [string, string][] = [];
  for (const [a, targets] of reaches) for (const b of targets) if (a < b && reaches.get(b)?.has(a)) pairs.push([a, b]);
  return pairs.sort();
}

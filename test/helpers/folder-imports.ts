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

/** Where a relative or `@shared/` specifier in `path` lands among `files` (keyed relative to `root`): the file, else none. */
function landing(files: ReadonlyMap<string, string>, path: string, specifier: string, sharedDir: string): string | undefined {
  const base = specifier.startsWith('@shared/')
    ? normalize(join(sharedDir, specifier.slice('@shared/'.length)))
    : normalize(join(dirname(path), specifier));
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((c) => files.has(c));
}

/**
 * The import cycles among `files` (keyed by path relative to their root): each a list of files that reach one
 * another, counting type-only imports, re-exports and dynamic imports. `sharedDir` is where `@shared/` points,
 * relative to the same root.
 */
export function importCycles(files: ReadonlyMap<string, string>, sharedDir = 'shared'): string[][] {
  const edges = new Map<string, string[]>();
  for (const [path, text] of files)
    edges.set(
      path,
      [...text.matchAll(/(?:from|import)\s*\(?\s*'((?:\.|@shared\/)[^']*)'/g)]
        .map((m) => landing(files, path, m[1] as string, sharedDir))
        .filter((to): to is string => to !== undefined),
    );
  // Tarjan's strongly connected components: a component of more than one file is a cycle.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    for (let w = stack.pop()!; ; w = stack.pop()!) {
      onStack.delete(w);
      component.push(w);
      if (w === v) break;
    }
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens; repeats get -1, -2… */
export function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = (heading[1] as string)
      .replace(/`/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n ? `${base}-${n}` : base);
  }
  return anchors;
}

/** Markdown outside code: fenced blocks and inline code spans blanked, so a link shown as code is not checked. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[\s\S]*?^\1/gm, '').replace(/`[^`\n]*`/g, '');
}

/**
 * Every relative link of a Markdown file that leads nowhere: a file or folder that is not there, or an anchor
 * no heading of its target makes. Links to the web (http, https, mailto) are not followed.
 */
export function brokenLinks(file: string, root: string): string[] {
  const text = readFileSync(file, 'utf8');
  const problems: string[] = [];
  for (const match of prose(text).matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    const target = match[1] as string;
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    const [path, anchor] = target.split('#') as [string, string | undefined];
    const to = path ? resolve(dirname(file), decodeURI(path)) : file;
    const where = `${relative(root, file)}: ${target}`;
    if (!existsSync(to)) {
      problems.push(`${where} (no ${relative(root, to)})`);
      continue;
    }
    if (anchor && statSync(to).isFile() && to.endsWith('.md') && !anchorsOf(readFileSync(to, 'utf8')).has(anchor))
      problems.push(`${where} (no heading makes #${anchor} in ${relative(root, to)})`);
  }
  return problems;
}

/** The Markdown a newcomer reads: the files at the root and everything under docs/. */
export function projectMarkdown(root: string): string[] {
  const top = ['README.md', 'CONTRIBUTING.md', 'SECURITY.md'].map((f) => join(root, f)).filter((f) => existsSync(f));
  const docs = join(root, 'docs');
  const under = existsSync(docs)
    ? readdirSync(docs, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile() && e.name.endsWith('.md'))
        .map((e) => join(e.parentPath, e.name))
    : [];
  return [...top, ...under.sort()];
}

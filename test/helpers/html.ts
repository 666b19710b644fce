import { parse } from 'parse5';

/**
 * A report page as a browser reads it (parse5 is the WHATWG parser jsdom uses): elements with their attributes
 * and text decoded, so a test checks what a reader sees — the structure and the words — not how the markup is spelt.
 */
export interface HtmlElement {
  name: string;
  attributes: Record<string, string>;
  children: HtmlElement[];
  /** All the text inside, decoded, as a reader sees it (including descendants'). */
  text: string;
}

interface Parse5Node {
  nodeName: string;
  tagName?: string;
  value?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Parse5Node[];
  content?: Parse5Node;
}

function convert(node: Parse5Node): HtmlElement {
  const children: HtmlElement[] = [];
  let text = '';
  for (const child of node.childNodes ?? []) {
    if (child.nodeName === '#text') text += child.value ?? '';
    else if (child.tagName) {
      const element = convert(child);
      children.push(element);
      text += element.text;
    }
  }
  return {
    name: node.tagName ?? node.nodeName,
    attributes: Object.fromEntries((node.attrs ?? []).map((a) => [a.name, a.value])),
    children,
    text,
  };
}

export function parseHtml(html: string): HtmlElement {
  const document = parse(html) as unknown as Parse5Node;
  const root = document.childNodes?.find((n) => n.tagName === 'html');
  if (!root) throw new Error('no <html> element');
  return convert(root);
}

/** Every element below `root` (depth first, in document order) that `match` accepts. */
export function findAll(root: HtmlElement, match: (e: HtmlElement) => boolean): HtmlElement[] {
  const out: HtmlElement[] = [];
  const walk = (e: HtmlElement) => {
    for (const c of e.children) {
      if (match(c)) out.push(c);
      walk(c);
    }
  };
  walk(root);
  return out;
}

/** Elements by tag name, and by class where given. */
export const byTag = (root: HtmlElement, name: string, className?: string) =>
  findAll(root, (e) => e.name === name && (className === undefined || (e.attributes.class ?? '').split(' ').includes(className)));

/** The text a reader sees, with runs of white space as one space. */
export const words = (e: HtmlElement) => e.text.replace(/\s+/g, ' ').trim();

/** The first `name` element after the heading that reads `heading`, among the heading's siblings. */
export function afterHeading(root: HtmlElement, heading: string, name: string): HtmlElement | undefined {
  const parent = findAll(root, (e) => e.children.some((c) => /^h[1-6]$/.test(c.name) && words(c) === heading))[0];
  if (!parent) return undefined;
  const start = parent.children.findIndex((c) => /^h[1-6]$/.test(c.name) && words(c) === heading);
  return parent.children.slice(start + 1).find((c) => c.name === name);
}

/** A table's body rows as the words of their cells. */
export const tableRows = (table: HtmlElement) =>
  byTag(table, 'tr')
    .filter((tr) => byTag(tr, 'td').length)
    .map((tr) => byTag(tr, 'td').map(words));

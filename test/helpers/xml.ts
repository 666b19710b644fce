/**
 * A strict reader for the XML our reports write (elements, double-quoted attributes, text, the five predefined
 * entities, character references, an XML declaration): enough to check a JUnit file's shape in a test, and to
 * refuse one that is not well-formed — an unclosed or crossed element, a raw `<` or `&`, a duplicate attribute.
 * Attribute values are normalised as XML 1.0 says (§3.3.3): a raw line break or tab reads as a space, a
 * character reference as its character.
 */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(raw: string, where: string, attribute = false): string {
  const text = attribute ? raw.replace(/[\t\n\r]/g, ' ') : raw;
  return text.replace(/&([a-z]+);|&#(\d+);|&#x([0-9a-fA-F]+);|&|</g, (whole, name: string | undefined, dec?: string, hex?: string) => {
    if (name && ENTITIES[name] !== undefined) return ENTITIES[name];
    if (dec !== undefined) return String.fromCodePoint(Number(dec));
    if (hex !== undefined) return String.fromCodePoint(parseInt(hex, 16));
    throw new Error(`${where}: a raw ${whole === '<' ? '<' : '&'} or an unknown entity (${whole})`);
  });
}

export function parseXml(text: string): XmlElement {
  let at = 0;
  if (text.startsWith('<?xml')) {
    const end = text.indexOf('?>');
    if (end < 0) throw new Error('the XML declaration is not closed');
    at = end + 2;
  }
  const root: XmlElement = { name: '#document', attributes: {}, children: [], text: '' };
  const stack: XmlElement[] = [root];
  const tag = /<(\/?)([A-Za-z_][\w.-]*)((?:\s+[A-Za-z_][\w.-]*="[^"]*")*)\s*(\/?)>/y;
  while (at < text.length) {
    const lt = text.indexOf('<', at);
    const chunk = text.slice(at, lt < 0 ? text.length : lt);
    if (chunk) stack.at(-1)!.text += decode(chunk, `text at ${at}`);
    if (lt < 0) break;
    tag.lastIndex = lt;
    const m = tag.exec(text);
    if (!m) throw new Error(`a malformed tag at ${lt}: ${text.slice(lt, lt + 40)}`);
    const [whole, closing, name, attrs, selfClosing] = m as unknown as [string, string, string, string, string];
    if (closing) {
      const open = stack.pop();
      if (!open || open.name !== name) throw new Error(`</${name}> at ${lt} closes <${open?.name ?? 'nothing'}>`);
    } else {
      const attributes: Record<string, string> = {};
      for (const a of attrs.matchAll(/([A-Za-z_][\w.-]*)="([^"]*)"/g)) {
        if (a[1]! in attributes) throw new Error(`<${name}> repeats the attribute ${a[1]}`);
        attributes[a[1]!] = decode(a[2]!, `attribute ${a[1]} of <${name}>`, true);
      }
      const element: XmlElement = { name, attributes, children: [], text: '' };
      stack.at(-1)!.children.push(element);
      if (!selfClosing) stack.push(element);
    }
    at = lt + whole.length;
  }
  if (stack.length !== 1) throw new Error(`<${stack.at(-1)!.name}> is never closed`);
  if (root.children.length !== 1 || root.text.trim()) throw new Error('an XML document has exactly one root element');
  return root.children[0]!;
}

import type { FilterNode, FilterValue } from './ast';
import { isValidDate } from './lexer';

/**
 * Canonical text for a filter: single spaces, upper-case AND/OR, parentheses
 * only where OR sits inside AND, strings in single quotes. Printing then
 * parsing gives back the same tree (ranges aside).
 */
export function printFilter(node: FilterNode): string {
  return print(node, null);
}

function print(node: FilterNode, parent: 'and' | 'or' | null): string {
  if (node.type === 'compare') return `${node.attribute.name} ${node.op.value} ${printValue(node.value)}`;
  const text = node.children.map((c) => print(c, node.type)).join(node.type === 'and' ? ' AND ' : ' OR ');
  return parent === 'and' && node.type === 'or' ? `(${text})` : text;
}

export function quoteString(text: string): string {
  let out = "'";
  for (const ch of text) {
    if (ch === "'" || ch === '\\') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else out += ch;
  }
  return `${out}'`;
}

const BARE_WORD = /^[^\s()=!<>'"]+$/;
const NUMBER_LIKE = /^-?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?$/;

export function printValue(value: FilterValue): string {
  switch (value.kind) {
    case 'number':
      return formatNumber(value.value as number);
    case 'boolean':
      return value.value ? 'true' : 'false';
    case 'date':
      return String(value.value);
    case 'string':
      return quoteString(String(value.value));
    case 'word': {
      // A word that would read back as something else is printed quoted; it then parses as a string.
      const w = String(value.value);
      const upper = w.toUpperCase();
      const safe =
        BARE_WORD.test(w) &&
        !NUMBER_LIKE.test(w) &&
        upper !== 'AND' &&
        upper !== 'OR' &&
        upper !== 'TRUE' &&
        upper !== 'FALSE' &&
        !isValidDate(w);
      return safe ? w : quoteString(w);
    }
  }
}

function formatNumber(n: number): string {
  if (Object.is(n, -0)) return '0';
  return String(n);
}

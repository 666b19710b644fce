import type { Operator } from './lexer';

export interface Range {
  start: number;
  end: number;
}

export type ValueKind = 'number' | 'string' | 'boolean' | 'date' | 'word';

export interface FilterValue {
  kind: ValueKind;
  /** Decoded value: the number, the unescaped string, the boolean, the date text, the bare word. */
  value: string | number | boolean;
  range: Range;
}

export interface Comparison {
  type: 'compare';
  attribute: { name: string; range: Range };
  op: { value: Operator; range: Range };
  value: FilterValue;
  range: Range;
}

/** AND/OR with two or more children; never directly nested in the same operator (the parser flattens). */
export interface Logical {
  type: 'and' | 'or';
  children: FilterNode[];
  range: Range;
}

export type FilterNode = Comparison | Logical;

/** The AST without source positions, for comparing trees that came from different texts. */
export function stripRanges(node: FilterNode): unknown {
  if (node.type === 'compare') {
    return {
      type: 'compare',
      attribute: node.attribute.name,
      op: node.op.value,
      value: { kind: node.value.kind, value: node.value.value },
    };
  }
  return { type: node.type, children: node.children.map(stripRanges) };
}

export function walk(node: FilterNode, visit: (c: Comparison) => void): void {
  if (node.type === 'compare') visit(node);
  else for (const child of node.children) walk(child, visit);
}

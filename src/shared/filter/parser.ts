import { describePosition, type TextDiagnostic } from '../diagnostics';
import type { Comparison, FilterNode, FilterValue, Logical, ValueKind } from './ast';
import { lex, type Operator, type Token } from './lexer';

export interface ParseResult {
  /** Null for an empty filter, or when there is an error. */
  ast: FilterNode | null;
  diagnostics: TextDiagnostic[];
  tokens: Token[];
}

const VALUE_TYPES = new Set(['string', 'number', 'boolean', 'date', 'word']);

/**
 * How deep parentheses may nest. The parser, the evaluator and the printer recurse once per level, so a filter
 * of thousands of `(` (inside any length limit) would otherwise end the program with a stack overflow; no
 * filter a person writes comes near this.
 */
export const MAX_FILTER_NESTING = 100;

function describe(token: Token | undefined): string {
  if (!token) return 'the end of the filter';
  switch (token.type) {
    case 'lparen':
      return "'('";
    case 'rparen':
      return "')'";
    case 'and':
    case 'or':
      return token.text.toUpperCase();
    case 'op':
      return `'${token.text}'`;
    case 'string':
      return `the text ${token.text}`;
    case 'number':
      return `the number ${token.text}`;
    default:
      return `'${token.text}'`;
  }
}

class FilterSyntaxError extends Error {
  constructor(readonly diagnostic: TextDiagnostic) {
    super(diagnostic.message);
  }
}

/**
 * Parses a filter (`(size = 137 OR size = 119) AND price < 100`). AND binds
 * tighter than OR; keywords are case-insensitive. Never throws: problems come
 * back as diagnostics with character ranges.
 */
export function parseFilter(source: string): ParseResult {
  const { tokens, diagnostics } = lex(source);
  if (tokens.length === 0) return { ast: null, diagnostics, tokens };
  let pos = 0;
  const warnings: TextDiagnostic[] = [];
  const peek = () => tokens[pos];
  const end = source.length;
  const where = (offset: number) => describePosition(source, offset);

  const fail = (message: string, at: Token | undefined, code: string): never => {
    const start = at ? at.start : end;
    throw new FilterSyntaxError({ severity: 'error', code, message, start, end: at ? at.end : end });
  };
  const lexed = (t: Token | undefined) => t?.type === 'error';
  /** The lexer already explained an error token; reuse its diagnostic rather than adding a second one. */
  const lexError = (t: Token): TextDiagnostic =>
    diagnostics.find((d) => d.start === t.start) ?? {
      severity: 'error',
      code: 'unreadable',
      message: `Cannot read '${t.text}' at ${where(t.start)}.`,
      start: t.start,
      end: t.end,
    };

  /** One precedence level: operands joined by one keyword (OR over AND over primaries). */
  const chain = (type: 'and' | 'or', operand: () => FilterNode) => (): FilterNode => {
    const children = [operand()];
    while (peek()?.type === type) {
      const op = tokens[pos++] as Token;
      if (!peek() || peek()?.type === 'rparen')
        fail(`Expected a rule after ${type.toUpperCase()} at ${where(op.start)}.`, peek(), 'expected-rule');
      children.push(operand());
    }
    return logical(type, children);
  };
  const parseAnd = chain('and', () => parsePrimary());
  const parseOr = chain('or', parseAnd);

  let depth = 0;
  const parsePrimary = (): FilterNode => {
    const token = peek();
    if (token?.type === 'lparen') {
      if (++depth > MAX_FILTER_NESTING)
        fail(
          `Parentheses nest more than ${MAX_FILTER_NESTING} levels deep at ${where(token.start)}: write the rule with fewer levels.`,
          token,
          'too-deep',
        );
      pos++;
      if (peek()?.type === 'rparen')
        fail(`Empty parentheses at ${where(token.start)}: put a rule inside, like price < 100.`, peek(), 'empty-group');
      const inner = parseOr();
      const close = peek();
      if (close?.type !== 'rparen') {
        if (lexed(close)) throw new FilterSyntaxError(lexError(close!));
        fail(`Missing ')' to close the '(' at ${where(token.start)}; found ${describe(close)}.`, close, 'unclosed-group');
      }
      pos++;
      depth--;
      return inner;
    }
    return parseComparison();
  };

  const parseComparison = (): Comparison => {
    const attr = peek();
    if (!attr) fail('Expected a rule (like price < 100) at the end of the filter.', undefined, 'expected-rule');
    if (lexed(attr)) throw new FilterSyntaxError(lexError(attr!));
    if (attr!.type !== 'word') {
      const hint =
        attr!.type === 'rparen'
          ? `')' at ${where(attr!.start)} has no matching '('.`
          : `Expected an attribute name at ${where(attr!.start)}, found ${describe(attr)}. A rule reads attribute, operator, value: price < 100.`;
      fail(hint, attr, attr!.type === 'rparen' ? 'unmatched-paren' : 'expected-attribute');
    }
    pos++;
    const op = peek();
    if (op?.type !== 'op') {
      if (lexed(op)) throw new FilterSyntaxError(lexError(op!));
      fail(
        `Expected an operator (=, !=, <, <=, >, >=) after '${attr!.text}' at ${where(attr!.start)}; found ${describe(op)}.`,
        op,
        'expected-operator',
      );
    }
    pos++;
    const value = peek();
    if (!value || !VALUE_TYPES.has(value.type)) {
      if (lexed(value)) throw new FilterSyntaxError(lexError(value!));
      fail(`Expected a value after '${op!.text}' at ${where(op!.start)}; found ${describe(value)}.`, value, 'expected-value');
    }
    pos++;
    if (value!.type === 'number' && /^-?0\d/.test(value!.text)) {
      warnings.push({
        severity: 'warning',
        code: 'leading-zero',
        message: `${value!.text} has a leading zero and is read as the number ${value!.value}. Quote it ('${value!.text}') to compare it as text, as codes usually are.`,
        start: value!.start,
        end: value!.end,
      });
    }
    const filterValue: FilterValue = {
      kind: value!.type as ValueKind,
      value: value!.value as string | number | boolean,
      range: { start: value!.start, end: value!.end },
    };
    return {
      type: 'compare',
      attribute: { name: attr!.text, range: { start: attr!.start, end: attr!.end } },
      op: { value: op!.text as Operator, range: { start: op!.start, end: op!.end } },
      value: filterValue,
      range: { start: attr!.start, end: value!.end },
    };
  };

  try {
    const ast = parseOr();
    const rest = peek();
    if (rest) {
      if (lexed(rest)) throw new FilterSyntaxError(lexError(rest!));
      if (rest.type === 'rparen') fail(`')' at ${where(rest.start)} has no matching '('.`, rest, 'unmatched-paren');
      fail(`Unexpected ${describe(rest)} at ${where(rest.start)}: join rules with AND or OR.`, rest, 'unexpected-token');
    }
    if (diagnostics.some((d) => d.severity === 'error')) return { ast: null, diagnostics, tokens };
    return { ast, diagnostics: [...diagnostics, ...warnings, ...ambiguityWarnings(ast)].sort((a, b) => a.start - b.start), tokens };
  } catch (err) {
    if (!(err instanceof FilterSyntaxError)) throw err;
    const all = diagnostics.some((d) => d === err.diagnostic) ? diagnostics : [...diagnostics, err.diagnostic];
    return { ast: null, diagnostics: all, tokens };
  }
}

function logical(type: 'and' | 'or', children: FilterNode[]): FilterNode {
  if (children.length === 1) return children[0] as FilterNode;
  // (a AND b) AND c is a AND b AND c: one node per run of the same operator.
  const flat = children.flatMap((c) => (c.type === type ? (c as Logical).children : [c]));
  const first = flat[0] as FilterNode;
  const last = flat[flat.length - 1] as FilterNode;
  return { type, children: flat, range: { start: first.range.start, end: last.range.end } };
}

const NUMERIC_ISH = /^[+-]?[\d.,]+\s*[a-zA-Z%€$£]*$/;
const NULL_ISH = new Set(['null', 'none', 'nil', 'undefined', 'not', 'yes', 'no']);

/** Warnings for values a merchandiser may not have meant the way the service reads them. */
function ambiguityWarnings(ast: FilterNode): TextDiagnostic[] {
  const out: TextDiagnostic[] = [];
  const visit = (node: FilterNode) => {
    if (node.type !== 'compare') return node.children.forEach(visit);
    const { value } = node;
    const { start, end } = value.range;
    if (value.kind === 'word') {
      const word = String(value.value);
      let message: string | undefined;
      if (NUMERIC_ISH.test(word))
        message = `'${word}' is not a number, so it is compared as text. Write a plain number (like 10 or 2.5) to compare numerically, or quote it to keep it as text.`;
      else if (/^\d{4}-\d{2}-\d{2}/.test(word))
        message = `'${word}' is not a valid ISO-8601 date, so it is compared as text. Dates look like 2024-05-01 or 2024-05-01T10:00:00Z.`;
      else if (NULL_ISH.has(word.toLowerCase()))
        message = `'${word}' is compared as the text '${word}'; the filter language has no null or negation keyword. Quote it if you meant the text.`;
      else if (/[*%?]/.test(word))
        message = `Wildcards are not supported: '${word}' is compared literally. Quote it if that is what you meant.`;
      if (message) out.push({ severity: 'warning', code: 'ambiguous-word', message, start, end });
    }
  };
  visit(ast);
  return out;
}

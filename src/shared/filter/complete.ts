import { lex, type Token } from './lexer';

export type Expectation = 'attribute' | 'open-paren' | 'operator' | 'value' | 'logical' | 'close-paren';

export interface FilterCompletionContext {
  /** What may be typed at the cursor. */
  expected: Expectation[];
  /** The attribute of the rule being written (for operator and value suggestions). */
  attribute?: string;
  operator?: string;
  /** The partial token under the cursor, replaced by a completion. */
  prefix: string;
  range: { start: number; end: number };
}

type State = 'rule' | 'operator' | 'value' | 'logical';

const VALUE_TOKENS = new Set(['string', 'number', 'boolean', 'date', 'word']);

/**
 * Given a filter and a cursor offset, what may come next: an attribute (or
 * '('), an operator, a value for a known attribute, AND/OR, or ')'. The
 * editors turn this into completion items; it never throws.
 */
export function completeFilter(text: string, offset: number): FilterCompletionContext {
  const cursor = Math.max(0, Math.min(offset, text.length));
  const { tokens } = lex(text);
  const before: Token[] = [];
  let partial: Token | undefined;
  for (const t of tokens) {
    if (t.end < cursor) before.push(t);
    else if (t.start < cursor && t.end >= cursor) partial = t;
    else if (t.end === cursor && t.start === cursor) partial = t;
  }
  // A completed bracket or closed string right before the cursor is not a prefix.
  if (partial && (partial.type === 'lparen' || partial.type === 'rparen' || (partial.type === 'string' && partial.end === cursor))) {
    before.push(partial);
    partial = undefined;
  }

  let state: State = 'rule';
  let depth = 0;
  let attribute: string | undefined;
  let operator: string | undefined;
  for (const t of before) {
    if (t.type === 'lparen' && state === 'rule') {
      depth++;
    } else if (t.type === 'rparen' && state === 'logical') {
      depth = Math.max(0, depth - 1);
    } else if (state === 'rule' && t.type === 'word') {
      attribute = t.text;
      operator = undefined;
      state = 'operator';
    } else if (state === 'operator' && t.type === 'op') {
      operator = t.text;
      state = 'value';
    } else if (state === 'value' && VALUE_TOKENS.has(t.type)) {
      state = 'logical';
    } else if (state === 'logical' && (t.type === 'and' || t.type === 'or')) {
      state = 'rule';
      attribute = undefined;
      operator = undefined;
    }
    // Anything else is a syntax error the parser reports; keep the last good state.
  }

  const prefix = partial ? text.slice(partial.start, cursor) : '';
  const range = partial ? { start: partial.start, end: partial.end } : { start: cursor, end: cursor };
  const expected: Expectation[] =
    state === 'rule'
      ? ['attribute', 'open-paren']
      : state === 'operator'
        ? ['operator']
        : state === 'value'
          ? ['value']
          : depth > 0
            ? ['logical', 'close-paren']
            : ['logical'];
  return {
    expected,
    ...(attribute !== undefined ? { attribute } : {}),
    ...(operator !== undefined ? { operator } : {}),
    prefix,
    range,
  };
}

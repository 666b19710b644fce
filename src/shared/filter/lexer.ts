import { describePosition, type TextDiagnostic } from '../diagnostics';

export type TokenType = 'lparen' | 'rparen' | 'op' | 'and' | 'or' | 'string' | 'number' | 'boolean' | 'date' | 'word' | 'error';

export interface Token {
  type: TokenType;
  /** The exact source text of the token. */
  text: string;
  start: number;
  end: number;
  /** Decoded value for strings (escapes resolved), numbers and booleans. */
  value?: string | number | boolean;
}

export const OPERATORS = ['=', '!=', '<', '<=', '>', '>='] as const;
export type Operator = (typeof OPERATORS)[number];

const NUMBER = /^-?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?$/;
/** ISO-8601 date, optionally with time and offset: 2024-05-01, 2024-05-01T10:00, 2024-05-01T10:00:00.5+02:00. */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const WORD_STOP = /[\s()=!<>'"]/;

export function isValidDate(text: string): boolean {
  if (!ISO_DATE.test(text)) return false;
  const [y, m, d] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  if (m < 1 || m > 12 || d < 1) return false;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= days && !Number.isNaN(Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text));
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '\\': '\\', "'": "'", '"': '"', '/': '/' };

export interface LexResult {
  tokens: Token[];
  diagnostics: TextDiagnostic[];
}

/**
 * Splits a filter into tokens. Never throws: unreadable input becomes an
 * `error` token with a diagnostic, and lexing carries on after it.
 */
export function lex(source: string): LexResult {
  const tokens: Token[] = [];
  const diagnostics: TextDiagnostic[] = [];
  let i = 0;
  const n = source.length;
  const where = (offset: number) => describePosition(source, offset);
  while (i < n) {
    const ch = source[i] as string;
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    const start = i;
    if (ch === '(' || ch === ')') {
      tokens.push({ type: ch === '(' ? 'lparen' : 'rparen', text: ch, start, end: i + 1 });
      i++;
      continue;
    }
    if (ch === '=' || ch === '<' || ch === '>' || ch === '!') {
      let text = ch;
      if (source[i + 1] === '=' && ch !== '=') text += '=';
      else if (ch === '=' && source[i + 1] === '=') {
        diagnostics.push({
          severity: 'error',
          code: 'double-equals',
          message: `Use a single '=' to compare (found '==' at ${where(start)}).`,
          start,
          end: start + 2,
        });
        tokens.push({ type: 'op', text: '=', start, end: start + 2 });
        i += 2;
        continue;
      } else if (ch === '<' && source[i + 1] === '>') {
        diagnostics.push({
          severity: 'error',
          code: 'not-equals-spelling',
          message: `Use '!=' for "not equal" (found '<>' at ${where(start)}).`,
          start,
          end: start + 2,
        });
        tokens.push({ type: 'op', text: '!=', start, end: start + 2 });
        i += 2;
        continue;
      }
      if (text === '!') {
        diagnostics.push({
          severity: 'error',
          code: 'lone-bang',
          message: `'!' must be followed by '=' to mean "not equal" (at ${where(start)}).`,
          start,
          end: start + 1,
        });
        tokens.push({ type: 'error', text, start, end: start + 1 });
        i++;
        continue;
      }
      tokens.push({ type: 'op', text, start, end: start + text.length });
      i += text.length;
      continue;
    }
    if (ch === "'" || ch === '"') {
      let value = '';
      let j = i + 1;
      let closed = false;
      while (j < n) {
        const c = source[j] as string;
        if (c === '\\') {
          const next = source[j + 1];
          if (next === undefined) break;
          if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(source.slice(j + 2, j + 6))) {
            value += String.fromCharCode(Number.parseInt(source.slice(j + 2, j + 6), 16));
            j += 6;
            continue;
          }
          value += ESCAPES[next] ?? next;
          j += 2;
          continue;
        }
        if (c === ch) {
          closed = true;
          j++;
          break;
        }
        value += c;
        j++;
      }
      if (!closed) {
        diagnostics.push({
          severity: 'error',
          code: 'unterminated-string',
          message: `The text starting at ${where(start)} has no closing ${ch === "'" ? "quote (')" : 'double quote (")'}.`,
          start,
          end: n,
        });
        tokens.push({ type: 'error', text: source.slice(start), start, end: n });
        i = n;
        continue;
      }
      tokens.push({ type: 'string', text: source.slice(start, j), start, end: j, value });
      i = j;
      continue;
    }
    // A bare run: keyword, number, date, boolean or word.
    let j = i;
    while (j < n && !WORD_STOP.test(source[j] as string)) j++;
    const text = source.slice(i, j);
    const upper = text.toUpperCase();
    if (upper === 'AND' || upper === 'OR') tokens.push({ type: upper === 'AND' ? 'and' : 'or', text, start, end: j });
    else if (NUMBER.test(text)) tokens.push({ type: 'number', text, start, end: j, value: Number(text) });
    else if (upper === 'TRUE' || upper === 'FALSE') tokens.push({ type: 'boolean', text, start, end: j, value: upper === 'TRUE' });
    else if (isValidDate(text)) tokens.push({ type: 'date', text, start, end: j, value: text });
    else tokens.push({ type: 'word', text, start, end: j, value: text });
    i = j;
  }
  return { tokens, diagnostics };
}

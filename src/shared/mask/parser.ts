import { describePosition, type TextDiagnostic } from '../diagnostics';

/**
 * The response-mask language (§4.7): `a,b,c` selects fields, `a.b.c` a path,
 * `a(b,c)` a sub-selection, `*` every entry of a field. Example:
 * `id, product(title, price)`.
 */

export interface MaskSegment {
  name: string; // '*' for the wildcard
  range: { start: number; end: number };
}

export interface MaskSelection {
  path: MaskSegment[];
  /** Present for `a(b,c)`: what to keep inside the selected field. */
  children?: MaskSelection[];
  range: { start: number; end: number };
}

export interface MaskParseResult {
  /** Empty for an empty mask (everything is returned); null when there is an error. */
  selections: MaskSelection[] | null;
  diagnostics: TextDiagnostic[];
}

/** Characters a field name may hold. */
export const FIELD_NAME_CHAR = /[A-Za-z0-9_$@-]/;
const NAME = FIELD_NAME_CHAR;

/** How deep sub-selections may nest (`a(b(c(…)))`): the parser and the masking recurse once per level. */
export const MAX_MASK_NESTING = 100;

class MaskSyntaxError extends Error {
  constructor(readonly diagnostic: TextDiagnostic) {
    super(diagnostic.message);
  }
}

export function parseMask(source: string): MaskParseResult {
  let pos = 0;
  const n = source.length;
  const where = (offset: number) => describePosition(source, offset);
  const skip = () => {
    while (pos < n && /\s/.test(source[pos] as string)) pos++;
  };
  const fail = (message: string, start: number, end = Math.min(n, start + 1), code = 'syntax'): never => {
    throw new MaskSyntaxError({ severity: 'error', code, message, start, end: Math.max(end, start) });
  };
  const describeAt = (at: number) => (at >= n ? 'the end of the mask' : `'${source[at]}'`);

  const segment = (): MaskSegment => {
    skip();
    const start = pos;
    if (source[pos] === '*') {
      pos++;
      return { name: '*', range: { start, end: pos } };
    }
    while (pos < n && NAME.test(source[pos] as string)) pos++;
    if (pos === start) fail(`Expected a field name at ${where(start)}, found ${describeAt(start)}.`, start, start + 1, 'expected-field');
    return { name: source.slice(start, pos), range: { start, end: pos } };
  };

  let depth = 0;
  const selection = (): MaskSelection => {
    skip();
    const start = pos;
    const path = [segment()];
    for (;;) {
      skip();
      if (source[pos] !== '.') break;
      const dot = pos;
      pos++;
      skip();
      if (pos >= n || !(NAME.test(source[pos] as string) || source[pos] === '*')) {
        fail(`Expected a field name after '.' at ${where(dot)}, found ${describeAt(pos)}.`, pos, pos + 1, 'expected-field');
      }
      path.push(segment());
    }
    skip();
    let children: MaskSelection[] | undefined;
    if (source[pos] === '(') {
      const open = pos;
      if (++depth > MAX_MASK_NESTING)
        fail(
          `Sub-selections nest more than ${MAX_MASK_NESTING} levels deep at ${where(open)}: select with fewer levels.`,
          open,
          open + 1,
          'too-deep',
        );
      pos++;
      skip();
      if (source[pos] === ')')
        fail(`Empty parentheses at ${where(open)}: list the fields to keep, like product(title, price).`, open, pos + 1, 'empty-group');
      children = list(')');
      skip();
      if (source[pos] !== ')')
        fail(`Missing ')' to close the '(' at ${where(open)}; found ${describeAt(pos)}.`, pos, pos + 1, 'unclosed-group');
      pos++;
      depth--;
    }
    const last = path[path.length - 1] as MaskSegment;
    return { path, ...(children ? { children } : {}), range: { start, end: children ? pos : last.range.end } };
  };

  const list = (closer: string | null): MaskSelection[] => {
    const items = [selection()];
    for (;;) {
      skip();
      if (pos >= n || source[pos] === closer) break;
      if (source[pos] !== ',') {
        if (source[pos] === ')' && closer === null) fail(`')' at ${where(pos)} has no matching '('.`, pos, pos + 1, 'unmatched-paren');
        fail(`Expected ',' between fields at ${where(pos)}, found ${describeAt(pos)}.`, pos, pos + 1, 'expected-comma');
      }
      const comma = pos;
      pos++;
      skip();
      if (pos >= n || source[pos] === ',' || source[pos] === closer)
        fail(`Expected a field after ',' at ${where(comma)}.`, comma, comma + 1, 'trailing-comma');
      items.push(selection());
    }
    return items;
  };

  skip();
  if (pos >= n) return { selections: [], diagnostics: [] };
  try {
    const selections = list(null);
    return { selections, diagnostics: duplicateWarnings(selections) };
  } catch (err) {
    if (err instanceof MaskSyntaxError) return { selections: null, diagnostics: [err.diagnostic] };
    throw err;
  }
}

function duplicateWarnings(selections: MaskSelection[]): TextDiagnostic[] {
  const out: TextDiagnostic[] = [];
  const seen = new Map<string, MaskSelection>();
  for (const s of selections) {
    const key = s.path.map((p) => p.name).join('.');
    if (seen.has(key) && !s.children) {
      out.push({
        severity: 'warning',
        code: 'duplicate-field',
        message: `'${key}' is selected twice.`,
        start: s.range.start,
        end: s.range.end,
      });
    }
    seen.set(key, s);
    if (s.children) out.push(...duplicateWarnings(s.children));
  }
  return out;
}

/** Canonical text: `a.b, c(d, e)`. */
export function printMask(selections: MaskSelection[]): string {
  return selections.map((s) => `${s.path.map((p) => p.name).join('.')}${s.children ? `(${printMask(s.children)})` : ''}`).join(', ');
}

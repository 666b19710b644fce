/*
 * The one CSV writer, on Papa Parse's `unparse`. Every CSV the workbench writes (batch reports, matrix grids,
 * Quepid judgments, metrics, agreement) holds text that came from elsewhere — a query list, a shopper's search, an
 * item's title — and is opened in spreadsheets, which run a cell that starts like a formula. So a text cell starting
 * with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'` (OWASP's advice), unless it is a plain
 * number (`-2.5` stays a number). The rule is ours rather than the package's `escapeFormulae`: that one also quotes
 * every cell it defuses and would take `-2.5` for a formula.
 */
import Papa from 'papaparse';

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Whether a text needs the `'`: it starts like a formula once any `'` it starts with are set aside — so a text
 * that already starts with `'` and a formula character gets one more, and reading it back takes exactly one off.
 */
function needsQuote(text: string): boolean {
  const rest = text.replace(/^'+/, '');
  return FORMULA_START.test(rest) && !PLAIN_NUMBER.test(rest);
}

/** A text cell a spreadsheet would not run: `'` before one that starts like a formula and is not a plain number. */
export function defuse(text: string): string {
  return needsQuote(text) ? `'${text}` : text;
}

/**
 * A text cell read back from a CSV this writer wrote: the `'` that defused it taken off again, so an exported
 * list imported again holds exactly what it held.
 */
export function undefuse(text: string): string {
  return text.startsWith("'") && needsQuote(text) ? text.slice(1) : text;
}

/** What a cell holds before it is written: empty for null and undefined, numbers to six decimals, text defused. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(Math.round(value * 1e6) / 1e6);
  return defuse(String(value));
}

/** CSV lines, without the last line's ending: each cell as `csvCell` writes it, quoted where CSV needs it. */
export function csvLines(rows: readonly (readonly unknown[])[], newline = '\n'): string {
  return Papa.unparse(
    rows.map((row) => row.map(cellText)),
    { newline, quotes: false },
  );
}

/** One CSV line, without its line ending. */
export function csvLine(values: readonly unknown[]): string {
  return csvLines([values]);
}

/** One CSV cell, as it is written in a line. */
export function csvCell(value: unknown): string {
  return csvLine([value]);
}

/*
 * The one CSV writer. Every CSV the workbench writes (batch reports, matrix grids, Quepid judgments) holds text
 * that came from elsewhere — a query list, a shopper's search, an item's title — and is opened in spreadsheets,
 * which run a cell that starts like a formula. So a text cell starting with `=`, `+`, `-`, `@`, a tab or a
 * carriage return gets a leading `'` (OWASP's advice), unless it is a plain number (`-2.5` stays a number).
 */

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

/** One CSV cell: empty for null and undefined, numbers to six decimals, text defused, quoted where needed. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(Math.round(value * 1e6) / 1e6);
  const text = defuse(String(value));
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line, without its line ending. */
export function csvLine(values: readonly unknown[]): string {
  return values.map(csvCell).join(',');
}

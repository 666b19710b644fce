/**
 * Text from files (a suite's names, a query list's queries, a shopper's search) shown where a control
 * character would act instead of show: a terminal runs ESC sequences (colours, cursor moves, window titles,
 * OSC 8 links), a newline starts a line that looks like the program's own, a bidi override reorders what the
 * reader sees. These make every such character visible as an escape instead.
 */

/** C0 controls, DEL, C1 controls (0x9B is a one-byte CSI), line and paragraph separators, bidi embeddings and isolates. */
// eslint-disable-next-line no-control-regex -- control characters are what this finds
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
// eslint-disable-next-line no-control-regex -- as above, but newline and tab, which a program's own output uses
const CONTROL_BUT_LAYOUT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\u001b': '\\e' };

const escapeOne = (c: string): string => {
  const named = NAMED[c];
  if (named) return named;
  const code = c.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
};

/** One line of text from a file, every control character shown as an escape (`\n`, `\e`, `\x07`, `\u202e`). */
export function visible(text: string): string {
  return text.replace(CONTROL, escapeOne);
}

/** A program's output for a terminal: its own newlines and tabs kept, every other control character shown escaped. */
export function forTerminal(text: string): string {
  return text.replace(CONTROL_BUT_LAYOUT, escapeOne);
}

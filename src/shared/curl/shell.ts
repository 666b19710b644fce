/** Shell words: quoting for export, and a tolerant tokenizer for commands pasted from devtools. */

/** Single-quotes a word for POSIX shells: `it's` → `'it'\''s'`. */
export function shellQuote(word: string): string {
  if (/^[A-Za-z0-9_\-.,:/=@%+]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

export class ShellSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
  }
}

const ANSI_ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  a: '\x07',
  b: '\b',
  e: '\x1b',
  f: '\f',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
};

/**
 * Splits a command line the way bash would: single quotes, double quotes
 * with backslash escapes, $'…' ANSI-C strings (Chrome's "Copy as cURL"),
 * backslash-newline continuations. Windows `cmd` carets (^) are read as
 * escapes when the command uses them for line continuation.
 */
export function splitShellWords(input: string): string[] {
  // cmd.exe style (Chrome's "Copy as cURL (cmd)"): caret line continuations, or ^" escapes in a
  // command with no single quotes — bash commands quote such text in single quotes.
  const bashContinued = /\\\r?\n/.test(input);
  const cmdStyle = !bashContinued && (/\s\^\r?\n/.test(input) || (!input.includes("'") && /\^"/.test(input)));
  const text = cmdStyle ? input.replace(/\^\r?\n/g, ' ') : input.replace(/\\\r?\n/g, ' ').replace(/`\r?\n/g, ' ');
  const words: string[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    while (i < n && /\s/.test(text[i] as string)) i++;
    if (i >= n) break;
    let word = '';
    let hasWord = false;
    while (i < n && !/\s/.test(text[i] as string)) {
      const ch = text[i] as string;
      hasWord = true;
      if (cmdStyle && ch === '^' && i + 1 < n) {
        word += text[i + 1];
        i += 2;
      } else if (ch === '\\' && !cmdStyle) {
        if (i + 1 < n) word += text[i + 1];
        i += 2;
      } else if (ch === "'") {
        const end = text.indexOf("'", i + 1);
        if (end < 0) throw new ShellSyntaxError(`The single quote at ${i} is never closed.`, i);
        word += text.slice(i + 1, end);
        i = end + 1;
      } else if (ch === '$' && text[i + 1] === "'") {
        let j = i + 2;
        let closed = false;
        while (j < n) {
          const c = text[j] as string;
          if (c === '\\' && j + 1 < n) {
            const e = text[j + 1] as string;
            if (e === 'x' && /^[0-9a-fA-F]{1,2}/.test(text.slice(j + 2))) {
              const hex = /^[0-9a-fA-F]{1,2}/.exec(text.slice(j + 2))![0];
              word += String.fromCharCode(Number.parseInt(hex, 16));
              j += 2 + hex.length;
            } else if (e === 'u' && /^[0-9a-fA-F]{4}/.test(text.slice(j + 2))) {
              word += String.fromCharCode(Number.parseInt(text.slice(j + 2, j + 6), 16));
              j += 6;
            } else {
              word += ANSI_ESCAPES[e] ?? `\\${e}`;
              j += 2;
            }
            continue;
          }
          if (c === "'") {
            closed = true;
            break;
          }
          word += c;
          j++;
        }
        if (!closed) throw new ShellSyntaxError(`The $'…' string at ${i} is never closed.`, i);
        i = j + 1;
      } else if (ch === '"') {
        let j = i + 1;
        let closed = false;
        while (j < n) {
          const c = text[j] as string;
          if (c === '\\' && !cmdStyle && j + 1 < n && '"\\$`\n'.includes(text[j + 1] as string)) {
            word += text[j + 1];
            j += 2;
            continue;
          }
          if (cmdStyle && c === '^' && j + 1 < n) {
            word += text[j + 1];
            j += 2;
            continue;
          }
          if (c === '"') {
            if (cmdStyle && text[j + 1] === '"') {
              word += '"';
              j += 2;
              continue;
            }
            closed = true;
            break;
          }
          word += c;
          j++;
        }
        if (!closed) throw new ShellSyntaxError(`The double quote at ${i} is never closed.`, i);
        i = j + 1;
      } else {
        word += ch;
        i++;
      }
    }
    if (hasWord) words.push(word);
  }
  return words;
}

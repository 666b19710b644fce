import { parseCurl, type CurlParseResult, type ParsedCurl } from './curl';

/**
 * Every way browser devtools copy a request — "Copy as cURL" (bash and
 * cmd), "Copy as PowerShell", "Copy as fetch", "Copy as fetch (Node.js)" —
 * and a raw HTTP request (request line, headers, body), read into one shape:
 * method, URL, headers, body, and notes on what was left out.
 */

export type CopiedFormat = 'curl' | 'curl-cmd' | 'powershell' | 'fetch' | 'http';

export type CopiedRequest = ({ ok: true; format: CopiedFormat } & ParsedCurl) | { ok: false; format: CopiedFormat; message: string };

const FORMAT_NAMES: Record<CopiedFormat, string> = {
  curl: 'cURL',
  'curl-cmd': 'cURL (cmd)',
  powershell: 'PowerShell',
  fetch: 'fetch',
  http: 'a raw HTTP request',
};

export function formatName(format: CopiedFormat): string {
  return FORMAT_NAMES[format];
}

const HTTP_REQUEST_LINE = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+(\S+)\s+HTTP\/\d(?:\.\d)?\s*$/i;

/** Which format pasted text is in, or null when it is none of them. */
export function detectCopiedFormat(text: string): CopiedFormat | null {
  const t = text.trim();
  if (/^curl(\.exe)?\s/i.test(t)) return /^curl(\.exe)?\s+\^"/i.test(t) ? 'curl-cmd' : 'curl';
  if (/(^|\n)\s*(Invoke-WebRequest|Invoke-RestMethod|iwr|irm)\s/i.test(t) || /^\$session\s*=\s*New-Object/i.test(t)) return 'powershell';
  if (/^(await\s+)?fetch\s*\(/.test(t)) return 'fetch';
  if (HTTP_REQUEST_LINE.test(t.split(/\r?\n/, 1)[0] ?? '')) return 'http';
  return null;
}

/** Reads a request copied from devtools in any of the formats above. */
export function parseCopiedRequest(text: string): CopiedRequest {
  const format = detectCopiedFormat(text);
  if (format === null) return { ok: false, format: 'curl', message: 'This is not a cURL, PowerShell, fetch or raw HTTP request.' };
  const result =
    format === 'curl-cmd'
      ? parseCurlCmd(text)
      : format === 'curl'
        ? parseCurl(text)
        : format === 'powershell'
          ? parsePowerShell(text)
          : format === 'fetch'
            ? parseFetch(text)
            : parseRawHttp(text);
  return result.ok ? { ...result, format } : { ok: false, format, message: result.message };
}

/**
 * Chrome's "Copy as cURL (cmd)": every argument wrapped in `^"…^"`, carets
 * escaping what cmd.exe would read, `\"` for quotes the C runtime unescapes,
 * `%^` before letters, `^` + newline between arguments. Two passes, as
 * Windows reads it: cmd.exe removes the carets, then the C runtime splits
 * the words.
 */
export function parseCurlCmd(command: string): CurlParseResult {
  let unescaped = '';
  const text = command.trim();
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch !== '^') {
      unescaped += ch;
      continue;
    }
    if (text[i + 1] === '\r' && text[i + 2] === '\n') i += 2;
    else if (text[i + 1] === '\n') i += 1;
    else {
      if (i + 1 < text.length) unescaped += text[i + 1];
      i += 1;
      continue;
    }
    // A caret before a line break joins the lines and takes the next character as it is (Chrome's "^\n\n" is one newline).
    if (i + 1 < text.length) {
      unescaped += text[i + 1];
      i += 1;
    }
  }
  const words = splitWindowsArguments(unescaped);
  if (words.length === 0) return { ok: false, message: 'Paste a cURL command: it starts with curl.' };
  return parseCurl(words.map(posixQuote).join(' '));
}

/** Splits a command line as the Microsoft C runtime does: quotes group, backslashes escape only before a quote. */
function splitWindowsArguments(text: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch === '\\') {
      let n = 0;
      while (text[i + n] === '\\') n++;
      if (text[i + n] === '"') {
        word += '\\'.repeat(Math.floor(n / 2));
        if (n % 2 === 1) word += '"';
        else quoted = !quoted;
        i += n;
      } else {
        word += '\\'.repeat(n);
        i += n - 1;
      }
      inWord = true;
    } else if (ch === '"') {
      quoted = !quoted;
      inWord = true;
    } else if (!quoted && /\s/.test(ch)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += ch;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}

/** A word re-quoted for the bash reader, so one cURL reader serves both shells. */
function posixQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** PowerShell tokens: words, strings (with their escapes read), `@{`, `}`, `=`, `;`. */
type PsToken = { kind: 'word' | 'string' | 'open' | 'close' | 'equals' | 'separator'; value: string };

function tokenizePowerShell(text: string): PsToken[] | string {
  const tokens: PsToken[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i] as string;
    if (ch === '`' && (text[i + 1] === '\n' || (text[i + 1] === '\r' && text[i + 2] === '\n'))) {
      i += text[i + 1] === '\r' ? 3 : 2; // line continuation
    } else if (/\s/.test(ch)) {
      if (ch === '\n') tokens.push({ kind: 'separator', value: '\n' });
      i++;
    } else if (ch === '@' && text[i + 1] === '{') {
      tokens.push({ kind: 'open', value: '@{' });
      i += 2;
    } else if (ch === '}') {
      tokens.push({ kind: 'close', value: '}' });
      i++;
    } else if (ch === '=') {
      tokens.push({ kind: 'equals', value: '=' });
      i++;
    } else if (ch === ';') {
      tokens.push({ kind: 'separator', value: ';' });
      i++;
    } else if (ch === '"') {
      let value = '';
      let j = i + 1;
      let closed = false;
      while (j < text.length) {
        const c = text[j] as string;
        if (c === '`' && j + 1 < text.length) {
          const e = text[j + 1] as string;
          value += e === 'n' ? '\n' : e === 'r' ? '\r' : e === 't' ? '\t' : e === '0' ? '\0' : e;
          j += 2;
        } else if (c === '"' && text[j + 1] === '"') {
          value += '"';
          j += 2;
        } else if (c === '"') {
          closed = true;
          break;
        } else if (c === '$' && text.startsWith('$([char]', j)) {
          const m = /^\$\(\[char\](\d+)\)/.exec(text.slice(j));
          if (!m) return `The string at ${i} has a $( … ) part the workbench cannot read.`;
          value += String.fromCharCode(Number(m[1]));
          j += m[0].length;
        } else {
          value += c;
          j++;
        }
      }
      if (!closed) return `The double quote at ${i} is never closed.`;
      tokens.push({ kind: 'string', value });
      i = j + 1;
    } else if (ch === "'") {
      let value = '';
      let j = i + 1;
      let closed = false;
      while (j < text.length) {
        if (text[j] === "'" && text[j + 1] === "'") {
          value += "'";
          j += 2;
        } else if (text[j] === "'") {
          closed = true;
          break;
        } else value += text[j++];
      }
      if (!closed) return `The single quote at ${i} is never closed.`;
      tokens.push({ kind: 'string', value });
      i = j + 1;
    } else {
      let j = i;
      while (j < text.length && !/[\s=;}]/.test(text[j] as string) && !(text[j] === '@' && text[j + 1] === '{')) j++;
      // A parenthesised expression (the UTF-8 byte form of a body) is one word with its string inside.
      if (text[i] === '(') {
        let depth = 0;
        j = i;
        for (; j < text.length; j++) {
          if (text[j] === '(') depth++;
          else if (text[j] === ')' && --depth === 0) break;
        }
        const inner = /GetBytes\(\s*("(?:[^"`]|`.)*"|'(?:[^']|'')*')\s*\)/.exec(text.slice(i, j + 1));
        if (inner) {
          const read = tokenizePowerShell(inner[1] as string);
          if (typeof read === 'string') return read;
          tokens.push(read[0] ?? { kind: 'string', value: '' });
        } else tokens.push({ kind: 'word', value: text.slice(i, j + 1) });
        i = j + 1;
        continue;
      }
      tokens.push({ kind: 'word', value: text.slice(i, j) });
      i = j;
    }
  }
  return tokens;
}

/** "Copy as PowerShell": `Invoke-WebRequest -Uri … -Method … -Headers @{…} -ContentType … -Body …`. */
export function parsePowerShell(text: string): CurlParseResult {
  const tokens = tokenizePowerShell(text);
  if (typeof tokens === 'string') return { ok: false, message: tokens };
  const start = tokens.findIndex((t) => t.kind === 'word' && /^(Invoke-WebRequest|Invoke-RestMethod|iwr|irm)$/i.test(t.value));
  if (start < 0) return { ok: false, message: 'No Invoke-WebRequest or Invoke-RestMethod call was found.' };
  const notes: string[] = [];
  if (tokens.slice(0, start).some((t) => t.kind === 'word' && /^\$session/i.test(t.value)))
    notes.push('The web session (user agent, cookies) is not part of a search request and was left out.');
  let method: string | undefined;
  let url: string | undefined;
  let body: string | undefined;
  const headers: [string, string][] = [];
  for (let i = start + 1; i < tokens.length; i++) {
    const t = tokens[i] as PsToken;
    if (t.kind === 'separator') continue;
    if (t.kind !== 'word' || !t.value.startsWith('-')) {
      if (url === undefined && t.kind === 'string') url = t.value;
      continue;
    }
    const name = t.value.slice(1).toLowerCase();
    const next = tokens[i + 1];
    if (name === 'usebasicparsing') continue;
    if (name === 'headers') {
      if (next?.kind !== 'open') return { ok: false, message: '-Headers needs a table, like -Headers @{ "accept" = "*/*" }.' };
      let j = i + 2;
      for (; j < tokens.length && tokens[j]?.kind !== 'close'; j++) {
        const key = tokens[j] as PsToken;
        if (key.kind === 'separator') continue;
        if (tokens[j + 1]?.kind !== 'equals' || !tokens[j + 2] || (tokens[j + 2] as PsToken).kind === 'close')
          return { ok: false, message: `The header ${JSON.stringify(key.value)} has no value.` };
        headers.push([key.value, (tokens[j + 2] as PsToken).value]);
        j += 2;
      }
      if (j >= tokens.length) return { ok: false, message: 'The -Headers table is never closed with }.' };
      i = j;
      continue;
    }
    if (!next || next.kind === 'separator' || (next.kind === 'word' && next.value.startsWith('-'))) {
      notes.push(`The option ${t.value} was ignored.`);
      continue;
    }
    i++;
    if (name === 'uri') url = next.value;
    else if (name === 'method') method = next.value.toUpperCase();
    else if (name === 'contenttype') headers.push(['Content-Type', next.value]);
    else if (name === 'body') body = next.value;
    else if (name === 'websession') continue;
    else notes.push(`The option ${t.value} was ignored.`);
  }
  if (!url) return { ok: false, message: 'The PowerShell command has no -Uri.' };
  return {
    ok: true,
    method: method ?? (body !== undefined ? 'POST' : 'GET'),
    url,
    headers,
    ...(body !== undefined ? { body } : {}),
    notes,
  };
}

/** JSON as browsers write it in "Copy as fetch", tolerating the trailing commas Firefox leaves. */
function lenientJson(text: string): unknown {
  return JSON.parse(text.replace(/,(\s*[}\]])/g, '$1'));
}

/** "Copy as fetch" and "Copy as fetch (Node.js)": `fetch("url", { headers, body, method, … })`. */
export function parseFetch(text: string): CurlParseResult {
  const m = /^(?:await\s+)?fetch\s*\(\s*("(?:[^"\\]|\\.)*")\s*(?:,\s*(\{[\s\S]*\}))?\s*\)\s*;?\s*$/.exec(text.trim());
  if (!m) return { ok: false, message: 'The fetch call could not be read: expected fetch("https://…", { … }).' };
  let url: string;
  let init: Record<string, unknown> = {};
  try {
    url = JSON.parse(m[1] as string) as string;
    if (m[2]) init = lenientJson(m[2]) as Record<string, unknown>;
  } catch (err) {
    return { ok: false, message: `The fetch options are not readable JSON (${(err as Error).message}).` };
  }
  if (!init || typeof init !== 'object' || Array.isArray(init))
    return { ok: false, message: 'The second argument of fetch must be an options object.' };
  const notes: string[] = [];
  const headers: [string, string][] = [];
  const rawHeaders = init.headers;
  if (rawHeaders && typeof rawHeaders === 'object' && !Array.isArray(rawHeaders)) {
    for (const [name, value] of Object.entries(rawHeaders as Record<string, unknown>)) {
      if (/^cookie$/i.test(name)) {
        notes.push('Cookies are not part of a search request and were left out.');
        continue;
      }
      headers.push([name, String(value)]);
    }
  }
  const body = typeof init.body === 'string' ? init.body : undefined;
  if (init.body !== undefined && init.body !== null && body === undefined) notes.push('A body that is not text was left out.');
  const method = typeof init.method === 'string' ? init.method.toUpperCase() : body !== undefined ? 'POST' : 'GET';
  return { ok: true, method, url, headers, ...(body !== undefined ? { body } : {}), notes };
}

/** A raw HTTP request: `POST /search HTTP/1.1`, headers with Host, a blank line, the body. */
export function parseRawHttp(text: string): CurlParseResult {
  const normalised = text.replace(/\r\n/g, '\n').replace(/^\s+/, '');
  const split = normalised.indexOf('\n\n');
  const head = split < 0 ? normalised : normalised.slice(0, split);
  const rawBody = split < 0 ? '' : normalised.slice(split + 2);
  const [requestLine = '', ...headerLines] = head.split('\n');
  const m = HTTP_REQUEST_LINE.exec(requestLine.trim());
  if (!m) return { ok: false, message: 'The first line must be a request line, like POST /search HTTP/1.1.' };
  const headers: [string, string][] = [];
  const notes: string[] = [];
  let host: string | undefined;
  for (const line of headerLines) {
    if (line.trim() === '') continue;
    const colon = line.indexOf(':');
    if (colon <= 0) return { ok: false, message: `The header line ${JSON.stringify(line.slice(0, 40))} has no name: value form.` };
    const name = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    if (/^host$/i.test(name)) host = value;
    else if (/^cookie$/i.test(name)) notes.push('Cookies are not part of a search request and were left out.');
    else if (!/^(content-length|connection)$/i.test(name)) headers.push([name, value]);
  }
  const target = m[2] as string;
  let url: string;
  if (/^https?:\/\//i.test(target)) url = target;
  else {
    if (!host) return { ok: false, message: 'The request has no Host header, so its address is unknown.' };
    url = `https://${host}${target.startsWith('/') ? target : `/${target}`}`;
    notes.push(`The address was read as https://${host} (a raw request does not say whether it went over HTTPS).`);
  }
  const body = rawBody.replace(/\n+$/, '');
  return { ok: true, method: (m[1] as string).toUpperCase(), url, headers, ...(body !== '' ? { body } : {}), notes };
}

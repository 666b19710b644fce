import { shellQuote, ShellSyntaxError, splitShellWords } from './shell';

/** An HTTP request as cURL writes it: any request of that shape (the search request's wire form is one). */
export interface CurlRequest {
  method: string;
  url: string;
  headers: readonly (readonly [string, string])[];
  body?: string;
}

/** A request as a cURL command, one option per line, ready for a terminal or a ticket. */
export function toCurl(spec: CurlRequest): string {
  const lines = [`curl ${shellQuote(spec.url)}`];
  if (spec.method !== 'GET' && !(spec.method === 'POST' && spec.body !== undefined)) lines.push(`-X ${spec.method}`);
  for (const [name, value] of spec.headers) lines.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  if (spec.body !== undefined) lines.push(`--data-raw ${shellQuote(spec.body)}`);
  return lines.join(' \\\n  ');
}

export interface ParsedCurl {
  method: string;
  url: string;
  headers: [string, string][];
  body?: string;
  /** What was read but is not part of the request (cookies, flags), and what was ignored. */
  notes: string[];
}

export type CurlParseResult = ({ ok: true } & ParsedCurl) | { ok: false; message: string; position?: number };

const DATA_FLAGS = new Set(['-d', '--data', '--data-raw', '--data-binary', '--data-ascii', '--json']);
const IGNORED_FLAGS = new Set([
  '--compressed',
  '-s',
  '--silent',
  '-S',
  '--show-error',
  '-L',
  '--location',
  '-i',
  '--include',
  '-v',
  '--verbose',
  '-g',
  '--globoff',
  '--http1.1',
  '--http2',
  '-f',
  '--fail',
  '--fail-with-body',
]);
const IGNORED_WITH_VALUE = new Set([
  '-o',
  '--output',
  '-m',
  '--max-time',
  '--connect-timeout',
  '-w',
  '--write-out',
  '-A',
  '--user-agent',
  '-e',
  '--referer',
  '--retry',
]);

/**
 * Reads a cURL command as copied from browser devtools (bash or cmd style):
 * -X, -H, --data-raw / --data-binary / -d, --url, -G, line continuations and
 * both quote styles. Returns what it could not read as a message, never throws.
 */
export function parseCurl(command: string): CurlParseResult {
  let words: string[];
  try {
    words = splitShellWords(command.trim());
  } catch (err) {
    if (err instanceof ShellSyntaxError) return { ok: false, message: err.message, position: err.position };
    throw err;
  }
  if (words.length === 0) return { ok: false, message: 'Paste a cURL command: it starts with curl.' };
  const first = (words[0] as string).toLowerCase();
  if (first !== 'curl' && first !== 'curl.exe')
    return {
      ok: false,
      message: `This does not look like a cURL command: it starts with ${JSON.stringify(words[0]?.slice(0, 30))}, not curl.`,
    };

  let method: string | undefined;
  let url: string | undefined;
  const headers: [string, string][] = [];
  const data: string[] = [];
  const notes: string[] = [];
  let forceGet = false;

  for (let i = 1; i < words.length; i++) {
    const word = words[i] as string;
    const takeValue = (): string | undefined => {
      const eq = word.indexOf('=');
      if (word.startsWith('--') && eq > 0) return word.slice(eq + 1);
      if (!word.startsWith('--') && word.length > 2) return word.slice(2);
      i++;
      return words[i];
    };
    const flag = word.startsWith('--') ? (word.split('=')[0] ?? word) : word.length > 2 && word.startsWith('-') ? word.slice(0, 2) : word;
    if (flag === '-X' || flag === '--request') {
      const v = takeValue();
      if (!v) return { ok: false, message: `${flag} needs a method, like ${flag} POST.` };
      method = v.toUpperCase();
    } else if (flag === '-H' || flag === '--header') {
      const v = takeValue();
      if (v === undefined) return { ok: false, message: `${flag} needs a header, like -H 'Content-Type: application/json'.` };
      const colon = v.indexOf(':');
      if (colon <= 0) {
        notes.push(`Header ${JSON.stringify(v)} has no name: value form and was skipped.`);
        continue;
      }
      headers.push([v.slice(0, colon).trim(), v.slice(colon + 1).trim()]);
    } else if (DATA_FLAGS.has(flag)) {
      const v = takeValue();
      if (v === undefined) return { ok: false, message: `${flag} needs the request body.` };
      if ((flag === '-d' || flag === '--data' || flag === '--data-binary') && v.startsWith('@')) {
        return { ok: false, message: `${flag} ${v} reads the body from a file, which the workbench cannot see; paste the body itself.` };
      }
      if (flag === '--json') headers.push(['Content-Type', 'application/json']);
      data.push(v);
    } else if (flag === '--data-urlencode') {
      const v = takeValue();
      if (v !== undefined) data.push(v);
      notes.push('--data-urlencode was read as plain data.');
    } else if (flag === '--url') {
      url = takeValue();
    } else if (flag === '-G' || flag === '--get') {
      forceGet = true;
    } else if (flag === '-b' || flag === '--cookie') {
      takeValue();
      notes.push('Cookies (-b) are not part of a search request and were left out.');
    } else if (flag === '-u' || flag === '--user') {
      takeValue();
      notes.push('Credentials (-u) were left out: the workbench keeps secrets in the keychain, not in requests.');
    } else if (flag === '-k' || flag === '--insecure') {
      notes.push('--insecure was ignored: the workbench always verifies certificates.');
    } else if (IGNORED_FLAGS.has(flag)) {
      continue;
    } else if (IGNORED_WITH_VALUE.has(flag)) {
      takeValue();
    } else if (word.startsWith('-')) {
      notes.push(`The option ${word} is not used by the workbench and was ignored.`);
    } else if (url === undefined) {
      url = word;
    } else {
      notes.push(`The extra argument ${JSON.stringify(word.slice(0, 40))} was ignored.`);
    }
  }
  if (!url) return { ok: false, message: 'The cURL command has no URL.' };
  const body = data.length > 0 ? data.join('&') : undefined;
  let finalUrl = url;
  if (forceGet && body !== undefined) finalUrl = `${url}${url.includes('?') ? '&' : '?'}${body}`;
  const resolvedMethod = forceGet ? 'GET' : (method ?? (body !== undefined ? 'POST' : 'GET'));
  return {
    ok: true,
    method: resolvedMethod,
    url: finalUrl,
    headers,
    ...(body !== undefined && !forceGet ? { body } : {}),
    notes,
  };
}

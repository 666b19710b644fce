import { isRequest, requestProblems, type AnyRequest, type SearchRequest } from './schema';
import { asSentence } from '../zod';
import { jsonErrorPosition } from '../json-value';

export { jsonErrorPosition };

/**
 * The GET form of search (§4.2): `{base}/search/<token>?encoded=<url-encoded JSON>`
 * where the JSON holds every other parameter. Decoding is tolerant of what
 * support staff paste from tickets and browser bars, and says what was odd.
 */

export interface DecodeNote {
  code:
    | 'trimmed'
    | 'missing-scheme'
    | 'double-encoded'
    | 'extra-parameters'
    | 'fragment-dropped'
    | 'token-in-body'
    | 'deprecated-facet-attribute'
    | 'unknown-field'
    | 'repeated-encoded'
    | 'plus-as-space'
    | 'filled-in';
  message: string;
}

export type UrlPart = 'input' | 'url' | 'path' | 'token' | 'encoded' | 'json';

export interface UrlDecodeError {
  part: UrlPart;
  message: string;
  /** For JSON errors: the character position inside the decoded JSON text. */
  position?: number;
}

export interface DecodedSearchUrl {
  request: SearchRequest;
  /** Everything before `/search/…`: scheme, host and any path prefix. */
  baseUrl: string;
  /** Query parameters other than `encoded`, kept as they were. */
  extraParams: [string, string][];
  notes: DecodeNote[];
}

export type DecodeResult = ({ ok: true } & DecodedSearchUrl) | { ok: false; error: UrlDecodeError };

const FIELD_ORDER = ['query', 'options', 'context', 'configurationId'] as const;

export function trimBaseUrl(baseUrl: string): string {
  return baseUrl.trim().replace(/\/+$/, '');
}

/** The GET URL of a request; only search has a GET form, but any request's fields encode the same way. */
export function encodeSearchUrl(baseUrl: string, request: AnyRequest): string {
  const payload: Record<string, unknown> = {};
  for (const key of FIELD_ORDER) if (request[key] !== undefined) payload[key] = request[key];
  return `${trimBaseUrl(baseUrl)}/search/${encodeURIComponent(request.token)}?encoded=${encodeURIComponent(JSON.stringify(payload))}`;
}

function stripWrapping(text: string): { text: string; stripped: boolean } {
  let t = text.trim();
  let stripped = t !== text;
  for (;;) {
    const pairs: [string, string][] = [
      ["'", "'"],
      ['"', '"'],
      ['`', '`'],
      ['<', '>'],
      ['(', ')'],
    ];
    const pair = pairs.find(([a, b]) => t.length >= 2 && t.startsWith(a) && t.endsWith(b));
    if (!pair) break;
    t = t.slice(1, -1).trim();
    stripped = true;
  }
  return { text: t, stripped };
}

function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

export function decodeSearchUrl(input: string): DecodeResult {
  const notes: DecodeNote[] = [];
  const fail = (part: UrlPart, message: string, position?: number): DecodeResult => ({
    ok: false,
    error: position === undefined ? { part, message } : { part, message, position },
  });
  if (typeof input !== 'string' || input.trim() === '')
    return fail('input', 'Paste a search URL: it looks like https://…/search/<token>?encoded=…');

  const wrapped = stripWrapping(input);
  let text = wrapped.text.replace(/\s+/g, (m) => (m.includes('\n') ? '' : m));
  if (wrapped.stripped) notes.push({ code: 'trimmed', message: 'Surrounding whitespace, quotes or brackets were removed.' });
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    text = text.startsWith('//') ? `https:${text}` : `https://${text}`;
    notes.push({ code: 'missing-scheme', message: 'The URL had no scheme; https:// was assumed.' });
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail('url', `This is not a URL the workbench can read: ${JSON.stringify(text.slice(0, 80))}.`);
  }
  if (url.hash)
    notes.push({ code: 'fragment-dropped', message: `The fragment ${url.hash.slice(0, 40)} is not sent to the service and was dropped.` });

  const match = /^(.*?)\/search(?:\/([^/]*))?\/?$/.exec(url.pathname);
  if (!match) {
    return fail('path', `The path ${url.pathname} is not a search URL; expected …/search/<token>?encoded=….`);
  }
  const [, prefix = '', rawToken] = match;
  if (rawToken === 'suggest' || rawToken === 'autocomplete') {
    return fail('path', `/search/${rawToken} only accepts POST requests; paste the request body or the cURL command instead.`);
  }
  if (!rawToken) return fail('token', 'The URL has no search token: expected /search/<token> in the path.');
  let token = safeDecode(rawToken);
  if (token === undefined) return fail('token', `The token in the path (${rawToken.slice(0, 40)}) has broken %-escapes.`);
  if (/%[0-9A-Fa-f]{2}/.test(token)) {
    const again = safeDecode(token);
    if (again !== undefined) {
      token = again;
      notes.push({ code: 'double-encoded', message: 'The token was URL-encoded twice; it was decoded twice.' });
    }
  }

  const extraParams: [string, string][] = [];
  let encoded: string | undefined;
  const rawQuery = url.search.replace(/^\?/, '');
  if (rawQuery.includes('+'))
    notes.push({ code: 'plus-as-space', message: "'+' in the query string was read as a space, as browsers send it." });
  for (const [key, value] of new URLSearchParams(rawQuery)) {
    if (key === 'encoded') {
      if (encoded === undefined) encoded = value;
      else notes.push({ code: 'repeated-encoded', message: 'The URL has more than one encoded parameter; the first was used.' });
    } else extraParams.push([key, value]);
  }
  if (extraParams.length > 0) {
    notes.push({
      code: 'extra-parameters',
      message: `Extra query parameters are not part of the request and were kept aside: ${extraParams.map(([k]) => k).join(', ')}.`,
    });
  }
  if (encoded === undefined) return fail('encoded', 'The URL has no encoded=… parameter, which carries the query and options as JSON.');

  let json: unknown;
  let jsonText = encoded;
  for (let attempt = 0; ; attempt++) {
    try {
      json = JSON.parse(jsonText);
      break;
    } catch (err) {
      const again = /%[0-9A-Fa-f]{2}/.test(jsonText) && attempt < 3 ? safeDecode(jsonText) : undefined;
      if (again !== undefined && again !== jsonText) {
        jsonText = again;
        if (!notes.some((n) => n.code === 'double-encoded' && n.message.startsWith('The encoded'))) {
          notes.push({
            code: 'double-encoded',
            message: 'The encoded parameter was URL-encoded more than once; it was decoded until it read as JSON.',
          });
        }
        continue;
      }
      const position = jsonErrorPosition(err, jsonText);
      const near = position !== undefined ? ` near ${JSON.stringify(jsonText.slice(Math.max(0, position - 10), position + 10))}` : '';
      return fail(
        'json',
        `The encoded parameter is not valid JSON${position !== undefined ? ` at position ${position}` : ''}${near}.`,
        position,
      );
    }
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return fail('json', 'The encoded parameter must be a JSON object with query, options and context.');
  }

  const body = json as Record<string, unknown>;
  const request: Record<string, unknown> = { token };
  if (typeof body.token === 'string' && body.token !== token) {
    notes.push({
      code: 'token-in-body',
      message: 'The JSON also carries a token different from the one in the path; the path token is what the service uses.',
    });
  }
  for (const key of FIELD_ORDER) if (body[key] !== undefined) request[key] = body[key];
  for (const key of Object.keys(body)) {
    if (key !== 'token' && !(FIELD_ORDER as readonly string[]).includes(key)) {
      request[key] = body[key];
      notes.push({ code: 'unknown-field', message: `The JSON has a field '${key}' the service does not document; it was kept.` });
    }
  }
  const facets = (body.options as { facets?: unknown } | undefined)?.facets;
  if (Array.isArray(facets) && facets.some((f) => f && typeof f === 'object' && 'attribute' in f && !('id' in f))) {
    notes.push({
      code: 'deprecated-facet-attribute',
      message: 'A facet is selected by the deprecated "attribute" property; the service still accepts it for now.',
    });
  }
  if (!isRequest('search', request))
    return fail(
      'json',
      `The request in the URL does not have the interface's shape, so it cannot be sent as is — ${asSentence(requestProblems('search', request))}`,
    );
  return { ok: true, request, baseUrl: `${url.origin}${prefix}`, extraParams, notes };
}

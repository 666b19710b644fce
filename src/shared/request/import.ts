import { detectCopiedFormat, formatName, parseCopiedRequest } from '../curl';
import { decodeSearchUrl, jsonErrorPosition } from './url-codec';
import { guessKind, normalize } from './normalize';
import { filledNote, identifyHttpRequest, readEnvelope } from './http';
import type { RequestEnvelope } from './schema';

export type ImportedRequest = RequestEnvelope & {
  baseUrl: string | null;
  /** What was odd about the input, in words. */
  notes: string[];
  /** `curl` stands for every devtools copy of an HTTP request; `format` names which one. */
  source: 'url' | 'curl' | 'json' | 'storefront';
  /** For a storefront URL: how each parameter was read, in words. */
  steps?: string[];
  /** For a storefront URL: the customer's URL itself, so a storefront URL written back can look like it. */
  pastedUrl?: string;
  format?: string;
};

export type ImportResult = ({ ok: true } & ImportedRequest) | { ok: false; message: string };

/**
 * Whatever support staff paste — a search URL from a customer's browser, a
 * cURL command from devtools, or a JSON request body — read back into the
 * exact request, with everything odd about it listed.
 */
export function importRequest(text: string): ImportResult {
  const read = readPasted(text);
  return read.ok ? { ...read, notes: [...read.notes, ...unknownFieldNotes(read)] } : read;
}

/**
 * Fields the interface does not have (kept, and ignored by the service), each named once with the field it
 * most likely meant: "A search request has no field 'qeury' (did you mean 'query'?)". From the one request
 * checker, whatever the request was pasted as.
 */
function unknownFieldNotes(imported: RequestEnvelope): string[] {
  return normalize(imported.kind, imported.request)
    .diagnostics.filter((d) => d.code === 'unknown-field')
    .map((d) => d.message);
}

/** The pasted text read as a request; its unknown fields are noted by importRequest, not here. */
function readPasted(text: string): ImportResult {
  const trimmed = text.trim();
  if (trimmed === '')
    return {
      ok: false,
      message: 'Paste a search URL, a devtools copy (cURL, PowerShell, fetch, a raw HTTP request) or a JSON request body.',
    };
  const format = detectCopiedFormat(trimmed);
  if (format !== null) {
    const parsed = parseCopiedRequest(trimmed);
    if (!parsed.ok) return { ok: false, message: `This looks like ${formatName(format)} but cannot be read: ${parsed.message}` };
    const identified = identifyHttpRequest(parsed);
    if (!identified.ok) return { ok: false, message: identified.message };
    const { ok: _ok, baseUrl, notes, ...envelope } = identified;
    return {
      ok: true,
      source: 'curl',
      format: formatName(format),
      ...envelope,
      baseUrl,
      notes: [...parsed.notes, ...notes.filter((n) => n.code !== 'unknown-field').map((n) => n.message)],
    };
  }
  if (trimmed.startsWith('{')) {
    try {
      const body = JSON.parse(trimmed) as unknown;
      if (!body || typeof body !== 'object' || Array.isArray(body)) return { ok: false, message: 'The JSON must be a request object.' };
      const kind = guessKind(body);
      const read = readEnvelope(kind, 'post', body as Record<string, unknown>);
      if (!read.ok) return { ok: false, message: read.message };
      return {
        ok: true,
        source: 'json',
        ...read.envelope,
        baseUrl: null,
        notes: read.filled.length ? [filledNote(kind, read.filled)] : [],
      };
    } catch (err) {
      const position = jsonErrorPosition(err, trimmed);
      return { ok: false, message: `This is not valid JSON${position !== undefined ? ` (at position ${position})` : ''}.` };
    }
  }
  const decoded = decodeSearchUrl(trimmed);
  if (!decoded.ok) return { ok: false, message: decoded.error.message };
  return {
    ok: true,
    source: 'url',
    kind: 'search',
    transport: 'get',
    request: decoded.request,
    baseUrl: decoded.baseUrl,
    notes: decoded.notes.filter((n) => n.code !== 'unknown-field').map((n) => n.message),
  };
}

/** Whether pasted text is worth offering as a request (so ordinary pastes into fields are left alone). */
export function looksLikeRequest(text: string): boolean {
  const t = text.trim();
  return detectCopiedFormat(t) !== null || /\/search\/[^/\s]+\?[^\s]*encoded=/i.test(t);
}

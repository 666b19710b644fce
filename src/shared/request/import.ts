import { parseCurl } from '../curl/curl';
import { decodeSearchUrl, jsonErrorPosition } from '../url/codec';
import { guessKind } from './normalize';
import { identifyHttpRequest, type Transport } from './http';
import type { AnyRequest, RequestKind } from './types';

export interface ImportedRequest {
  kind: RequestKind;
  transport: Transport;
  request: AnyRequest;
  baseUrl: string | null;
  /** What was odd about the input, in words. */
  notes: string[];
  source: 'url' | 'curl' | 'json';
}

export type ImportResult = ({ ok: true } & ImportedRequest) | { ok: false; message: string };

/**
 * Whatever support staff paste — a search URL from a customer's browser, a
 * cURL command from devtools, or a JSON request body — read back into the
 * exact request, with everything odd about it listed.
 */
export function importRequest(text: string): ImportResult {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, message: 'Paste a search URL, a cURL command, or a JSON request body.' };
  if (/^curl(\.exe)?\s/i.test(trimmed)) {
    const parsed = parseCurl(trimmed);
    if (!parsed.ok) return { ok: false, message: `This looks like cURL but cannot be read: ${parsed.message}` };
    const identified = identifyHttpRequest(parsed);
    if (!identified.ok) return { ok: false, message: identified.message };
    return {
      ok: true,
      source: 'curl',
      kind: identified.kind,
      transport: identified.transport,
      request: identified.request,
      baseUrl: identified.baseUrl,
      notes: [...parsed.notes, ...identified.notes.map((n) => n.message)],
    };
  }
  if (trimmed.startsWith('{')) {
    try {
      const body = JSON.parse(trimmed) as unknown;
      if (!body || typeof body !== 'object' || Array.isArray(body)) return { ok: false, message: 'The JSON must be a request object.' };
      return { ok: true, source: 'json', kind: guessKind(body), transport: 'post', request: body as AnyRequest, baseUrl: null, notes: [] };
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
    notes: decoded.notes.map((n) => n.message),
  };
}

/** Whether pasted text is worth offering as a request (so ordinary pastes into fields are left alone). */
export function looksLikeRequest(text: string): boolean {
  const t = text.trim();
  return /^curl(\.exe)?\s/i.test(t) || /\/search\/[^/\s]+\?[^\s]*encoded=/i.test(t);
}

import { decodeSearchUrl, encodeSearchUrl, jsonErrorPosition, trimBaseUrl, type DecodeNote } from './url-codec';
import { completeRequest } from './complete';
import { requestEnvelopeSchema, requestProblems, type AnyRequest, type RequestEnvelope, type Transport } from './schema';
import type { RequestKind } from './types';
import { asSentence } from '../zod';

/**
 * The exact HTTP request the service receives for a workbench request: one
 * place that knows the wire format, used by the search client in main, the
 * cURL export and the URL tools alike.
 */

export interface HttpRequestSpec {
  method: 'GET' | 'POST';
  url: string;
  headers: [string, string][];
  body?: string;
}

export const JSON_CONTENT_TYPE = 'application/json; charset=UTF-8';

export type { Transport } from './schema';

export const ENDPOINT_PATH: Record<RequestKind, string> = {
  search: '/search',
  suggest: '/search/suggest',
  autocomplete: '/search/autocomplete',
};

export function buildHttpRequest(kind: RequestKind, baseUrl: string, request: AnyRequest, transport: Transport = 'post'): HttpRequestSpec {
  if (kind === 'search' && transport === 'get') {
    return { method: 'GET', url: encodeSearchUrl(baseUrl, request), headers: [['Accept', 'application/json']] };
  }
  return {
    method: 'POST',
    url: `${trimBaseUrl(baseUrl)}${ENDPOINT_PATH[kind]}`,
    headers: [
      ['Content-Type', JSON_CONTENT_TYPE],
      ['Accept', 'application/json'],
    ],
    body: JSON.stringify(request),
  };
}

export type IdentifiedRequest = RequestEnvelope & {
  baseUrl: string;
  notes: DecodeNote[];
};

export type IdentifyResult = ({ ok: true } & IdentifiedRequest) | { ok: false; message: string; position?: number };

/**
 * A request read from outside (a pasted body, a cURL command) as a typed
 * envelope: required fields the text left out are filled in empty and named
 * in `filled`, so the editor can hold it and show what is missing; fields of
 * the wrong type keep it from being one, and the message names each.
 */
export function readEnvelope(
  kind: RequestKind,
  transport: Transport,
  body: Record<string, unknown>,
): { ok: true; envelope: RequestEnvelope; filled: string[] } | { ok: false; message: string } {
  const { request, filled } = completeRequest(kind, body);
  const typed = toEnvelope(kind, transport, request);
  return typed.ok ? { ...typed, filled } : typed;
}

/** A request as a typed envelope as it stands, or a message naming each field that keeps it from being one. */
export function toEnvelope(
  kind: RequestKind,
  transport: Transport,
  request: unknown,
): { ok: true; envelope: RequestEnvelope } | { ok: false; message: string } {
  const parsed = requestEnvelopeSchema.safeParse({ kind, transport: kind === 'search' ? transport : 'post', request });
  if (parsed.success) return { ok: true, envelope: parsed.data };
  return {
    ok: false,
    message: `The ${kind} request does not have the interface's shape, so it cannot be edited or sent as is — ${asSentence(requestProblems(kind, request))}`,
  };
}

/** What was filled in, as a note for the paste. */
export function filledNote(kind: RequestKind, filled: string[]): string {
  return `The ${kind} request had no ${filled.join(', ')}; empty values were filled in so it can be edited — fill them in before sending.`;
}

/** Reads an HTTP request (from cURL, a HAR entry…) back into a workbench request. */
export function identifyHttpRequest(spec: { method: string; url: string; body?: string | undefined }): IdentifyResult {
  let url: URL;
  try {
    url = new URL(spec.url);
  } catch {
    return { ok: false, message: `The request URL is not readable: ${JSON.stringify(spec.url.slice(0, 80))}.` };
  }
  const path = url.pathname.replace(/\/+$/, '');
  const endpoint = (Object.entries(ENDPOINT_PATH) as [RequestKind, string][]).find(
    ([, p]) => path.endsWith(p) && (p !== '/search' || path.endsWith('/search')),
  );
  if (spec.method.toUpperCase() === 'GET' || (!endpoint && /\/search\/[^/]+$/.test(path))) {
    const decoded = decodeSearchUrl(spec.url);
    if (!decoded.ok)
      return {
        ok: false,
        message: decoded.error.message,
        ...(decoded.error.position !== undefined ? { position: decoded.error.position } : {}),
      };
    return { ok: true, kind: 'search', transport: 'get', baseUrl: decoded.baseUrl, request: decoded.request, notes: decoded.notes };
  }
  if (!endpoint)
    return { ok: false, message: `${url.pathname} is not a search endpoint (…/search, …/search/suggest, …/search/autocomplete).` };
  const [kind, suffix] = endpoint;
  if (spec.body === undefined || spec.body.trim() === '')
    return { ok: false, message: `A POST to ${suffix} needs a JSON body; this one has none.` };
  let body: unknown;
  try {
    body = JSON.parse(spec.body);
  } catch (err) {
    const position = jsonErrorPosition(err, spec.body);
    return {
      ok: false,
      message: `The request body is not valid JSON${position !== undefined ? ` at position ${position}` : ''}.`,
      ...(position !== undefined ? { position } : {}),
    };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { ok: false, message: 'The request body must be a JSON object.' };
  const baseUrl = `${url.origin}${path.slice(0, path.length - suffix.length)}`;
  const read = readEnvelope(kind, 'post', body as Record<string, unknown>);
  if (!read.ok) return read;
  return {
    ok: true,
    ...read.envelope,
    baseUrl,
    notes: read.filled.length ? [{ code: 'filled-in', message: filledNote(kind, read.filled) }] : [],
  };
}

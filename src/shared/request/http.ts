import { decodeSearchUrl, encodeSearchUrl, jsonErrorPosition, trimBaseUrl, type DecodeNote } from '../url/codec';
import type { AnyRequest, RequestKind, SearchRequest } from './types';

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

export type Transport = 'post' | 'get';

export const ENDPOINT_PATH: Record<RequestKind, string> = {
  search: '/search',
  suggest: '/search/suggest',
  autocomplete: '/search/autocomplete',
};

export function buildHttpRequest(kind: RequestKind, baseUrl: string, request: AnyRequest, transport: Transport = 'post'): HttpRequestSpec {
  if (kind === 'search' && transport === 'get') {
    return { method: 'GET', url: encodeSearchUrl(baseUrl, request as SearchRequest), headers: [['Accept', 'application/json']] };
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

export interface IdentifiedRequest {
  kind: RequestKind;
  transport: Transport;
  baseUrl: string;
  request: AnyRequest;
  notes: DecodeNote[];
}

export type IdentifyResult = ({ ok: true } & IdentifiedRequest) | { ok: false; message: string; position?: number };

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
  return { ok: true, kind, transport: 'post', baseUrl, request: body as AnyRequest, notes: [] };
}

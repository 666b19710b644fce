import { toCurl } from '@shared/curl/curl';
import { buildHttpRequest, type Transport } from '@shared/request/http';
import type { SearchRequest } from '@shared/request/types';
import { encodeSearchUrl } from '@shared/request/url-codec';

/** The current request as text to share: the GET URL, a cURL command, or the JSON body. */
export function requestAs(format: 'url' | 'curl' | 'json', baseUrl: string, request: SearchRequest, transport: Transport): string {
  if (format === 'url') return encodeSearchUrl(baseUrl, request);
  if (format === 'curl') return toCurl(buildHttpRequest('search', baseUrl, request, transport));
  return JSON.stringify(request, null, 2);
}

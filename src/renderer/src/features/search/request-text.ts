import { toCurl } from '@shared/curl';
import { buildHttpRequest, type Transport, type SearchRequest, encodeSearchUrl } from '@shared/request';

/** The current request as text to share: the GET URL, a cURL command, or the JSON body. */
export function requestAs(format: 'url' | 'curl' | 'json', baseUrl: string, request: SearchRequest, transport: Transport): string {
  if (format === 'url') return encodeSearchUrl(baseUrl, request);
  if (format === 'curl') return toCurl(buildHttpRequest('search', baseUrl, request, transport));
  return JSON.stringify(request, null, 2);
}

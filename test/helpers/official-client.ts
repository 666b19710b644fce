import { createRequire } from 'node:module';
import { request } from 'undici';

const require = createRequire(import.meta.url);

interface OfficialSearch {
  init(
    options: { token: string },
    httpClient?: {
      send(r: { method: string; url: string; headers: Record<string, string>; body?: string }): Promise<{ status: number; body: string }>;
    },
  ): void;
  query(query: string, options?: unknown, requestOptions?: unknown, context?: unknown): Promise<any>;
  suggest(query: string, options?: unknown, requestOptions?: unknown, context?: unknown): Promise<any>;
  autocomplete(query: string, options?: unknown): Promise<any>;
}

/**
 * The official public client (`@attraqt/search`) pointed at a local base
 * URL through its pluggable HTTP client: it builds the requests exactly as
 * it would for the hosted service; only the host is swapped.
 */
export function officialClient(baseUrl: string, token: string): OfficialSearch {
  const { Search } = require('@attraqt/search') as { Search: new () => OfficialSearch };
  const client = new Search();
  client.init(
    { token },
    {
      async send(req) {
        const url = new URL(req.url);
        const res = await request(`${baseUrl}${url.pathname}${url.search}`, {
          method: req.method as 'POST',
          headers: req.headers,
          ...(req.body !== undefined ? { body: req.body } : {}),
        });
        return { status: res.statusCode, body: await res.body.text() };
      },
    },
  );
  return client;
}

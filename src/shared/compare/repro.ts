import { toCurl } from '../curl';
import type { SearchDiff } from '../diff';
import { buildHttpRequest, type SearchRequest, type SearchResponse, encodeSearchUrl } from '../request';

export const REPRO_FORMAT = 'search-workbench-repro';

export interface ReproSide {
  label: string;
  baseUrl: string;
  request: SearchRequest;
  response: SearchResponse | null;
  /** Where the answer came from when it was not sent now (a history entry pinned as baseline). */
  source?: string;
}

/**
 * A single comparison as one file to attach to a ticket: both requests as a
 * GET URL, a cURL command and the JSON body, both answers, and the diff.
 * Requests carry only what the service needs (the search token, which is in
 * every storefront URL); no client secret, key or access token exists in
 * them to leak.
 */
export function reproBundle(sides: { a: ReproSide; b: ReproSide }, diff: SearchDiff, now = new Date()): string {
  const side = (s: ReproSide) => ({
    label: s.label,
    baseUrl: s.baseUrl,
    ...(s.source ? { source: s.source } : {}),
    getUrl: s.baseUrl ? encodeSearchUrl(s.baseUrl, s.request) : null,
    curl: s.baseUrl ? toCurl(buildHttpRequest('search', s.baseUrl, s.request, 'post')) : null,
    request: s.request,
    response: s.response,
  });
  return `${JSON.stringify(
    {
      format: REPRO_FORMAT,
      version: 1,
      createdAt: now.toISOString(),
      query: sides.b.request.query ?? sides.a.request.query ?? '',
      a: side(sides.a),
      b: side(sides.b),
      diff: {
        metrics: diff.metrics,
        count: diff.count,
        configuration: diff.configuration,
        movements: diff.ranking.rows.map((r) => ({
          id: r.id,
          rankA: r.rankA,
          rankB: r.rankB,
          scoreA: r.scoreA,
          scoreB: r.scoreB,
          movement: r.movement,
        })),
        facets: diff.facets.filter(
          (f) => f.presence !== 'both' || f.added || f.removed || f.countChanges || f.selectedChanges || f.orderChanged,
        ),
        redirects: diff.redirects,
        products: diff.products,
      },
    },
    null,
    2,
  )}\n`;
}

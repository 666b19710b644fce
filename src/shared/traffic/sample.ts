import { mulberry32 } from '../random';

/**
 * Query sets from traffic, as OpenSearch's Search Relevance Workbench samples them from UBI: the top N queries by
 * searches, N drawn uniformly at random, or N drawn with probability proportional to size (how often each was
 * searched). Seeded: one seed, one sample. Every query keeps its frequency as a weight.
 */
export const SAMPLE_METHODS = ['top', 'random', 'pps'] as const;
export type SampleMethod = (typeof SAMPLE_METHODS)[number];

export interface QueryFrequency {
  query: string;
  searches: number;
}

export interface SampledQuery {
  query: string;
  /** How often shoppers searched it in the traffic sampled from. */
  weight: number;
}

/**
 * - **top**: the N most searched (ties by the query's text);
 * - **random**: N distinct queries, each as likely as any other (a partial Fisher–Yates shuffle);
 * - **pps**: N distinct queries without replacement, each drawn with probability proportional to its searches, by
 *   Efraimidis and Spirakis' weighted random sampling (the N largest u^(1/w)) — the usual way to draw PPS without
 *   replacement in one pass.
 * The sample is returned most searched first.
 */
export function sampleQueries(queries: readonly QueryFrequency[], method: SampleMethod, n: number, seed = 1): SampledQuery[] {
  const pool = queries.filter((q) => q.query !== '' && q.searches > 0);
  const random = mulberry32(seed);
  let picked: QueryFrequency[];
  if (method === 'top' || n >= pool.length) picked = [...pool].sort(bySearches).slice(0, n);
  else if (method === 'random') {
    const order = [...pool].sort((a, b) => a.query.localeCompare(b.query));
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(random() * (order.length - i));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    picked = order.slice(0, n);
  } else {
    const keyed = [...pool]
      .sort((a, b) => a.query.localeCompare(b.query))
      .map((q) => ({ q, key: Math.log(random() || Number.MIN_VALUE) / q.searches }));
    picked = keyed
      .sort((a, b) => b.key - a.key)
      .slice(0, n)
      .map((k) => k.q);
  }
  return picked.sort(bySearches).map((q) => ({ query: q.query, weight: q.searches }));
}

const bySearches = (a: QueryFrequency, b: QueryFrequency) => b.searches - a.searches || a.query.localeCompare(b.query);

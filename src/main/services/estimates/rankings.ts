import { queryKey } from '../../../shared/judgments';
import { failure } from '../../../shared/errors';
import { readRun } from '../../../shared/metrics';
import type { SearchClient } from '../search';
import type { ReplayContext } from './log';

/** Where B's rankings come from: the service, asked with configuration B, or a run file. */
export type RankingSource =
  | { kind: 'service'; baseUrl: string; token: string; configurationId: string; concurrency?: number }
  | { kind: 'run'; text: string; name: string };

/** The logged context variables as the request's, or none ('' or not an object of strings). */
function variablesOf(json: string): Record<string, string> | undefined {
  if (!json) return undefined;
  try {
    const value = JSON.parse(json) as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(value)) if (typeof v === 'string') out[k] = v;
    return Object.keys(out).length ? out : undefined;
  } catch {
    return undefined;
  }
}

/**
 * B's first k item ids for each (query, context) of A's searches, asked of the service with configuration B and the
 * search's own context variables, `concurrency` at a time; progress after each answer.
 */
export async function serviceRankings(
  search: SearchClient,
  source: Extract<RankingSource, { kind: 'service' }>,
  contexts: readonly ReplayContext[],
  k: number,
  options: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {},
): Promise<string[][]> {
  const base = source.baseUrl.replace(/\/+$/, '');
  const out: string[][] = new Array(contexts.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < contexts.length) {
      const i = next++;
      const c = contexts[i]!;
      const variables = variablesOf(c.variables);
      const outcome = await search
        .run(
          base,
          'search',
          {
            token: source.token,
            query: c.query,
            configurationId: source.configurationId,
            ...(variables ? { context: { variables } } : {}),
            options: { limit: k },
          },
          { lean: true, ...(options.signal ? { signal: options.signal } : {}) },
        )
        .catch((err: Error & { code?: string }) => {
          throw failure(
            err.code === 'validation' ? 'validation' : 'http',
            `B's ranking for ${JSON.stringify(c.query)} (configuration ${source.configurationId}) could not be fetched from ${base}: ${err.message}`,
          );
        });
      out[i] = (outcome.response.items ?? []).map((item) => item.id);
      options.onProgress?.(++done, contexts.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(source.concurrency ?? 8, Math.max(1, contexts.length)) }, worker));
  return out;
}

/**
 * B's rankings from a run file — a TREC run or a batch or experiment JSON export (its B side) — matched to each
 * context's query as judgments are: the text normalised, else a TREC qid's `_` as spaces. A query the run lacks has
 * null: its searches are not replayed (the count of those is returned, to be said).
 */
export function runRankings(
  source: Extract<RankingSource, { kind: 'run' }>,
  contexts: readonly ReplayContext[],
): { rankings: (string[] | null)[]; missing: number } {
  const read = readRun(source.text, 'b');
  if (!read.ok) throw failure('validation', `${source.name}${read.line ? `:${read.line}` : ''}: ${read.message}`, { field: 'bRun' });
  const byKey = new Map<string, readonly string[]>();
  for (const q of read.run) {
    for (const text of [q.text, q.query, q.query.replace(/_/g, ' ')]) {
      if (text === undefined) continue;
      const key = queryKey(text);
      if (!byKey.has(key)) byKey.set(key, q.ranking);
    }
  }
  let missing = 0;
  const rankings = contexts.map((c) => {
    const ranking = byKey.get(queryKey(c.query));
    if (!ranking) missing += c.searches;
    return ranking ? [...ranking] : null;
  });
  return { rankings, missing };
}

import { pagesFromColumns } from '../../../shared/click-models';
import { failure } from '../../../shared/errors';
import { type Conversions, type ReplayLog, type Target, withTargets } from '../../../shared/estimates';
import type { TrafficFilter } from '../../../shared/traffic';
import type { NumberedConversion, StoreQueries } from '../traffic';

/** A (query, context) A's searches had: what B's ranking is asked for. */
export interface ReplayContext {
  query: string;
  /** The logged context variables as JSON ('' when none). */
  variables: string;
  /** A's searches with it. */
  searches: number;
}

/**
 * The store's first pages for a replay: every search in the days given (the model learns from all of them, whatever
 * their configuration), numbered by DuckDB; A's searches (`configuration`, or all) are replayed, each with B's
 * ranking for its (query, context) from `rankingsOf`, asked once per context.
 */
export async function replayLogOnStore(
  store: StoreQueries,
  input: { filter: TrafficFilter; configuration?: string; k: number },
  /** B's ranking per context; null where B has none to give (a run file without the query): those searches are not replayed. */
  rankingsOf: (contexts: ReplayContext[]) => Promise<(Target['ranking'] | null)[]>,
): Promise<{ log: ReplayLog; contexts: ReplayContext[] }> {
  const { configuration: _ignored, ...days } = input.filter;
  return store.numberedSearches(days, async (numbered, read) => {
    const rid: number[] = [];
    const clickedIn: number[] = [];
    const session: number[] = [];
    const contextOf: string[] = [];
    const replay: number[] = [];
    const sessions = new Map<string, number>();
    const contextIndex = new Map<string, number>();
    const contexts: ReplayContext[] = [];
    await read.searches((row) => {
      rid.push(row.ranking);
      clickedIn.push(row.clicked);
      let n = sessions.get(row.session);
      if (n === undefined) sessions.set(row.session, (n = sessions.size));
      session.push(n);
      const ctx = `${row.query}\u0000${row.variables}`;
      contextOf.push(ctx);
      const ofA = input.configuration === undefined || row.configuration === input.configuration;
      replay.push(ofA ? 1 : 0);
      if (!ofA) return;
      let t = contextIndex.get(ctx);
      if (t === undefined) {
        contextIndex.set(ctx, (t = contexts.length));
        contexts.push({ query: row.query, variables: row.variables, searches: 0 });
      }
      contexts[t]!.searches++;
    });
    // Every search of one of A's (query, context)s lends its clicks, whatever served it.
    const target = contextOf.map((ctx) => contextIndex.get(ctx) ?? -1);
    // Patterns (ranking, clicks) numbered here, so that each search knows its own: the bootstrap re-counts them.
    const patternOf = new Map<number, number>();
    const patternRanking: number[] = [];
    const patternClicked: number[] = [];
    const count: number[] = [];
    const pattern = new Int32Array(rid.length);
    for (let i = 0; i < rid.length; i++) {
      const key = rid[i]! * 1024 + clickedIn[i]!;
      let p = patternOf.get(key);
      if (p === undefined) {
        patternOf.set(key, (p = patternRanking.length));
        patternRanking.push(rid[i]!);
        patternClicked.push(clickedIn[i]!);
        count.push(0);
      }
      count[p]!++;
      pattern[i] = p;
    }
    const pages = pagesFromColumns({
      ...numbered,
      patternRanking: Int32Array.from(patternRanking),
      clicked: Int32Array.from(patternClicked),
      count: Float64Array.from(count),
    });
    const conversions = await conversionsOf(read.conversions, sessions);
    const rankings = contexts.length ? await rankingsOf(contexts) : [];
    const targets = Int32Array.from(target, (t) => (t >= 0 && rankings[t] === null ? -1 : t));
    const log = withTargets(
      pages,
      { pattern, session: Int32Array.from(session), target: targets, replay: Uint8Array.from(replay), sessions: sessions.size },
      contexts.map((c, i) => ({ query: c.query, ranking: rankings[i] ?? [] })),
      input.k,
    );
    return { log: conversions ? { ...log, conversions } : log, contexts };
  });
}

/** The first pages' add-to-carts and purchases per (session, item), or undefined when the log has none. */
async function conversionsOf(
  read: (each: (row: NumberedConversion) => void) => Promise<void>,
  sessions: Map<string, number>,
): Promise<Conversions | undefined> {
  const session: number[] = [];
  const pair: number[] = [];
  const kind: number[] = [];
  const count: number[] = [];
  await read((row) => {
    const at = sessions.get(row.session);
    if (at === undefined) return;
    session.push(at);
    pair.push(row.pair);
    kind.push(row.kind);
    count.push(row.count);
  });
  if (!pair.length) return undefined;
  return { session: Int32Array.from(session), pair: Int32Array.from(pair), kind: Uint8Array.from(kind), count: Float64Array.from(count) };
}

/**
 * A: side A's configuration as the log names it. A side that names none is the service's default, which the log
 * names by its id — taken as the log's most searched configuration other than B's, and said so.
 */
export async function sideA(store: StoreQueries, named: string | undefined, b: string): Promise<{ configuration: string; why: string }> {
  const logged = await store.firstPageConfigurations();
  if (!logged.length) throw failure('validation', 'The traffic store is empty: import traffic first.', { field: 'store' });
  const configuration = named ?? logged.find((c) => c !== b) ?? logged[0]!;
  if (!logged.includes(configuration))
    throw failure(
      'validation',
      `No search in the traffic store was logged under ${configuration} (side A's configuration): the log has ${logged.join(', ')}.`,
      { field: 'sides.a.configurationId' },
    );
  return {
    configuration,
    why: named
      ? "side A's configuration"
      : "side A names none: the service's default, the log's most searched configuration other than B's",
  };
}

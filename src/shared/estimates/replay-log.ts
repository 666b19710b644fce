import { MODEL_DEPTH, type PagePattern, type PreparedPages, preparePages } from '../click-models';
import type { ReplayLog } from './replay';

/** A (query, context) of A's searches and B's ranking for it (item ids, best first). */
export interface Target {
  query: string;
  ranking: readonly string[];
}

/**
 * A replay log from pages already prepared (the store's, numbered by DuckDB) and each search's pattern, session and
 * target: B's rankings become item ids — a pair the fit knows, or a new id for an item the log never showed for that
 * query — cut to the first k.
 */
export function withTargets(
  pages: PreparedPages,
  perSearch: { pattern: Int32Array; session: Int32Array; target: Int32Array; replay: Uint8Array; sessions: number },
  targets: readonly Target[],
  k: number,
): ReplayLog {
  const queryNumber = new Map<string, number>();
  const ids = new Map<string, Map<string, number>>();
  const pairQuery: number[] = [];
  const number = (query: string) => {
    let q = queryNumber.get(query);
    if (q === undefined) queryNumber.set(query, (q = queryNumber.size));
    return q;
  };
  pages.pairs.forEach((pair, u) => {
    let known = ids.get(pair.query);
    if (!known) ids.set(pair.query, (known = new Map()));
    known.set(pair.itemId, u);
    pairQuery.push(number(pair.query));
  });
  const depth = Math.min(k, MODEL_DEPTH);
  const unseenRank: number[] = [];
  const coded = targets.map(({ query, ranking }) => {
    let known = ids.get(query);
    if (!known) ids.set(query, (known = new Map()));
    const q = number(query);
    const out: number[] = [];
    for (const item of ranking) {
      if (out.length >= depth) break;
      let u = known.get(item);
      if (u === undefined) {
        known.set(item, (u = pairQuery.length));
        pairQuery.push(q);
        unseenRank.push(out.length);
      }
      // An item listed twice in a run file counts once, where it first stands.
      if (!out.includes(u)) out.push(u);
    }
    return Int32Array.from(out);
  });
  return {
    pages,
    searchPattern: perSearch.pattern,
    searchSession: perSearch.session,
    searchTarget: perSearch.target,
    searchReplay: perSearch.replay,
    sessions: perSearch.sessions,
    targets: coded,
    pairQuery: Int32Array.from(pairQuery),
    queries: queryNumber.size,
    unseenRank: Int32Array.from(unseenRank),
  };
}

/** One logged first page, for a log built in memory (tests, small files). */
export interface LoggedSearch {
  session: string;
  query: string;
  /** A's page as shown, best first. */
  ranking: readonly string[];
  /** The ranks clicked (1-based). */
  clicks: readonly number[];
  /** One of A's searches, replayed with B's ranking for its query (default true); else it only lends its clicks. */
  replay?: boolean;
}

/** A replay log from searches in memory, B's ranking for each query from `rankingOfB`. */
export function replayLogOf(searches: readonly LoggedSearch[], rankingOfB: (query: string) => readonly string[], k: number): ReplayLog {
  const patternIndex = new Map<string, number>();
  const patterns: PagePattern[] = [];
  const sessionIndex = new Map<string, number>();
  const targetIndex = new Map<string, number>();
  const targets: Target[] = [];
  const pattern = new Int32Array(searches.length);
  const session = new Int32Array(searches.length);
  const target = new Int32Array(searches.length);
  const replay = Uint8Array.from(searches, (s) => (s.replay === false ? 0 : 1));
  // A's queries first: the targets; then every search of one of them lends its clicks, whatever served it.
  searches.forEach((s, i) => {
    if (!replay[i] || targetIndex.has(s.query)) return;
    targetIndex.set(s.query, targets.length);
    targets.push({ query: s.query, ranking: rankingOfB(s.query) });
  });
  searches.forEach((s, i) => {
    const ranking = s.ranking.slice(0, MODEL_DEPTH);
    const clicked = s.clicks.reduce((bits, r) => (r >= 1 && r <= ranking.length ? bits | (1 << (r - 1)) : bits), 0);
    const key = JSON.stringify([s.query, ranking, clicked]);
    let p = patternIndex.get(key);
    if (p === undefined) {
      patternIndex.set(key, (p = patterns.length));
      patterns.push({ query: s.query, ranking, clicked, count: 0 });
    }
    patterns[p]!.count++;
    pattern[i] = p;
    let n = sessionIndex.get(s.session);
    if (n === undefined) sessionIndex.set(s.session, (n = sessionIndex.size));
    session[i] = n;
    target[i] = targetIndex.get(s.query) ?? -1;
  });
  return withTargets(preparePages(patterns), { pattern, session, target, replay, sessions: sessionIndex.size }, targets, k);
}

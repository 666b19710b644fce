import { Random } from '../catalog/random';
import { BRANDS, COLOURS, GENDERS, PRODUCT_TYPES } from '../catalog/vocabulary';

const DAY = 86_400_000;

export function normalizeQuery(query: string): string {
  return query.trim().toLowerCase().replace(/\s+/g, ' ');
}

interface Entry {
  /** Times the query was searched, ascending. */
  at: number[];
  /** Items the last search for it matched. */
  lastCount: number | undefined;
}

/**
 * What the usage log keeps, whatever arrives (a flood of tracked searches included): distinct queries, and times per
 * query (the latest; a query searched more often than this in the window shows this many views).
 */
export const USAGE_LIMITS = { queries: 50_000, timesPerQuery: 10_000 } as const;

/**
 * Usage tracking: every search the emulator serves is recorded, and
 * autocomplete suggests earlier queries that returned results, by views.
 * Bounded: past USAGE_LIMITS.queries distinct queries, the tenth least viewed are let go.
 */
export class UsageLog {
  private readonly entries = new Map<string, Entry>();

  record(query: string, resultCount: number | undefined, at: number): void {
    const q = normalizeQuery(query);
    if (q === '') return;
    let entry = this.entries.get(q);
    if (!entry) {
      if (this.entries.size >= USAGE_LIMITS.queries) this.letGo();
      this.entries.set(q, (entry = { at: [], lastCount: undefined }));
    }
    if (entry.at.length === 0 || at >= (entry.at[entry.at.length - 1] as number)) entry.at.push(at);
    else entry.at.splice(upperBound(entry.at, at), 0, at);
    if (entry.at.length > USAGE_LIMITS.timesPerQuery) entry.at.splice(0, entry.at.length - USAGE_LIMITS.timesPerQuery);
    if (resultCount !== undefined) entry.lastCount = resultCount;
  }

  /**
   * A query's earlier searches at once, times in any order: what seeding a log costs without a call per search. The
   * same as recording each (the latest USAGE_LIMITS.timesPerQuery kept).
   */
  recordAll(query: string, times: Float64Array): void {
    const q = normalizeQuery(query);
    if (q === '' || times.length === 0) return;
    if (this.entries.has(q)) {
      for (const at of times) this.record(q, undefined, at);
      return;
    }
    if (this.entries.size >= USAGE_LIMITS.queries) this.letGo();
    const sorted = times.slice().sort();
    this.entries.set(q, { at: Array.from(sorted.subarray(Math.max(0, sorted.length - USAGE_LIMITS.timesPerQuery))), lastCount: undefined });
  }

  /** The tenth of the queries least viewed (the oldest first among equals), let go at once. */
  private letGo(): void {
    const order = [...this.entries].sort(
      ([, a], [, b]) => a.at.length - b.at.length || (a.at[a.at.length - 1] ?? 0) - (b.at[b.at.length - 1] ?? 0),
    );
    for (const [query] of order.slice(0, Math.ceil(USAGE_LIMITS.queries / 10))) this.entries.delete(query);
  }

  get size(): number {
    return this.entries.size;
  }

  /** Queries extending `prefix`, with their views since `since`, most viewed first. */
  suggestions(prefix: string, since: number): { query: string; views: number; lastCount: number | undefined }[] {
    const p = normalizeQuery(prefix);
    const out: { query: string; views: number; lastCount: number | undefined }[] = [];
    for (const [query, entry] of this.entries) {
      if (query === p || !query.startsWith(p)) continue;
      const views = entry.at.length - upperBound(entry.at, since - 1);
      if (views > 0) out.push({ query, views, lastCount: entry.lastCount });
    }
    out.sort((a, b) => b.views - a.views || (a.query < b.query ? -1 : 1));
    return out;
  }

  setCount(query: string, count: number): void {
    const entry = this.entries.get(normalizeQuery(query));
    if (entry) entry.lastCount = count;
  }
}

function upperBound(sorted: number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as number) <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Realistic shopper queries with a heavy-tailed popularity, from the catalog's vocabulary. */
export function shopperQueries(seed: number): { query: string; weight: number }[] {
  const rng = new Random(seed ^ 0x5eed);
  const set = new Map<string, number>();
  const add = (q: string, w: number) => set.set(normalizeQuery(q), (set.get(normalizeQuery(q)) ?? 0) + w);
  for (const type of PRODUCT_TYPES) {
    for (const noun of type.nouns) {
      add(noun, 40 * type.weight);
      const plural = pluralOf(noun);
      if (plural) add(plural, 10 * type.weight);
      for (const g of type.genders) if (g === 'Women' || g === 'Men') add(`${g.toLowerCase()}s ${noun}`, 6 * type.weight);
      for (const c of rng.sample(COLOURS, 4)) add(`${c} ${noun}`, 4 * type.weight);
      for (const m of type.models) add(`${m} ${noun}`, 2);
      for (const f of type.features) add(`${f} ${noun}`, 1.5);
    }
    add(type.path[2], 20 * type.weight);
  }
  BRANDS.forEach((b, i) => {
    add(b, 60 / (i + 1));
    for (const type of rng.sample(PRODUCT_TYPES, 3)) add(`${b} ${type.nouns[0]}`, 8 / (i + 1));
  });
  for (const g of GENDERS) add(`${g} shoes`, 10);
  add('sale', 30);
  add('new arrivals', 20);
  add('gift ideas', 8);
  add('returns', 6);
  return [...set].map(([query, weight]) => ({ query, weight }));
}

/** A log seeded with `events` searches spread over the `days` before `now`. */
export function seedUsageLog(log: UsageLog, options: { events: number; days: number; seed: number; now: number }): void {
  const rng = new Random(options.seed);
  const queries = shopperQueries(options.seed);
  const total = queries.reduce((s, q) => s + q.weight, 0);
  const cumulative: number[] = [];
  let acc = 0;
  for (const q of queries) cumulative.push((acc += q.weight / total));
  // Each search drawn as before (a query by weight, then a time), gathered by query: one sort per query, not one of
  // every search, and no call per search.
  const drawn = new Uint32Array(options.events);
  const times = new Float64Array(options.events);
  const counts = new Uint32Array(queries.length);
  for (let e = 0; e < options.events; e++) {
    const r = rng.next();
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] as number) < r) lo = mid + 1;
      else hi = mid;
    }
    drawn[e] = lo;
    counts[lo]! += 1;
    times[e] = options.now - Math.floor(rng.next() * options.days * DAY);
  }
  const byQuery = Array.from(counts, (n) => new Float64Array(n));
  const filled = new Uint32Array(queries.length);
  for (let e = 0; e < options.events; e++) {
    const q = drawn[e]!;
    byQuery[q]![filled[q]!++] = times[e]!;
  }
  queries.forEach((q, i) => log.recordAll(q.query, byQuery[i]!));
}

/** "dress" → "dresses", "sneaker" → "sneakers"; nouns already plural ("shorts", "running tights") have none. */
export function pluralOf(noun: string): string | undefined {
  if (/(ss|sh|ch|x)$/.test(noun)) return `${noun}es`;
  if (/s$/.test(noun)) return undefined;
  return `${noun}s`;
}

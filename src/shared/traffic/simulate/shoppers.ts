import { mulberry32 } from '../../random';
import { ACTIONS, type EventRow, fieldHash, type SearchRow } from '../rows';
import { type ClickModel, expectedClicks, shop, swapPairs } from './click-model';

/**
 * Simulated shopping sessions, drawn from a seed and nothing else: who shops (users, their segment and the
 * configuration they are served), when (a week's daily rhythm from a fixed start), what they type (a long-tailed,
 * Zipf-like draw over the vocabulary, now and then misspelt), and what they do with each page (the click model).
 * Every session draws from its own generator, so sessions may run in any order, at any concurrency, and still write
 * the same rows.
 */

export interface VocabularyEntry {
  text: string;
  /** Which intent the truth grades the query's items by: a misspelling keeps its query's intent. */
  intent: number;
}

export interface SimulationOptions {
  seed: number;
  sessions: number;
  days: number;
  /** The first day, YYYY-MM-DD (UTC). */
  start: string;
  configurations: string[];
  vocabulary: VocabularyEntry[];
  model: ClickModel;
  /** The share of first pages shown with adjacent pairs swapped at random (default 0.1). */
  randomized: number;
  /** Items on a page. */
  pageSize: number;
  /**
   * An A/B test the shoppers are in (`traffic simulate --ab-test`): each user's variation, as the storefront draws it,
   * says the configuration (and segment) they are served, and their searches are logged with the test and variation.
   */
  abTest?: { id: string; variationOf: (userId: string) => { id: string; configurationId: string | null; segment?: string | undefined } };
}

export const SEGMENTS = [
  { id: null, share: 0.72 },
  { id: 'premium', share: 0.18 },
  { id: 'outlet', share: 0.1 },
] as const;

/** What the simulator asks the service for one search, and what it needs back: the ids shown and their grades. */
export interface PageRequest {
  query: string;
  configurationId: string;
  segment: string | null;
  /** 1 or 2. */
  page: number;
  filter?: string;
  at: string;
}

export interface ServedPage {
  ids: string[];
  /** The true relevance of each item shown (0–3) for the shopper's intent. */
  grades: number[];
  /** Each item's price, for a purchase's value. */
  prices: number[];
  /** Results in all (to know whether a next page exists). */
  total: number;
}

export type Serve = (request: PageRequest, intent: number) => Promise<ServedPage>;

export interface SimulatedSearch {
  row: SearchRow;
  intent: number;
  grades: number[];
  /** Ranks whose pair was swapped (a randomised first page), empty otherwise. */
  swapped: number[];
  randomized: boolean;
  expected: { ctr: number; clicks: number; carts: number; purchases: number };
}

export interface SimulatedSession {
  index: number;
  searches: SimulatedSearch[];
  events: EventRow[];
}

/** How fast the queries' frequency falls with their rank: 1/rank^s (a real log of a few thousand queries is near 1; over this vocabulary of about a hundred a lower s keeps the head from taking a fifth of all searches). */
const ZIPF_EXPONENT = 0.85;
const hex = (n: number) => (n >>> 0).toString(16).padStart(8, '0');
const seeded = (seed: number, ...parts: (string | number)[]) => Number.parseInt(fieldHash([seed, ...parts]).slice(0, 8), 16);

/** A Zipf-like draw (weight 1/rank^0.85) over a list shuffled by the seed, so the head is a mix of kinds. */
export function zipfSampler(length: number, seed: number): (random: () => number) => number {
  const order = Array.from({ length }, (_, i) => i);
  const shuffle = mulberry32(seeded(seed, 'vocabulary'));
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(shuffle() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const cumulative: number[] = [];
  let sum = 0;
  for (let r = 1; r <= length; r++) cumulative.push((sum += 1 / r ** ZIPF_EXPONENT));
  return (random) => {
    const x = random() * sum;
    let lo = 0;
    let hi = length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return order[lo]!;
  };
}

/** A typing slip: two letters swapped, one dropped or one doubled (never in a word of three letters or fewer). */
export function misspell(text: string, random: () => number): string {
  const words = text.split(' ');
  const long = words.map((w, i) => ({ w, i })).filter(({ w }) => w.length > 3);
  if (!long.length) return text;
  const { w, i } = long[Math.floor(random() * long.length)]!;
  const at = 1 + Math.floor(random() * (w.length - 2));
  const kind = Math.floor(random() * 3);
  const slipped =
    kind === 0
      ? w.slice(0, at) + w[at + 1] + w[at] + w.slice(at + 2)
      : kind === 1
        ? w.slice(0, at) + w.slice(at + 1)
        : w.slice(0, at) + w[at] + w.slice(at);
  return [...words.slice(0, i), slipped, ...words.slice(i + 1)].join(' ');
}

/** The hour of day a session starts: few at night, most from late morning to evening. */
const HOUR_WEIGHTS = [1, 0.5, 0.3, 0.2, 0.2, 0.4, 1, 2, 3, 4, 5, 5.5, 6, 6, 5.5, 5.5, 6, 7, 8, 8.5, 8, 6, 4, 2];
const HOUR_SUM = HOUR_WEIGHTS.reduce((a, b) => a + b, 0);

function hourOf(random: () => number): number {
  let x = random() * HOUR_SUM;
  for (let h = 0; h < 24; h++) if ((x -= HOUR_WEIGHTS[h]!) < 0) return h;
  return 23;
}

/** Session `index`'s id under `seed`: a seed's sessions are its own (another seed's share none of them). */
export const sessionIdOf = (seed: number, index: number): string => `s-${hex(seeded(seed, 'session', index))}-${index}`;

/** Who shops in session `index`: a user (returning users shop again), their segment and configuration. */
export function shopperOf(options: SimulationOptions, index: number) {
  const users = Math.max(1, Math.ceil(options.sessions * 0.6));
  const pick = mulberry32(seeded(options.seed, 'user', index));
  // Returning shoppers: a user drawn with weight falling with their number.
  const user = Math.min(users - 1, Math.floor(users * pick() ** 1.6));
  const userId = `u-${hex(seeded(options.seed, 'uid', user))}`;
  const traits = mulberry32(seeded(options.seed, 'traits', user));
  let x = traits();
  const segment = SEGMENTS.find((s) => (x -= s.share) < 0)?.id ?? null;
  const sessionId = sessionIdOf(options.seed, index);
  if (options.abTest) {
    const v = options.abTest.variationOf(userId);
    return { userId, segment: v.segment ?? segment, configurationId: v.configurationId ?? '', sessionId, variation: v.id };
  }
  const configurationId = options.configurations[seeded(0, 'config', userId) % options.configurations.length]!;
  return { userId, segment, configurationId, sessionId, variation: null };
}

const sessionRandom = (options: SimulationOptions, index: number) => mulberry32(seeded(options.seed, 'session-draws', index));

/** The day (YYYY-MM-DD) session `index` falls on: its generator's first draw, as simulateSession makes it. */
export function dayOfSession(options: Pick<SimulationOptions, 'seed' | 'days' | 'start'>, index: number): string {
  const day = Math.floor(sessionRandom(options as SimulationOptions, index)() * options.days);
  return new Date(Date.parse(`${options.start}T00:00:00Z`) + day * 86_400_000).toISOString().slice(0, 10);
}

/** One session, run against `serve`: its searches and its actions, in the order they happened. */
export async function simulateSession(
  options: SimulationOptions,
  index: number,
  serve: Serve,
  pick: (random: () => number) => number,
): Promise<SimulatedSession> {
  const random = sessionRandom(options, index);
  const shopper = shopperOf(options, index);
  const day = Math.floor(random() * options.days);
  let at = Date.parse(`${options.start}T00:00:00Z`) + day * 86_400_000 + hourOf(random) * 3_600_000 + Math.floor(random() * 3_600_000);
  const searches: SimulatedSearch[] = [];
  const events: EventRow[] = [];
  let count = 1;
  while (count < 4 && random() < 0.45) count++;
  const run = async (text: string, intent: number, page: number, filter?: string) => {
    const ts = new Date(at).toISOString();
    const served = await serve(
      { query: text, configurationId: shopper.configurationId, segment: shopper.segment, page, ...(filter ? { filter } : {}), at: ts },
      intent,
    );
    const randomized = page === 1 && !filter && random() < options.randomized;
    const order = randomized
      ? swapPairs(
          served.ids.map((_, i) => i),
          random,
          random() < 0.5 ? 0 : 1,
        )
      : { shown: served.ids.map((_, i) => i), swapped: [] };
    const ids = order.shown.map((i) => served.ids[i]!);
    const grades = order.shown.map((i) => served.grades[i]!);
    const searchId = `${shopper.sessionId}-${searches.length + 1}`;
    const row: SearchRow = {
      searchId,
      sessionId: shopper.sessionId,
      userId: shopper.userId,
      clientId: shopper.userId,
      ts,
      query: text,
      configurationId: shopper.configurationId,
      segment: shopper.segment,
      variables: shopper.segment ? JSON.stringify({ segment: shopper.segment }) : null,
      hitIds: ids,
      hitCount: ids.length,
      filter: filter ?? null,
      page,
      abTest: options.abTest?.id ?? null,
      abVariation: shopper.variation,
    };
    searches.push({ row, intent, grades, swapped: order.swapped, randomized, expected: expectedClicks(options.model, grades, 10) });
    const outcome = shop(options.model, grades, random);
    let t = at;
    for (const click of outcome.clicks) {
      const docid = ids[click.rank - 1]!;
      const price = served.prices[order.shown[click.rank - 1]!] ?? 0;
      t += 4_000 + Math.floor(random() * 20_000);
      const act = (action: string, value: number | null) => {
        const e = {
          searchId,
          sessionId: shopper.sessionId,
          userId: shopper.userId,
          ts: new Date(t).toISOString(),
          action,
          docid,
          position: click.rank,
          value,
        };
        events.push(e);
      };
      act(ACTIONS.click, null);
      if (click.cart) {
        t += 15_000 + Math.floor(random() * 30_000);
        act(ACTIONS.addToCart, null);
      }
      if (click.bought) {
        t += 60_000 + Math.floor(random() * 120_000);
        act(ACTIONS.purchase, price);
      }
    }
    at = t + 20_000 + Math.floor(random() * 120_000);
    return { clicked: outcome.clicks.length > 0, total: served.total };
  };
  for (let n = 0; n < count; n++) {
    const entry = options.vocabulary[pick(random)]!;
    const text = random() < 0.06 ? misspell(entry.text, random) : entry.text;
    const first = await run(text, entry.intent, 1);
    if (first.clicked) continue;
    // Nothing clicked: now and then the next page, or the same words narrowed by price.
    const next = random();
    if (next < 0.15 && first.total > options.pageSize) await run(text, entry.intent, 2);
    else if (next < 0.25 && first.total > 0) await run(text, entry.intent, 1, 'price < 100');
  }
  return { index, searches, events };
}

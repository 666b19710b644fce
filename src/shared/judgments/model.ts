import { z } from 'zod';
import { MAX_RATING_LIMIT } from './limits';
import { queryKey } from './query-key';
import { ratingRuleSchema } from './rules';

/**
 * A judgment list: how relevant each item is to each query, on an integer
 * scale 0…max (default 0 irrelevant, 1 marginal, 2 relevant, 3 perfect; max
 * up to 9), with who rated and when. A rating is *relevant* when it is at
 * least the list's threshold (default 1). Ratings are keyed by the query's
 * key (./query-key) and the item id; the query is kept as first written.
 */
export const JUDGMENTS_FORMAT = 'search-workbench-judgments';
export { MAX_RATING_LIMIT } from './limits';
export const DEFAULT_SCALE = { max: 3, threshold: 1 } as const;

export const scaleSchema = z
  .strictObject({
    max: z.int().min(1).max(MAX_RATING_LIMIT),
    threshold: z.int().min(1),
  })
  .refine((s) => s.threshold <= s.max, { message: 'the threshold must not be above the maximum rating', path: ['threshold'] });

export const ratingSchema = z.strictObject({
  query: z.string().min(1),
  itemId: z.string().min(1),
  rating: z.int().min(0).max(MAX_RATING_LIMIT),
  /** Who rated it (a person, or `import: <file>`). */
  by: z.string().optional(),
  /** When, ISO 8601. */
  at: z.string().optional(),
  /**
   * The rating rule that suggested it: a suggestion, not yet a judgment. Metrics leave suggestions out unless
   * asked to count them (`--ratings all`); confirming one removes its rule.
   */
  rule: z.string().min(1).max(500).optional(),
  /** Why a language model judge gave it (`by` is `llm:<model>`): the judge's own words. */
  reason: z.string().max(500).optional(),
  /** The rating that decides where raters disagree (a third opinion): what metrics use for the item. */
  adjudicated: z.literal(true).optional(),
  /**
   * A clicks' rating (`by` is `clicks:<model>`): the click model's estimate for the item, its 95% interval and the
   * traffic it rests on — shoppers' behaviour, not a person's opinion (../click-models).
   */
  evidence: z
    .strictObject({
      estimate: z.number().finite().min(0),
      ci95: z.tuple([z.number().finite(), z.number().finite()]),
      impressions: z.number().min(0),
      /** Expected examinations (lists written before they were counted have none). */
      examinations: z.number().finite().min(0).optional(),
      clicks: z.number().min(0),
    })
    .optional(),
});

/** Whether a rating is a click model's (`by: "clicks:pbm"`), not a person's. */
export const isClicksRating = (r: { by?: string | undefined }): boolean => r.by?.startsWith(CLICKS_BY) === true;
export const CLICKS_BY = 'clicks:';
/** A language model judge's rating: `by` is `llm:<model>` (../llm-judges). */
export const LLM_BY = 'llm:';
export const isLlmRating = (r: { by?: string | undefined }): boolean => r.by?.startsWith(LLM_BY) === true;

export const judgmentListSchema = z
  .strictObject({
    format: z.literal(JUDGMENTS_FORMAT),
    version: z.literal(1),
    name: z.string().min(1).max(200),
    scale: scaleSchema,
    createdAt: z.string(),
    updatedAt: z.string(),
    ratings: z.array(ratingSchema),
    /** Rating rules attached to the list: what suggests ratings for its pooled items (./rules). */
    rules: z.array(ratingRuleSchema).max(1000).optional(),
  })
  .superRefine((list, ctx) => {
    list.rules?.forEach((r, i) => {
      if (r.rating > list.scale.max)
        ctx.addIssue({
          code: 'custom',
          path: ['rules', i, 'rating'],
          message: `rule ${i + 1} suggests ${r.rating}, above the list's maximum ${list.scale.max}`,
        });
    });
    list.ratings.forEach((r, i) => {
      if (r.rating > list.scale.max)
        ctx.addIssue({
          code: 'custom',
          path: ['ratings', i, 'rating'],
          message: `rating ${r.rating} is above the list's maximum ${list.scale.max}`,
        });
    });
  });

export type Scale = z.output<typeof scaleSchema>;
export type Rating = z.output<typeof ratingSchema>;
export type JudgmentList = z.output<typeof judgmentListSchema>;

/**
 * Ratings by query key, then item id: what the metrics and the rating UI read; `trec` when they were read from
 * a TREC qrels file, whose `_` in a qid stood for a space (see findJudged).
 */
export type RatingIndex = Map<string, { query: string; ratings: Map<string, number> }> & { trec?: boolean; counted?: RatingsCounted };

/** An index as plain ratings, one per item with the value every metric reads: `[query, itemId, rating]`. */
export function resolvedRatings(index: RatingIndex): [string, string, number][] {
  const out: [string, string, number][] = [];
  for (const { query, ratings } of index.values()) for (const [itemId, rating] of ratings) out.push([query, itemId, rating]);
  return out;
}

/**
 * Which ratings a metric counts: people's (`confirmed`, the default — `people` on the command line), people's with
 * rules' suggestions or clicks' ratings where nobody rated, clicks' alone, or all three (`all`: people's, else clicks',
 * else rules').
 */
export type RatingsCounted = 'confirmed' | 'people+rules' | 'people+clicks' | 'people+llm' | 'clicks' | 'all';
export const RATINGS_COUNTED: readonly RatingsCounted[] = ['confirmed', 'people+rules', 'people+clicks', 'people+llm', 'clicks', 'all'];

/** `--ratings` as given: `people` is `confirmed`; anything else not listed is undefined. */
export function ratingsCountedOf(text: string): RatingsCounted | undefined {
  if (text === 'people') return 'confirmed';
  return (RATINGS_COUNTED as readonly string[]).includes(text) ? (text as RatingsCounted) : undefined;
}

/** Which sources a setting counts. */
export function countedSources(counted: RatingsCounted = 'confirmed'): { people: boolean; rules: boolean; clicks: boolean; llm: boolean } {
  return {
    llm: counted === 'people+llm' || counted === 'all',
    people: counted !== 'clicks',
    rules: counted === 'people+rules' || counted === 'all',
    clicks: counted === 'people+clicks' || counted === 'clicks' || counted === 'all',
  };
}

/**
 * Ratings by query and item, one value each as every metric reads it: the adjudicated rating where there is
 * one, else the raters' ratings — one rater's as given, several raters' mean rounded down — then, for items nobody
 * rated, clicks' ratings (their mean rounded down) and rules' suggestions, each only when counted (RatingsCounted).
 */
export function indexRatings(
  ratings: readonly Pick<Rating, 'query' | 'itemId' | 'rating' | 'rule' | 'adjudicated' | 'by'>[],
  origin: { trec?: boolean; ratings?: RatingsCounted } = {},
): RatingIndex {
  const index: RatingIndex = new Map();
  if (origin.trec) index.trec = true;
  const counted = countedSources(origin.ratings);
  if (origin.ratings && origin.ratings !== 'confirmed') index.counted = origin.ratings;
  // The entry of each query as written: its key is computed once, not once per rating.
  const byText = new Map<string, { query: string; ratings: Map<string, number> }>();
  // Items with more than one rating (or a suggestion, or an adjudicated one), kept apart until the end: the
  // common case — one person's rating — costs no more than a map entry.
  const mixed = new Map<
    Map<string, number>,
    Map<string, { sum: number; n: number; adjudicated?: number; suggested?: number; clicks?: { sum: number; n: number } }>
  >();
  for (const r of ratings) {
    // A language model's rating counts where nobody rated, as clicks' do: it is nobody's opinion either.
    const llm = r.by?.startsWith(LLM_BY) === true;
    const clicks = llm || isClicksRating(r);
    if (r.rule !== undefined ? !counted.rules : llm ? !counted.llm : clicks ? !counted.clicks : !counted.people) continue;
    let entry = byText.get(r.query);
    if (!entry) {
      const key = queryKey(r.query);
      entry = index.get(key);
      if (!entry) index.set(key, (entry = { query: r.query, ratings: new Map() }));
      byText.set(r.query, entry);
    }
    const plain = r.rule === undefined && !r.adjudicated && !clicks;
    let acc = mixed.get(entry.ratings);
    const seen = acc?.get(r.itemId);
    if (!seen && plain && !entry.ratings.has(r.itemId)) {
      entry.ratings.set(r.itemId, r.rating);
      continue;
    }
    if (!acc) mixed.set(entry.ratings, (acc = new Map()));
    let a = seen;
    if (!a) {
      // The item's first rating went in by the fast path: a person's.
      const first = entry.ratings.get(r.itemId);
      acc.set(r.itemId, (a = first === undefined ? { sum: 0, n: 0 } : { sum: first, n: 1 }));
    }
    if (r.adjudicated) a.adjudicated = r.rating;
    else if (r.rule !== undefined) a.suggested = r.rating;
    else if (clicks) {
      a.clicks ??= { sum: 0, n: 0 };
      a.clicks.sum += r.rating;
      a.clicks.n++;
    } else {
      a.sum += r.rating;
      a.n++;
    }
  }
  for (const [values, acc] of mixed)
    for (const [itemId, a] of acc) {
      const value = a.adjudicated ?? (a.n > 0 ? Math.floor(a.sum / a.n) : a.clicks ? Math.floor(a.clicks.sum / a.clicks.n) : a.suggested);
      if (value === undefined) values.delete(itemId);
      else values.set(itemId, value);
    }
  return index;
}

/**
 * The key a query's judgments are under, or undefined: its text normalised (queryKey); else, for a query read
 * from a TREC run, its qid as written (`linen_shirt` meets a Quepid or RRE `linen_shirt`); else, for judgments
 * read from TREC qrels, the text with `_` as spaces (a JSON export's `linen_shirt` meets the qrels' `linen_shirt`,
 * read as "linen shirt"). The underscore rule is TREC's only: two texts from other formats meet only when equal.
 * The first key found wins, so a query that would meet both ways is matched once.
 */
export function findJudged(index: RatingIndex, text: string, qid?: string): string | undefined {
  const exact = queryKey(text);
  if (index.has(exact)) return exact;
  if (qid !== undefined && index.has(queryKey(qid))) return queryKey(qid);
  if (index.trec && text.includes('_')) {
    const spaced = queryKey(text.replace(/_/g, ' '));
    if (index.has(spaced)) return spaced;
  }
  return undefined;
}

/** Whose opinion a rating is: its rater's, a rule's suggestion, or the adjudicated one. */
const opinionOf = (r: Partial<Pick<Rating, 'by' | 'rule' | 'adjudicated'>>): string =>
  r.rule !== undefined ? '\u0001rule' : r.adjudicated ? '\u0001adjudicated' : (r.by ?? '');

/**
 * Ratings in a stable order (query key, then item id, then whose), one per (query, item, opinion) — each rater's
 * rating, a rule's suggestion, the adjudicated one: the last one written of each wins.
 */
export function canonicalRatings<R extends Pick<Rating, 'query' | 'itemId'>>(ratings: readonly R[]): R[] {
  // Grouped by query, then each group's items sorted: no composite key per rating, and each query's key computed
  // once (a list of 700,000 ratings has a few per query).
  const keys = new Map<string, string>();
  const byQuery = new Map<string, { query: string; items: Map<string, R> }>();
  for (const r of ratings) {
    let key = keys.get(r.query);
    if (key === undefined) keys.set(r.query, (key = queryKey(r.query)));
    let group = byQuery.get(key);
    if (!group) byQuery.set(key, (group = { query: r.query, items: new Map() }));
    const opinion = opinionOf(r as Partial<Rating>);
    // One person's rating (the common case) keys by the item alone; the item id sorts before its other opinions.
    group.items.set(opinion === '' ? r.itemId : `${r.itemId}\u0000${opinion}`, { ...r, query: group.query });
  }
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const out: R[] = [];
  for (const key of [...byQuery.keys()].sort(order)) {
    const items = byQuery.get(key)!.items;
    for (const id of [...items.keys()].sort(order)) out.push(items.get(id)!);
  }
  return out;
}

/** A new, empty list. */
export function newJudgmentList(name: string, scale: Scale = DEFAULT_SCALE, now = new Date()): JudgmentList {
  const at = now.toISOString();
  return { format: JUDGMENTS_FORMAT, version: 1, name, scale: { ...scale }, createdAt: at, updatedAt: at, ratings: [] };
}

/** One list's rating of an item for a query (matched by the query key), with who gave it and when. */
export function ratingOf(list: Pick<JudgmentList, 'ratings'>, query: string, itemId: string): Rating | undefined {
  const key = queryKey(query);
  // A rule's suggestion is not a rating anyone gave, nor is a click model's.
  return list.ratings.find(
    (r) => r.itemId === itemId && r.rule === undefined && !isClicksRating(r) && !isLlmRating(r) && queryKey(r.query) === key,
  );
}

/**
 * How a rating joins the list: `replace` (the default) is the item's judgment from now on — every rating of it
 * goes; `second` is one more rater's opinion beside the others' (replacing only that rater's own); `adjudicate`
 * decides where raters disagree, keeping their ratings (so their agreement stays measurable). Any of them
 * takes a rule's suggestion off the item.
 */
export type RatingMode = 'replace' | 'second' | 'adjudicate';

/** Sets (or with null clears) one rating, stamped with who and when. */
export function setRating(
  list: JudgmentList,
  change: { query: string; itemId: string; rating: number | null; by?: string; at?: string; mode?: RatingMode },
): JudgmentList {
  const key = queryKey(change.query);
  const mode = change.mode ?? 'replace';
  const mine = mode === 'adjudicate' ? '\u0001adjudicated' : (change.by ?? '');
  // A clicks' rating stays beside a person's: only a new clicks' rating of the same model replaces it.
  const goes = (r: Rating) =>
    r.itemId === change.itemId &&
    queryKey(r.query) === key &&
    (isClicksRating(r) ? opinionOf(r) === mine : mode === 'replace' || r.rule !== undefined || opinionOf(r) === mine);
  const rest = list.ratings.filter((r) => !goes(r));
  const at = change.at ?? new Date().toISOString();
  const ratings =
    change.rating === null
      ? rest
      : canonicalRatings([
          ...rest,
          {
            query: change.query,
            itemId: change.itemId,
            rating: change.rating,
            ...(change.by ? { by: change.by } : {}),
            at,
            ...(mode === 'adjudicate' ? { adjudicated: true as const } : {}),
          },
        ]);
  return { ...list, ratings, updatedAt: at };
}

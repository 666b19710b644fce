import { listAgreement, type ListAgreement } from './agreement';
import { indexRatings, isClicksRating, isLlmRating, type Rating, resolvedRatings } from './model';
import { queryKey } from './query-key';

/**
 * People against shoppers and judges: a list's clicks' ratings (one source per click model, `by: "clicks:<model>"`)
 * and language model judges' (one per model, `by: "llm:<model>"`) each set beside the people's on the items both rated. The people are one rater — each item's value as metrics read it (adjudicated,
 * else the raters' mean rounded down) — and each model another, so the figures are the agreement view's own:
 * Krippendorff's alpha, the kappas, per query.
 */

/** An item both rated, and how far apart. */
export interface ApartItem {
  query: string;
  itemId: string;
  people: number;
  /** The source's rating: the click model's, or the judge's. */
  clicks: number;
  /** |people − clicks|. */
  apart: number;
  /** A judge's reason for its rating. */
  reason?: string;
}

export interface PeopleVsClicks {
  /** The source: `clicks:pbm`, `clicks:dbn`, `clicks:coec`, or a judge's `llm:<model>`. */
  by: string;
  agreement: ListAgreement;
  /** Items both rated, far apart first (ties by query, then item); those rated the same are left out. */
  apart: ApartItem[];
  /** How many items are apart in all, when `apart` lists only the first of them. */
  apartCount?: number;
  /** A judge's source: every item both rated, alike or not — what its report card groups by grade and by brand. */
  pairs?: BothRated[];
  /** A judge's source: its agreement with each click model's ratings in the list, on the items both rated. */
  againstClicks?: { by: string; items: number; alpha: number | null; weightedKappa: number | null; exact: number | null }[];
}

/** An item the people and a source both rated. */
export interface BothRated {
  query: string;
  itemId: string;
  people: number;
  /** The source's rating. */
  rating: number;
}

type Rated = Pick<Rating, 'query' | 'itemId' | 'rating' | 'by' | 'rule' | 'adjudicated' | 'reason'>;

/** Which sources: shoppers' clicks (`clicks:`), language model judges (`llm:`), or both. */
export type SourceKind = 'clicks' | 'llm' | 'all';

/** A rating that is a source's, not a person's: a click model's or a judge's. */
export const isSourceRating = (r: { by?: string | undefined }): boolean => isClicksRating(r) || isLlmRating(r);

/** The sources a list holds, sorted (clicks' before judges'). */
export function clicksSources(ratings: readonly Rated[], kind: SourceKind = 'clicks'): string[] {
  const of = kind === 'clicks' ? isClicksRating : kind === 'llm' ? isLlmRating : isSourceRating;
  return [...new Set(ratings.filter(of).map((r) => r.by!))].sort();
}

/** Per clicks' source: the people's value of each item (by unit), that source's ratings, the items apart. */
function sides(ratings: readonly Rated[], kind: SourceKind) {
  const people = resolvedRatings(indexRatings(ratings, { ratings: 'confirmed' }));
  const byUnit = new Map(people.map(([query, itemId, rating]) => [`${queryKey(query)}\u0000${itemId}`, rating]));
  return {
    people,
    sources: clicksSources(ratings, kind).map((by) => {
      const clicks = ratings.filter((r) => r.by === by);
      const apart: ApartItem[] = [];
      const both: BothRated[] = [];
      for (const r of clicks) {
        const p = byUnit.get(`${queryKey(r.query)}\u0000${r.itemId}`);
        if (p !== undefined) both.push({ query: r.query, itemId: r.itemId, people: p, rating: r.rating });
        if (p !== undefined && p !== r.rating)
          apart.push({
            query: r.query,
            itemId: r.itemId,
            people: p,
            clicks: r.rating,
            apart: Math.abs(p - r.rating),
            ...(r.reason ? { reason: r.reason } : {}),
          });
      }
      apart.sort((a, b) => b.apart - a.apart || a.query.localeCompare(b.query) || a.itemId.localeCompare(b.itemId));
      return { by, clicks, apart, both };
    }),
  };
}

/** Per clicks' source in the ratings: its agreement with the people and the items both rated, far apart first. */
export function peopleVsClicks(ratings: readonly Rated[], max: number, kind: SourceKind = 'clicks'): PeopleVsClicks[] {
  const { people, sources } = sides(ratings, kind);
  return sources.map(({ by, clicks, apart, both }) => ({
    by,
    agreement: listAgreement(
      [
        ...people.map(([query, itemId, rating]) => ({ query, itemId, rating, by: 'people' })),
        ...clicks.map((r) => ({ query: r.query, itemId: r.itemId, rating: r.rating, by })),
      ],
      max,
    ),
    apart,
    ...(by.startsWith('llm:') ? { pairs: both, againstClicks: judgeVsClicks(ratings, clicks, max) } : {}),
  }));
}

/** A judge's ratings against each click model's in the list: shoppers' behaviour as a second yardstick. */
function judgeVsClicks(ratings: readonly Rated[], judge: readonly Rated[], max: number): NonNullable<PeopleVsClicks['againstClicks']> {
  return clicksSources(ratings, 'clicks').map((model) => {
    const a = listAgreement(
      [
        ...judge.map((r) => ({ query: r.query, itemId: r.itemId, rating: r.rating, by: 'judge' })),
        ...ratings.filter((r) => r.by === model).map((r) => ({ query: r.query, itemId: r.itemId, rating: r.rating, by: model })),
      ],
      max,
    );
    return {
      by: model,
      items: a.pairable,
      alpha: a.alpha,
      weightedKappa: a.overall.weightedKappa,
      exact: a.pairable ? a.overall.agreement : null,
    };
  });
}

/**
 * How far people and shoppers (or judges) are apart on each item both rated: the largest distance over the list's
 * sources of that kind, by query key and item — what the judging queue orders by when it puts disagreements first.
 */
export function apartIndex(ratings: readonly Rated[], kind: SourceKind = 'clicks'): Map<string, number> {
  const out = new Map<string, number>();
  for (const source of sides(ratings, kind).sources)
    for (const a of source.apart) {
      const unit = `${queryKey(a.query)}\u0000${a.itemId}`;
      out.set(unit, Math.max(out.get(unit) ?? 0, a.apart));
    }
  return out;
}

/** A list's agreement as the agreement view and `judgments agreement` give it: the people's, then each model's with them. */
export type ListAgreementWithShoppers = ListAgreement & { shoppers: PeopleVsClicks[] };

export function agreementOfList(ratings: readonly Rated[], max: number): ListAgreementWithShoppers {
  return {
    // The people's raters only: each click model and each judge is set against them below, one source at a time.
    ...listAgreement(
      ratings.filter((r) => !isSourceRating(r)),
      max,
    ),
    shoppers: peopleVsClicks(ratings, max, 'all'),
  };
}

/** A clicks' rating as Search shows it beside a result: the model, the rating, and what it rests on. */
export interface ClicksOpinion {
  by: string;
  rating: number;
  evidence?: Rating['evidence'];
}

/** The list's clicks' ratings by query key and item (one per model, sorted by model). */
export function clicksIndex(
  ratings: readonly Pick<Rating, 'query' | 'itemId' | 'rating' | 'by' | 'evidence'>[],
): Map<string, Map<string, ClicksOpinion[]>> {
  const out = new Map<string, Map<string, ClicksOpinion[]>>();
  for (const r of ratings) {
    if (!isClicksRating(r)) continue;
    const key = queryKey(r.query);
    let items = out.get(key);
    if (!items) out.set(key, (items = new Map()));
    const list = items.get(r.itemId) ?? [];
    list.push({ by: r.by!, rating: r.rating, ...(r.evidence ? { evidence: r.evidence } : {}) });
    list.sort((a, b) => a.by.localeCompare(b.by));
    items.set(r.itemId, list);
  }
  return out;
}

import {
  CLICKS_BY,
  canonicalRatings,
  indexRatings,
  type JudgmentList,
  isClicksRating,
  listAgreement,
  type ListAgreement,
  peopleVsClicks,
  type Rating,
  resolvedRatings,
} from '../judgments';
import type { ClickModelFit, ClickModelKind, ItemEstimate } from './fit';
import { defaultThresholds, narrowEnough, rateEstimates, type Thresholds } from './ratings';

/** A model's ratings for a judgment list: the thresholds used, each item rated or (its interval too wide) not. */
export interface ClickRatings {
  model: ClickModelKind;
  by: string;
  thresholds: Thresholds;
  /** The widest 95% interval a rated item has. */
  maxWidth: number;
  /** Each item with its rating, or null and the examinations it lacks. */
  items: (ItemEstimate & { rating: number | null; lacks: number })[];
  /** Items whose interval is wider than maxWidth: listed, never rated. */
  needsTraffic: number;
}

/** People's ratings per value 0…max (the resolved value of each item they rated). */
export function peopleDistribution(ratings: readonly Rating[], max: number): number[] {
  const counts = new Array<number>(max + 1).fill(0);
  for (const [, , rating] of resolvedRatings(indexRatings(ratings))) if (rating <= max) counts[rating]!++;
  return counts;
}

/**
 * Rates a fit's items on a scale 0…max: by the thresholds given, else ones matching people's ratings in `people` (the
 * list the ratings go into), else equal shares — chosen over the items narrow enough to rate.
 */
export function clickRatings(
  fit: ClickModelFit,
  options: { max: number; maxWidth: number; thresholds?: readonly number[]; people?: readonly Rating[] },
): ClickRatings {
  const eligible = fit.items.filter((i) => narrowEnough(i, options.maxWidth)).map((i) => i.estimate);
  const thresholds: Thresholds = options.thresholds
    ? { values: [...options.thresholds], from: 'given' }
    : defaultThresholds(eligible, options.max, options.people ? peopleDistribution(options.people, options.max) : undefined);
  const items = rateEstimates(fit.items, thresholds.values, options.maxWidth);
  return {
    model: fit.model,
    by: `${CLICKS_BY}${fit.model}`,
    thresholds,
    maxWidth: options.maxWidth,
    items,
    needsTraffic: items.filter((i) => i.rating === null).length,
  };
}

const round = (x: number) => Math.round(x * 1e6) / 1e6;

/** The list with this model's clicks' ratings in place of any it had before; people's and rules' ratings kept. */
export function withClickRatings(list: JudgmentList, rated: ClickRatings, now = new Date()): JudgmentList {
  const at = now.toISOString();
  const kept = list.ratings.filter((r) => r.by !== rated.by);
  const added: Rating[] = [];
  for (const i of rated.items)
    if (i.rating !== null)
      added.push({
        query: i.query,
        itemId: i.itemId,
        rating: i.rating,
        by: rated.by,
        at,
        evidence: {
          estimate: round(i.estimate),
          ci95: [round(i.ci95[0]), round(i.ci95[1])],
          impressions: i.impressions,
          examinations: round(i.examinations),
          clicks: i.clicks,
        },
      });
  return { ...list, ratings: canonicalRatings([...kept, ...added]), updatedAt: at };
}

/**
 * How far the clicks' ratings agree with people's on the items both rated: the people (each item's value as metrics
 * read it) and the model as two raters, as `judgments agreement` sets each of a list's models beside its people.
 */
export function clicksAgreement(list: JudgmentList, rated: ClickRatings): ListAgreement {
  const clicks: Rating[] = rated.items.flatMap((i) =>
    i.rating === null ? [] : [{ query: i.query, itemId: i.itemId, rating: i.rating, by: rated.by }],
  );
  const people = list.ratings.filter((r) => !isClicksRating(r));
  return peopleVsClicks([...people, ...clicks], list.scale.max)[0]?.agreement ?? listAgreement([], list.scale.max);
}

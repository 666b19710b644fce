import { useMemo } from 'react';
import { type ClicksOpinion, queryKey } from '@shared/judgments';
import { useAppStore } from '../../store/store';
import { aboveScale } from './RatingBadge';

/** The one notice a digit above the scale raises; the next rating takes it away. */
const SCALE_NOTICE = 'rating-above-scale';

/** Ratings of the active judgment list for the query on screen: shown per item, set with the keyboard. */
export interface RatingView {
  max: number;
  of: (itemId: string) => number | undefined;
  /** The list's clicks' ratings of an item (one per click model), with their evidence. */
  clicksOf: (itemId: string) => readonly ClicksOpinion[] | undefined;
  /** Whether the list has clicks' ratings for this query: the column makes room for them. */
  hasClicks: boolean;
  rate: (itemId: string, rating: number | null) => void;
  /** Takes the last rating back (Ctrl/⌘+Z on a rated row). */
  undo: () => void;
  /** A digit above the scale: a notice says so (and goes with the next rating). */
  refuse: (digit: number) => void;
}

/** The rating view for a query: null when no judgment list is active or there is no query to rate for. */
export function useRatingView(query: string | undefined): RatingView | null {
  const active = useAppStore((s) => s.activeRatings.result);
  const rateItem = useAppStore((s) => s.rateItem);
  const undoRating = useAppStore((s) => s.undoRating);
  const pushNotice = useAppStore((s) => s.pushNotice);
  const dismissNotice = useAppStore((s) => s.dismissNotice);
  return useMemo(() => {
    const q = query?.trim();
    if (!active || !q) return null;
    const ratings = active.index.get(queryKey(q))?.ratings;
    const clicks = active.clicks.get(queryKey(q));
    return {
      max: active.scale.max,
      of: (id) => ratings?.get(id),
      clicksOf: (id) => clicks?.get(id),
      hasClicks: !!clicks?.size,
      rate: (id, r) => {
        dismissNotice(SCALE_NOTICE);
        void rateItem(q, id, r);
      },
      undo: () => void undoRating(),
      refuse: (digit) => pushNotice({ id: SCALE_NOTICE, level: 'warning', message: aboveScale(digit, active.scale.max, active.name) }),
    };
  }, [active, query, rateItem, undoRating, pushNotice, dismissNotice]);
}

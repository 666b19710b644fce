import { useMemo } from 'react';
import { queryKey } from '@shared/judgments/query-key';
import { useAppStore } from '../../store/store';

/** Ratings of the active judgment list for the query on screen: shown per item, set with the keyboard. */
export interface RatingView {
  max: number;
  of: (itemId: string) => number | undefined;
  rate: (itemId: string, rating: number | null) => void;
  /** Takes the last rating back (Ctrl/⌘+Z on a rated row). */
  undo: () => void;
}

/** The rating view for a query: null when no judgment list is active or there is no query to rate for. */
export function useRatingView(query: string | undefined): RatingView | null {
  const active = useAppStore((s) => s.activeRatings.result);
  const rateItem = useAppStore((s) => s.rateItem);
  const undoRating = useAppStore((s) => s.undoRating);
  return useMemo(() => {
    const q = query?.trim();
    if (!active || !q) return null;
    const ratings = active.index.get(queryKey(q))?.ratings;
    return {
      max: active.scale.max,
      of: (id) => ratings?.get(id),
      rate: (id, r) => void rateItem(q, id, r),
      undo: () => void undoRating(),
    };
  }, [active, query, rateItem, undoRating]);
}

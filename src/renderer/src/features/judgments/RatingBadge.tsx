import type { KeyboardEvent } from 'react';
import type { ClicksOpinion } from '@shared/judgments';
import { hasMod } from '../../shell/keys';
import './judging.css';

/** The tone of a rating on its scale: none (0), low, mid, high. */
function tone(rating: number, max: number): string {
  if (rating === 0) return 'none';
  const share = rating / max;
  return share <= 1 / 3 ? 'low' : share <= 2 / 3 ? 'mid' : 'high';
}

/** An item's rating in the active judgment list, or "unrated". */
export function RatingBadge({ rating, max }: { rating: number | undefined; max: number }) {
  if (rating === undefined)
    return (
      <span className="rating rating--unrated" data-testid="rating" title={`Unrated: focus the row and press 0–${max}`}>
        unrated
      </span>
    );
  return (
    <span
      className={`rating rating--${tone(rating, max)}`}
      data-testid="rating"
      data-rating={rating}
      title={`Rated ${rating} of ${max}: press 0–${max} to change, Backspace to clear`}
    >
      {rating}
      <span className="rating__max">/{max}</span>
    </span>
  );
}

/** The model of a clicks' source: `clicks:pbm` → PBM. */
const modelOf = (by: string) => by.replace(/^clicks:/, '').toUpperCase();

/**
 * Shoppers' ratings of an item beside the person's: each click model's rating in the list, and on hover the estimate,
 * its 95% interval and the traffic it rests on.
 */
export function ClicksBadge({ opinions, max }: { opinions: readonly ClicksOpinion[] | undefined; max: number }) {
  if (!opinions?.length) return null;
  return (
    <>
      {opinions.map((o) => {
        const e = o.evidence;
        const why = e
          ? `: estimate ${e.estimate.toFixed(3)} (95% ${e.ci95[0].toFixed(3)}–${e.ci95[1].toFixed(3)}), ${e.impressions.toLocaleString('en-US')} impressions${e.examinations !== undefined ? ` (${Math.round(e.examinations).toLocaleString('en-US')} expected examinations)` : ''}, ${e.clicks.toLocaleString('en-US')} clicks`
          : '';
        return (
          <span
            key={o.by}
            className={`rating rating--clicks rating--${tone(o.rating, max)}`}
            data-testid="clicks-rating"
            data-rating={o.rating}
            title={`Shoppers' rating by ${modelOf(o.by)}, ${o.rating} of ${max}${why}`}
          >
            <span className="rating__source">{modelOf(o.by)}</span> {o.rating}
            {e ? <span className="rating__max"> · {compact(e.impressions)}</span> : null}
          </span>
        );
      })}
    </>
  );
}

/** 1234 → 1.2k: impressions in a narrow column. */
const compact = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(n >= 10_000 ? 0 : 1)}k` : String(Math.round(n)));

/** What a digit above a list's scale says, instead of being ignored. */
export function aboveScale(digit: number, max: number, list: string): string {
  return `${digit} is above the scale of “${list}” (0–${max}): nothing was rated. Press 0–${max}.`;
}

/** What the rating keys act on: the scale, and how to rate, take back, and refuse one item. */
export interface RatingKeysView {
  max: number;
  rate: (itemId: string, rating: number | null) => void;
  undo?: () => void;
  /** A digit above the scale: said, not ignored. */
  refuse?: (digit: number) => void;
}

/**
 * Keys that rate the focused row: a digit up to the scale's maximum sets the rating, a digit above it is refused
 * with the reason, Backspace or Delete clears it, and Ctrl/⌘+Z (with `undo`) takes the last rating back. Other keys
 * with a modifier, and keys typed into a field, are left alone.
 */
export function ratingKeys(view: RatingKeysView, itemId: string) {
  return (e: KeyboardEvent<HTMLElement>) => {
    const target = e.target as HTMLElement;
    if (target.closest('input, textarea, select, [contenteditable="true"]')) return;
    if (view.undo && hasMod(e) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'z') {
      e.preventDefault();
      view.undo();
      return;
    }
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (/^[0-9]$/.test(e.key)) {
      e.preventDefault();
      const digit = Number(e.key);
      if (digit <= view.max) view.rate(itemId, digit);
      else view.refuse?.(digit);
    } else if (e.key === 'Backspace' || e.key === 'Delete') {
      e.preventDefault();
      view.rate(itemId, null);
    }
  };
}

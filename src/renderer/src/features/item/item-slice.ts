import type { ItemRating } from '@shared/judgments';
import type { Item } from '@shared/request';
import { workbench } from '../../bridge';
import { type CallState, idleCall, lensAt, runCall } from '../../request-ui/lifecycle';
import type { SliceCreator } from '../../store/slice';
import type { JudgingSlice } from '../judgments/state';

/** Where an item stands in one answer: "Search", or "A" and "B" when comparing (null rank: not in that answer's page). */
export interface ItemPlacement {
  label: string;
  rank: number | null;
  score: number | null;
}

/** One item as an answer returned it, and what it is seen against. */
export interface ItemView {
  /** As the answer returned it; only its id where a log or a list is all that names it. */
  item: Pick<Item, 'id'> & Partial<Item>;
  /** The query the answer was for: the ratings are looked up for it. */
  query: string;
  placements: ItemPlacement[];
  /** The response mask the answer was made with, when it had one: attributes it left out are named as masked. */
  mask?: string;
  /** The Search tab the answer is in: "Expect…" adds its expectations there. */
  tabId?: string;
}

export interface ItemSlice {
  /** The item the item drawer shows; null when it is closed. */
  itemView: ItemView | null;
  /** Every judgment list's rating of the item for the query, with who and when. */
  itemRatings: CallState<ItemRating[]>;
  openItem: (view: ItemView) => void;
  /** Reads the open item's ratings again (after a rating changed). */
  reloadItemRatings: () => void;
  closeItem: () => void;
}

export const createItemSlice: SliceCreator<ItemSlice, Pick<JudgingSlice, 'ratingsSaved'>> = (set, get) => {
  const ratings = lensAt(get, set, 'itemRatings');
  const load = (view: ItemView) => {
    const query = view.query.trim();
    if (!query) return;
    void runCall(ratings, {
      scope: `item-ratings:${view.item.id}`,
      // A rating given just before the drawer opened is read back once it is saved, not before.
      send: async () => {
        await get().ratingsSaved();
        return workbench().judgments.item({ query, itemId: view.item.id });
      },
      // A slow answer for an item the drawer has since left is dropped.
      accept: (value) => (get().itemView?.item.id === view.item.id ? value : []),
    });
  };
  return {
    itemView: null,
    itemRatings: idleCall(),
    openItem: (view) => {
      set({ itemView: view, itemRatings: idleCall() });
      load(view);
    },
    reloadItemRatings: () => {
      const view = get().itemView;
      if (view) load(view);
    },
    closeItem: () => set({ itemView: null, itemRatings: idleCall() }),
  };
};

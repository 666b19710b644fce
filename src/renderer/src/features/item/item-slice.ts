import type { ItemRating } from '@shared/ipc/contract';
import type { Item } from '@shared/request/types';
import { workbench } from '../../bridge';
import { idleCall, lensOf, runCall, type CallState } from '../../request-ui/lifecycle';
import type { SliceCreator } from '../../store/slice';

/** Where an item stands in one answer: "Search", or "A" and "B" when comparing (null rank: not in that answer's page). */
export interface ItemPlacement {
  label: string;
  rank: number | null;
  score: number | null;
}

/** One item as an answer returned it, and what it is seen against. */
export interface ItemView {
  item: Item;
  /** The query the answer was for: the ratings are looked up for it. */
  query: string;
  placements: ItemPlacement[];
  /** The response mask the answer was made with, when it had one: attributes it left out are named as masked. */
  mask?: string;
}

export interface ItemSlice {
  /** The item the item drawer shows; null when it is closed. */
  itemView: ItemView | null;
  /** Every judgment list's rating of the item for the query, with who and when. */
  itemRatings: CallState<ItemRating[]>;
  openItem: (view: ItemView) => void;
  closeItem: () => void;
}

export const createItemSlice: SliceCreator<ItemSlice> = (set, get) => {
  const ratings = lensOf(
    () => get().itemRatings,
    (itemRatings) => set({ itemRatings }),
  );
  return {
    itemView: null,
    itemRatings: idleCall(),
    openItem: (view) => {
      set({ itemView: view, itemRatings: idleCall() });
      const query = view.query.trim();
      if (!query) return;
      void runCall(ratings, {
        scope: `item-ratings:${view.item.id}`,
        send: () => workbench().judgments.item({ query, itemId: view.item.id }),
        // A slow answer for an item the drawer has since left is dropped.
        accept: (value) => (get().itemView?.item.id === view.item.id ? value : []),
      });
    },
    closeItem: () => set({ itemView: null, itemRatings: idleCall() }),
  };
};

import type { Item } from '@shared/request';
import { Thumb } from './Thumb';
import './item-cell.css';

/** An item as a row knows it: its id, and what the answer showed of it when there was an answer. */
export type ItemRef = Pick<Item, 'id' | 'product'>;

/** The title an answer gave an item, or null when it gave none (a mask left it out, or only the id is known). */
export function itemTitle(item: Pick<Item, 'product'>): string | null {
  const title = item.product?.title;
  return title === undefined || title === null || title === '' ? null : String(title);
}

/** The line under an item's title: its id, and its brand when the answer has one. */
export function itemIdLine(item: Pick<Item, 'id' | 'product'>): string {
  const brand = item.product?.brand;
  return brand ? `${item.id} · ${String(brand)}` : item.id;
}

/**
 * An item where a row names it, the same everywhere: its image and title when the answer has them, its id (and
 * brand) beneath; only the id where that is all a log or a list knows. With `onOpen` it is a button that opens the
 * item drawer (its ratings for the query, what the answer showed).
 */
export function ItemCell({ item, size = 28, onOpen }: { item: ItemRef | string; size?: number; onOpen?: () => void }) {
  const it: ItemRef = typeof item === 'string' ? { id: item } : item;
  const title = itemTitle(it);
  const body = (
    <>
      {it.product?.imageUrl ? <Thumb item={it} size={size} /> : null}
      <span className="item-cell__text">
        {title === null ? null : (
          <span className="item-cell__title" title={title}>
            {title}
          </span>
        )}
        <span className={title === null ? 'item-cell__id mono' : 'item-cell__id item-cell__id--under mono'}>{itemIdLine(it)}</span>
      </span>
    </>
  );
  return onOpen ? (
    <button
      type="button"
      className="item-cell item-cell--open"
      onClick={onOpen}
      title={`Open ${title ?? it.id}: its ratings and attributes`}
    >
      {body}
    </button>
  ) : (
    <span className="item-cell">{body}</span>
  );
}

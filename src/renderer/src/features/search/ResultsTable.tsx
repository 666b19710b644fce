import { defaultRangeExtractor, useVirtualizer } from '@tanstack/react-virtual';
import { CornerDownRight } from 'lucide-react';
import { memo, useCallback, useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import type { Item, SortValue } from '@shared/request';
import { formatPrice, formatValue } from '../../components/format';
import { keepRendered, revealBand, rovingRowProps, useRovingList } from '../../components/roving';
import { Thumb } from '../../components/Thumb';
import { itemIdLine } from '../../components/ItemCell';
import { ClicksBadge, RatingBadge, ratingKeys, type RatingView } from '../judgments';

/** One row's height: a 28 px image beside the title and the id line, so 12 rows show at 1440×900 with every panel folded. */
const ROW = 38;

export interface ResultsViewProps {
  items: Item[];
  offset: number;
  sortBy: SortValue[];
  outOfOrder: Set<number>;
  /** Null when no judgment list is active (or the query is empty). */
  rating?: RatingView | null;
  /** Opens the item drawer for the item at this index (a click, or Enter on the focused row). */
  onOpen?: (index: number) => void;
  /** Items to point out: those a failing expectation is about. */
  highlight?: ReadonlySet<string>;
}

/** A row's keys: Enter opens the item, the rating keys rate it. */
export function rowKeys(
  index: number,
  onOpen: ((index: number) => void) | undefined,
  rating: ((e: KeyboardEvent<HTMLElement>) => void) | null,
) {
  return (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'Enter' && onOpen && !e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey) {
      e.preventDefault();
      onOpen(index);
    } else rating?.(e);
  };
}

/** Results as a virtualised table: rank, image, title and id, price, score, and one column per sort attribute. */
export function ResultsTable({ items, offset, sortBy, outOfOrder, rating, onOpen, highlight }: ResultsViewProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const reveal = useCallback((index: number) => revealBand(scroller.current, index * ROW, ROW), []);
  // One Tab stop: the focused row; ↑ ↓ Home End PgUp PgDn move it, the rating keys act on it.
  const roving = useRovingList(scroller, items.length, items, { pageRows: 8, reveal });
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW,
    // The focused row stays rendered when scrolled out of view, so the focus is never dropped on the page.
    rangeExtractor: (range) => keepRendered(defaultRangeExtractor(range), roving.active),
    // Enough rows beyond the view for a wheel step; more only adds text to shape before an answer's first frame.
    overscan: 4,
    // Rows have one fixed height, so nothing is measured while scrolling: the scroll's re-render can wait for
    // React's normal batching instead of being forced synchronously inside each scroll event.
    useFlushSync: false,
  });
  // A request opened from a failing expectation: its first pointed-out item is scrolled into view, once per answer.
  useEffect(() => {
    if (!highlight?.size) return;
    const first = items.findIndex((i) => highlight.has(i.id));
    if (first >= 0) reveal(first);
  }, [items, highlight, reveal]);
  const sortKey = sortBy.map((s) => s.attribute).join('\u0000');
  const sortColumns = useMemo(() => (sortKey ? sortKey.split('\u0000') : []).filter((a) => a && a !== 'price'), [sortKey]);
  const columns = useMemo(
    () => ({
      gridTemplateColumns: [
        '44px 46px minmax(0, 1fr) 84px',
        ...sortColumns.map(() => '104px'),
        '70px',
        ...(rating ? [rating.hasClicks ? '150px' : '78px'] : []),
      ].join(' '),
    }),
    [sortColumns, rating],
  );
  return (
    <div className="results-table" role="grid" aria-readonly="true" aria-label="Results" aria-rowcount={items.length + 1}>
      <div className="results-table__head" role="row" style={columns}>
        <span role="columnheader" className="col-rank">
          #
        </span>
        <span role="columnheader" className="col-image">
          <span className="visually-hidden">Image</span>
        </span>
        <span role="columnheader" className="col-title">
          Item
        </span>
        <span role="columnheader" className="col-num">
          Price
        </span>
        {sortColumns.map((a) => (
          <span key={a} role="columnheader" className="col-num col-sort">
            {a}
          </span>
        ))}
        <span role="columnheader" className="col-num">
          Score
        </span>
        {rating ? (
          <span role="columnheader" className="col-rating" title={`Focus a row and press 0–${rating.max} to rate it, Backspace to clear`}>
            Rating
          </span>
        ) : null}
      </div>
      <div className="results-table__body" ref={scroller} data-testid="results-scroller" role="rowgroup" onKeyDown={roving.onKeyDown}>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((row) => (
            <ResultRow
              key={row.key}
              item={items[row.index] as Item}
              index={row.index}
              top={row.start}
              rank={offset + row.index + 1}
              sortColumns={sortColumns}
              template={columns.gridTemplateColumns}
              outOfOrder={outOfOrder.has(row.index)}
              highlighted={highlight?.has((items[row.index] as Item).id) ?? false}
              rating={rating ?? null}
              rated={rating?.of((items[row.index] as Item).id)}
              focusable={row.index === roving.active}
              onRowFocus={roving.onRowFocus}
              onOpen={onOpen}
            />
          ))}
        </div>
      </div>
    </div>
  );
}

interface RowProps {
  item: Item;
  index: number;
  top: number;
  rank: number;
  sortColumns: string[];
  template: string;
  outOfOrder: boolean;
  highlighted: boolean;
  rating: RatingView | null;
  rated: number | undefined;
  /** The row that is the list's Tab stop. */
  focusable: boolean;
  onRowFocus: (index: number) => void;
  onOpen: ((index: number) => void) | undefined;
}

/** One result row; memoised so scrolling renders only the rows that come into view. */
const ResultRow = memo(function ResultRow({
  item,
  index,
  top,
  rank,
  sortColumns,
  template,
  outOfOrder: bad,
  highlighted,
  rating,
  rated,
  focusable,
  onRowFocus,
  onOpen,
}: RowProps) {
  const roving = rovingRowProps(index, focusable ? index : -1, onRowFocus);
  const p = item.product ?? {};
  if (item.redirect) {
    return (
      <div
        role="row"
        className="result-row result-row--redirect"
        style={{ top, height: ROW }}
        data-testid="result-redirect"
        {...roving}
        onKeyDown={rowKeys(index, onOpen, null)}
        onClick={() => onOpen?.(index)}
      >
        <span role="gridcell" className="col-rank">
          <CornerDownRight size={14} aria-hidden="true" />
        </span>
        <span role="gridcell" className="col-wide">
          <strong>Redirect</strong> · {String(item.redirect.name ?? item.id)} →{' '}
          <span className="mono">{String(item.redirect.url ?? '')}</span>
        </span>
      </div>
    );
  }
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className={`result-row${bad ? ' is-out-of-order' : ''}${highlighted ? ' is-highlighted' : ''}`}
      data-highlighted={highlighted || undefined}
      style={{ gridTemplateColumns: template, top, height: ROW }}
      data-testid="result-row"
      data-id={item.id}
      title={bad ? 'Out of order: this item should come before the one above it, by the sort chain' : undefined}
      {...roving}
      onKeyDown={rowKeys(index, onOpen, rating ? ratingKeys(rating, item.id) : null)}
      onClick={() => onOpen?.(index)}
    >
      <span role="gridcell" className="col-rank">
        {rank}
      </span>
      <span role="gridcell" className="col-image">
        <Thumb item={item} size={28} />
      </span>
      <span role="gridcell" className="col-title">
        <span className="result-title" title={p.title === undefined ? undefined : String(p.title)}>
          {p.title === undefined ? <em className="muted">no title in answer</em> : String(p.title)}
        </span>
        <span className="result-id mono">{itemIdLine(item)}</span>
      </span>
      <span role="gridcell" className="col-num" data-testid="cell-price">
        {formatPrice(p.price) ?? '—'}
      </span>
      {sortColumns.map((a) => (
        // One line: a long value (a title) is cut, and shown whole on hover, never wrapped over the next rows.
        <span key={a} role="gridcell" className="col-num col-sort" title={formatValue(p[a])}>
          {formatValue(p[a])}
        </span>
      ))}
      <span role="gridcell" className="col-num mono">
        {typeof item.score === 'number' ? item.score.toFixed(3) : '—'}
      </span>
      {rating ? (
        <span role="gridcell" className="col-rating">
          <RatingBadge rating={rated} max={rating.max} />
          <ClicksBadge opinions={rating.clicksOf(item.id)} max={rating.max} />
        </span>
      ) : null}
    </div>
  );
});

import { defaultRangeExtractor, useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { Item } from '@shared/request';
import { formatPrice } from '../../components/format';
import { keepRendered, revealBand, rovingRowProps, useRovingList } from '../../components/roving';
import { Thumb } from '../../components/Thumb';
import { ClicksBadge, RatingBadge, ratingKeys } from '../judgments';
import { rowKeys, type ResultsViewProps } from './ResultsTable';

const CARD_WIDTH = 190;
const CARD_HEIGHT = 268;
const ROW_HEIGHT = CARD_HEIGHT + 12;

/** Results as a product grid, virtualised by rows. */
export function ResultsGrid({ items, offset, sortBy, outOfOrder, rating, onOpen }: ResultsViewProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [columns, setColumns] = useState(4);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setColumns(Math.max(1, Math.floor((el.clientWidth - 8) / CARD_WIDTH))));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const rows = Math.ceil(items.length / columns);
  const reveal = useCallback(
    (index: number) => revealBand(scroller.current, Math.floor(index / columns) * ROW_HEIGHT, ROW_HEIGHT),
    [columns],
  );
  // One Tab stop: the focused card; ← → move by one, ↑ ↓ by a row, Home End PgUp PgDn; the rating keys act on it.
  const roving = useRovingList(scroller, items.length, items, { columns, pageRows: 2, reveal });
  const virtualizer = useVirtualizer({
    count: rows,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 3,
    rangeExtractor: (range) => keepRendered(defaultRangeExtractor(range), Math.floor(roving.active / columns)),
  });
  return (
    <div className="results-grid" ref={scroller} data-testid="results-scroller" aria-label="Results" onKeyDown={roving.onKeyDown}>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((row) => (
          <ul
            key={row.key}
            className="results-grid__row"
            style={{ transform: `translateY(${row.start}px)`, gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
          >
            {items.slice(row.index * columns, row.index * columns + columns).map((item: Item, k) => {
              const index = row.index * columns + k;
              const p = item.product ?? {};
              if (item.redirect) {
                return (
                  <li
                    key={item.id}
                    className="card card--redirect"
                    {...rovingRowProps(index, roving.active, roving.onRowFocus)}
                    onKeyDown={rowKeys(index, onOpen, null)}
                    onClick={() => onOpen?.(index)}
                  >
                    <strong>Redirect</strong>
                    <span>{String(item.redirect.name ?? item.id)}</span>
                    <span className="mono small">{String(item.redirect.url ?? '')}</span>
                  </li>
                );
              }
              return (
                <li
                  key={`${item.id}-${index}`}
                  className={`card${outOfOrder.has(index) ? ' is-out-of-order' : ''}`}
                  data-testid="result-card"
                  data-id={item.id}
                  {...rovingRowProps(index, roving.active, roving.onRowFocus)}
                  onKeyDown={rowKeys(index, onOpen, rating ? ratingKeys(rating, item.id) : null)}
                  onClick={() => onOpen?.(index)}
                >
                  <span className="card__rank">{offset + index + 1}</span>
                  {rating ? (
                    <span className="card__rating">
                      <RatingBadge rating={rating.of(item.id)} max={rating.max} />
                      <ClicksBadge opinions={rating.clicksOf(item.id)} max={rating.max} />
                    </span>
                  ) : null}
                  <Thumb item={item} size={150} />
                  <span className="card__title" title={p.title === undefined ? item.id : String(p.title)}>
                    {p.title === undefined ? item.id : String(p.title)}
                  </span>
                  <span className="card__meta">
                    {formatPrice(p.price) !== null ? <strong>{formatPrice(p.price)}</strong> : null}
                    <span className="mono">score {typeof item.score === 'number' ? item.score.toFixed(2) : '—'}</span>
                  </span>
                  {sortBy.length > 0 ? (
                    <span className="card__sort small muted">
                      {sortBy
                        .map((s) => `${s.attribute}: ${p[s.attribute] === undefined ? '—' : String(p[s.attribute]).slice(0, 10)}`)
                        .join(' · ')}
                    </span>
                  ) : null}
                </li>
              );
            })}
          </ul>
        ))}
      </div>
    </div>
  );
}

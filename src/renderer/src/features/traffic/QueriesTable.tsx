import { defaultRangeExtractor, useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useMemo, useRef, useState } from 'react';
import { keepRendered, revealBand, rovingRowProps, useRovingList } from '../../components/roving';
import { cellOf, COLUMN_LABELS, TRAFFIC_COLUMNS, type TrafficRow } from '@shared/traffic';

const ROW = 32;
type Column = (typeof TRAFFIC_COLUMNS)[number];
/** The table's columns: the report's, sessions and clicks left to the query's page. */
const SHOWN: Column[] = TRAFFIC_COLUMNS.filter((c) => c !== 'sessions' && c !== 'clicks');

/** Every query of the range: sortable by any column, filtered by its words, virtualised; a row opens its page. */
export function QueriesTable({
  rows,
  k,
  selected,
  onOpen,
}: {
  rows: TrafficRow[];
  k: number;
  selected: string | null;
  onOpen: (query: string) => void;
}) {
  const [find, setFind] = useState('');
  const [sort, setSort] = useState<{ column: Column; descending: boolean }>({ column: 'searches', descending: true });
  const shown = useMemo(() => {
    const words = find.trim().toLowerCase();
    const kept = words ? rows.filter((r) => (r.group ?? '').toLowerCase().includes(words)) : rows;
    const { column, descending } = sort;
    const value = (r: TrafficRow) => r[column];
    return [...kept].sort((a, b) => {
      const x = value(a);
      const y = value(b);
      if (x === y) return 0;
      if (x === null) return 1;
      if (y === null) return -1;
      const order = typeof x === 'string' ? x.localeCompare(y as string) : (x as number) - (y as number);
      return descending ? -order : order;
    });
  }, [rows, find, sort]);
  const scroller = useRef<HTMLDivElement>(null);
  const reveal = useCallback((index: number) => revealBand(scroller.current, index * ROW, ROW), []);
  // One Tab stop, as Search's results: the focused row; ↑ ↓ Home End PgUp PgDn move it, Enter opens its page.
  const roving = useRovingList(scroller, shown.length, shown, { pageRows: 10, reveal });
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW,
    overscan: 12,
    // The focused row stays rendered when scrolled out of view, so the focus is never dropped on the page.
    rangeExtractor: (range) => keepRendered(defaultRangeExtractor(range), roving.active),
  });
  const label = (c: Column) =>
    c === 'group' ? 'Query' : c === 'ctrAtK' ? `CTR@${k}` : COLUMN_LABELS[c][0]!.toUpperCase() + COLUMN_LABELS[c].slice(1);
  return (
    <div className="traffic-table-wrap">
      <label className="field traffic-find">
        <span className="field__label small">Find a query</span>
        <input className="input" value={find} placeholder="e.g. jacket" onChange={(e) => setFind(e.target.value)} />
      </label>
      <div className="small muted">{`${shown.length.toLocaleString('en-US')} of ${rows.length.toLocaleString('en-US')} queries`}</div>
      <div className="traffic-table" role="table" aria-label="Queries by searches" aria-rowcount={shown.length + 1}>
        <div className="traffic-table__head" role="row">
          {SHOWN.map((c) => (
            <span
              role="columnheader"
              key={c}
              className={c === 'group' ? undefined : 'is-number'}
              aria-sort={sort.column === c ? (sort.descending ? 'descending' : 'ascending') : 'none'}
            >
              <button
                type="button"
                className="traffic-table__sort"
                onClick={() => setSort((s) => ({ column: c, descending: s.column === c ? !s.descending : c !== 'group' }))}
                title={`Sort by ${label(c)}`}
              >
                {label(c)}
                {sort.column === c ? (sort.descending ? ' ↓' : ' ↑') : ''}
              </button>
            </span>
          ))}
        </div>
        <div className="traffic-table__body" ref={scroller} role="rowgroup" aria-label="Rows" onKeyDown={roving.onKeyDown}>
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((v) => {
              const row = shown[v.index]!;
              return (
                <button
                  type="button"
                  role="row"
                  key={row.group ?? `(none)-${v.index}`}
                  className={`traffic-table__row${row.group === selected ? ' is-selected' : ''}`}
                  style={{ transform: `translateY(${v.start}px)`, height: ROW }}
                  onClick={() => onOpen(row.group ?? '')}
                  {...rovingRowProps(v.index, roving.active, roving.onRowFocus)}
                  data-testid="traffic-query-row"
                >
                  {SHOWN.map((c) => (
                    <span role="cell" key={c} className={c === 'group' ? 'traffic-table__query' : 'n'}>
                      {cellOf(row, c)}
                    </span>
                  ))}
                </button>
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}

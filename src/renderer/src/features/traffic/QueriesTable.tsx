import { defaultRangeExtractor, useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useMemo, useRef, useState } from 'react';
import { keepRendered, revealBand, rovingRowProps, useRovingList } from '../../components/roving';
import { cellOf, COLUMN_LABELS, columnLabel, TRAFFIC_COLUMNS, type TrafficRow } from '@shared/traffic';
import { ExportCsv } from '../../components/TableTools';
import { type TableColumn, useTableSort } from '../../components/table-sort';
import { useCurrency } from '../../components/money';

const ROW = 32;
type Column = (typeof TRAFFIC_COLUMNS)[number];
/** The table's columns: the report's, sessions and clicks left to the query's page. */
const SHOWN: Column[] = TRAFFIC_COLUMNS.filter((c) => c !== 'sessions' && c !== 'clicks');

/** Every column of the report, for sorting and the CSV (which has sessions and clicks too). */
const trafficColumns = (k: number): TableColumn<TrafficRow>[] =>
  TRAFFIC_COLUMNS.map((c) => ({
    id: c,
    label: c === 'group' ? 'Query' : columnLabel(c, k),
    value: (r: TrafficRow) => r[c],
    numeric: c !== 'group',
  }));

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
  const currency = useCurrency();
  const columns = useMemo(() => trafficColumns(k), [k]);
  const kept = useMemo(() => {
    const words = find.trim().toLowerCase();
    return words ? rows.filter((r) => (r.group ?? '').toLowerCase().includes(words)) : rows;
  }, [rows, find]);
  const { rows: shown, sort, toggle } = useTableSort(kept, columns, { column: 'searches', descending: true });
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
      <div className="table-tools small muted">
        {`${shown.length.toLocaleString('en-US')} of ${rows.length.toLocaleString('en-US')} queries`}
        <ExportCsv rows={shown} columns={columns} fileName="traffic-queries.csv" what="these queries" />
      </div>
      <div className="traffic-table" role="table" aria-label="Queries by searches" aria-rowcount={shown.length + 1}>
        <div className="traffic-table__head" role="row">
          {SHOWN.map((c) => (
            <span
              role="columnheader"
              key={c}
              className={c === 'group' ? undefined : 'is-number'}
              aria-sort={sort?.column === c ? (sort.descending ? 'descending' : 'ascending') : 'none'}
            >
              <button type="button" className="traffic-table__sort" onClick={() => toggle(c)} title={`Sort by ${label(c)}`}>
                {label(c)}
                {sort?.column === c ? (sort.descending ? ' ↓' : ' ↑') : ''}
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
                      {cellOf(row, c, currency)}
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

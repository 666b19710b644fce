import type { QueryPage } from '@shared/traffic';
import { ItemCell } from '../../components/ItemCell';
import { ExportCsv, SortTh } from '../../components/TableTools';
import { type TableColumn, useTableSort } from '../../components/table-sort';
import type { ItemLookup } from '../../request-ui/use-item-lookup';
import { useAppStore } from '../../store/store';
import { slugify } from '@shared/workspace';
import { useMemo } from 'react';

type ItemRow = QueryPage['items'][number];
type DayRow = QueryPage['byDay'][number];

/** Items shown on the page; the sort and the CSV take all the query's (at most 50). */
export const ITEMS_SHOWN = 12;

const ITEM_COLUMNS: TableColumn<ItemRow>[] = [
  { id: 'item', label: 'Item', value: (r) => r.docid },
  { id: 'clicks', label: 'Clicks', value: (r) => r.clicks, numeric: true },
  { id: 'carts', label: 'Carts', value: (r) => r.carts, numeric: true },
  { id: 'purchases', label: 'Bought', value: (r) => r.purchases, numeric: true },
  { id: 'revenue', label: 'Revenue', value: (r) => r.revenue, numeric: true },
];

const dayColumns = (k: number): TableColumn<DayRow>[] => [
  { id: 'day', label: 'Day', value: (r) => r.day },
  { id: 'searches', label: 'Searches', value: (r) => r.searches, numeric: true },
  { id: 'ctr', label: `CTR@${k}`, value: (r) => r.ctrAtK, numeric: true },
];

/** What shoppers clicked and bought after the query: sortable by each figure, exportable whole. */
export function QueryItemsTable({
  query,
  items,
  lookup,
  money,
}: {
  query: string;
  items: ItemRow[];
  lookup: ItemLookup;
  money: (n: number) => string;
}) {
  const openItem = useAppStore((s) => s.openItem);
  const sorted = useTableSort(items, ITEM_COLUMNS);
  if (!items.length) return <p className="small muted">Nothing was clicked.</p>;
  return (
    <>
      <table className="traffic-worklist__table" aria-label={`Clicked and bought after ${query}`}>
        <thead>
          <tr>
            {ITEM_COLUMNS.map((c) => (
              <SortTh key={c.id} column={c} sort={sorted.sort} onSort={sorted.toggle} />
            ))}
          </tr>
        </thead>
        <tbody>
          {sorted.rows.slice(0, ITEMS_SHOWN).map((item) => (
            <tr key={item.docid}>
              <td className="small">
                <ItemCell item={lookup.item(item.docid)} onOpen={() => openItem({ item: { id: item.docid }, query, placements: [] })} />
              </td>
              <td className="n">{item.clicks.toLocaleString('en-US')}</td>
              <td className="n">{item.carts.toLocaleString('en-US')}</td>
              <td className="n">{item.purchases.toLocaleString('en-US')}</td>
              <td className="n">{money(item.revenue)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="table-tools small muted">
        {items.length > ITEMS_SHOWN ? <span>{`${ITEMS_SHOWN} of ${items.length} items shown; the CSV has them all.`}</span> : null}
        <ExportCsv
          rows={sorted.rows}
          columns={ITEM_COLUMNS}
          fileName={`traffic-${slugify(query)}-items.csv`}
          what={`the items of ${query}`}
        />
      </div>
    </>
  );
}

/** The query's searches and CTR@k by day: sortable, exportable. */
export function QueryDaysTable({ query, days, k }: { query: string; days: DayRow[]; k: number }) {
  const columns = useMemo(() => dayColumns(k), [k]);
  const sorted = useTableSort(days, columns);
  return (
    <>
      <table className="traffic-worklist__table" aria-label={`${query} by day`}>
        <thead>
          <tr>
            {columns.map((c) => (
              <SortTh key={c.id} column={c} sort={sorted.sort} onSort={sorted.toggle} />
            ))}
          </tr>
        </thead>
        <tbody>
          {sorted.rows.map((d) => (
            <tr key={d.day}>
              <td className="n">{d.day}</td>
              <td className="n">{d.searches.toLocaleString('en-US')}</td>
              <td className="n">
                <span className="traffic-spark" style={{ width: `${Math.round(d.ctrAtK * 60)}px` }} aria-hidden="true" />
                {`${(d.ctrAtK * 100).toFixed(0)}%`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="table-tools">
        <ExportCsv rows={sorted.rows} columns={columns} fileName={`traffic-${slugify(query)}-by-day.csv`} what={`${query} by day`} />
      </div>
    </>
  );
}

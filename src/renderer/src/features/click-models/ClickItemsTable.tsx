import type { ClickRatingsView } from '@shared/click-models';
import { ItemCell } from '../../components/ItemCell';
import { ExportCsv, SortTh } from '../../components/TableTools';
import { type TableColumn, useTableSort } from '../../components/table-sort';
import { missingNote, useItemLookup } from '../../request-ui/use-item-lookup';
import { useAppStore } from '../../store/store';
import { EstimateDot } from './PositionChart';

export const f3 = (x: number) => x.toFixed(3);

type Row = ClickRatingsView['items'][number];

/** Rows on screen; the sort runs over them all and the CSV has them all. */
const SHOWN = 300;

const COLUMNS: TableColumn<Row>[] = [
  { id: 'query', label: 'query', value: (i) => i.query },
  { id: 'item', label: 'item', value: (i) => i.itemId },
  { id: 'estimate', label: 'estimate', value: (i) => i.estimate, numeric: true },
  { id: 'width', label: '95% interval', value: (i) => i.ci95[1] - i.ci95[0], numeric: true },
  { id: 'impressions', label: 'impressions', value: (i) => i.impressions, numeric: true },
  { id: 'examinations', label: 'examinations', value: (i) => i.examinations, numeric: true },
  { id: 'clicks', label: 'clicks', value: (i) => i.clicks, numeric: true },
  { id: 'rating', label: 'rating', value: (i) => i.rating, numeric: true },
];

/** The CSV's columns: the interval's two bounds as numbers, and what a needs-traffic item lacks. */
const EXPORTED: TableColumn<Row>[] = [
  ...COLUMNS.filter((c) => c.id !== 'width'),
  { id: 'low', label: 'ci95 low', value: (i) => i.ci95[0] },
  { id: 'high', label: 'ci95 high', value: (i) => i.ci95[1] },
  { id: 'lacks', label: 'examinations lacking', value: (i) => (i.rating === null ? i.lacks : null) },
];

/** Each (query, item) the model estimated: sortable by every column, exportable whole. */
export function ClickItemsTable({ view, rows: given, scale }: { view: ClickRatingsView; rows: readonly Row[]; scale: number }) {
  const openItem = useAppStore((s) => s.openItem);
  const { rows, sort, toggle } = useTableSort(given, COLUMNS);
  const shown = rows.slice(0, SHOWN);
  const lookup = useItemLookup(shown.map((i) => i.itemId));
  const th = (id: string) => <SortTh key={id} column={COLUMNS.find((c) => c.id === id)!} sort={sort} onSort={toggle} />;
  return (
    <>
      {missingNote(lookup) ? (
        <p className="small muted" data-testid="item-lookup-note">
          {missingNote(lookup)}
        </p>
      ) : null}
      <table className="table click-ratings__table" data-testid="click-items">
        <thead>
          <tr>
            {th('query')}
            {th('item')}
            {th('estimate')}
            {th('width')}
            {th('impressions')}
            <SortTh column={COLUMNS[5]!} sort={sort} onSort={toggle}>
              <span title="Expected examinations: each showing counted by how likely shoppers looked at its rank">examinations</span>
            </SortTh>
            {th('clicks')}
            {th('rating')}
          </tr>
        </thead>
        <tbody>
          {shown.map((i) => (
            <tr key={`${i.query}\u0000${i.itemId}`}>
              <td>{i.query}</td>
              <td>
                <ItemCell
                  item={lookup.item(i.itemId)}
                  onOpen={() => openItem({ item: { id: i.itemId }, query: i.query, placements: [] })}
                />
              </td>
              <td className="n">{f3(i.estimate)}</td>
              <td title={`${f3(i.ci95[0])} – ${Number.isFinite(i.ci95[1]) ? f3(i.ci95[1]) : '∞'}`}>
                <EstimateDot estimate={i.estimate} ci95={i.ci95} scale={scale} />
              </td>
              <td className="n">{i.impressions.toLocaleString('en-US')}</td>
              <td className="n">{Math.round(i.examinations).toLocaleString('en-US')}</td>
              <td className="n">{i.clicks.toLocaleString('en-US')}</td>
              <td className="n">
                {i.rating === null ? (
                  <span
                    className="muted"
                    title={`Its interval narrows to ${view.maxWidth} with about ${i.lacks.toLocaleString('en-US')} more examinations`}
                  >
                    {`needs traffic (+${i.lacks.toLocaleString('en-US')})`}
                  </span>
                ) : (
                  i.rating
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="table-tools small muted">
        <span>{`${shown.length.toLocaleString('en-US')} of ${view.shown.toLocaleString('en-US')} shown, ${sort ? 'in the order chosen' : 'most shown first'}${view.shown < view.rated + view.needsTraffic ? ` (of ${(view.rated + view.needsTraffic).toLocaleString('en-US')} in all; the saved list has every rated one)` : ''}.`}</span>
        <ExportCsv rows={rows} columns={EXPORTED} fileName={`click-ratings-${view.model}.csv`} what="these items' estimates" />
      </div>
    </>
  );
}

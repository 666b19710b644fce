import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './Button';
import { downloadText } from './download';
import { type SortState, tableCsv, type TableColumn } from './table-sort';
import './table-tools.css';

/** A column's header that sorts the table by it: the direction said to assistive tech and shown by an arrow. */
export function SortTh<R>({
  column,
  sort,
  onSort,
  children,
}: {
  column: TableColumn<R>;
  sort: SortState | null;
  onSort: (id: string) => void;
  children?: ReactNode;
}) {
  const active = sort?.column === column.id;
  return (
    <th
      scope="col"
      className={column.numeric ? 'table-sort-th n' : 'table-sort-th'}
      aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'}
    >
      <button type="button" className="table-sort" onClick={() => onSort(column.id)} title={`Sort by ${column.label}`}>
        {children ?? column.label}
        <span className="table-sort__arrow" aria-hidden="true">
          {active ? (sort.descending ? '↓' : '↑') : ''}
        </span>
      </button>
    </th>
  );
}

/** Saves the table's rows, in the order shown and all of them (not only those on screen), as a CSV file. */
export function ExportCsv<R>({
  rows,
  columns,
  fileName,
  what,
}: {
  rows: readonly R[];
  columns: readonly TableColumn<R>[];
  fileName: string;
  what: string;
}) {
  return (
    <Button
      size="sm"
      variant="ghost"
      icon={<Download size={13} aria-hidden="true" />}
      disabled={!rows.length}
      title={`Save ${what} as a CSV file, in the order shown`}
      aria-label={`Export ${what} as CSV`}
      onClick={() => downloadText(fileName, tableCsv(rows, columns), 'text/csv')}
    >
      CSV
    </Button>
  );
}

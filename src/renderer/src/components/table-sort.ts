import { useMemo, useState } from 'react';
import { csvLines } from '@shared/csv';

/**
 * A table's columns as sorting and exporting see them: one definition per column, so what a header sorts by is
 * what the CSV holds. Cells still render as each table chooses (bars, links, item cells).
 */
export interface TableColumn<R> {
  id: string;
  label: string;
  /** The value sorted by and exported: numbers as numbers, text as text; null (no value) sorts last either way. */
  value: (row: R) => string | number | null;
  /** Numbers sort high first on the first click, text A to Z. */
  numeric?: boolean;
}

export interface SortState {
  column: string;
  descending: boolean;
}

const text = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Two cells in ascending order, a missing value (null, NaN) last whichever the direction. */
export function compareCells(a: string | number | null, b: string | number | null, descending: boolean): number {
  const missingA = a === null || (typeof a === 'number' && Number.isNaN(a));
  const missingB = b === null || (typeof b === 'number' && Number.isNaN(b));
  if (missingA || missingB) return missingA === missingB ? 0 : missingA ? 1 : -1;
  const c = typeof a === 'number' && typeof b === 'number' ? a - b : text.compare(String(a), String(b));
  return descending ? -c : c;
}

/** Rows in a column's order (stable: ties keep the order given); the rows as given when nothing is sorted. */
export function sortRows<R>(rows: readonly R[], columns: readonly TableColumn<R>[], sort: SortState | null): readonly R[] {
  const column = sort && columns.find((c) => c.id === sort.column);
  if (!sort || !column) return rows;
  const keyed = rows.map((row, i) => ({ row, i, v: column.value(row) }));
  keyed.sort((x, y) => compareCells(x.v, y.v, sort.descending) || x.i - y.i);
  return keyed.map((k) => k.row);
}

/** The rows as a CSV: a header of the columns' labels, then each row's values (text defused for spreadsheets). */
export function tableCsv<R>(rows: readonly R[], columns: readonly TableColumn<R>[]): string {
  return `${csvLines([columns.map((c) => c.label), ...rows.map((r) => columns.map((c) => c.value(r)))])}\n`;
}

/** A table's sort: the rows in order, the state, and the header's toggle (a second click reverses). */
export function useTableSort<R>(rows: readonly R[], columns: readonly TableColumn<R>[], initial: SortState | null = null) {
  const [sort, setSort] = useState<SortState | null>(initial);
  const sorted = useMemo(() => sortRows(rows, columns, sort), [rows, columns, sort]);
  const toggle = (id: string) =>
    setSort((s) => ({
      column: id,
      descending: s?.column === id ? !s.descending : Boolean(columns.find((c) => c.id === id)?.numeric),
    }));
  return { rows: sorted, sort, toggle };
}

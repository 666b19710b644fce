import { describe, expect, it } from 'vitest';
import { compareCells, sortRows, tableCsv, type TableColumn } from '../../../../src/renderer/src/components/table-sort';

interface Row {
  query: string;
  searches: number | null;
}

const COLUMNS: TableColumn<Row>[] = [
  { id: 'query', label: 'Query', value: (r) => r.query },
  { id: 'searches', label: 'Searches', value: (r) => r.searches, numeric: true },
];

const rows: Row[] = [
  { query: 'jacket 10', searches: 5 },
  { query: 'Dress', searches: null },
  { query: 'jacket 9', searches: 12 },
  { query: 'boots', searches: 5 },
];

describe('sorting and exporting a table', () => {
  it('numbers as numbers, text as people read it (case aside, 9 before 10), a missing value last both ways', () => {
    const by = (column: string, descending: boolean) => sortRows(rows, COLUMNS, { column, descending }).map((r) => r.query);
    expect(by('searches', true)).toEqual(['jacket 9', 'jacket 10', 'boots', 'Dress']);
    expect(by('searches', false)).toEqual(['jacket 10', 'boots', 'jacket 9', 'Dress']);
    expect(by('query', false)).toEqual(['boots', 'Dress', 'jacket 9', 'jacket 10']);
    expect(by('query', true)).toEqual(['jacket 10', 'jacket 9', 'Dress', 'boots']);
    expect(compareCells(Number.NaN, 1, false)).toBeGreaterThan(0);
    expect(compareCells(Number.NaN, 1, true)).toBeGreaterThan(0);
  });

  it('ties keep the order given; no sort (or an unknown column) leaves the rows as they are', () => {
    expect(
      sortRows(rows, COLUMNS, { column: 'searches', descending: false })
        .slice(0, 2)
        .map((r) => r.query),
    ).toEqual(['jacket 10', 'boots']);
    expect(sortRows(rows, COLUMNS, null)).toBe(rows);
    expect(sortRows(rows, COLUMNS, { column: 'nope', descending: true })).toBe(rows);
  });

  it('the CSV has the labels, then every row in the order given, a missing value empty and a formula defused', () => {
    const csv = tableCsv([...rows, { query: '=HYPERLINK("x")', searches: 1 }], COLUMNS);
    expect(csv.split('\n')).toEqual(['Query,Searches', 'jacket 10,5', 'Dress,', 'jacket 9,12', 'boots,5', `"'=HYPERLINK(""x"")",1`, '']);
  });
});

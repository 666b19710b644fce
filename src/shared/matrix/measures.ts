import { rbo } from '../diff';
import type { MatrixCell } from './grid';

/** An item of a cell's answer as the grid shows it: its id, title and image. */
export interface CellItem {
  id: string;
  title?: string;
  /** Named as in an answer, so the image proxy learns its host from the grid's answers too. */
  imageUrl?: string;
}

/** One cell's answer to one query, as the grid needs it (`top`: its first k items, for the screen). */
export type CellAnswer = { ok: true; ids: string[]; count: number | null; top?: CellItem[] } | { ok: false; error: string };

/** One query in one cell, held against the baseline cell's answer to the same query. */
export interface MatrixRow {
  query: string;
  cell: string;
  /** The first k item ids, in order (empty when the cell failed). */
  ids: string[];
  count: number | null;
  /** RBO of the first k against the baseline cell's (p = 0.9, extrapolated, as Compare); null when either failed. */
  rbo: number | null;
  topChanged: boolean | null;
  error?: string;
  /** The first k items with title and image, when the answer carried them (the app's grid). */
  top?: CellItem[];
}

/** A cell over the matrix's queries: what its square on the grid shows. */
export interface CellSummary {
  cell: string;
  /** Queries both it and the baseline answered. */
  compared: number;
  /** Mean 1 − RBO over them (0: the baseline's rankings; 1: nothing shared); null when none compared. */
  meanChange: number | null;
  /** Queries whose first item differs from the baseline's. */
  topChanged: number;
  failed: number;
}

/**
 * Every (query, cell) of the grid against the baseline cell of the same query: the rows of the CSV and JSON
 * exports, and what the grid is drawn from. `answer` gives what a cell answered (undefined: not yet).
 */
export function matrixRows(
  queries: string[],
  cells: MatrixCell[],
  baseline: string,
  answer: (query: string, cell: string) => CellAnswer | undefined,
  k = 10,
): MatrixRow[] {
  const rows: MatrixRow[] = [];
  for (const query of queries) {
    const base = answer(query, baseline);
    const baseIds = base?.ok ? base.ids.slice(0, k) : null;
    for (const cell of cells) {
      const got = answer(query, cell.key);
      if (!got) continue;
      if (!got.ok) {
        rows.push({ query, cell: cell.key, ids: [], count: null, rbo: null, topChanged: null, error: got.error });
        continue;
      }
      const ids = got.ids.slice(0, k);
      rows.push({
        query,
        cell: cell.key,
        ids,
        count: got.count,
        rbo: baseIds ? rbo(ids, baseIds) : null,
        topChanged: baseIds ? ids[0] !== baseIds[0] : null,
        ...(got.top ? { top: got.top.slice(0, k) } : {}),
      });
    }
  }
  return rows;
}

/** Each cell over the queries: mean 1 − RBO, top changes, failures. */
export function cellSummaries(cells: MatrixCell[], rows: MatrixRow[]): CellSummary[] {
  const byCell = new Map<string, MatrixRow[]>();
  for (const row of rows) {
    const cell = byCell.get(row.cell);
    if (cell) cell.push(row);
    else byCell.set(row.cell, [row]);
  }
  return cells.map((cell) => {
    const mine = byCell.get(cell.key) ?? [];
    const compared = mine.filter((r) => r.rbo !== null);
    return {
      cell: cell.key,
      compared: compared.length,
      meanChange: compared.length ? compared.reduce((sum, r) => sum + (1 - (r.rbo as number)), 0) / compared.length : null,
      topChanged: compared.filter((r) => r.topChanged).length,
      failed: mine.filter((r) => r.error !== undefined).length,
    };
  });
}
